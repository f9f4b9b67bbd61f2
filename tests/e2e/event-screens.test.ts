import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import { buildUser } from "../helpers/factories.ts";
import { BARE_EVENT, confirmedEvent, draftEvent, type EventSeed, LUND, makeHistoric, PAID_PER_PERSON } from "../helpers/seed.ts";
import {
  expectNoAxeViolations,
  fitsWidth,
  newPage,
  type PageOptions,
  poll,
  screenshot,
  settled,
  setUpProduct,
  signInAs,
} from "./harness.ts";

// The test product runs without GEOCODER_URL: the station forms here are the ones without address search.
const e2e = setUpProduct();

let nextDay = 30;
/** Each test has a day of its own. */
function newDate() {
  nextDay += 3;
  return addDays(stockholmToday(new Date()), nextDay);
}

const field = (scope: Page | Locator, name: string) => scope.locator(`[name="${name}"]`).first();

/** Tiles come from the internet, which tests do not reach; an empty map is still clickable. */
const offlineTiles = (page: Page) => page.route(/tile\.openstreetmap\.org/, (route) => route.abort());

/** The product's own word lists: what each language must say, and what it must not say any more. */
const sv = {
  next: "Nästa steg",
  save: "Spara",
  saveStation: "Spara station",
  fixErrors: "Något behöver rättas – se de markerade fälten.",
  centre: "Sätt markören mitt på kartan",
  unsavedStation: "Stationen är inte sparad",
  saveOpenStation: "Spara station",
  discardOpenStation: "Släng stationen",
  noStations: "Evenemanget behöver minst en station innan du kan bekräfta det",
  endBeforeStart: "Sluttiden måste vara senare än starttiden",
  unsavedTitle: "Osparade ändringar",
  stay: "Stanna kvar",
};

/** A new organizer, and a page signed in as them (no page loaded yet). */
async function organizer(options: PageOptions & { language?: "sv" | "en" } = {}) {
  const owner = await buildUser(e2e.product.app, {
    firstName: "Karin",
    lastName: "Lindqvist",
    language: options.language ?? "sv",
  });
  const page = await newPage(e2e.browser, options);
  await offlineTiles(page);
  await signInAs(page, e2e.product, owner);
  return { owner, page };
}

/**
 * An event in Lund on `date` with one station, Målgång (none with `stations: []`), as draftEvent and
 * confirmedEvent take it: only what an organizer must fill in, nothing of what eventBody adds by default.
 */
function inLund(name: string, date: string, options: { stations?: [] } = {}): EventSeed {
  return {
    date,
    event: {
      name,
      startTime: "14:30",
      city: "Lund",
      organizerNumber: "8020001239",
      organizerName: "Lunds IK",
      ...BARE_EVENT,
    },
    stations: options.stations ?? [
      {
        ...LUND,
        name: "Målgång",
        description: "Medaljer och vatten",
        end: `${date}T16:00`,
        officialQuantity: 8,
        ...PAID_PER_PERSON,
      },
    ],
  };
}

/** The element that has focus: its name attribute and whether it is marked invalid and inside the viewport. */
// Strings, not functions: the tests are type-checked without the DOM's types.
const focused = (page: Page) =>
  page.evaluate<{ name: string; invalid: boolean; inView: boolean }>(`(() => {
    const el = document.activeElement;
    const box = el?.getBoundingClientRect();
    return {
      name: el?.getAttribute("name") ?? el?.textContent ?? "",
      invalid: el?.getAttribute("aria-invalid") === "true" || el?.hasAttribute("data-invalid") === true,
      inView: !!box && box.bottom > 0 && box.top < window.innerHeight,
    };
  })()`);

/** The words of the first text of `selector` that a line break splits (a hyphenated word counts too). */
const wordsSplitOverLines = (page: Page, selector: string) =>
  page.evaluate<string[]>(`(() => {
    const text = [...document.querySelector(${JSON.stringify(selector)}).childNodes].find((n) => n.nodeType === 3);
    const split = [];
    for (const word of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) split.push(word[0]);
    }
    return split;
  })()`);

