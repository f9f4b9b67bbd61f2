import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { events } from "../../src/server/db/schema.ts";
import { addDays } from "../../src/shared/validation.ts";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { answerOffer, createOffer, groupOffer, sendOffers } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, dayFromNow, type Json, PAID_PER_PERSON, stationId, type User } from "../helpers/seed.ts";
import { expectNoAxeViolations, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

const e2e = setUpProduct();

const dialog = (page: Page) => page.getByRole("dialog");

const texts = {
  sv: {
    offersTitle: "Förfrågningar",
    proposal: "Väntar på svar",
    accepted: "Har tackat ja",
    accept: "Tacka ja",
    reject: "Tacka nej",
    showPast: "Visa tidigare evenemang (1)",
    volunteer: (name: string, age: number) => `${name}, ${age} år`,
    shirtSizeFor: (name: string) => `Tröjstorlek för ${name}`,
    substituteFor: (name: string) => `Ersätter vem? – ${name}`,
    save: "Spara anmälda funktionärer",
    saved: "De anmälda funktionärerna är sparade.",
    missingTitle: "Tröjstorlek saknas",
    missingClose: "Stäng och komplettera",
    named: "2 av 3 anmälda",
    conflict: "Förfrågan har redan besvarats eller ändrats.",
    empty: "Ni har inga förfrågningar än.",
    notEnough: "Välj minst en funktionär",
    fixErrors: "Något behöver rättas – se de markerade fälten.",
    tooYoung: "Kan inte anmälas hit: yngre än stationens lägsta ålder (13 år)",
  },
  en: {
    offersTitle: "Offers",
    proposal: "Awaiting answer",
    accepted: "Accepted",
    accept: "Accept",
    reject: "Decline",
    showPast: "Show previous events (1)",
    volunteer: (name: string, age: number) => `${name}, ${age} years`,
    shirtSizeFor: (name: string) => `Shirt size for ${name}`,
    substituteFor: (name: string) => `Replacing whom? – ${name}`,
    save: "Save named volunteers",
    saved: "The named volunteers have been saved.",
    missingTitle: "Shirt size missing",
    missingClose: "Close and complete",
    named: "2 of 3 named",
    conflict: "The offer has already been answered or has changed.",
    empty: "You have no offers yet.",
    notEnough: "Choose at least one volunteer",
    fixErrors: "Something needs correcting – see the marked fields.",
    tooYoung: "Cannot be named here: younger than the station's minimum age (13 years)",
  },
} as const;

type Lang = keyof typeof texts;

/** A station of the events here, 08:00–14:00 on `date`: paid per person, in Stockholm. */
const station = (date: string, name: string) => ({
  name,
  description: "Biljettkontroll vid huvudentrén. Ni visar vägen och svarar på frågor.",
  end: `${date}T14:00`,
  markerLocation: "Sergels torg",
  officialMiniumumAge: 13,
  ...PAID_PER_PERSON,
  skills: ["DRIVING_LICENCE_B"],
});

/** The group's volunteers; their addresses are this file's own, as other files wait for mail to theirs. */
const VOLUNTEERS = [
  { name: "Kim Berg", email: "kim.svar@example.se", phone: "0701234567", age: 13 },
  { name: "Ali Said", email: "ali.svar@example.se", phone: "0707654321", age: 13 },
  { name: "Sam Ek", email: "sam.svar@example.se", phone: "0709876543", age: 14 },
  // Younger than the stations' minimum age (13).
  { name: "Moa Lind", email: "moa.svar@example.se", phone: "0703216549", age: 12 },
];

/** A confirmed event of an organizer with the given stations, on `date`. */
function stadslopp(app: TestApp, organizer: User, name: string, date: string, stations: string[]) {
  return confirmedEvent(app, organizer, {
    date,
    event: {
      name,
      included: ["CLOTHES", "FOOD"],
      shirtSizes: ["S", "M", "L"],
      foodOptions: ["VEGAN", "GLUTEN_FREE"],
    },
    stations: stations.map((s) => station(date, s)),
  });
}

/** Creates an offer for `volunteers` at each station and sends them: PROPOSAL, as the invitation mail says. */
async function offerEach(app: TestApp, organizer: User, event: Json, groupId: string, volunteers: number) {
  for (const s of event.stations)
    await createOffer(app, organizer.token, { eventId: event.id, stationId: s.id, groupId }, volunteers);
  const sent = await sendOffers(app, organizer.token, event.id);
  expect(sent.status).toBe(200);
  return sent.body.sent as number;
}

/**
 * Through the API: an organizer's confirmed event with two stations, a group contact's confirmed group of
 * three volunteers, and an offer for three volunteers at each station, sent (PROPOSAL).
 */
async function seed(app: TestApp, lang: Lang) {
  const organizer = await buildUser(app, { firstName: "Olle", lastName: "Arrangör" });
  const date = dayFromNow(app, 30);
  const event = await stadslopp(app, organizer, "Stockholm Stadslopp", date, ["Entrén", "Vätskekontroll"]);

  const contact = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language: lang });
  const group = await confirmedGroup(app, contact, {
    name: "IFK Exempel P12",
    ages: ["12", "13", "14"],
    volunteers: VOLUNTEERS,
  });
  expect(await offerEach(app, organizer, event, group.id, 3)).toBe(2);
  const idOf = (name: string) => group.volunteers.find((v: { name: string }) => v.name === name)?.id as string;
  const stationOf = (name: string) => stationId(event, name);
  const key = (station: string) => ({ eventId: event.id, groupId: group.id, stationId: stationOf(station) });
  return { organizer, contact, event, group, date, idOf, stationOf, key };
}

