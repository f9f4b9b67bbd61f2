import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { addDays } from "#shared/validation";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { groupOffer } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, freshDay, LUND, offerAt, PAID_PER_PERSON, stationId } from "../helpers/seed.ts";
import {
  clearOfCookieNotice,
  expectNoAxeViolations,
  expectTapTargets,
  field,
  fitsWidth,
  input,
  newPage,
  type Product,
  poll,
  screenshot,
  setUpProduct,
  signInAs,
} from "./harness.ts";

/**
 * A group's sign-up link as a pupil, their guardian and the group's contact use it (spec 02 §2, §5;
 * STAFFING §2): on a phone the pupil agrees to the data terms, signs up and is thanked; the guardian follows
 * the mailed link and says yes; the contact then finds the pupil among the group's volunteers and named on
 * the group's only station. Also: an e-mail already in the group, a dead link, and the removal link in the
 * pupil's own mail. Each page is checked with axe and photographed in Swedish and English at 375 and 1280 px.
 */

const e2e = setUpProduct();

type Lang = "sv" | "en";
const EVENT = "Lundaloppet";
const GROUP = "Lunds BK P15";
const STATION = "Vätskekontroll";
const PHONE = 375;
const DESKTOP = 1280;

/**
 * Through the API, what comes before the link: the organizer's confirmed event with shirts, food and
 * substitutes and one station; the contact's confirmed group, available over the event's date; an offer
 * sent and accepted; and the group's sign-up link, as the contact fetches it.
 */
async function seed(app: TestApp) {
  const organizer = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist" });
  const contact = await buildUser(app, { firstName: "Olle", lastName: "Nilsson" });
  // A day of its own: the group, available around it, is then no candidate in another file's matching.
  const date = freshDay(app);

  const event = await confirmedEvent(app, organizer, {
    date,
    event: {
      name: EVENT,
      startTime: "09:00",
      city: "Lund",
      included: ["CLOTHES", "FOOD"],
      shirtSizes: ["S", "M", "L"],
      foodOptions: ["VEGETARIAN", "GLUTEN_FREE"],
      organizerName: "Lunds Löparklubb",
      organizerWebsite: "",
      invoiceAddress: "",
    },
    stations: [
      {
        ...LUND,
        name: STATION,
        description: "Ni delar ut vatten och hejar på löparna.",
        start: `${date}T09:00`,
        end: `${date}T13:00`,
        officialQuantity: 4,
        officialMiniumumAge: 13,
        ...PAID_PER_PERSON,
      },
    ],
  });

  const group = await confirmedGroup(app, contact, {
    name: GROUP,
    organizationName: "Lunds BK",
    municipality: LUND.municipality,
    numberOfMembers: 12,
    ages: ["14", "15", "16"],
    sport: 0,
    availabilities: [{ type: "PERIOD", startDate: addDays(date, -3), endDate: addDays(date, 3), location: LUND.municipality }],
  });

  const key = { eventId: event.id, groupId: group.id, stationId: stationId(event, STATION) };
  await offerAt(app, organizer, contact, key, { volunteers: 3, to: "ACCEPTED" });
  const link = await call<{ link: string }>(app.server, "POST", "/api/link", {
    token: contact.token,
    body: { groupId: group.id, eventId: event.id },
  });
  expect(link.status).toBeLessThan(300);
  return { contact, key, date, link: link.body.link };
}

/** Who the contact has named on the offer now. */
async function attendees(s: Awaited<ReturnType<typeof seed>>): Promise<string[]> {
  const offer = await groupOffer(e2e.product.app, s.contact.token, s.key);
  expect(offer.status).toBe(200);
  return offer.body.attendees;
}

/**
 * The path of a mailed link (mails name PUBLIC_URL's host) with what it carries (`?token=…&lang=…`), to open
 * on the product under test.
 */
