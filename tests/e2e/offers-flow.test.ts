import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { matchPath } from "../../src/shared/offers/rules.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { organizerOffer } from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  draftEvent,
  freshDay,
  LUND,
  offerAt,
  PAID_PER_PERSON,
  stationId,
} from "../helpers/seed.ts";
import { expectNoAxeViolations, newPage, poll, screenshot, setUpProduct, signInAs, textInSight } from "./harness.ts";

/**
 * The whole offers flow across two people: the organizer confirms the event, ranks and adds a group and
 * sends the offer; the group's contact follows the mailed link, accepts and names volunteers; the organizer
 * then sees the station manned and, only now, who comes.
 */

const e2e = setUpProduct();

const EVENT = "Lundaloppet";
const GROUP = "Lunds BK P15";
const SMALL = "Vätskekontroll";
const LARGE = "Målgång";
const VOLUNTEERS = [
  { name: "Elin Holm", email: "elin@example.se", phone: "0701112233", age: 16 },
  { name: "Noah Lund", email: "noah@example.se", phone: "0702223344", age: 17 },
  { name: "Maja Strand", email: "maja@example.se", phone: "0703334455", age: 15 },
];
/** Who the group names, with the shirt size each gets. */
const NAMED = [
  { name: "Elin Holm", age: 16, size: "M" },
  { name: "Noah Lund", age: 17, size: "XL" },
];

/**
 * What a person would not do in this flow, through the API: the two accounts; the contact's group with
 * volunteers and an availability over the event's date in Lund, confirmed; the organizer's event in Lund
 * with two stations and shirts, left unconfirmed.
 */
async function seed(app: TestApp) {
  const organizer = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language: "sv" });
  const contact = await buildUser(app, { firstName: "Olle", lastName: "Nilsson", language: "en" });
  const date = freshDay(app);
  const station = (name: string, officialQuantity: number, from: string, to: string) => ({
    ...LUND,
    name,
    description: `${name}: ni delar ut vatten och hejar på löparna.`,
    start: `${date}T${from}`,
    end: `${date}T${to}`,
    officialQuantity,
    ...PAID_PER_PERSON,
  });
  const event = await draftEvent(app, organizer, {
    date,
    event: {
      name: EVENT,
      startTime: "09:00",
      city: "Lund",
      shirtSizes: ["S", "M", "L", "XL"],
      foodOptions: [],
      substitute: false,
      organizerNumber: "802000-1239",
      organizerName: "Lunds Löparklubb",
      organizerWebsite: "",
      invoiceAddress: "",
    },
    stations: [station(LARGE, 6, "08:00", "16:00"), station(SMALL, 2, "09:00", "13:00")],
  });
  expect(event.status).toBe("DRAFT");
  const group = await confirmedGroup(app, contact, {
    name: GROUP,
    organizationName: "Lunds BK",
    municipality: LUND.municipality,
    numberOfMembers: 12,
    ages: ["15", "16", "17"],
    sport: 0,
    volunteers: VOLUNTEERS,
    availabilities: [{ type: "PERIOD", startDate: addDays(date, -3), endDate: addDays(date, 3), location: LUND.municipality }],
  });
  expect(group.status).toBe("CONFIRMED");
  return { organizer, contact, event, group, stationId: stationId(event, SMALL), date };
}

/** No part of the page reaches past the window's width (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
}

/** What the viewport shows (a dialog scrolls inside it, so a full-page shot would not show it). */
const viewShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

const row = (page: Page, station: string) => page.locator(`[data-station="${station}"]:visible`);
const counter = (page: Page, station: string, name: string) => row(page, station).locator(`[data-counter="${name}"]`).innerText();

