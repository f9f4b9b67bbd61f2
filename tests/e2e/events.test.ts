import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { events } from "../../src/server/db/schema.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { BARE_EVENT, dayFromNow, draftEvent, LUND, PAID_PER_PERSON } from "../helpers/seed.ts";
import { expectNoAxeViolations, fitsWidth, newPage, poll, screenshot, settled, setUpProduct, signInAs } from "./harness.ts";

const e2e = setUpProduct();

/** Polls generously: two cores are shared with other test runs. */

const field = (page: Page, name: string, scope?: Page | ReturnType<Page["locator"]>) =>
  (scope ?? page).locator(`[name="${name}"]`).first();

/** Tiles come from the internet, which tests do not reach; an empty map is still clickable. */
async function offlineTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

const sv = {
  newEvent: "Nytt evenemang",
  next: "Nästa steg",
  addContact: "Lägg till",
  invite: "Lägg till och bjud in",
  saveStation: "Spara station",
  cancel: "Avbryt",
  addStation: "Lägg till station",
  centre: "Sätt markören mitt på kartan",
  confirm: "Bekräfta evenemanget",
  confirmed: "Evenemanget är bekräftat",
  approved: "Bekräftat",
  unconfirmed: "Obekräftat",
  removeEvent: "Ta bort evenemanget",
  checkboxError: "Kryssa i rutan för att bekräfta borttagningen",
  noStations: "Evenemanget behöver minst en station innan du kan bekräfta det",
};

async function fillStation(page: Page, s: { name: string; municipality: string; quantity: string }) {
  const form = page.locator("form").filter({ has: page.locator('[name="officialQuantity"]') });
  await field(page, "name", form).fill(s.name);
  await field(page, "description", form).fill(`Uppgift vid ${s.name}`);
  await field(page, "municipality", form).selectOption(s.municipality);
  await field(page, "officialQuantity", form).fill(s.quantity);
  await field(page, "officialMiniumumAge", form).fill("15");
  return form;
}

/** The browser's own, inside evaluate (the tests compile without the DOM's types). */
declare const getComputedStyle: (element: unknown) => Record<string, string>;

/** The contrast of a link's text with what is behind it (the first ancestor with a background), as WCAG computes it. */
async function contrastBehind(link: ReturnType<Page["locator"]>): Promise<{ contrast: number; background: string }> {
  return link.evaluate((a) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let el: { parentElement: unknown } | null = a as { parentElement: unknown };
    let background = "rgb(255, 255, 255)";
    for (; el; el = el.parentElement as typeof el) {
      const c = getComputedStyle(el).backgroundColor;
      if (c !== "rgba(0, 0, 0, 0)" && c !== "transparent") {
        background = c;
        break;
      }
    }
    const [light, dark] = [luminance(getComputedStyle(a).color), luminance(background)].sort((x, y) => y - x);
    return { contrast: (light + 0.05) / (dark + 0.05), background };
  });
}