const engagementUrl = (eventId: string, groupId: string, stationId: string) =>
  `${e2e.product.url}/my-pages/volunteers/engagement/${eventId}/${groupId}/${stationId}`;

/** No part of the page reaches past the window's width (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
}

/**
 * Ticks Moa (12) on a 13+ station: the reason shows under her row, in red; saving is refused with the focus
 * on her box; unticking her mends it and the alert goes. Kim is ticked already.
 */
async function expectTooYoungRefused(page: Page, lang: Lang, tag: string) {
  const tx = texts[lang];
  const moa = page.getByLabel(tx.volunteer("Moa Lind", 12));
  const row = page.getByRole("listitem").filter({ has: moa });
  await moa.check();
  await poll(() => row.getByText(tx.tooYoung).isVisible()).toBe(true);
  expect(await moa.getAttribute("aria-invalid")).toBe("true");
  await page.getByRole("button", { name: tx.save }).click();
  const fix = page.getByRole("alert").filter({ hasText: tx.fixErrors });
  await poll(() => fix.isVisible()).toBe(true);
  await poll(() => page.evaluate("document.activeElement?.closest('li')?.textContent")).toContain("Moa Lind");
  await expectNoAxeViolations(page, `naming one too young ${tag}`);
  await screenshot(page, `engagement-too-young-${tag}`, { fullPage: false });
  await moa.uncheck();
  await poll(() => row.getByText(tx.tooYoung).count()).toBe(0);
  await poll(() => fix.count()).toBe(0);
}