describe("the offers flow, from a draft event to named volunteers", () => {
  it("organizer confirms and sends; the group accepts and names volunteers; the organizer sees them", async () => {
    const s = await seed(e2e.product.app);

    // ── The organizer (Swedish, 1280 px) confirms the event ──────────────────────────────────────
    const org = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await signInAs(org, e2e.product, s.organizer);
    await org.goto(`${e2e.product.url}/my-pages/events/${s.event.id}`);
    await poll(() => org.getByRole("heading", { level: 1, name: EVENT }).isVisible()).toBe(true);
    expect(await org.getByText("Obekräftat", { exact: true }).isVisible()).toBe(true);
    const confirmButton = org.getByRole("button", { name: "Bekräfta evenemanget" });
    await confirmButton.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(org, "event data, unconfirmed");
    await screenshot(org, "flow-01-event-unconfirmed-sv-1280");

    await confirmButton.click();
    const confirmDialog = org.getByRole("dialog", { name: "Bekräfta evenemang" });
    await poll(() => confirmDialog.isVisible()).toBe(true);
    expect(await confirmDialog.innerText()).toContain(`Vill du bekräfta ${EVENT}?`);
    await expectNoAxeViolations(org, "confirm dialog");
    await viewShot(org, "flow-02-confirm-dialog-sv-1280");
    await confirmDialog.getByRole("button", { name: "Bekräfta evenemanget" }).click();
    await poll(() => org.getByRole("dialog").count()).toBe(0);
    await poll(() => org.getByText("Evenemanget är bekräftat").isVisible()).toBe(true);
    await poll(() => org.getByText("Bekräftat", { exact: true }).isVisible()).toBe(true);
    expect(await confirmButton.count()).toBe(0);
    await expectNoAxeViolations(org, "event data, confirmed");
    await screenshot(org, "flow-03-event-confirmed-sv-1280");

    // ── The match tab: the 2-volunteer station, the group ranked with its reasons ─────────────────
    // The confirmation points on to the next step: matching.
    await org.getByRole("link", { name: "Nästa steg: matcha grupper till stationerna" }).click();
    await org.waitForURL(/\/match$/);
    await poll(() => org.getByRole("tab", { name: "Matchning" }).getAttribute("aria-selected")).toBe("true");
    await poll(() => org.locator("[data-station]:visible").count()).toBe(2);
    expect(await counter(org, SMALL, "needed")).toBe("2");
    expect(await counter(org, SMALL, "missing")).toBe("2");
    expect(await row(org, SMALL).innerText()).toContain("Obemannad");
    await expectNoAxeViolations(org, "match table");
    await screenshot(org, "flow-04-match-table-sv-1280");

    await org.getByRole("button", { name: `Öppna ${SMALL}` }).click();
    const modal = org.getByRole("dialog", { name: SMALL });
    await poll(() => modal.isVisible()).toBe(true);
    const candidate = modal.locator(`[data-candidate="${GROUP}"]`);
    await poll(() => candidate.isVisible()).toBe(true);
    expect(await modal.locator("[data-candidate]").count()).toBe(1);
    const reasons = await candidate.innerText();
    expect(reasons).toMatch(/\d+ av 100 poäng/);
    expect(reasons).toContain("I stationens kommun");
    expect(reasons).toContain("12 lediga funktionärer");
    expect(reasons).toContain("Ingen tidigare närvaro registrerad");
    expect(await modal.innerText()).toContain("Inga förfrågningar till den här stationen ännu.");
    await expectNoAxeViolations(org, "station modal, candidates");
    await viewShot(org, "flow-05-station-candidates-sv-1280");

    // Choosing the group proposes what the station misses: 2.
    await candidate.getByRole("radio").check();
    const volunteers = modal.locator('input[name="volunteers"]');
    await poll(() => volunteers.inputValue()).toBe("2");
    await modal.getByRole("button", { name: "Lägg till förfrågan" }).click();
    const offer = modal.locator(`[data-offer="${GROUP}"]`);
    await poll(() => offer.isVisible()).toBe(true);
    expect(await offer.innerText()).toContain("Utkast");
    expect(await offer.innerText()).toContain("2 funktionärer");
    // Every place is allocated: the group is no longer a candidate and the form says so.
    await poll(() => modal.locator("[data-candidate]").count()).toBe(0);
    await poll(() => modal.getByText("Alla platser på stationen är fördelade.", { exact: false }).isVisible()).toBe(true);
    await expectNoAxeViolations(org, "station modal, draft added");
    await viewShot(org, "flow-06-station-draft-sv-1280");
    await org.keyboard.press("Escape");
    await poll(() => org.getByRole("dialog").count()).toBe(0);
    await poll(() => counter(org, SMALL, "preliminary")).toBe("2");
    expect(await counter(org, SMALL, "missing")).toBe("0");

    // Send the offers: the outcome names the group; the station now awaits the answer.
    expect(await org.getByText("Utkast att skicka: 1").isVisible()).toBe(true);
    await org.getByRole("button", { name: "Skicka förfrågningar" }).click();
    await poll(() =>
      org
        .getByRole("status")
        .filter({ hasText: `1 förfrågan har skickats till ${GROUP}.` })
        .isVisible(),
    ).toBe(true);
    await poll(() => counter(org, SMALL, "awaiting")).toBe("2");
    expect(await counter(org, SMALL, "preliminary")).toBe("0");
    expect(await org.getByText("Utkast att skicka: 0").isVisible()).toBe(true);
    await expectNoAxeViolations(org, "match table, sent");
    await screenshot(org, "flow-07-match-sent-sv-1280");

    await row(org, SMALL).click();
    await poll(() => modal.isVisible()).toBe(true);
    await poll(() => offer.innerText()).toContain("Väntar på svar");
    expect(await offer.innerText()).toMatch(/svara senast \d{4}-\d{2}-\d{2}/);
    // No one is named yet, and the organizer sees no one's data: only counts.
    const beforeAccept = await modal.innerText();
    for (const v of VOLUNTEERS) expect(beforeAccept).not.toContain(v.name);
    expect(beforeAccept.toLowerCase()).not.toContain("tröjstorlek");
    expect(beforeAccept).not.toContain("Anmälda funktionärer");
    await expectNoAxeViolations(org, "station modal, awaiting answer");
    await viewShot(org, "flow-08-station-awaiting-sv-1280");
    await org.keyboard.press("Escape");
    await poll(() => org.getByRole("dialog").count()).toBe(0);

    // ── The group's contact (English, 375 px) follows the mailed link ────────────────────────────
    const invitation = await e2e.product.sink.waitFor(s.contact.email, (m) => m.text.includes(EVENT));
    expect(invitation.subject).toBe(`Offer from ${EVENT}: can ${GROUP} help?`);
    expect(invitation.text).toContain(`${SMALL}, ${s.date} 09:00–13:00, 2 volunteers`);
    expect(invitation.text).toContain("You see what the group is paid when you open the offer.");
    const link = /https?:\/\/\S+\/my-pages\/volunteers\/engagement\/\S+/.exec(invitation.text)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link as string).pathname;
    expect(path).toBe(`/my-pages/volunteers/engagement/${s.event.id}/${s.group.id}/${s.stationId}`);

    const grp = await newPage(e2e.browser, { width: 375, language: "en" });
    await grp.goto(`${e2e.product.url}${path}`);
    // Signed out: the link leads through the sign-in and back to the offer.
    await grp.waitForURL(/\/login$/);
    await poll(() => grp.locator('input[name="email"]').isVisible()).toBe(true);
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "sign-in from the link");
    await screenshot(grp, "flow-09-login-en-375");
    await grp.locator('input[name="email"]').fill(s.contact.email);
    await grp.locator('input[name="password"]').fill(s.contact.password);
    await grp.locator('button[type="submit"]').click();
    await grp.waitForURL((url) => url.pathname === path);
    await poll(() => grp.getByRole("heading", { level: 1, name: SMALL }).isVisible()).toBe(true);
    expect(await grp.getByText("Awaiting answer", { exact: true }).first().isVisible()).toBe(true);
    expect(await grp.getByText("SEK 300 per adult", { exact: false }).isVisible()).toBe(true);
    // The terms say the event gives the volunteers clothes (so sizes will be asked).
    expect(await grp.getByText("Included for the volunteers").isVisible()).toBe(true);
    expect(await grp.getByText("Clothes", { exact: true }).isVisible()).toBe(true);
    await poll(() => grp.getByText("The place is chosen").isVisible()).toBe(true);
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "engagement, awaiting answer");
    await screenshot(grp, "flow-10-engagement-proposal-en-375");

    // Accept, behind the dialog.
    await grp.getByRole("button", { name: "Accept", exact: true }).click();
    const acceptDialog = grp.getByRole("dialog");
    await poll(() => acceptDialog.isVisible()).toBe(true);
    expect(await acceptDialog.innerText()).toContain(SMALL);
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "accept dialog");
    await viewShot(grp, "flow-11-accept-dialog-en-375");
    await acceptDialog.getByRole("button", { name: "Accept", exact: true }).click();
    await poll(() => grp.getByRole("dialog").count()).toBe(0);
    await poll(() => grp.getByText("Accepted", { exact: true }).first().isVisible()).toBe(true);
    expect(await grp.getByRole("button", { name: "Accept", exact: true }).count()).toBe(0);
    await poll(() => grp.getByLabel("Elin Holm, 16 years").isVisible()).toBe(true);
    expect(await grp.getByText("Name the volunteers who come below.", { exact: false }).isVisible()).toBe(true);
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "engagement, accepted");
    await screenshot(grp, "flow-12-engagement-accepted-en-375");

    // Accepted but nobody named yet: the organizer learns that, and still no one's data.
    await org.goto(`${e2e.product.url}${matchPath(s.event.id)}?station=${s.stationId}`);
    await poll(() => offer.innerText()).toContain("Har tackat ja");
    expect(await offer.innerText()).toContain("Gruppen har inte anmält några funktionärer än.");
    for (const v of VOLUNTEERS) expect(await modal.innerText()).not.toContain(v.name);
    await expectNoAxeViolations(org, "station modal, accepted, none named");
    await viewShot(org, "flow-12b-station-accepted-none-named-sv-1280");

    // Name two volunteers with their shirt sizes and save.
    for (const v of NAMED) {
      await grp.getByLabel(`${v.name}, ${v.age} years`).check();
      await grp.getByLabel(`Shirt size for ${v.name}`).selectOption(v.size);
    }
    expect(await grp.getByText("2 of 2 chosen", { exact: false }).count()).toBeGreaterThan(0);
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "naming volunteers");
    await screenshot(grp, "flow-13-naming-en-375");
    await grp.getByRole("button", { name: "Save named volunteers" }).click();
    await poll(() => grp.getByText("The named volunteers have been saved.").isVisible()).toBe(true);
    await poll(() => grp.getByText("2 of 2 named").isVisible()).toBe(true);
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "named volunteers saved");
    await screenshot(grp, "flow-14-named-en-375");

    // After a reload they are still named, with their sizes.
    await grp.reload();
    await poll(() => grp.getByText("2 of 2 named").isVisible()).toBe(true);
    // Named already: the page no longer asks to name them, it says they can be changed.
    expect(await grp.getByText("Below you can change which volunteers come.", { exact: false }).isVisible()).toBe(true);
    expect(await grp.getByText("Name the volunteers who come below.", { exact: false }).count()).toBe(0);
    const saved = await grp.getByTestId("saved-attendees").innerText();
    for (const v of NAMED) {
      expect(saved).toContain(v.name);
      expect(await grp.getByLabel(`${v.name}, ${v.age} years`).isChecked()).toBe(true);
      expect(await grp.getByLabel(`Shirt size for ${v.name}`).inputValue()).toBe(v.size);
    }
    expect(saved).toContain("shirt size M");
    expect(saved).toContain("shirt size XL");
    expect(saved).not.toContain("Maja Strand");
    expect(await grp.getByLabel("Maja Strand, 15 years").isChecked()).toBe(false);
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "engagement after reload");
    await screenshot(grp, "flow-15-reloaded-en-375");

    // Back in the list of offers, the offer shows as accepted.
    await grp.getByRole("navigation", { name: "You are here" }).getByRole("link", { name: "Groups" }).click();
    await grp.waitForURL((url) => url.pathname === "/my-pages/volunteers");
    await poll(() => grp.getByRole("heading", { name: EVENT }).isVisible()).toBe(true);
    expect(await grp.getByRole("link", { name: `Accepted – open the offer for ${SMALL}` }).isVisible()).toBe(true);
    expect(await grp.getByRole("link", { name: /^Awaiting answer/ }).count()).toBe(0);
    // An answered offer has no answer-by date to show, not even an empty one.
    expect(await grp.locator("[data-event]").innerText()).not.toContain("Answer by");
    await poll(() => grp.getByRole("tab", { name: "Groups" }).getAttribute("aria-selected")).toBe("true");
    await expectNoSidewaysScroll(grp, 375);
    await expectNoAxeViolations(grp, "offer list, accepted");
    await screenshot(grp, "flow-15b-offer-list-en-375");

    // ── The organizer hears of it and, from the mail's link, sees the station manned ──────────────
    const accepted = await e2e.product.sink.waitFor(s.organizer.email, (m) => m.subject.includes(GROUP));
    expect(accepted.subject).toBe(`${GROUP} har tackat ja till ${SMALL}`);
    expect(accepted.text).toContain(`${GROUP} har tackat ja till förfrågan om 2 funktionärer på stationen ${SMALL}`);
    const back = /https?:\/\/\S+\/match\b/.exec(accepted.text)?.[0];
    expect(new URL(back as string).pathname).toBe(matchPath(s.event.id));

    await org.goto(`${e2e.product.url}${matchPath(s.event.id)}`);
    await poll(() => counter(org, SMALL, "accepted")).toBe("2");
    expect(await counter(org, SMALL, "missing")).toBe("0");
    expect(await counter(org, SMALL, "awaiting")).toBe("0");
    expect(await row(org, SMALL).innerText()).toContain("Bemannad");
    expect(await row(org, SMALL).innerText()).not.toContain("Obemannad");
    await expectNoAxeViolations(org, "match table, manned");
    await screenshot(org, "flow-16-match-manned-sv-1280");

    await org.getByRole("button", { name: `Öppna ${SMALL}` }).click();
    await poll(() => modal.isVisible()).toBe(true);
    await poll(() => offer.innerText()).toContain("Har tackat ja");
    // Now, and only now, the organizer sees who comes and their shirt sizes.
    const named = offer.getByRole("list", { name: `Anmälda funktionärer från ${GROUP}` });
    expect(await offer.innerText()).toContain("Anmälda funktionärer: 2 av 2");
    expect(await named.getByRole("listitem").allInnerTexts()).toEqual([
      "Elin Holm, 16 år – tröjstorlek M",
      "Noah Lund, 17 år – tröjstorlek XL",
    ]);
    expect(await offer.innerText()).not.toContain("Maja Strand");
    await expectNoAxeViolations(org, "station modal, named volunteers");
    await viewShot(org, "flow-17-station-named-sv-1280");
    await org.context().close();
    await grp.context().close();
  }, 300_000);
});

