import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { stockholmToday } from "../../src/shared/validation.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { nameAttendees } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, type Json, offerAt, PAID_PER_PERSON, stationId, type User } from "../helpers/seed.ts";
import {
  expectNoAxeViolations,
  expectTapTargets,
  fitsWidth,
  newPage,
  poll,
  screenshot,
  setUpProduct,
  signInAs,
} from "./harness.ts";

/**
 * The event day at the station (issue 23), as the people there see it: a team leader checks people in on a
 * phone with no connection, closes the tab and opens it again offline, the taps go when the connection is
 * back, and the organizer's "Idag" tab shows them live; a pass's QR code is read through a fake camera.
 * Longer than most files (about a minute): the offline round trip needs the service worker installed and
 * the scan a browser of its own with the fake camera.
 */

const e2e = setUpProduct();

const PEOPLE = [
  ["Adam Vuxen", 30],
  ["Bea Ungdom", 16],
  ["Cecilia Vuxen", 41],
  ["David Vuxen", 25],
  ["Elin Ungdom", 15],
  ["Filip Vuxen", 52],
] as const;

let owner: User;
let leader: User;
let contact: User;
let event: Json;
let group: Json;
let s1: string;

beforeAll(async () => {
  const app = e2e.product.app;
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör", language: "en" });
  leader = await buildUser(app, { firstName: "Sara", lastName: "Stationsansvarig", phone: "0701112233" });
  contact = await buildUser(app, { firstName: "Anna", lastName: "Andersson", phone: "0702223344" });
  // Today, all day: check-in is open whenever the test runs (from 24 hours before a station's start).
  const today = stockholmToday(app.clock.now());
  event = await confirmedEvent(app, owner, {
    date: today,
    event: { name: `Vårruset ${Date.now().toString(36)}`, included: [] },
    stations: [
      {
        name: "Vätska",
        teamLeaderEmail: leader.email,
        start: `${today}T00:00`,
        end: `${today}T23:59`,
        officialMiniumumAge: 0,
        ...PAID_PER_PERSON,
      },
      { name: "Målgång", start: `${today}T00:00`, end: `${today}T23:59`, officialMiniumumAge: 0, skills: [] },
    ],
  });
  s1 = stationId(event, "Vätska");
  group = await confirmedGroup(app, contact, {
    name: `Gårda IF ${Date.now().toString(36)}`,
    ages: ["15", "16", "18+"],
    volunteers: PEOPLE.map(([name, age], i) => ({
      name,
      email: `checkin-${Date.now()}-${i}@example.se`,
      phone: "0707654321",
      age,
      participation: [],
    })),
  });
  const key = { eventId: event.id, groupId: group.id, stationId: s1 };
  await offerAt(app, owner, contact, key, { volunteers: PEOPLE.length, to: "ACCEPTED" });
  const named = await nameAttendees(app, contact.token, key, { attendees: group.volunteers.map((v: Json) => v.id) });
  if (named.status !== 200) throw new Error(JSON.stringify(named.body));
});

const checkinUrl = (mode: "teamleaders" | "events") => `${e2e.product.url}/my-pages/${mode}/${event.id}/checkin/${s1}`;

/** The station's list as the server has it. */
async function serverList(): Promise<Json> {
  const res = await call(e2e.product.app.server, "GET", `/api/events/${event.id}/stations/${s1}/checkins`, {
    token: owner.token,
  });
  return res.body;
}

const person = (page: Page, name: string) => page.locator(`[data-person="${name}"]`);