describe.each([
  { lang: "sv" as const, width: 1280 },
  { lang: "en" as const, width: 375 },
])("a group contact answers an offer, $lang at $width px", ({ lang, width }) => {
  it("sees it in the list, accepts it behind the dialog, names two volunteers with shirt sizes; they stay named", async () => {
    const tx = texts[lang];
    const tag = `${lang}-${width}`;
    const app = e2e.product.app;
    const s = await seed(app, lang);
    const entrance = s.stationOf("Entrén");

    // A previous event's offer sits behind the toggle.
    const past = await stadslopp(app, s.organizer, "Vårruset i fjol", addDays(s.date, 1), ["Garderoben"]);
    expect(await offerEach(app, s.organizer, past, s.group.id, 2)).toBe(1);
    await app.ctx.db
      .update(events)
      .set({ date: dayFromNow(app, -3) })
      .where(eq(events.id, past.id));

    // The invitation mail links straight to the engagement page (the mail of this event's offers, not the past one's).
    const invitation = await e2e.product.sink.waitFor(
      s.contact.email,
      (m) => m.text.includes("/engagement/") && m.text.includes("Stockholm Stadslopp"),
    );
    const link = /\/my-pages\/volunteers\/engagement\/[0-9a-f-/]+/.exec(invitation.text)?.[0];
    expect(link).toContain(`/engagement/${s.event.id}/${s.group.id}/`);

    const page = await newPage(e2e.browser, { width, language: lang });
    await signInAs(page, e2e.product, s.contact);
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByRole("heading", { name: tx.offersTitle }).isVisible()).toBe(true);
    await poll(() => page.getByRole("heading", { name: "Stockholm Stadslopp" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Vårruset i fjol" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: new RegExp(`^${tx.proposal}`) }).count()).toBe(2);
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page, `offer list ${tag}`);
    await screenshot(page, `engagement-list-${tag}`);

    // The toggle works from the keyboard.
    await page.getByRole("switch", { name: tx.showPast }).focus();
    await page.keyboard.press("Space");
    await poll(() => page.getByRole("heading", { name: "Vårruset i fjol" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `offer list with previous events ${tag}`);
    await screenshot(page, `engagement-list-past-${tag}`);

    // A row opens the offer.
    await page.getByText("Entrén", { exact: true }).click();
    await page.waitForURL(new RegExp(`/engagement/${s.event.id}/${s.group.id}/${entrance}$`));
    await poll(() => page.getByRole("heading", { level: 1, name: "Entrén" }).isVisible()).toBe(true);
    await poll(() => page.getByText("Stockholms Löparklubb").isVisible()).toBe(true);
    expect(await page.getByText(lang === "sv" ? "300 kr per vuxen" : "SEK 300 per adult").isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page, `engagement proposal ${tag}`);
    await screenshot(page, `engagement-proposal-${tag}`);

    // Accepting asks first; cancelling changes nothing.
    await page.getByRole("button", { name: tx.accept, exact: true }).click();
    await poll(() => dialog(page).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `accept dialog ${tag}`);
    await screenshot(page, `engagement-accept-dialog-${tag}`);
    await dialog(page).getByRole("button", { name: tx.accept, exact: true }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => page.getByText(tx.accepted, { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: tx.accept, exact: true }).count()).toBe(0);
    // The focus moves from the vanished buttons to the text saying where the offer stands.
    await poll(() => page.evaluate("document.activeElement?.textContent")).toContain(
      lang === "sv" ? "Ni har tackat ja" : "You have accepted",
    );
    const answered = await e2e.product.sink.waitFor(s.organizer.email, (m) => m.subject.includes("IFK Exempel P12"));
    expect(answered.subject).toContain("Entrén");

    // Naming nobody is refused before anything is sent; ticking someone mends it, and the message goes.
    await page.getByRole("button", { name: tx.save }).click();
    const notEnough = page.getByRole("alert").filter({ hasText: tx.notEnough });
    await poll(() => notEnough.isVisible()).toBe(true);
    await page.getByLabel(tx.volunteer("Kim Berg", 13)).check();
    await poll(() => notEnough.count()).toBe(0);

    // One younger than the station's minimum age cannot be named: said under her row, and nothing is sent.
    await expectTooYoungRefused(page, lang, tag);
    expect((await groupOffer(app, s.contact.token, s.key("Entrén"))).body.attendees).toEqual([]);

    // Naming: Kim with a size, Ali without one → the server names Ali in the missing-information dialog.
    await page.getByLabel(tx.volunteer("Kim Berg", 13)).check();
    await page.getByLabel(tx.volunteer("Ali Said", 13)).check();
    await page.getByLabel(tx.shirtSizeFor("Kim Berg")).selectOption("M");
    await page.getByLabel(tx.substituteFor("Kim Berg")).fill("Sam Ek");
    await page.getByRole("button", { name: tx.save }).click();
    await poll(() => dialog(page).getByText(tx.missingTitle).isVisible()).toBe(true);
    expect(await dialog(page).getByRole("listitem").allInnerTexts()).toEqual(["Ali Said"]);
    await expectNoAxeViolations(page, `missing shirt size dialog ${tag}`);
    await screenshot(page, `engagement-missing-dialog-${tag}`);
    await dialog(page).getByRole("button", { name: tx.missingClose }).click();
    await poll(() => dialog(page).count()).toBe(0);
    // The focus lands on the field to complete.
    await poll(() => page.evaluate("document.activeElement?.id")).toBe(`shirtSize-${s.idOf("Ali Said")}`);
    await expectNoAxeViolations(page, `naming with a missing size ${tag}`);
    await screenshot(page, `engagement-naming-missing-${tag}`);

    await page.getByLabel(tx.shirtSizeFor("Ali Said")).selectOption("S");
    await page.locator(`input[name="specialDiets-${s.idOf("Ali Said")}"][value="VEGAN"]`).check();
    await page.getByRole("button", { name: tx.save }).click();
    await poll(() => page.getByText(tx.saved).isVisible()).toBe(true);
    await poll(() => page.getByText(tx.named).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page, `named volunteers ${tag}`);
    await screenshot(page, `engagement-named-${tag}`);

    // After a reload the named volunteers, their sizes and diets are still there.
    await page.reload();
    await poll(() => page.getByText(tx.named).isVisible()).toBe(true);
    const saved = await page.getByTestId("saved-attendees").innerText();
    expect(saved).toContain("Kim Berg");
    expect(saved).toContain("Ali Said");
    expect(await page.getByLabel(tx.volunteer("Kim Berg", 13)).isChecked()).toBe(true);
    expect(await page.getByLabel(tx.volunteer("Sam Ek", 14)).isChecked()).toBe(false);
    expect(await page.getByLabel(tx.shirtSizeFor("Ali Said")).inputValue()).toBe("S");
    expect(await page.getByLabel(tx.substituteFor("Kim Berg")).inputValue()).toBe("Sam Ek");

    const offer = await groupOffer(app, s.contact.token, s.key("Entrén"));
    expect(offer.status).toBe(200);
    expect(offer.body.status).toBe("ACCEPTED");
    expect([...offer.body.attendees].sort()).toEqual([s.idOf("Kim Berg"), s.idOf("Ali Said")].sort());
    const group = await call(app.server, "GET", `/api/groups/${s.group.id}`, { token: s.contact.token });
    expect(group.status).toBe(200);
    const ali = group.body.volunteers.find((v: { name: string }) => v.name === "Ali Said");
    expect(ali?.participation).toEqual([{ eventId: s.event.id, shirtSize: "S", specialDiets: ["VEGAN"] }]);

    // Back in the list the offer shows as accepted, the other still awaiting an answer, first.
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByRole("link", { name: new RegExp(`^${tx.accepted}`) }).count()).toBe(1);
    expect(await page.getByRole("link", { name: new RegExp(`^${tx.proposal}`) }).count()).toBe(1);
    await screenshot(page, `engagement-list-answered-${tag}`);
    await page.context().close();
  });

  it("closes the dialog on a failed answer and shows the server's reason", async () => {
    const tx = texts[lang];
    const s = await seed(e2e.product.app, lang);
    const water = s.stationOf("Vätskekontroll");
    const page = await newPage(e2e.browser, { width, language: lang });
    await signInAs(page, e2e.product, s.contact);
    await page.goto(engagementUrl(s.event.id, s.group.id, water));
    await poll(() => page.getByRole("button", { name: tx.reject, exact: true }).isVisible()).toBe(true);

    // Meanwhile the offer is accepted elsewhere (another contact, another tab).
    expect((await answerOffer(e2e.product.app, s.contact.token, s.key("Vätskekontroll"), "accept")).status).toBe(200);

    await page.getByRole("button", { name: tx.reject, exact: true }).click();
    await dialog(page).getByRole("button", { name: tx.reject, exact: true }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => page.getByRole("alert").filter({ hasText: tx.conflict }).isVisible()).toBe(true);
    // The page shows the offer as it now is: accepted, no more answer buttons.
    await poll(() => page.getByRole("button", { name: tx.reject, exact: true }).count()).toBe(0);
    await poll(() => page.getByText(tx.accepted, { exact: true }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page, `failed answer ${lang}-${width}`);
    await screenshot(page, `engagement-failed-answer-${lang}-${width}`);
    await page.context().close();
  });
});

describe("the group side of offers at the other widths", () => {
  it("has no axe violations and no sideways scrolling in sv at 375 px and en at 1280 px", async () => {
    for (const { lang, width } of [
      { lang: "sv" as const, width: 375 },
      { lang: "en" as const, width: 1280 },
    ]) {
      const tx = texts[lang];
      const tag = `${lang}-${width}`;
      const s = await seed(e2e.product.app, lang);
      expect((await answerOffer(e2e.product.app, s.contact.token, s.key("Entrén"), "accept")).status).toBe(200);
      const page = await newPage(e2e.browser, { width, language: lang });
      await signInAs(page, e2e.product, s.contact);

      await page.goto(`${e2e.product.url}/my-pages/volunteers`);
      await poll(() => page.getByRole("heading", { name: "Stockholm Stadslopp" }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, width);
      await expectNoAxeViolations(page, `offer list ${tag}`);
      await screenshot(page, `engagement-list-${tag}`);

      await page.goto(engagementUrl(s.event.id, s.group.id, s.stationOf("Vätskekontroll")));
      await poll(() => page.getByRole("button", { name: tx.accept, exact: true }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, width);
      await expectNoAxeViolations(page, `engagement proposal ${tag}`);
      await screenshot(page, `engagement-proposal-${tag}`);
      await page.getByRole("button", { name: tx.reject, exact: true }).click();
      await poll(() => dialog(page).isVisible()).toBe(true);
      await expectNoAxeViolations(page, `reject dialog ${tag}`);
      await screenshot(page, `engagement-reject-dialog-${tag}`);
      await page.keyboard.press("Escape");
      await poll(() => dialog(page).count()).toBe(0);

      await page.goto(engagementUrl(s.event.id, s.group.id, s.stationOf("Entrén")));
      await poll(() => page.getByLabel(tx.volunteer("Kim Berg", 13)).isVisible()).toBe(true);
      await page.getByLabel(tx.volunteer("Kim Berg", 13)).check();
      await expectNoSidewaysScroll(page, width);
      await expectNoAxeViolations(page, `naming ${tag}`);
      await screenshot(page, `engagement-naming-${tag}`);
      await expectTooYoungRefused(page, lang, tag);
      await page.context().close();
    }
  });

  it("shows the sign-up link right there to a contact who accepted more places than the group has volunteers", async () => {
    const { app } = e2e.product;
    for (const lang of ["sv", "en"] as const) {
      const organizer = await buildUser(app, { firstName: "Olle", lastName: "Arrangör" });
      const date = dayFromNow(app, 32);
      const event = await stadslopp(app, organizer, `Fler platser ${lang}`, date, ["Entrén"]);
      const contact = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language: lang });
      const group = await confirmedGroup(app, contact, {
        name: `Lilla laget ${lang}`,
        ages: ["12", "13", "14"],
        volunteers: VOLUNTEERS.map((v) => ({ ...v, email: v.email.replace("@", `.${lang}.fler@`) })),
      });
      expect(await offerEach(app, organizer, event, group.id, 5)).toBe(1);
      const key = { eventId: event.id, groupId: group.id, stationId: stationId(event, "Entrén") };
      expect((await answerOffer(app, contact.token, key, "accept")).status).toBe(200);

      const page = await newPage(e2e.browser, { width: 375, language: lang });
      await signInAs(page, e2e.product, contact);
      await page.goto(engagementUrl(event.id, group.id, key.stationId));
      const short = page.locator("[data-short]");
      await poll(() => short.isVisible()).toBe(true);
      expect(await short.innerText()).toContain(
        lang === "sv"
          ? `Ni har tackat ja till 5 platser, men gruppen har bara ${VOLUNTEERS.length} funktionärer.`
          : `You accepted 5 places, but the group has only ${VOLUNTEERS.length} volunteers.`,
      );
      const copy = lang === "sv" ? `Kopiera anmälningslänk för ${group.name}` : `Copy sign-up link for ${group.name}`;
      expect(await short.getByRole("button", { name: copy }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, 375);
      await expectNoAxeViolations(page, `sign-up link beside naming ${lang}-375`);
      await screenshot(page, `engagement-short-${lang}-375`);
      await page.context().close();
    }
  });

  it("shows an empty list to a contact without offers", async () => {
    const owner = await buildUser(e2e.product.app);
    const page = await newPage(e2e.browser);
    await signInAs(page, e2e.product, owner);
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByText(texts.sv.empty).isVisible()).toBe(true);
    await page.context().close();
  });
});
