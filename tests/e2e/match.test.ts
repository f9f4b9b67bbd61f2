import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { offers } from "../../src/server/db/schema.ts";
import { addDays } from "../../src/shared/validation.ts";
import { buildUser } from "../helpers/factories.ts";
import { createOffer, sendOffers, sentADayAgo } from "../helpers/offers.ts";
import {
  BARE_EVENT,
  confirmedEvent,
  confirmedGroup,
  draftEvent,
  freshDay,
  LUND,
  makeHistoric,
  type User,
} from "../helpers/seed.ts";
import { expectNoAxeViolations, expectTapTargets, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

const e2e = setUpProduct();

/** Polls generously: two cores are shared with other test runs. */

/**
 * Each test has a day of its own (freshDay), so the groups of one are not candidates in another, nor those
 * of the other files that share the product.
 */
const newDate = () => freshDay(e2e.product.app);

interface StationSeed {
  name: string;
  officialQuantity: number;
  skills?: string[];
  hour?: number;
}

/** An event in Lund with the given stations, confirmed unless asked not to. */
function seedEvent(date: string, organizer: User, name: string, stations: StationSeed[], confirm = true) {
  return (confirm ? confirmedEvent : draftEvent)(e2e.product.app, organizer, {
    date,
    event: {
      name,
      startTime: "09:00",
      city: "Lund",
      ...BARE_EVENT,
      organizerNumber: "8020001239",
      organizerName: "Lunds IK",
    },
    stations: stations.map((s) => ({
      ...LUND,
      name: s.name,
      description: `Uppgift vid ${s.name}`,
      start: `${date}T${String(s.hour ?? 8).padStart(2, "0")}:00`,
      end: `${date}T16:00`,
      officialQuantity: s.officialQuantity,
      officialMiniumumAge: 15,
      skills: s.skills ?? [],
      paymentType: "NOCOMPENSATION",
      currency: null,
      groupPayment: null,
    })),
  });
}

/** A CONFIRMED group in Lund, available on the event's date. */
function seedGroup(date: string, contact: User, name: string, numberOfMembers: number, skills: string[] = []) {
  return confirmedGroup(e2e.product.app, contact, {
    name,
    organizationName: name.split(" ").slice(0, 2).join(" "),
    municipality: LUND.municipality,
    numberOfMembers,
    ages: ["16", "17", "18+"],
    sport: 0,
    skills,
    availabilities: [{ type: "PERIOD", startDate: addDays(date, -2), endDate: addDays(date, 2), location: LUND.municipality }],
  });
}

/** An organizer and a group contact with accounts; the contact's groups are made by the caller. */
async function people(language: "sv" | "en" = "sv") {
  const app = e2e.product.app;
  const organizer = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language });
  const contact = await buildUser(app, { firstName: "Olle", lastName: "Nilsson" });
  return { organizer, contact };
}

/** What the viewport shows (a dialog scrolls inside it, so a full-page shot would not show it). */
const viewShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/** Whether a button cuts its label off (the label, or the button around it, is narrower than its text). */
const clipped = (button: Locator) =>
  button.evaluate(
    (el: {
      scrollWidth: number;
      clientWidth: number;
      querySelector(s: string): { scrollWidth: number; clientWidth: number } | null;
    }) => {
      const label = el.querySelector(".mantine-Button-label");
      return el.scrollWidth > el.clientWidth || (!!label && label.scrollWidth > label.clientWidth);
    },
  );

const visibleStation = (page: Page, name: string) => page.locator(`[data-station="${name}"]:visible`);
const counter = (page: Page, station: string, name: string) =>
  visibleStation(page, station).locator(`[data-counter="${name}"]`).innerText();

const sv = {
  sendOffers: "Skicka förfrågningar",
  sendReminders: "Skicka påminnelser",
  add: "Lägg till förfrågan",
  remove: "Ta bort",
  notConfirmed: "Evenemanget måste vara bekräftat innan du kan matcha grupper till stationerna.",
};