describe("organizer events", () => {
  it("creates an event through the wizard, invites a co-organizer, confirms it and removes a draft", async () => {
    const owner = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist" });
    const coOrganizer = uniqueEmail("medarrangor");
    const date = addDays(stockholmToday(new Date()), 30);
    const page = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await offlineTiles(page);
    await signInAs(page, e2e.product, owner);

    await page.goto(`${e2e.product.url}/my-pages/events`);
    await poll(() => page.getByRole("link", { name: sv.newEvent }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "events hub (empty)");
    await page.getByRole("link", { name: sv.newEvent }).click();
    await page.waitForURL(/\/my-pages\/events\/new/);

    // Step 1: the event.
    await field(page, "name").fill("Sommarloppet i Umeå");
    await field(page, "date").fill(date);
    // The start time is a 24-hour picker: hours, then minutes.
    await field(page, "startTime").click();
    await page.keyboard.type("0930");
    await field(page, "city").fill("Umeå");
    await page.getByLabel("Kläder").check();
    await page.locator('[name="shirtSizes"][value="M"]').check();
    await page.locator('[name="shirtSizes"][value="L"]').check();
    await field(page, "organizerNumber").fill("802000-1239");
    await field(page, "organizerName").fill("Umeå Löparklubb");
    await field(page, "contactPersonEmail").fill(coOrganizer);
    await page.getByRole("button", { name: sv.addContact, exact: true }).click();
    const modal = page.getByRole("dialog");
    await poll(() => modal.isVisible()).toBe(true);
    await modal.locator('[name="firstName"]').fill("Maja");
    await modal.locator('[name="lastName"]').fill("Medarrangör");
    await modal.locator('[name="phone"]').fill("701112233");
    await modal.getByRole("button", { name: sv.invite }).click();
    await poll(() => modal.isVisible()).toBe(false);
    await poll(() => page.getByText(coOrganizer).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "wizard: register event");
    await screenshot(page, "events-wizard-event-sv-1280");
    await page.getByRole("button", { name: sv.next }).click();
    await page.waitForURL(/step=1/);

    // The co-organizer got an invitation with a temporary password (and, once saved, word of being added).
    const invitation = await e2e.product.sink.waitFor(coOrganizer, (m) => /bjudit in dig/.test(m.subject));
    expect(invitation.text).toContain(coOrganizer);

    // Step 2: stations. Next without one is refused.
    await poll(() => page.locator('[name="officialQuantity"]').isVisible()).toBe(true);
    await page.getByRole("button", { name: sv.next }).click();
    await poll(() => page.getByText(sv.noStations).isVisible()).toBe(true);

    let form = await fillStation(page, { name: "Start och mål", municipality: "2480", quantity: "12" });
    // Placed by clicking the map.
    const map = page.locator(".leaflet-container").first();
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error("no map");
    await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 2 - 20);
    await poll(() => page.locator(".leaflet-marker-icon").count()).toBe(1);
    await expectNoAxeViolations(page, "wizard: station form");
    await screenshot(page, "events-wizard-station-sv-1280");
    await form.getByRole("button", { name: sv.saveStation }).click();
    await poll(() => page.locator('tr[data-station="Start och mål"]').isVisible()).toBe(true);
    // The API answers instants with offset; the list and the form show Stockholm wall-clock time.
    await poll(() => page.locator('tr[data-station="Start och mål"]').innerText()).toContain(`${date} 08:00–18:00`);
    await page.locator('tr[data-station="Start och mål"]').click();
    await poll(() => field(page, "start").inputValue()).toBe(date);
    expect(await field(page, "end").inputValue()).toBe(date);
    const hours = page.getByLabel("Timmar");
    expect([await hours.nth(0).inputValue(), await hours.nth(1).inputValue()]).toEqual(["08", "18"]);
    await page.getByRole("button", { name: sv.cancel, exact: true }).click();

    await page.getByRole("button", { name: sv.addStation }).click();
    form = await fillStation(page, { name: "Vätskestation", municipality: "2480", quantity: "6" });
    await field(page, "paymentType", form).selectOption("GROUPPAYMENT");
    await field(page, "groupPayment", form).fill("4000");
    await form.getByRole("button", { name: sv.centre }).click();
    await form.getByRole("button", { name: sv.saveStation }).click();
    await poll(() => page.locator('tr[data-station="Vätskestation"]').isVisible()).toBe(true);
    await page.getByRole("button", { name: sv.next }).click();
    await page.waitForURL(/step=2/);

    // Step 3: confirm.
    await expectNoAxeViolations(page, "wizard: confirm");
    await page.getByRole("button", { name: sv.confirm }).click();
    await page.getByRole("dialog").getByRole("button", { name: sv.confirm }).click();
    await poll(() => page.getByText(sv.confirmed).isVisible()).toBe(true);
    const eventId = new URL(page.url()).searchParams.get("id");
    expect(eventId).toBeTruthy();

    // In the list as approved, and on the public calendar.
    await page.goto(`${e2e.product.url}/my-pages/events`);
    const row = page.locator('tr[data-event="Sommarloppet i Umeå"]');
    await poll(() => row.isVisible()).toBe(true);
    expect(await row.getByText(sv.approved).isVisible()).toBe(true);
    // A confirmed event has no remove control.
    expect(await row.getByRole("button").count()).toBe(0);
    const calendar = (await (await fetch(`${e2e.product.url}/api/public/events`)).json()) as Array<{ id: string }>;
    expect(calendar.map((e) => e.id)).toContain(eventId);

    // The event page, both tabs.
    await page.goto(`${e2e.product.url}/my-pages/events/${eventId}`);
    await poll(() => field(page, "organizerName").inputValue()).toBe("Umeå Löparklubb");
    await expectNoAxeViolations(page, "event page: data");
    await screenshot(page, "events-page-data-sv-1280");
    await page.getByRole("tab", { name: "Stationer" }).click();
    await page.waitForURL(/\/stations$/);
    await poll(() => page.locator("tr[data-station]").count()).toBe(2);
    await expectNoAxeViolations(page, "event page: stations");

    // A draft is removed through the modal, which insists on its checkbox.
    await draftEvent(e2e.product.app, owner, {
      date,
      stations: [],
      event: {
        ...BARE_EVENT,
        name: "Utkast att ta bort",
        startTime: "10:00",
        city: "Umeå",
        organizerNumber: "8020001239",
        organizerName: "Umeå Löparklubb",
      },
    });
    await page.goto(`${e2e.product.url}/my-pages/events`);
    const draftRow = page.locator('tr[data-event="Utkast att ta bort"]');
    await poll(() => draftRow.isVisible()).toBe(true);
    expect(await draftRow.getByText(sv.unconfirmed).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "events hub (two events)");
    await screenshot(page, "events-hub-sv-1280");
    await draftRow.getByRole("button", { name: "Ta bort Utkast att ta bort" }).click();
    const removal = page.getByRole("dialog");
    await removal.getByRole("button", { name: sv.removeEvent }).click();
    await poll(() => removal.getByText(sv.checkboxError).isVisible()).toBe(true);
    await removal.getByRole("checkbox").check();
    await removal.getByRole("button", { name: sv.removeEvent }).click();
    await poll(() => removal.isVisible()).toBe(false);
    await poll(() => draftRow.count()).toBe(0);
  });

  it.each([
    { lang: "en" as const, width: 375, edit: "Edit Finish", name: "Lund Summer Run" },
    { lang: "sv" as const, width: 375, edit: "Redigera Finish", name: "Lunds sommarlopp" },
    { lang: "en" as const, width: 1280, edit: "Edit Finish", name: "Lund Summer Run 2" },
    { lang: "sv" as const, width: 1280, edit: "Redigera Finish", name: "Lunds sommarlopp 2" },
  ])(
    "hub, wizard, event page and team leaders' area pass axe and fit in $lang at $width px",
    async ({ lang, width, edit, name }) => {
      const tag = `${lang}-${width}`;
      const { app } = e2e.product;
      const owner = await buildUser(app, { firstName: "Erik", lastName: "Ek", language: lang });
      const event = await draftEvent(app, owner, {
        days: 20,
        event: {
          ...BARE_EVENT,
          name,
          startTime: "10:00",
          city: "Lund",
          organizerNumber: "8020001239",
          organizerName: "Lunds IK",
          included: ["CLOTHES", "FOOD"],
          shirtSizes: ["S", "M"],
          foodOptions: ["VEGAN"],
        },
        stations: [
          {
            ...LUND,
            name: "Finish",
            description: "Medals and water",
            markerLocation: "",
            officialQuantity: 8,
            ...PAID_PER_PERSON,
          },
        ],
      });
      // Two more: one next year, one held three days ago (it stays in the list for a week).
      const later = await draftEvent(app, owner, {
        days: 300,
        event: { ...BARE_EVENT, name: `${name} next year` },
        stations: [],
      });
      const held = await draftEvent(app, owner, { days: 5, event: { ...BARE_EVENT, name: `${name} last week` }, stations: [] });
      await app.database.db
        .update(events)
        .set({ date: dayFromNow(app, -3) })
        .where(eq(events.id, held.id));
      const page = await newPage(e2e.browser, { width, language: lang });
      await offlineTiles(page);
      await signInAs(page, e2e.product, owner);

      // An organizer's My pages open on their events, not on an empty group area (a new browser remembers none).
      await page.goto(`${e2e.product.url}/my-pages`);
      await page.waitForURL(/\/my-pages\/events$/);
      await poll(() => page.getByText(name, { exact: true }).isVisible()).toBe(true);
      // Coming events first, the soonest at the top; the one already held after them.
      expect(await page.locator("[data-event]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-event")))).toEqual([
        name,
        later.name,
        held.name,
      ]);
      expect(await fitsWidth(page), `hub ${tag}`).toBe(true);
      await expectNoAxeViolations(page, `hub ${tag}`);
      await screenshot(page, `events-hub-${tag}`);
      if (width >= 576) {
        // The event's link in a hovered row keeps its contrast (axe does not hover): once the row's hover
        // colour is in, the link's text stands out from it at 4.5:1 or more.
        const link = page.getByRole("link", { name, exact: true });
        await link.hover();
        await poll(async () => (await contrastBehind(link)).background).not.toBe("rgb(255, 255, 255)");
        expect((await contrastBehind(link)).contrast).toBeGreaterThanOrEqual(4.5);
      }

      await page.goto(`${e2e.product.url}/my-pages/events/new`);
      await poll(() => field(page, "name").isVisible()).toBe(true);
      expect(await fitsWidth(page), `wizard ${tag}`).toBe(true);
      await expectNoAxeViolations(page, `wizard ${tag}`);
      await screenshot(page, `events-wizard-event-${tag}`);

      await page.goto(`${e2e.product.url}/my-pages/events/new?id=${event.id}&step=1`);
      await poll(() => page.getByText("Finish", { exact: true }).first().isVisible()).toBe(true);
      expect(await fitsWidth(page), `wizard stations ${tag}`).toBe(true);
      await expectNoAxeViolations(page, `wizard stations ${tag}`);
      await screenshot(page, `events-wizard-stations-${tag}`);

      await page.goto(`${e2e.product.url}/my-pages/events/new?id=${event.id}&step=2`);
      await poll(() => page.getByRole("button", { name: lang === "sv" ? sv.confirm : "Confirm the event" }).isVisible()).toBe(
        true,
      );
      expect(await fitsWidth(page), `wizard confirm ${tag}`).toBe(true);
      await expectNoAxeViolations(page, `wizard confirm ${tag}`);
      await screenshot(page, `events-wizard-confirm-${tag}`);

      await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
      await poll(() => field(page, "organizerName").inputValue()).toBe("Lunds IK");
      expect(await fitsWidth(page), `event page ${tag}`).toBe(true);
      await expectNoAxeViolations(page, `event page ${tag}`);
      await screenshot(page, `events-page-data-${tag}`);

      await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/stations`);
      await page.getByRole("button", { name: edit }).click();
      await poll(() => page.locator(".leaflet-marker-icon").count()).toBe(1);
      expect(await fitsWidth(page), `stations ${tag}`).toBe(true);
      await expectNoAxeViolations(page, `stations ${tag}`);
      await screenshot(page, `events-page-stations-${tag}`);

      await page.goto(`${e2e.product.url}/my-pages/teamleaders`);
      await settled(page);
      expect(await fitsWidth(page), `team leaders ${tag}`).toBe(true);
      await expectNoAxeViolations(page, `team leaders ${tag}`);
      await screenshot(page, `events-teamleaders-${tag}`);
      await page.context().close();
    },
  );
});
