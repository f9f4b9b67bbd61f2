import { readFile } from "node:fs/promises";
import { and, eq, inArray } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { offers, users } from "../../src/server/db/schema.ts";
import { addDays } from "../../src/shared/validation.ts";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { answerOffer, createOffer, sendOffers } from "../helpers/offers.ts";
import {
  BARE_EVENT,
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  type Json,
  LUND,
  stationBody,
  stationId,
} from "../helpers/seed.ts";
import { expectNoAxeViolations, field, fitsWidth, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * The event day at the station: the organizer, on a phone, records how many of a group came; the payout
 * tab then shows what each group is paid, and the group's contact sees their own statement. The event is
 * dated today by the server's clock, so the stations of today are open and tomorrow's is not yet.
 */

const e2e = setUpProduct();

const EVENT = "Sjöloppet";
const IFK = "IFK Lund P16";
const DALBY = "Dalby GIF F17";

/**
 * Through the API, what is not under test: the organizer's event today in Lund with four stations (one of
 * them tomorrow), two confirmed groups of one contact, and their accepted offers; attendance at two stations.
 */
async function seed(app: TestApp, teamLeaderEmail = "") {
  const organizer = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist" });
  const contact = await buildUser(app, { firstName: "Olle", lastName: "Nilsson", phone: "0701234567" });
  const today = dayFromNow(app, 0);
  const tomorrow = addDays(today, 1);

  const station = (name: string, date: string, from: string, to: string, pay: Record<string, unknown>) =>
    stationBody(date, {
      ...LUND,
      name,
      description: `${name} vid sjön`,
      start: `${date}T${from}`,
      end: `${date}T${to}`,
      officialQuantity: 10,
      officialMiniumumAge: 15,
      skills: [],
      currency: "SEK",
      groupPayment: null,
      paymentAdult: null,
      paymentChild: null,
      ...pay,
    });
  const event = await confirmedEvent(app, organizer, {
    date: today,
    event: {
      ...BARE_EVENT,
      name: EVENT,
      startTime: "08:00",
      city: "Lund",
      organizerNumber: "8020001239",
      organizerName: "Lunds IK",
    },
    stations: [
      station("Vätskestation", today, "08:00", "15:30", {
        teamLeaderEmail,
        paymentType: "PERPERSON",
        paymentAdult: 300,
        paymentChild: 150,
      }),
      station("Målgång", today, "09:00", "16:30", { paymentType: "HOURLYRATE", paymentAdult: 100, paymentChild: 50 }),
      station("Parkering", today, "07:00", "12:00", { paymentType: "GROUPPAYMENT", groupPayment: 2000 }),
      station("Nedplockning", tomorrow, "10:00", "14:00", { paymentType: "PERPERSON", paymentAdult: 200, paymentChild: 100 }),
    ],
  });
  const stationOf = (name: string) => stationId(event, name);

  const group = (name: string) =>
    confirmedGroup(app, contact, {
      name,
      organizationName: name.split(" ").slice(0, 2).join(" "),
      municipality: LUND.municipality,
      ages: ["16", "17", "18+"],
      sport: 0,
      availabilities: [{ type: "PERIOD", startDate: today, endDate: tomorrow, location: LUND.municipality }],
    });
  const ifk = await group(IFK);
  const dalby = await group(DALBY);

  const accepted = [
    [ifk, "Vätskestation", 6],
    [ifk, "Parkering", 4],
    [ifk, "Nedplockning", 4],
    [dalby, "Målgång", 5],
  ] as const;
  const key = (g: Json, name: string) => ({ eventId: event.id, groupId: g.id, stationId: stationOf(name) });
  for (const [g, name, volunteers] of accepted) await createOffer(app, organizer.token, key(g, name), volunteers);
  expect((await sendOffers(app, organizer.token, event.id)).status).toBe(200);
  for (const [g, name] of accepted) expect((await answerOffer(app, contact.token, key(g, name), "accept")).status).toBe(200);

  const attend = async (g: Json, name: string, adultAttendance: number, childAttendance: number) => {
    const res = await call(app.server, "POST", `/api/events/${event.id}/attendance/${stationOf(name)}_${g.id}`, {
      token: organizer.token,
      body: { adultAttendance, childAttendance },
    });
    expect(res.status).toBe(200);
  };
  await attend(dalby, "Målgång", 3, 1); // (3 × 100 + 50) × 7.5 h = 2 625 kr
  await attend(ifk, "Parkering", 3, 0); // 2 000 kr to the group

  return { organizer, contact, event, ifk, dalby, today, station: stationOf };
}

/** A form control by its name inside one part of the page (one group's block). */
const named = (scope: Locator, name: string) => scope.locator(`[name="${name}"]`);

/** Spaces of every kind as one: amounts are grouped with a no-break space. */
const plain = (text: string) => text.replace(/\s+/g, " ").trim();

async function recorded(eventId: string, groupId: string, stationId: string) {
  const [row] = await e2e.product.app.database.db
    .select({ adult: offers.adultAttendance, child: offers.childAttendance })
    .from(offers)
    .where(and(eq(offers.eventId, eventId), eq(offers.groupId, groupId), eq(offers.stationId, stationId)));
  return row;
}

async function look(page: Page, name: string) {
  expect(await fitsWidth(page), `${name} fits the screen`).toBe(true);
  await expectNoAxeViolations(page, name);
  await screenshot(page, name);
}

describe("attendance and pay on the event day", () => {
  it("the organizer records attendance at 375 px; the payout tab and the group's statement show the right amounts", async () => {
    const s = await seed(e2e.product.app);
    const base = `${e2e.product.url}/my-pages/events/${s.event.id}`;
    const page = await newPage(e2e.browser, { width: 375, height: 800, language: "sv" });
    await signInAs(page, e2e.product, s.organizer);

    // The stations by start time, each with the groups that accepted.
    await page.goto(`${base}/attendance`);
    const rows = page.locator("[data-station]");
    await poll(() => rows.count()).toBe(4);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-station")))).toEqual([
      "Parkering",
      "Vätskestation",
      "Målgång",
      "Nedplockning",
    ]);
    const water = page.locator('[data-station="Vätskestation"]');
    await poll(() => water.locator("[data-groups]").innerText()).toBe(`Grupper som har tackat ja: ${IFK}`);
    expect(await water.innerText()).toContain("Start 08:00");
    expect(await page.locator('[data-station="Nedplockning"]').innerText()).toContain(`${addDays(s.today, 1)} 10:00`);

    // The station: its facts, the group, its contacts, and the form.
    await page.getByRole("link", { name: "Visa närvaron för Vätskestation" }).click();
    await page.waitForURL(`${base}/attendance/${s.station("Vätskestation")}`);
    const block = page.locator(`[data-group="${IFK}"]`);
    await poll(() => block.isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 2 }).innerText()).toBe("Vätskestation");
    expect(await block.locator("[data-volunteers]").innerText()).toBe("6");
    expect(await block.locator("[data-recorded]").innerText()).toBe("Inte registrerad än");
    expect(await block.getByRole("link", { name: "E-post till Olle Nilsson" }).innerText()).toBe(s.contact.email);
    expect(await block.getByRole("link", { name: "Ring Olle Nilsson" }).innerText()).toBe("070-123 45 67");

    // More than the group's volunteers: refused before anything is sent.
    await named(block, "adultAttendance").fill("5");
    await named(block, "childAttendance").fill("2");
    await block.getByRole("button", { name: "Spara närvaro" }).click();
    await poll(() => block.getByRole("alert").innerText()).toBe(
      "Vuxna och barn kan tillsammans inte vara fler än gruppens 6 funktionärer.",
    );
    expect(await recorded(s.event.id, s.ifk.id, s.station("Vätskestation"))).toEqual({ adult: null, child: null });
    await look(page, "attendance-station-exceeds-sv-375");

    // Mended, the message goes before the next try.
    await named(block, "adultAttendance").fill("4");
    await poll(() => block.getByRole("alert").count()).toBe(0);
    await block.getByRole("button", { name: "Spara närvaro" }).click();
    await poll(() => page.getByText(`Närvaron för ${IFK} är sparad.`).isVisible()).toBe(true);
    await poll(() => block.locator("[data-recorded]").innerText()).toBe("4 vuxna och 2 barn");
    expect(await block.getByRole("alert").count()).toBe(0);
    expect(await recorded(s.event.id, s.ifk.id, s.station("Vätskestation"))).toEqual({ adult: 4, child: 2 });

    // Tomorrow's station is not open yet: the form is there but closed, and says why.
    await page.getByRole("link", { name: "Alla stationer" }).click();
    await page.getByRole("link", { name: "Visa närvaron för Nedplockning" }).click();
    const later = page.locator(`[data-group="${IFK}"]`);
    await poll(() => later.getByText("Närvaron kan inte registreras förrän stationens startdag.").isVisible()).toBe(true);
    expect(await named(later, "adultAttendance").isDisabled()).toBe(true);
    expect(await later.getByRole("button", { name: "Spara närvaro" }).isDisabled()).toBe(true);
    await look(page, "attendance-station-closed-sv-375");

    // The pay: per group and station, and the event's total.
    await page.goto(`${base}/payout`);
    const ifkStatement = page.locator(`[data-statement="${IFK}"]`);
    await poll(() => ifkStatement.isVisible()).toBe(true);
    const amount = (statement: string, station: string) =>
      page.locator(`[data-statement="${statement}"] [data-station="${station}"] [data-amount]`).innerText();
    expect(plain(await amount(IFK, "Vätskestation"))).toBe("1 500 kr");
    expect(plain(await amount(IFK, "Parkering"))).toBe("2 000 kr");
    expect(plain(await amount(IFK, "Nedplockning"))).toBe("Närvaron är inte registrerad");
    expect(plain(await amount(DALBY, "Målgång"))).toBe("2 625 kr");
    expect(plain(await ifkStatement.locator("[data-total]").innerText())).toBe("3 500 kr");
    expect(plain(await page.locator("[data-event-total]").innerText())).toBe("6 125 kr");
    expect(await ifkStatement.locator("..").innerText()).toContain(
      "1 station saknar registrerad närvaro och ingår inte i summan.",
    );
    await look(page, "payout-sv-375");

    // The CSV for the bookkeeping.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Ladda ner för bokföringen (CSV)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`ersattning-${EVENT}-${s.today}.csv`);
    const csv = await readFile((await file.path()) as string, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(`${IFK};IFK Lund;Vätskestation;`);
    expect(csv).toContain(";6;4;2;1500,00;SEK;");
    expect(csv).toContain("Totalt för evenemanget;;;;;;;;;6125,00;SEK;");
    await page.context().close();

    // The group's contact sees what the group is paid.
    const mine = await newPage(e2e.browser, { width: 375, language: "sv" });
    await signInAs(mine, e2e.product, s.contact);
    await mine.goto(`${e2e.product.url}/my-pages/volunteers/${s.ifk.id}`);
    await mine.getByRole("tab", { name: "Ersättning" }).click();
    await mine.waitForURL(`${e2e.product.url}/my-pages/volunteers/${s.ifk.id}/payout`);
    const statement = mine.locator(`[data-event="${EVENT}"]`);
    await poll(() => statement.isVisible()).toBe(true);
    expect(plain(await statement.locator("[data-total]").innerText())).toBe("3 500 kr");
    expect(await mine.getByText(DALBY).count()).toBe(0);
    await look(mine, "group-payout-sv-375");
    await mine.context().close();
  });

  it("every page is axe clean and fits, in Swedish and English, on a phone and a desktop", async () => {
    const s = await seed(e2e.product.app);
    for (const language of ["sv", "en"] as const) {
      // Signing in switches the app to the account's language.
      await e2e.product.app.database.db
        .update(users)
        .set({ language })
        .where(inArray(users.email, [s.organizer.email, s.contact.email]));
      for (const width of [375, 1280]) {
        const tag = `${language}-${width}`;
        const page = await newPage(e2e.browser, { width, language });
        await signInAs(page, e2e.product, s.organizer);
        const base = `${e2e.product.url}/my-pages/events/${s.event.id}`;

        await page.goto(`${base}/attendance`);
        await poll(() => page.locator("[data-groups]").first().isVisible()).toBe(true);
        await look(page, `attendance-list-${tag}`);

        await page.goto(`${base}/attendance/${s.station("Parkering")}`);
        await poll(() => page.locator(`[data-group="${IFK}"] [data-recorded]`).isVisible()).toBe(true);
        expect(await field(page, "adultAttendance").inputValue()).toBe("3");
        await look(page, `attendance-station-${tag}`);

        await page.goto(`${base}/payout`);
        await poll(() => page.locator("[data-event-total]").isVisible()).toBe(true);
        expect(plain(await page.locator("[data-event-total]").innerText())).toBe(language === "sv" ? "4 625 kr" : "SEK 4,625");
        await look(page, `payout-${tag}`);
        await page.context().close();

        const mine = await newPage(e2e.browser, { width, language });
        await signInAs(mine, e2e.product, s.contact);
        await mine.goto(`${e2e.product.url}/my-pages/volunteers/${s.dalby.id}/payout`);
        await poll(() => mine.locator(`[data-event="${EVENT}"] [data-total]`).isVisible()).toBe(true);
        expect(plain(await mine.locator("[data-total]").innerText())).toBe(language === "sv" ? "2 625 kr" : "SEK 2,625");
        await look(mine, `group-payout-${tag}`);
        await mine.context().close();
      }
    }
  });

  it("a team leader at the station records attendance on a phone and sees only their station; the pay follows", async () => {
    const leader = await buildUser(e2e.product.app, { firstName: "Lena", lastName: "Ledare" });
    const s = await seed(e2e.product.app, leader.email);
    const page = await newPage(e2e.browser, { width: 375, height: 800, language: "sv" });
    await signInAs(page, e2e.product, leader);

    // The team leaders' area lists the event, naming the one station they lead.
    await page.goto(`${e2e.product.url}/my-pages/teamleaders`);
    await poll(() => page.getByRole("link", { name: EVENT }).first().isVisible()).toBe(true);
    expect(await page.locator("main").innerText()).toContain("Vätskestation");
    expect(await page.locator("main").innerText()).not.toContain("Parkering");
    await page.getByRole("link", { name: EVENT }).first().click();
    const base = `${e2e.product.url}/my-pages/teamleaders/${s.event.id}`;
    await page.waitForURL(new RegExp(`^${base}`));
    // No matching, roster or pay for a team leader.
    await poll(() => page.getByRole("tab", { name: "Närvaro" }).isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Matchning" }).count()).toBe(0);
    expect(await page.getByRole("tab", { name: "Ersättning" }).count()).toBe(0);

    // Attendance: only their station, and the group's contacts to call.
    await page.getByRole("tab", { name: "Närvaro" }).click();
    await page.waitForURL(`${base}/attendance`);
    await poll(() => page.locator("[data-station]").count()).toBe(1);
    expect(await page.locator("[data-station]").getAttribute("data-station")).toBe("Vätskestation");
    await look(page, "teamleader-attendance-list-sv-375");
    await page.getByRole("link", { name: "Visa närvaron för Vätskestation" }).click();
    await page.waitForURL(`${base}/attendance/${s.station("Vätskestation")}`);
    const block = page.locator(`[data-group="${IFK}"]`);
    await poll(() => block.isVisible()).toBe(true);
    expect(await block.getByRole("link", { name: "Ring Olle Nilsson" }).innerText()).toBe("070-123 45 67");
    await named(block, "adultAttendance").fill("5");
    await named(block, "childAttendance").fill("1");
    await block.getByRole("button", { name: "Spara närvaro" }).click();
    await poll(() => block.locator("[data-recorded]").innerText()).toBe("5 vuxna och 1 barn");
    expect(await recorded(s.event.id, s.ifk.id, s.station("Vätskestation"))).toEqual({ adult: 5, child: 1 });
    await look(page, "teamleader-attendance-station-sv-375");

    // Another station of the same event does not exist for them, in the page or through the API.
    await page.goto(`${base}/attendance/${s.station("Parkering")}`);
    await poll(() => page.getByRole("alert").isVisible()).toBe(true);
    const other = await call(
      e2e.product.app.server,
      "POST",
      `/api/events/${s.event.id}/attendance/${s.station("Parkering")}_${s.ifk.id}`,
      { token: leader.token, body: { adultAttendance: 1, childAttendance: 0 } },
    );
    expect(other.status).toBe(404);

    // Send-outs: their one station is chosen already, and there is no other to choose.
    await page.goto(`${base}/sendouts`);
    await poll(() => page.getByRole("heading", { name: "Nytt utskick" }).isVisible()).toBe(true);
    expect(await page.locator("main").innerText()).toContain("Vätskestation (08:00)");
    await page.getByRole("combobox", { name: "Stationer" }).click();
    expect(await page.getByRole("option", { name: /Parkering/ }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await look(page, "teamleader-sendout-form-sv-375");
    await page.context().close();

    // The organizer's payout now pays IFK for what the team leader recorded: 5 × 300 + 1 × 150.
    const org = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await signInAs(org, e2e.product, s.organizer);
    await org.goto(`${e2e.product.url}/my-pages/events/${s.event.id}/payout`);
    const cell = org.locator(`[data-statement="${IFK}"] [data-station="Vätskestation"] [data-amount]`);
    await poll(async () => plain(await cell.innerText())).toBe("1 650 kr");
    expect(plain(await org.locator(`[data-statement="${IFK}"] [data-total]`).innerText())).toBe("3 650 kr");
    await org.context().close();
  });
});