describe("check-in at the station", () => {
  it("keeps taps on a phone with no connection, through a closed tab, and sends each once when it is back; the organizer sees them live", async () => {
    const page = await newPage(e2e.browser, { width: 375, height: 800, language: "sv" });
    const context = page.context();
    await signInAs(page, e2e.product, leader);
    await page.goto(checkinUrl("teamleaders"));
    await poll(() => page.locator("[data-person]").count()).toBe(6);
    // The app is kept on the phone before the connection goes.
    await page.evaluate("navigator.serviceWorker.ready.then(() => true)");
    await poll(() => page.evaluate("navigator.serviceWorker.controller !== null")).toBe(true);
    expect(await fitsWidth(page)).toBe(true);

    await context.setOffline(true);
    for (const [name] of PEOPLE.slice(0, 5)) await page.getByRole("button", { name: `Checka in ${name}` }).click();
    await page.getByRole("button", { name: "Lägg till oanmäld funktionär" }).click();
    const dialog = page.getByRole("dialog", { name: "Oanmäld funktionär" });
    await dialog.locator('[name="name"]').fill("Gustav Oanmäld");
    await dialog.locator('[name="age"]').fill("12");
    await dialog.getByRole("button", { name: "Checka in" }).click();
    await poll(() => page.locator("[data-pending]").getAttribute("data-pending")).toBe("6");
    await expect.poll(() => page.getByText("6 incheckningar väntar på att skickas.").isVisible()).toBe(true);
    expect(await page.locator('[data-sync="offline"]').count()).toBe(1);
    expect((await serverList()).counts.arrived).toBe(0);

    // The tab is closed and opened again, still with no connection: the app and the waiting taps are there.
    await page.close();
    const again = await context.newPage();
    await again.goto(checkinUrl("teamleaders"));
    await poll(() => again.locator('[data-state="arrived"]').count()).toBe(5);
    expect(await again.locator('[data-walk-up="Gustav Oanmäld"]').count()).toBe(1);
    expect(await again.locator("[data-pending]").getAttribute("data-pending")).toBe("6");
    await poll(() => again.getByText("Ingen anslutning.", { exact: false }).isVisible()).toBe(true);
    await expectNoAxeViolations(again, "check-in offline sv-375");
    await expectTapTargets(again, "check-in sv-375");
    await screenshot(again, "checkin-offline-sv-375");

    // The organizer follows the day live on "Idag".
    const organizer = await newPage(e2e.browser, { width: 1280, language: "en" });
    await signInAs(organizer, e2e.product, owner);
    await organizer.goto(`${e2e.product.url}/my-pages/events/${event.id}/today`);
    const card = organizer.locator('[data-today-station="Vätska"]');
    await poll(() => organizer.locator('[data-live="live"]').count()).toBe(1);
    await poll(() => card.locator("[data-counts]").getAttribute("data-counts")).toBe("6/0/6");
    expect(await card.getAttribute("data-short")).toBe("true");

    // The connection is back: everything waiting goes, once each.
    await context.setOffline(false);
    await poll(() => again.locator("[data-pending]").getAttribute("data-pending")).toBe("0");
    await poll(() => card.locator("[data-counts]").getAttribute("data-counts")).toBe("6/6/0");
    const listed = await serverList();
    expect(listed.counts).toMatchObject({ expected: 6, arrived: 6, adults: 3, children: 3 });
    expect(
      listed.people
        .filter((p: Json) => p.arrivedAt)
        .map((p: Json) => p.name)
        .sort(),
    ).toEqual(
      PEOPLE.slice(0, 5)
        .map(([n]) => n)
        .sort(),
    );
    expect(listed.walkUps.map((w: Json) => w.name)).toEqual(["Gustav Oanmäld"]);
    expect(await card.getAttribute("data-short")).toBe("false");
    await expectNoAxeViolations(organizer, "today en-1280");
    await screenshot(organizer, "today-en-1280");
    await screenshot(again, "checkin-sent-sv-375");

    // "Kommer inte" and undo, with the connection.
    await again.getByRole("button", { name: "Filip Vuxen kommer inte" }).click();
    await poll(() => person(again, "Filip Vuxen").getAttribute("data-state")).toBe("noShow");
    await again.getByRole("button", { name: "Ångra för Adam Vuxen" }).click();
    await poll(() => card.locator("[data-counts]").getAttribute("data-counts")).toBe("6/5/1");
  });

  it("reads a pass's QR code through the camera and checks its volunteer in", async () => {
    const passes = await call(e2e.product.app.server, "GET", `/api/groups/${group.id}/events/${event.id}/passes`, {
      token: contact.token,
    });
    const pass = passes.body.find((p: Json) => p.name === "Bea Ungdom");
    // A camera that films the pass's QR code (Chromium's fake capture device plays the file in a loop).
    const video = path.join(mkdtempSync(path.join(tmpdir(), "bemanna-pass-")), "pass.y4m");
    writeFileSync(video, qrVideo(pass.url));
    const browser = await chromium.launch({
      executablePath: ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: "en-GB" });
      await context.grantPermissions(["camera"], { origin: e2e.product.url });
      await context.addInitScript({
        content: 'localStorage.setItem("bemanna.language", "en"); localStorage.setItem("bemanna.cookieConsent", "true");',
      });
      const page = await context.newPage();
      await signInAs(page, e2e.product, owner);
      await page.goto(checkinUrl("events"));
      await poll(() => page.locator("[data-person]").count()).toBe(6);
      await page.getByRole("button", { name: "Scan pass" }).click();
      await poll(() => page.getByText("Bea Ungdom is checked in.").isVisible()).toBe(true);
      await poll(() => person(page, "Bea Ungdom").getAttribute("data-state")).toBe("arrived");
      await screenshot(page, "checkin-scan-en-375");
      await page.getByRole("button", { name: "Close the camera" }).click();
      await expectNoAxeViolations(page, "check-in en-375");
      await poll(async () => (await serverList()).people.find((p: Json) => p.name === "Bea Ungdom").arrivedAt !== null).toBe(
        true,
      );
    } finally {
      await browser.close();
    }
  });

  it("fills the attendance form from the check-ins, and the payout follows what is saved", async () => {
    // By now: Cecilia and David (adults), Bea, Elin and the walk-up Gustav (children) came; Adam's was
    // undone and Filip is not coming.
    const page = await newPage(e2e.browser, { width: 375, language: "en" });
    await signInAs(page, e2e.product, owner);
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/attendance/${s1}`);
    const form = page.locator(`[data-group="${group.name}"]`);
    await poll(() => form.locator("[data-from-checkins]").getAttribute("data-from-checkins")).toBe("true");
    expect(await form.locator('[name="adultAttendance"]').inputValue()).toBe("2");
    expect(await form.locator('[name="childAttendance"]').inputValue()).toBe("3");
    await expectNoAxeViolations(page, "attendance from check-ins en-375");
    await screenshot(page, "attendance-from-checkins-en-375");
    await form.getByRole("button", { name: "Save attendance" }).click();
    await poll(() => form.locator("[data-recorded]").innerText()).toContain("2");
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/payout`);
    // 2 adults × 300 kr + 3 children × 200 kr.
    await poll(() => page.locator(`[data-statement="${group.name}"] [data-total]`).innerText()).toMatch(
      /^SEK 1,200$|^1[\s\u00a0]200 kr$/,
    );
  });

  it("shows a volunteer's pass on a phone, and the group's sheet of passes to print", async () => {
    const passes = await call(e2e.product.app.server, "GET", `/api/groups/${group.id}/events/${event.id}/passes`, {
      token: contact.token,
    });
    const page = await newPage(e2e.browser, { width: 375, language: "en" });
    await page.goto(`${e2e.product.url}/pass/${String(passes.body[0].url).split("/pass/")[1]}`);
    await poll(() => page.getByRole("heading", { name: `Volunteer pass: ${passes.body[0].name}` }).isVisible()).toBe(true);
    expect(await page.getByText("Sara Stationsansvarig, 070-111 22 33").isVisible()).toBe(true);
    await expectNoAxeViolations(page, "pass en-375");
    await screenshot(page, "pass-en-375");

    const sheet = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await signInAs(sheet, e2e.product, contact);
    await sheet.goto(`${e2e.product.url}/my-pages/volunteers/${group.id}/passes/${event.id}`);
    await poll(() => sheet.locator("[data-pass]").count()).toBe(6);
    await sheet.getByText("Kort, flera per sida").click();
    await poll(() => sheet.locator('[data-layout="cards"]').count()).toBe(1);
    await expectNoAxeViolations(sheet, "passes sv-1280");
    await screenshot(sheet, "passes-cards-sv-1280");

    // The station has started: the group's contact sees who of theirs is missing (Adam's check-in was
    // undone, Filip is not coming); the group has nobody else to send.
    await sheet.goto(`${e2e.product.url}/my-pages/volunteers/engagement/${event.id}/${group.id}/${s1}`);
    await poll(() => sheet.locator("[data-missing]").count()).toBe(2);
    expect(await sheet.locator('[data-missing="Filip Vuxen"]').innerText()).toContain("Kommer inte");
    expect(await sheet.getByText("Det finns ingen annan i gruppen att sätta in.").count()).toBe(2);
    await expectNoAxeViolations(sheet, "stand-ins sv-1280");
    await screenshot(sheet, "stand-ins-sv-1280");
  });
});

/** A Y4M video (what Chromium's fake camera plays) of a QR code of `text`, black on white, 10 frames. */
function qrVideo(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const width = 640;
  const height = 480;
  const scale = Math.floor(440 / (n + 8));
  const left = Math.floor((width - n * scale) / 2);
  const top = Math.floor((height - n * scale) / 2);
  const y = Buffer.alloc(width * height, 235);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          y.fill(16, (top + r * scale + dy) * width + left + c * scale, (top + r * scale + dy) * width + left + (c + 1) * scale);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]);
}