/** The hours input of the date-and-time field whose date input is named `name`. */
const hoursOf = (page: Page, name: string) =>
  field(page, name)
    .locator('xpath=ancestor::div[contains(@class, "mantine-Group-root")][1]')
    .getByLabel(/^(Timmar|Hours)$/);

/** Types a 24-hour time into the hours and minutes of the date-and-time field `name`. */
async function typeTime(page: Page, name: string, time: string) {
  await hoursOf(page, name).click();
  await page.keyboard.type(time.replace(":", ""));
}

type Box = { y: number; height: number } | null;
/** The vertical space between two boxes, 0 when they overlap; far apart when one is missing. */
const gapBetween = (a: Box, b: Box) =>
  a && b ? Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height)) : Number.POSITIVE_INFINITY;

async function fillStation(page: Page, name: string) {
  const form = page.locator("form").filter({ has: page.locator('[name="officialQuantity"]') });
  await field(form, "name").fill(name);
  await field(form, "description").fill(`Uppgift vid ${name}`);
  await field(form, "municipality").selectOption(LUND.municipality);
  await field(form, "officialQuantity").fill("6");
  await field(form, "officialMiniumumAge").fill("15");
  return form;
}

describe("event screens", () => {
  it.each([375, 1280])("a refused submit shows where and why on the event and station forms (sv, %i px)", async (width) => {
    const { owner, page } = await organizer({ width, language: "sv" });
    await page.goto(`${e2e.product.url}/my-pages/events/new`);
    await poll(() => field(page, "name").isVisible()).toBe(true);
    await field(page, "name").fill("Lundaloppet");

    // The buttons sit at the bottom, far below the first missing field (the date).
    await page.getByRole("button", { name: sv.next }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: sv.next }).click();
    await poll(() => focused(page)).toEqual({ name: "date", invalid: true, inView: true });
    const alert = page.getByRole("alert").filter({ hasText: sv.fixErrors });
    await poll(() => alert.isVisible()).toBe(true);
    // The alert sits by the buttons, where the person looked. Both measured once the page has stopped moving
    // (it scrolls to the focused field): two boxes read during a scroll are read at two different offsets.
    const next = page.getByRole("button", { name: sv.next });
    await poll(async () => gapBetween(await alert.boundingBox(), await next.boundingBox())).toBeLessThan(120);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `event form refused ${width}`);
    await screenshot(page, `event-screens-refused-sv-${width}`);

    // The station form: saved with only a name, it goes to the first missing field too.
    const event = await draftEvent(e2e.product.app, owner, inLund("Lundaloppet", newDate(), { stations: [] }));
    await page.goto(`${e2e.product.url}/my-pages/events/new?id=${event.id}&step=1`);
    await poll(() => page.locator('[name="officialQuantity"]').isVisible()).toBe(true);
    const form = page.locator("form").filter({ has: page.locator('[name="officialQuantity"]') });
    await field(form, "name").fill("Parkering");
    await form.getByRole("button", { name: sv.saveStation }).scrollIntoViewIfNeeded();
    await form.getByRole("button", { name: sv.saveStation }).click();
    await poll(() => focused(page)).toEqual({ name: "description", invalid: true, inView: true });
    await poll(() => form.getByRole("alert").filter({ hasText: sv.fixErrors }).isVisible()).toBe(true);

    // Everything but the place: the focus goes to the way of placing the marker, the message says how.
    await fillStation(page, "Parkering");
    await form.getByRole("button", { name: sv.saveStation }).click();
    await poll(async () => (await focused(page)).name).toBe(sv.centre);
    const missing = form.getByText(/^Platsen saknas/);
    await poll(() => missing.innerText()).toContain(sv.centre);
    expect(await missing.innerText()).not.toMatch(/sök/i);
    await page.context().close();
  });

  it("without a geocoder the station form has no address search and no warning (en, 375 px)", async () => {
    const { owner, page } = await organizer({ width: 375, language: "en" });
    const event = await draftEvent(e2e.product.app, owner, inLund("Lund Run", newDate(), { stations: [] }));
    await page.goto(`${e2e.product.url}/my-pages/events/new?id=${event.id}&step=1`);
    await poll(() => page.locator(".leaflet-container").isVisible()).toBe(true);
    expect(await page.getByRole("searchbox").count()).toBe(0);
    expect(await page.getByText(/not available/i).count()).toBe(0);
    expect(await page.getByText(/search/i).count()).toBe(0);
    await fillStation(page, "Finish");
    await page.getByRole("button", { name: "Save station" }).click();
    const missing = page.getByText(/^Location missing/);
    await poll(() => missing.innerText()).toContain("Put the marker in the middle of the map");
    expect(await missing.innerText()).not.toMatch(/search/i);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, "station form without geocoder en 375");
    await screenshot(page, "event-screens-station-no-geocoder-en-375");
    await page.context().close();
  });

  it("an unsaved station is saved or discarded on the way to the next step, and the wording says station", async () => {
    const { owner, page } = await organizer({ width: 1280, language: "sv" });
    const event = await draftEvent(e2e.product.app, owner, inLund("Stationsloppet", newDate(), { stations: [] }));
    await page.goto(`${e2e.product.url}/my-pages/events/new?id=${event.id}&step=1`);
    await poll(() => page.locator('[name="officialQuantity"]').isVisible()).toBe(true);
    expect(await page.locator("main").innerText()).not.toMatch(/arbetspass/i);

    // Untouched and nothing saved: the message names what is missing, in the glossary's word.
    await page.getByRole("button", { name: sv.next }).click();
    await poll(() => page.getByText(sv.noStations).isVisible()).toBe(true);

    // Filled in but not saved: asked, not refused.
    const form = await fillStation(page, "Parkering");
    await form.getByRole("button", { name: sv.centre }).click();
    await page.getByRole("button", { name: sv.next }).click();
    const dialog = page.getByRole("dialog");
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(sv.unsavedStation);
    expect(await page.getByText(/arbetspass/i).count()).toBe(0);
    await expectNoAxeViolations(page, "unsaved station dialog");
    await screenshot(page, "event-screens-unsaved-station-sv-1280", { fullPage: false });
    await dialog.getByRole("button", { name: sv.saveOpenStation }).click();
    await page.waitForURL(/step=2/);
    const saved = (await (
      await fetch(`${e2e.product.url}/api/events/${event.id}`, { headers: { authorization: `Bearer ${owner.token}` } })
    ).json()) as { stations: Array<{ name: string }> };
    expect(saved.stations.map((s) => s.name)).toEqual(["Parkering"]);

    // Back, a second one started and thrown away: the step goes on with the saved one.
    await page.getByRole("button", { name: "Föregående steg" }).click();
    await page.waitForURL(/step=1/);
    await page.getByRole("button", { name: "Lägg till station" }).click();
    await fillStation(page, "Servering");
    await page.getByRole("button", { name: sv.next }).click();
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: sv.discardOpenStation }).click();
    await page.waitForURL(/step=2/);
    await page.context().close();
  });

  it("an event form with unsaved changes asks before the page is left (sv, 375 px)", async () => {
    const { owner, page } = await organizer({ width: 375, language: "sv" });
    const event = await draftEvent(e2e.product.app, owner, inLund("Frågeloppet", newDate()));
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
    await poll(() => field(page, "city").inputValue()).toBe("Lund");
    await field(page, "city").fill("Malmö");
    await page.getByRole("navigation", { name: "Du är här" }).getByRole("link").first().click();
    const dialog = page.getByRole("dialog");
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(sv.unsavedTitle);
    await dialog.getByRole("button", { name: sv.stay }).click();
    expect(page.url()).toContain(event.id);
    expect(await field(page, "city").inputValue()).toBe("Malmö");
    await page.context().close();
  });

  it("the event list is cards on a phone: nothing scrolls sideways, the remove control is in sight (sv, 375 px)", async () => {
    const { owner, page } = await organizer({ width: 375, language: "sv" });
    const date = newDate();
    await draftEvent(e2e.product.app, owner, inLund("Ett evenemang med ett mycket långt namn i Lund", date));
    await page.goto(`${e2e.product.url}/my-pages/events`);
    const card = page.locator('[data-event="Ett evenemang med ett mycket långt namn i Lund"]');
    await poll(() => card.isVisible()).toBe(true);
    expect(await page.locator("table").count()).toBe(0);
    const text = await card.innerText();
    expect(text).toContain(date);
    expect(text).toContain("Lund");
    expect(text).toContain("Obekräftat");
    expect(await fitsWidth(page)).toBe(true);
    const remove = card.getByRole("button", { name: "Ta bort Ett evenemang med ett mycket långt namn i Lund" });
    expect(await remove.isVisible()).toBe(true);
    const box = await remove.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const badge = await card.getByText("Obekräftat").boundingBox();
    expect(badge && badge.x + badge.width <= 375).toBe(true);
    await expectNoAxeViolations(page, "event cards sv 375");
    await screenshot(page, "event-screens-hub-sv-375");

    // At 1280 px it stays a table, with the city as a column.
    await page.setViewportSize({ width: 1280, height: 900 });
    await poll(() => page.locator("table").count()).toBe(1);
    expect(await page.locator('tr[data-event="Ett evenemang med ett mycket långt namn i Lund"]').innerText()).toContain("Lund");
    await page.context().close();
  });

  it("no promise without a page: the team-leader area says when it is empty; a confirmed event leads to matching", async () => {
    const { owner, page } = await organizer({ width: 1280, language: "sv" });
    await page.goto(`${e2e.product.url}/my-pages/teamleaders`);
    await poll(() => page.getByText("Du är inte stationsansvarig för någon station just nu.").isVisible()).toBe(true);
    expect(await page.locator("main").innerText()).not.toContain("Kommer snart");
    await expectNoAxeViolations(page, "team leaders sv 1280");
    await screenshot(page, "event-screens-teamleaders-sv-1280");

    const event = await draftEvent(e2e.product.app, owner, inLund("Matchloppet", newDate()));
    await page.goto(`${e2e.product.url}/my-pages/events/new?id=${event.id}&step=2`);
    await poll(() => page.getByText(/fliken Matchning/).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Bekräfta evenemanget" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Bekräfta evenemanget" }).click();
    const toMatch = page.getByRole("link", { name: "Nästa steg: matcha grupper till stationerna" });
    await poll(() => toMatch.isVisible()).toBe(true);
    await toMatch.click();
    await page.waitForURL(new RegExp(`/my-pages/events/${event.id}/match$`));
    await poll(() => page.getByRole("tab", { name: "Matchning", selected: true }).isVisible()).toBe(true);
    await page.context().close();
  });

  it.each([
    { lang: "sv" as const, width: 375 },
    { lang: "en" as const, width: 1280 },
  ])("a finished event is a read-only summary ($lang, $width px)", async ({ lang, width }) => {
    const { owner, page } = await organizer({ width, language: lang });
    const date = newDate();
    const event = await confirmedEvent(e2e.product.app, owner, inLund("Avslutade loppet", date));
    await makeHistoric(e2e.product.app, event.id);
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
    await poll(() => page.locator("dl").first().isVisible()).toBe(true);
    // No fields, no buttons to save, no editing hints: the data as text.
    expect(await page.locator("main input, main textarea, main select").count()).toBe(0);
    expect(await page.locator("main fieldset").count()).toBe(0);
    const main = await page.locator("main").innerText();
    expect(main).toContain(date);
    expect(main).toContain("14:30");
    expect(main).toContain("Lunds IK");
    expect(main).toContain("Målgång");
    expect(main).toMatch(lang === "sv" ? /300\skr/ : /SEK\s300/);
    expect(main).not.toMatch(lang === "sv" ? /Kryssa i|kan administrera|Spara/ : /Tick|can administer|Save/);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `historic ${lang} ${width}`);
    await screenshot(page, `event-screens-historic-${lang}-${width}`);

    await page.getByRole("tab", { name: lang === "sv" ? "Stationer" : "Stations" }).click();
    await page.waitForURL(/\/stations$/);
    await poll(() => page.locator('[data-station="Målgång"]').isVisible()).toBe(true);
    expect(await page.locator("main input, main textarea, main select").count()).toBe(0);
    await expectNoAxeViolations(page, `historic stations ${lang} ${width}`);
    await page.context().close();
  });

  it.each([
    { lang: "sv" as const, text: sv.endBeforeStart },
    { lang: "en" as const, text: "The end time must be later than the start time" },
  ])("a station ending before it starts says so in times ($lang, 375 px)", async ({ lang, text }) => {
    const { owner, page } = await organizer({ width: 375, language: lang });
    const event = await draftEvent(e2e.product.app, owner, inLund("Tidsloppet", newDate()));
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/stations`);
    await page.getByRole("button", { name: lang === "sv" ? "Redigera Målgång" : "Edit Målgång" }).click();
    await poll(() => field(page, "end").isVisible()).toBe(true);
    await typeTime(page, "end", "07:00");
    expect(await hoursOf(page, "end").inputValue()).toBe("07");
    await page.getByRole("button", { name: lang === "sv" ? sv.saveStation : "Save station" }).click();
    await poll(() => page.getByText(text).isVisible()).toBe(true);
    expect(await page.getByText(lang === "sv" ? /Slutdatum/ : /end date/i).count()).toBe(0);
    await page.context().close();
  });

  it.each([
    {
      lang: "sv" as const,
      add: "Lägg till station",
      save: sv.saveStation,
      taken: "Det finns redan en station med det namnet",
      end: sv.endBeforeStart,
      missing: "Du måste fylla i fältet",
    },
    {
      lang: "en" as const,
      add: "Add station",
      save: "Save station",
      taken: "A station with that name already exists",
      end: "The end time must be later than the start time",
      missing: "You must fill in this field",
    },
  ])("a taken name and an end before the start are named with the missing fields, all at once ($lang, 375 px)", async (tx) => {
    const { owner, page } = await organizer({ width: 375, language: tx.lang });
    const event = await draftEvent(e2e.product.app, owner, inLund("Dubbelloppet", newDate()));
    await page.goto(`${e2e.product.url}/my-pages/events/new?id=${event.id}&step=1`);
    await page.getByRole("button", { name: tx.add }).click();
    const form = page.locator("form").filter({ has: page.locator('[name="officialQuantity"]') });
    await poll(() => field(form, "name").isVisible()).toBe(true);
    // Only a name, the one the event's station already has, and an end before the start.
    await field(form, "name").fill("Målgång");
    await typeTime(page, "end", "07:00");
    await form.getByRole("button", { name: tx.save }).click();
    await poll(() => form.getByText(tx.missing).first().isVisible()).toBe(true);
    expect(await form.getByText(tx.taken).isVisible()).toBe(true);
    expect(await form.getByText(tx.end).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `station form, every message, ${tx.lang}`);
    await screenshot(page, `event-screens-station-all-messages-${tx.lang}-375`, { fullPage: false });
    await page.context().close();
  });

  it("dates and times are ISO and 24-hour in a Swedish page whatever the browser's language (en-US)", async () => {
    const { owner, page } = await organizer({ width: 1280, language: "sv", locale: "en-US" });
    const date = newDate();
    const event = await draftEvent(e2e.product.app, owner, inLund("Datumloppet", date));
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
    await poll(() => field(page, "date").inputValue()).toBe(date);
    // The event's start, 14:30, is not 02:30 PM.
    expect(await field(page, "startTime").inputValue()).toBe("14");
    expect(await page.locator("main").innerText()).not.toMatch(/\b(AM|PM)\b/);
    expect(
      await page.locator('main input[type="date"], main input[type="time"], main input[type="datetime-local"]').count(),
    ).toBe(0);

    // A typed date is read as ISO; the month's calendar starts on Monday, in Swedish.
    await field(page, "date").fill(addDays(date, 1));
    await field(page, "date").click();
    await poll(() => page.getByRole("table").first().isVisible()).toBe(true);
    expect((await page.getByRole("table").first().locator("thead th").first().innerText()).toLowerCase()).toMatch(/^må/);
    await page.keyboard.press("Escape");
    await expectNoAxeViolations(page, "event form sv in en-US browser");
    await screenshot(page, "event-screens-dates-sv-en-US-1280");

    // The station's start and end: date and time apart, 24-hour.
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/stations`);
    await page.getByRole("button", { name: "Redigera Målgång" }).click();
    await poll(() => field(page, "start").inputValue()).toBe(date);
    expect(await hoursOf(page, "start").inputValue()).toBe("08");
    expect(await hoursOf(page, "end").inputValue()).toBe("16");
    expect(await page.locator("main").innerText()).not.toMatch(/\b(AM|PM)\b/);
    await screenshot(page, "event-screens-station-dates-sv-en-US-1280");
    await page.context().close();
  });

  it.each(["sv", "en"] as const)(
    "on a phone the title breaks between words, and the eight tabs are one row the keyboard goes along (%s, 375 px)",
    async (lang) => {
      const { owner, page } = await organizer({ width: 375, height: 812, language: lang });
      const event = await confirmedEvent(e2e.product.app, owner, inLund("Midsommarloppet i Lund", newDate()));
      await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
      await settled(page);
      expect(await page.locator("main h1").innerText()).toBe("Midsommarloppet i Lund");
      expect(await wordsSplitOverLines(page, "main h1"), "words of the title split over two lines").toEqual([]);

      // One row of eight tabs, as high as one tab.
      const tabs = page.getByRole("tablist", { name: translate(lang, "events.page.tabsLabel") }).getByRole("tab");
      expect(await tabs.count()).toBe(8);
      const tops = new Set(
        (await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()))).map((b) => Math.round(b?.y ?? -1)),
      );
      expect([...tops], "rows of tabs").toHaveLength(1);
      expect(await fitsWidth(page)).toBe(true);

      // End goes to the last tab, scrolled into sight, and Enter opens it; Home goes back to the first.
      const list = page.getByRole("tablist", { name: translate(lang, "events.page.tabsLabel") });
      const inSight = async (name: string) => {
        const [row, tab] = [await list.boundingBox(), await list.getByRole("tab", { name }).boundingBox()];
        return !!row && !!tab && tab.x >= row.x - 0.5 && tab.x + tab.width <= row.x + row.width + 0.5;
      };
      const focusedTab = () =>
        page.evaluate<string | undefined>(
          'document.activeElement?.getAttribute("role") + ":" + document.activeElement?.textContent',
        );
      await page.getByRole("tab", { selected: true }).focus();
      await page.keyboard.press("End");
      await poll(focusedTab).toBe(`tab:${translate(lang, "fees.tab")}`);
      await poll(() => inSight(translate(lang, "fees.tab"))).toBe(true);
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/fees$/);
      await poll(() => page.getByRole("tab", { name: translate(lang, "fees.tab"), selected: true }).isVisible()).toBe(true);
      await screenshot(page, `event-screens-tabs-end-${lang}-375`, { fullPage: false });
      await page.keyboard.press("Home");
      await poll(focusedTab).toBe(`tab:${translate(lang, "events.page.data")}`);
      await poll(() => inSight(translate(lang, "events.page.data"))).toBe(true);

      // Opened on a tab far along the row, the page shows that tab.
      await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/roster`);
      await poll(() => page.getByRole("tab", { name: translate(lang, "roster.tab"), selected: true }).isVisible()).toBe(true);
      expect(await inSight(translate(lang, "roster.tab"))).toBe(true);
      await page.context().close();
    },
  );
});