describe("the answer-by date of the offers sent", () => {
  const texts = {
    sv: {
      send: "Skicka förfrågningar",
      format: "Skriv datumet som ÅÅÅÅ-MM-DD, till exempel 2027-05-16",
      passed: "Svarsdatumet har redan passerat",
      fix: "Något behöver rättas – se de markerade fälten.",
      sent: "1 förfrågan har skickats till",
    },
    en: {
      send: "Send offers",
      format: "Write the date as YYYY-MM-DD, for example 2027-05-16",
      passed: "The answer-by date has already passed",
      fix: "Something needs correcting – see the marked fields.",
      sent: "1 offer was sent to",
    },
  };

  it.each(["sv", "en"] as const)(
    "keeps a date that is none or has passed as typed, names it under the field and sends nothing (%s, 375 px)",
    async (language) => {
      const tx = texts[language];
      const app = e2e.product.app;
      const organizer = await buildUser(app, { language });
      const contact = await buildUser(app);
      const event = await confirmedEvent(app, organizer, { event: { included: [] } });
      const group = await confirmedGroup(app, contact, { name: `Svarslaget ${language}` });
      const key = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
      await offerAt(app, organizer, contact, key, { volunteers: 1, to: "DRAFT" });

      const page = await newPage(e2e.browser, { width: 375, language });
      await signInAs(page, e2e.product, organizer);
      await page.goto(`${e2e.product.url}${matchPath(event.id)}`);
      const answerBy = page.locator('input[name="expiresAt"]');
      await poll(() => answerBy.isVisible()).toBe(true);
      const refused = async (typed: string, message: string, shot: string) => {
        await answerBy.fill(typed);
        await page.keyboard.press("Tab");
        // Leaving the field keeps what was typed.
        expect(await answerBy.inputValue()).toBe(typed);
        await page.getByRole("button", { name: tx.send }).click();
        const error = page.getByText(message);
        await poll(() => error.isVisible()).toBe(true);
        await poll(() => page.getByRole("alert").filter({ hasText: tx.fix }).isVisible()).toBe(true);
        // The field has the focus, its calendar stays shut over the message.
        await poll(() => page.evaluate('document.activeElement?.getAttribute("name")')).toBe("expiresAt");
        expect(await answerBy.getAttribute("aria-invalid")).toBe("true");
        // In sight once the page is still: the focus scrolls it there and the calendar closes over it.
        await poll(() => textInSight(error)).toBe(message);
        expect(await answerBy.inputValue()).toBe(typed);
        expect((await organizerOffer(app, organizer.token, key))?.status).toBe("DRAFT");
        await expectNoAxeViolations(page, `answer-by refused ${shot}`);
        await viewShot(page, `offers-answer-by-${shot}-${language}-375`);
      };
      await refused("24/12/2026", tx.format, "format");
      await refused(addDays(stockholmToday(new Date()), -1), tx.passed, "passed");

      // Mended, the message and the alert go before anything is sent; then the offer goes with that date.
      const due = addDays(stockholmToday(new Date()), 3);
      await answerBy.fill(due);
      // Leaving the field shuts its calendar, which on a phone lies over the button.
      await page.keyboard.press("Tab");
      await poll(() => page.getByText(tx.passed).count()).toBe(0);
      await poll(() => page.getByRole("alert").filter({ hasText: tx.fix }).count()).toBe(0);
      await page.getByRole("button", { name: tx.send }).click();
      await poll(() => page.getByRole("status").filter({ hasText: tx.sent }).isVisible()).toBe(true);
      const sent = await organizerOffer(app, organizer.token, key);
      expect(sent?.status).toBe("PROPOSAL");
      expect(sent?.expiresAt.slice(0, 10)).toBe(due);
      await page.context().close();
    },
  );
});