async function mailedPath(product: Product, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${path}\\?token=[\\w.-]+(?:&lang=\\w+)?)`);
  const mail = await product.sink.waitFor(to, (m) => pattern.test(m.text.replace(/=\r?\n/g, "")));
  return pattern.exec(mail.text.replace(/=\r?\n/g, ""))?.[1] as string;
}

/** What the viewport shows (a dialog scrolls inside it, so a full-page shot would not show it). */
const viewShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/**
 * The page as it is now, on a phone and on a desktop: nothing wider than the phone, no axe finding at
 * either width, a screenshot of each. Back at phone width afterwards.
 */
async function look(page: Page, name: string, lang: Lang, options: { dialog?: boolean } = {}) {
  for (const width of [DESKTOP, PHONE]) {
    await page.setViewportSize({ width, height: 820 });
    if (width === PHONE) expect(await fitsWidth(page), `${name} fits ${PHONE} px`).toBe(true);
    await expectNoAxeViolations(page, `${name} (${lang}, ${width} px)`);
    const shot = `self-registration-${name}-${lang}-${width}`;
    await (options.dialog ? viewShot(page, shot) : screenshot(page, shot));
  }
}

const tr = (lang: Lang, id: string, values: Record<string, string | number> = {}) => translate(lang, id, values);

/** The consent dialog on arrival: agreed to, after one look at what a no means. */
async function agree(page: Page, lang: Lang, options: { look?: boolean } = {}) {
  const consent = page.getByRole("dialog", { name: tr(lang, "registration.consent.title") });
  await poll(() => consent.isVisible()).toBe(true);
  if (options.look) {
    // The keyboard stays in the dialog while it is open.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate<boolean>('!!document.activeElement?.closest("dialog[open], [role=dialog]")')).toBe(true);
    // No form behind the dialog until the volunteer agrees.
    expect(await input(page, "name").count()).toBe(0);
    await look(page, "consent", lang, { dialog: true });
    await consent.getByRole("button", { name: tr(lang, "registration.consent.cancel") }).click();
    await poll(() => page.getByText(tr(lang, "registration.consent.declined")).isVisible()).toBe(true);
    expect(await input(page, "name").count()).toBe(0);
    await look(page, "declined", lang);
    await page.getByRole("button", { name: tr(lang, "registration.consent.readAgain") }).click();
    await poll(() => consent.isVisible()).toBe(true);
  }
  await consent.getByRole("button", { name: tr(lang, "registration.consent.agree") }).click();
  await poll(() => input(page, "name").isVisible()).toBe(true);
}

interface Person {
  name: string;
  email: string;
  phone: string;
  age: number;
  guardian?: { name: string; email: string };
}

async function fillIn(page: Page, p: Person) {
  await input(page, "name").fill(p.name);
  await input(page, "email").fill(p.email);
  await input(page, "phone").fill(p.phone);
  await input(page, "age").fill(String(p.age));
  if (p.guardian) {
    await poll(() => input(page, "guardianName").isVisible()).toBe(true);
    await input(page, "guardianName").fill(p.guardian.name);
    await input(page, "guardianEmail").fill(p.guardian.email);
  }
}

const sendButton = (page: Page, lang: Lang) => page.getByRole("button", { name: tr(lang, "registration.signUp.form.submit") });
const reviewDialog = (page: Page, lang: Lang) =>
  page.getByRole("dialog", { name: tr(lang, "registration.signUp.confirm.title") });

describe("signing up through a group's link", () => {
  it("in Swedish on a phone: a pupil of 15 signs up, the guardian says yes, the contact sees the pupil named", async () => {
    const { product, browser } = e2e;
    const s = await seed(product.app);
    const lang: Lang = "sv";
    const pupil: Person = {
      name: "Maja Strand",
      email: "maja.strand@example.se",
      phone: "070-333 44 55",
      age: 15,
      guardian: { name: "Eva Strand", email: "eva.strand@example.se" },
    };

    const page = await newPage(browser, { width: PHONE, language: lang });
    await page.goto(`${product.url}${s.link}`);
    await agree(page, lang, { look: true });
    // The event, the group and its station, before the form.
    const main = page.locator("main");
    for (const text of [EVENT, s.date, "09:00", "Lund", "Lunds Löparklubb", GROUP, STATION, `${s.date} 09:00–13:00`])
      expect(await main.innerText()).toContain(text);
    // The guardian's fields come with an age under 18; the substitute's text with the ticked box.
    expect(await input(page, "guardianName").count()).toBe(0);
    await input(page, "substituteTicked").check();
    await poll(() => input(page, "substitute").isVisible()).toBe(true);
    await fillIn(page, pupil);
    await field(page, "shirtSize").selectOption("M");
    await page.getByRole("checkbox", { name: "Vegetarisk" }).check();
    await look(page, "form", lang);

    // Ticked but empty: the rule speaks before anything is sent, and the button waits for the correction.
    await sendButton(page, lang).click();
    await poll(() => page.getByText(tr(lang, "validation.required")).first().isVisible()).toBe(true);
    expect(await reviewDialog(page, lang).count()).toBe(0);
    await poll(() => sendButton(page, lang).isDisabled()).toBe(true);
    await input(page, "substituteTicked").uncheck();
    await poll(() => sendButton(page, lang).isEnabled()).toBe(true);

    // What will be sent, once more, before it is.
    await sendButton(page, lang).click();
    const review = reviewDialog(page, lang);
    await poll(() => review.isVisible()).toBe(true);
    const listed = await review.innerText();
    for (const text of [pupil.name, pupil.email, "070-333 44 55", "15", "Eva Strand", "eva.strand@example.se", "M", "Vegetarisk"])
      expect(listed).toContain(text);
    await look(page, "review", lang, { dialog: true });

    const answer = page.waitForResponse((r) => r.url().endsWith("/api/groups/addVolunteer"));
    await review.getByRole("button", { name: tr(lang, "registration.signUp.confirm.send") }).click();
    const added = (await (await answer).json()) as { id: string; awaitingGuardian: boolean; named: boolean };
    expect(added).toMatchObject({ awaitingGuardian: true, named: false });
    await poll(() => page.getByRole("heading", { name: tr(lang, "registration.signUp.done.guardianTitle") }).isVisible()).toBe(
      true,
    );
    expect(await main.innerText()).toContain(
      tr(lang, "registration.signUp.done.guardianText", { guardian: "Eva Strand", group: GROUP, email: pupil.email }),
    );
    expect(await input(page, "name").count()).toBe(0);
    // The answer takes the focus the vanished form had.
    expect(await page.evaluate<string | undefined>("document.activeElement?.textContent")).toBe(
      tr(lang, "registration.signUp.done.guardianTitle"),
    );
    await look(page, "thanks-minor", lang);

    // ── The guardian follows the mailed link and says yes ─────────────────────────────────────────
    const consentPath = await mailedPath(product, "eva.strand@example.se", "/guardian-consent");
    const guardian = await newPage(browser, { width: PHONE, language: lang });
    await guardian.goto(`${product.url}${consentPath}`);
    await poll(() =>
      guardian.getByText(tr(lang, "registration.guardian.intro", { volunteer: pupil.name, group: GROUP })).isVisible(),
    ).toBe(true);
    for (const text of [EVENT, s.date, STATION, `${s.date} 09:00–13:00`])
      expect(await guardian.locator("main").innerText()).toContain(text);
    expect(await guardian.getByText(tr(lang, "registration.guardian.decline", { volunteer: pupil.name })).isVisible()).toBe(true);
    await look(guardian, "guardian", lang);
    await guardian.getByRole("button", { name: tr(lang, "registration.guardian.button") }).click();
    const done = tr(lang, "registration.guardian.done", { volunteer: pupil.name, group: GROUP });
    await poll(() => guardian.getByText(done).isVisible()).toBe(true);
    expect(await guardian.evaluate<string | undefined>("document.activeElement?.textContent")).toBe(done);
    await look(guardian, "guardian-done", lang);
    // The link again: said already.
    await guardian.reload();
    await poll(() =>
      guardian.getByText(tr(lang, "registration.guardian.already", { volunteer: pupil.name, group: GROUP })).isVisible(),
    ).toBe(true);
    expect(await guardian.getByRole("button", { name: tr(lang, "registration.guardian.button") }).count()).toBe(0);
    await guardian.context().close();

    // ── The group's contact finds the pupil among the volunteers, and named on the only station ──────
    const contact = await newPage(browser, { width: PHONE, language: lang });
    await signInAs(contact, product, s.contact);
    await contact.goto(`${product.url}/my-pages/volunteers/${s.key.groupId}/volunteers`);
    await poll(() => contact.getByText(pupil.name, { exact: false }).first().isVisible()).toBe(true);
    await contact.context().close();
    expect(await attendees(s)).toContain(added.id);

    // ── The same e-mail again: refused on the e-mail field, and nothing typed is lost ─────────────────
    const again = await newPage(browser, { width: PHONE, language: lang });
    await again.goto(`${product.url}${s.link}`);
    await agree(again, lang);
    await fillIn(again, { ...pupil, name: "Maja S", email: "MAJA.STRAND@example.se" });
    await field(again, "shirtSize").selectOption("S");
    await sendButton(again, lang).click();
    await poll(() => reviewDialog(again, lang).isVisible()).toBe(true);
    await reviewDialog(again, lang)
      .getByRole("button", { name: tr(lang, "registration.signUp.confirm.send") })
      .click();
    await poll(() => again.getByText("Mailadressen finns redan registrerad").isVisible()).toBe(true);
    expect(await input(again, "email").getAttribute("aria-invalid")).toBe("true");
    expect(await input(again, "name").inputValue()).toBe("Maja S");
    expect(await input(again, "guardianName").inputValue()).toBe("Eva Strand");
    expect(await field(again, "shirtSize").inputValue()).toBe("S");
    await look(again, "email-exists", lang);
    await again.context().close();

    // ── A wrong hash: the link does not work, ask for a new one ──────────────────────────────────────
    const wrong = s.link.replace(/.$/, (c) => (c === "a" ? "b" : "a"));
    await page.goto(`${product.url}${wrong}`);
    await poll(() => page.getByRole("heading", { level: 1, name: tr(lang, "registration.deadLink.title") }).isVisible()).toBe(
      true,
    );
    expect(await page.getByText(tr(lang, "registration.deadLink.ask")).isVisible()).toBe(true);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await look(page, "dead-link", lang);

    // ── The removal link in the pupil's own mail ─────────────────────────────────────────────────────
    const removalPath = await mailedPath(product, pupil.email, "/volunteer-removal");
    await page.goto(`${product.url}${removalPath}`);
    const question = tr(lang, "registration.removal.question", { name: pupil.name, group: GROUP });
    await poll(() => page.getByRole("heading", { name: question }).isVisible()).toBe(true);
    await look(page, "removal", lang);
    await page.getByRole("button", { name: tr(lang, "registration.removal.button") }).click();
    await poll(() => page.getByText(tr(lang, "registration.removal.done", { name: pupil.name, group: GROUP })).isVisible()).toBe(
      true,
    );
    await look(page, "removal-done", lang);
    expect(await attendees(s)).not.toContain(added.id);
    // Used once, the link finds no one.
    await page.reload();
    await poll(() => page.getByText(tr(lang, "registration.removal.dead")).isVisible()).toBe(true);
    await look(page, "removal-dead", lang);
    await page.context().close();
  }, 300_000);

  it("in English: an adult is named at once; a minor's guardian and removal pages read in English", async () => {
    const { product, browser } = e2e;
    const s = await seed(product.app);
    const lang: Lang = "en";

    const page = await newPage(browser, { width: PHONE, language: lang });
    await page.goto(`${product.url}${s.link}`);
    await agree(page, lang, { look: true });
    await look(page, "form", lang);
    await fillIn(page, { name: "Bo Ek", email: "bo.ek@example.se", phone: "0701112233", age: 34 });
    expect(await input(page, "guardianName").count()).toBe(0);
    await field(page, "shirtSize").selectOption("L");
    await sendButton(page, lang).click();
    await poll(() => reviewDialog(page, lang).isVisible()).toBe(true);
    await look(page, "review", lang, { dialog: true });
    await reviewDialog(page, lang)
      .getByRole("button", { name: tr(lang, "registration.signUp.confirm.send") })
      .click();
    await poll(() => page.getByRole("heading", { name: tr(lang, "registration.signUp.done.title") }).isVisible()).toBe(true);
    expect(await page.getByText(tr(lang, "registration.signUp.done.named", { station: STATION })).isVisible()).toBe(true);
    await look(page, "thanks-adult", lang);

    // A minor in English: the guardian's mail and page are in English too.
    await page.goto(`${product.url}${s.link}`);
    await agree(page, lang);
    const minor = { name: "Liam Berg", email: "liam.berg@example.se", phone: "0702223344", age: 14 };
    await fillIn(page, { ...minor, guardian: { name: "Sara Berg", email: "sara.berg@example.se" } });
    await field(page, "shirtSize").selectOption("S");
    await look(page, "form-minor", lang);
    await sendButton(page, lang).click();
    await reviewDialog(page, lang)
      .getByRole("button", { name: tr(lang, "registration.signUp.confirm.send") })
      .click();
    await poll(() => page.getByRole("heading", { name: tr(lang, "registration.signUp.done.guardianTitle") }).isVisible()).toBe(
      true,
    );
    await look(page, "thanks-minor", lang);

    const consentPath = await mailedPath(product, "sara.berg@example.se", "/guardian-consent");
    // The page's language is the mails' language.
    const mail = await product.sink.waitFor("sara.berg@example.se");
    expect(mail.subject).toBe(tr(lang, "mail.guardianConsent.subject", { volunteerName: minor.name, eventName: EVENT }));
    await page.goto(`${product.url}${consentPath}`);
    await poll(() => page.getByRole("button", { name: tr(lang, "registration.guardian.button") }).isVisible()).toBe(true);
    await look(page, "guardian", lang);
    await page.getByRole("button", { name: tr(lang, "registration.guardian.button") }).click();
    await poll(() =>
      page.getByText(tr(lang, "registration.guardian.done", { volunteer: minor.name, group: GROUP })).isVisible(),
    ).toBe(true);
    await look(page, "guardian-done", lang);

    const removalPath = await mailedPath(product, minor.email, "/volunteer-removal");
    await page.goto(`${product.url}${removalPath}`);
    await poll(() =>
      page
        .getByRole("heading", { name: tr(lang, "registration.removal.question", { name: minor.name, group: GROUP }) })
        .isVisible(),
    ).toBe(true);
    await look(page, "removal", lang);
    await page.getByRole("button", { name: tr(lang, "registration.removal.button") }).click();
    await poll(() => page.getByText(tr(lang, "registration.removal.done", { name: minor.name, group: GROUP })).isVisible()).toBe(
      true,
    );
    await look(page, "removal-done", lang);

    await page.goto(`${product.url}/self-registration/${encodeURIComponent(GROUP)}/${s.key.eventId}/nonsense`);
    await poll(() => page.getByRole("heading", { level: 1, name: tr(lang, "registration.deadLink.title") }).isVisible()).toBe(
      true,
    );
    await look(page, "dead-link", lang);
    await page.context().close();
  }, 300_000);

  it("follows an English browser on a phone, with the language in the consent dialog; the guardian's page speaks the mail's; the cookie notice covers nothing", async () => {
    const { product, browser } = e2e;
    const s = await seed(product.app);
    // A first visit at 375 × 812 from a browser that asks for English: no language kept, the notice up.
    const page = await newPage(browser, {
      width: PHONE,
      height: 812,
      language: "en",
      keepsLanguage: false,
      showCookieNotice: true,
    });
    await page.goto(`${product.url}${s.link}`);
    const consent = page.getByRole("dialog", { name: tr("en", "registration.consent.title") });
    await poll(() => consent.isVisible()).toBe(true);
    expect(await page.evaluate<string>("document.documentElement.lang")).toBe("en");
    // The answer is in sight without scrolling, above the fold of 812 px.
    const agreeButton = consent.getByRole("button", { name: tr("en", "registration.consent.agree") });
    const box = await agreeButton.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 812, `the agree button at ${JSON.stringify(box)}`).toBe(true);
    await expectTapTargets(page, "consent en 375", "dialog[open]");
    await viewShot(page, "self-registration-consent-browser-en-375x812");

    // The dialog covers the header's language choice: it has its own, and the page follows it.
    await consent.getByRole("combobox", { name: tr("en", "shell.language") }).selectOption("sv");
    const svConsent = page.getByRole("dialog", { name: tr("sv", "registration.consent.title") });
    await poll(() => svConsent.isVisible()).toBe(true);
    expect(await page.evaluate<string>("document.documentElement.lang")).toBe("sv");
    // The Swedish texts are longer; the answer is still in sight.
    const svBox = await svConsent.getByRole("button", { name: tr("sv", "registration.consent.agree") }).boundingBox();
    expect(svBox && svBox.y >= 0 && svBox.y + svBox.height <= 812, `the Swedish agree button at ${JSON.stringify(svBox)}`).toBe(
      true,
    );
    await viewShot(page, "self-registration-consent-switched-sv-375x812");
    await svConsent.getByRole("combobox", { name: tr("sv", "shell.language") }).selectOption("en");
    await poll(() => consent.isVisible()).toBe(true);
    await agree(page, "en");

    // The form's fields, scrolled to the bottom of the screen, stop above the cookie notice.
    for (const name of ["name", "email", "phone", "age"])
      expect(await clearOfCookieNotice(page, input(page, name)), `${name} clear of the notice`).toBe(true);
    await fillIn(page, {
      name: "Noah Berg",
      email: "noah.berg@example.se",
      phone: "0702223355",
      age: 14,
      guardian: { name: "Ella Berg", email: "ella.berg@example.se" },
    });
    await field(page, "shirtSize").selectOption("M");
    for (const name of ["guardianName", "guardianEmail", "shirtSize"])
      expect(await clearOfCookieNotice(page, field(page, name)), `${name} clear of the notice`).toBe(true);
    expect(await clearOfCookieNotice(page, sendButton(page, "en"))).toBe(true);
    // The page keeps room for the notice: its last line too can be scrolled above it.
    expect(await clearOfCookieNotice(page, page.locator("footer p").last())).toBe(true);
    await expectTapTargets(page, "sign-up form en 375");
    await screenshot(page, "self-registration-form-notice-en-375x812", { fullPage: false });
    await sendButton(page, "en").click();
    await reviewDialog(page, "en")
      .getByRole("button", { name: tr("en", "registration.signUp.confirm.send") })
      .click();
    await poll(() => page.getByRole("heading", { name: tr("en", "registration.signUp.done.guardianTitle") }).isVisible()).toBe(
      true,
    );
    await page.context().close();

    // ── The guardian's mail is English; its link opens the page in English in a Swedish browser ─────────
    const consentLink = await mailedPath(product, "ella.berg@example.se", "/guardian-consent");
    expect(new URL(consentLink, product.url).searchParams.get("lang")).toBe("en");
    const guardian = await newPage(browser, {
      width: PHONE,
      height: 812,
      language: "sv",
      keepsLanguage: false,
      showCookieNotice: true,
    });
    await guardian.goto(`${product.url}${consentLink}`);
    const approve = guardian.getByRole("button", { name: tr("en", "registration.guardian.button") });
    await poll(() => approve.isVisible()).toBe(true);
    expect(await guardian.evaluate<string>("document.documentElement.lang")).toBe("en");
    expect(await clearOfCookieNotice(guardian, guardian.locator("footer p").last())).toBe(true);
    expect(await clearOfCookieNotice(guardian, approve)).toBe(true);
    await viewShot(guardian, "self-registration-guardian-notice-en-375x812");
    await expectTapTargets(guardian, "guardian en 375");
    // The notice is fixed to the screen: what the screen shows, not the whole page.
    await look(guardian, "guardian-notice", "en", { dialog: true });
    await guardian.context().close();
  }, 300_000);

  it("puts the server's field errors on the form's fields, and says how long to wait after too many tries", async () => {
    const { product, browser } = e2e;
    const s = await seed(product.app);
    const lang: Lang = "sv";
    const page = await newPage(browser, { width: PHONE, language: lang });
    await page.goto(`${product.url}${s.link}`);
    await agree(page, lang);
    await fillIn(page, { name: "Ida Lund", email: "ida.lund@example.se", phone: "0703334455", age: 19 });
    await field(page, "shirtSize").selectOption("M");

    // The server's answers, as it would give them: a size the event stopped offering between reading the
    // page and sending, then too many tries.
    const answerWith = async (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      await page.unroute("**/api/groups/addVolunteer");
      await page.route("**/api/groups/addVolunteer", (route) =>
        route.fulfill({ status, headers, contentType: "application/json", body: JSON.stringify(body) }),
      );
    };
    await answerWith(400, {
      code: "ValidationError",
      message: "The answers do not fit the event's questions",
      fields: { "volunteer.participation.shirtSize": "validation.oneOf" },
    });
    const send = async () => {
      await sendButton(page, lang).click();
      await poll(() => reviewDialog(page, lang).isVisible()).toBe(true);
      await reviewDialog(page, lang)
        .getByRole("button", { name: tr(lang, "registration.signUp.confirm.send") })
        .click();
      await poll(() => reviewDialog(page, lang).count()).toBe(0);
    };
    await send();
    await poll(() => field(page, "shirtSize").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(tr(lang, "validation.oneOf")).isVisible()).toBe(true);
    expect(await input(page, "name").inputValue()).toBe("Ida Lund");

    await answerWith(429, { code: "LimitExceededException", message: "Limit exceeded" }, { "retry-after": "150" });
    await field(page, "shirtSize").selectOption("L");
    await send();
    await poll(() =>
      page
        .getByRole("alert")
        .filter({ hasText: tr(lang, "registration.signUp.wait_other", { count: 3 }) })
        .isVisible(),
    ).toBe(true);
    expect(await input(page, "email").inputValue()).toBe("ida.lund@example.se");
    await page.context().close();
  }, 300_000);
});