describe("the organizer's matching", () => {
  it("ranks groups for a station, adds offers, removes one, sends offers and reminders", async () => {
    const { organizer, contact } = await people();
    const date = newDate();
    const event = await seedEvent(date, organizer, "Lundaloppet", [
      { name: "Vätskestation", officialQuantity: 6, hour: 9 },
      { name: "Start och mål", officialQuantity: 12, skills: ["FORKLIFT_LICENCE"] },
    ]);
    await seedGroup(date, contact, "IFK Lund P16", 20, ["FORKLIFT_LICENCE"]);
    await seedGroup(date, contact, "Dalby GIF F17", 4);

    const page = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await signInAs(page, e2e.product, organizer);
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
    await page.getByRole("tab", { name: "Matchning" }).click();
    await page.waitForURL(/\/match$/);

    // One row per station, the one needing most volunteers first.
    await poll(() => page.locator("[data-station]:visible").count()).toBe(2);
    expect(await page.locator("[data-station]:visible").first().getAttribute("data-station")).toBe("Start och mål");
    expect(await counter(page, "Start och mål", "missing")).toBe("12");
    await expectNoAxeViolations(page, "match table");
    await screenshot(page, "match-table-sv-1280");

    // Nothing awaits an answer yet: no group to remind.
    await page.getByRole("button", { name: sv.sendReminders }).click();
    await poll(() => page.getByText("Det finns inga grupper att påminna").isVisible()).toBe(true);

    // The row is reached by keyboard and opens its station.
    await page.getByRole("button", { name: "Öppna Start och mål" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Start och mål" });
    await poll(() => dialog.isVisible()).toBe(true);

    // Ranked: the group with the skill the station asks for first, with its reasons.
    const candidates = dialog.locator("[data-candidate]");
    await poll(() => candidates.count()).toBe(2);
    expect(await candidates.first().getAttribute("data-candidate")).toBe("IFK Lund P16");
    expect(await candidates.first().innerText()).toContain("Har truckkort");
    expect(await candidates.first().innerText()).toMatch(/av 100 poäng/);
    expect(await candidates.first().innerText()).toContain("20 lediga funktionärer");
    expect(await candidates.nth(1).innerText()).toContain("Saknar truckkort");
    await expectNoAxeViolations(page, "station modal");
    await viewShot(page, "match-modal-sv-1280");

    // Choosing a group proposes what the station misses, at most the group's free members.
    await candidates.first().getByRole("radio").check();
    const volunteers = dialog.locator('input[name="volunteers"]');
    await poll(() => volunteers.inputValue()).toBe("12");
    await volunteers.fill("13");
    await dialog.getByRole("button", { name: sv.add }).click();
    await poll(() => dialog.getByText("Du kan max lägga in 12 funktionärer").isVisible()).toBe(true);
    await volunteers.fill("8");
    await dialog.getByRole("button", { name: sv.add }).click();
    const ifk = dialog.locator('[data-offer="IFK Lund P16"]');
    await poll(() => ifk.isVisible()).toBe(true);
    expect(await ifk.innerText()).toContain("Utkast");
    expect(await ifk.innerText()).toContain("8 funktionärer");

    // A second group, then removed again behind its confirmation.
    await poll(() => candidates.count()).toBe(1);
    await candidates.first().getByRole("radio").check();
    await poll(() => volunteers.inputValue()).toBe("4");
    await dialog.getByRole("button", { name: sv.add }).click();
    const dalby = dialog.locator('[data-offer="Dalby GIF F17"]');
    await poll(() => dalby.isVisible()).toBe(true);
    await dalby.getByRole("button", { name: "Ta bort förfrågan till Dalby GIF F17" }).click();
    const confirm = page.getByRole("dialog", { name: "Ta bort förfrågan" });
    await poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole("button", { name: sv.remove, exact: true }).click();
    await poll(() => dalby.count()).toBe(0);

    // Next goes round the table's order.
    await dialog.getByRole("button", { name: "Nästa station" }).click();
    await poll(() => page.getByRole("dialog", { name: "Vätskestation" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    await poll(() => counter(page, "Start och mål", "preliminary")).toBe("8");
    expect(await counter(page, "Start och mål", "missing")).toBe("4");

    // Send every draft: the group's contact gets the invitation.
    await page.getByRole("button", { name: sv.sendOffers }).click();
    await poll(() => page.getByText("1 förfrågan har skickats till IFK Lund P16.").isVisible()).toBe(true);
    const invitation = await e2e.product.sink.waitFor(contact.email, (m) => m.text.includes("Lundaloppet"));
    expect(invitation.text).toContain("Start och mål");
    await poll(() => counter(page, "Start och mål", "awaiting")).toBe("8");
    expect(await counter(page, "Start och mål", "preliminary")).toBe("0");

    // Nothing left to send.
    await page.getByRole("button", { name: sv.sendOffers }).click();
    await poll(() => page.getByText("Det fanns inga utkast att skicka").isVisible()).toBe(true);

    await visibleStation(page, "Start och mål").click();
    await poll(() => ifk.innerText()).toContain("Väntar på svar");
    expect(await ifk.innerText()).toMatch(/svara senast \d{4}-\d{2}-\d{2}/);
    await page.keyboard.press("Escape");

    // Seconds after the offer went out, no reminder goes; the answer says when one can.
    const outcome = page.getByRole("status").filter({ hasText: /påmin/i });
    await page.getByRole("button", { name: sv.sendReminders }).click();
    await poll(() => outcome.innerText()).toMatch(
      /^Ingen påminnelse skickades nu:\s+IFK Lund P16 – förfrågan skickades för mindre än ett dygn sedan\. Gruppen kan påminnas från \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/,
    );
    await expectNoAxeViolations(page, "match table after sending");
    await screenshot(page, "match-sent-sv-1280");
    // A day on (the offer as if sent yesterday), the group is reminded; asked again the same day, it is not.
    await sentADayAgo(e2e.product.app, event.id);
    await page.getByRole("button", { name: sv.sendReminders }).click();
    await poll(() => outcome.innerText()).toBe("Påminnelser har skickats till IFK Lund P16.");
    await page.getByRole("button", { name: sv.sendReminders }).click();
    await poll(() => outcome.innerText()).toMatch(
      /IFK Lund P16 – påmindes för mindre än ett dygn sedan\. Gruppen kan påminnas igen från /,
    );
    await screenshot(page, "match-reminded-sv-1280");
    await page.context().close();
  });

  it("suggests a replacement where an offer went unanswered, and is read-only once the event is finished", async () => {
    const app = e2e.product.app;
    const { organizer, contact } = await people();
    const date = newDate();
    const event = await seedEvent(date, organizer, "Dalbyloppet", [{ name: "Parkering", officialQuantity: 6 }]);
    const station = event.stations[0];
    const late = await seedGroup(date, contact, "Genarps IF", 10);
    await seedGroup(date, contact, "Veberöds AIF", 10);
    await createOffer(app, organizer.token, { eventId: event.id, stationId: station.id, groupId: late.id }, 6);
    expect((await sendOffers(app, organizer.token, event.id, { offers: [] })).status).toBe(200);
    await app.ctx.db.update(offers).set({ status: "EXPIRED" }).where(eq(offers.groupId, late.id));

    const page = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await signInAs(page, e2e.product, organizer);
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/match?station=${station.id}`);
    const dialog = page.getByRole("dialog", { name: "Parkering" });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('[data-offer="Genarps IF"]').innerText()).toContain("Obesvarad, tiden gick ut");
    const top = dialog.locator("[data-candidate]").first();
    await poll(() => top.innerText()).toContain("Föreslås i stället");
    expect(await dialog.getByText("Föreslås i stället").count()).toBe(1);
    expect(await top.getByRole("radio").isChecked()).toBe(true);
    await expectNoAxeViolations(page, "replacement");
    await top.scrollIntoViewIfNeeded();
    await viewShot(page, "match-replacement-sv-1280");
    await page.keyboard.press("Escape");

    // Finished: the table stays, every action goes.
    await makeHistoric(app, event.id);
    await page.reload();
    await poll(() => visibleStation(page, "Parkering").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: sv.sendOffers }).count()).toBe(0);
    expect(await page.getByRole("button", { name: sv.sendReminders }).count()).toBe(0);
    await visibleStation(page, "Parkering").click();
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: sv.add }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: sv.remove }).count()).toBe(0);
    await page.context().close();
  });

  it.each([
    { lang: "sv" as const, width: 375 },
    { lang: "en" as const, width: 375 },
    { lang: "en" as const, width: 1280 },
  ])("passes axe in $lang at $width px, cards below 576 px, the warning on a draft", async ({ lang, width }) => {
    const tag = `${lang}-${width}`;
    const { organizer, contact } = await people(lang);
    const date = newDate();
    const event = await seedEvent(date, organizer, `Höstloppet ${tag}`, [
      { name: "Målgång", officialQuantity: 10, skills: ["DRIVING_LICENCE_B"] },
      { name: "Vätska", officialQuantity: 4, hour: 10 },
    ]);
    const draft = await seedEvent(date, organizer, `Utkast ${tag}`, [{ name: "Start", officialQuantity: 3 }], false);
    await seedGroup(date, contact, `Lunds BK ${tag}`, 12, ["DRIVING_LICENCE_B"]);

    const page = await newPage(e2e.browser, { width, language: lang });
    await signInAs(page, e2e.product, organizer);

    await page.goto(`${e2e.product.url}/my-pages/events/${draft.id}/match`);
    const warning = lang === "sv" ? sv.notConfirmed : "The event must be confirmed before you can match groups to its stations.";
    await poll(() => page.getByText(warning).isVisible()).toBe(true);
    expect(await page.locator("[data-station]").count()).toBe(0);
    await expectNoAxeViolations(page, `draft ${tag}`);
    await screenshot(page, `match-draft-${tag}`);

    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/match`);
    await poll(() => page.locator("[data-station]:visible").count()).toBe(2);
    // Cards below 576 px, the table above; never sideways scrolling.
    expect(await page.locator("[data-match-table]").isVisible()).toBe(width >= 576);
    expect(await page.locator("[data-match-cards]").isVisible()).toBe(width < 576);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page, `table ${tag}`);
    await screenshot(page, `match-table-${tag}`);

    await visibleStation(page, "Målgång").click();
    const dialog = page.getByRole("dialog", { name: "Målgång" });
    await poll(() => dialog.locator("[data-candidate]").count()).toBe(1);
    // The way to the previous and the next station shows its whole label, on a phone too.
    for (const id of ["events.match.station.previous", "events.match.station.next"])
      expect(await clipped(dialog.getByRole("button", { name: translate(lang, id) })), id).toBe(false);
    if (width === 375) await expectTapTargets(page, `modal ${tag}`, '[role="dialog"]');
    expect(await dialog.locator("[data-candidate]").innerText()).toContain(
      lang === "sv" ? "Har B-körkort" : "Has driving licence B",
    );
    await dialog.getByRole("radio").check();
    await dialog.getByRole("button", { name: lang === "sv" ? sv.add : "Add offer" }).click();
    await poll(() => dialog.locator(`[data-offer="Lunds BK ${tag}"]`).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `modal ${tag}`);
    await viewShot(page, `match-modal-${tag}`);
    await page.keyboard.press("Escape");
    // While it fades out, the dialog keeps its title and so its accessible name.
    const named = await page
      .locator('[role="dialog"]')
      .evaluateAll((els) =>
        els.map((e) => e.ownerDocument.getElementById(e.getAttribute("aria-labelledby") ?? "")?.textContent ?? ""),
      );
    expect(named.every((name) => name.trim() !== "")).toBe(true);

    // An answer-by date typed: the date field's clear button says what it does (axe "button-name").
    await page.locator('[name="expiresAt"]').fill(addDays(date, -7));
    await page.locator('[name="expiresAt"]').blur();
    const clear = lang === "sv" ? "Ta bort datumet: Svara senast (frivilligt)" : "Clear the date: Answer by (optional)";
    await poll(() => page.getByRole("button", { name: clear }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `answer-by date typed ${tag}`);

    await page.getByRole("button", { name: lang === "sv" ? sv.sendOffers : "Send offers" }).click();
    await poll(() =>
      page
        .getByRole("status")
        .filter({ hasText: `Lunds BK ${tag}` })
        .isVisible(),
    ).toBe(true);
    await poll(() => counter(page, "Målgång", "awaiting")).toBe("10");
    await expectNoAxeViolations(page, `sent ${tag}`);
    await screenshot(page, `match-sent-${tag}`);
    // Reminding right after sending: the group is named with why it was not reminded.
    await page.getByRole("button", { name: lang === "sv" ? sv.sendReminders : "Send reminders" }).click();
    const held = lang === "sv" ? "förfrågan skickades för mindre än ett dygn sedan" : "the offer was sent less than a day ago";
    await poll(() =>
      page
        .getByRole("status")
        .filter({ hasText: `Lunds BK ${tag} – ${held}` })
        .isVisible(),
    ).toBe(true);
    expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page, `reminders ${tag}`);
    await screenshot(page, `match-reminders-${tag}`);
    await page.context().close();
  });
});
