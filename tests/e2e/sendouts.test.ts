import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { rateEvents } from "../../src/server/db/schema.ts";
import { SEND_OUTS_PER_HOUR } from "../../src/server/features/sendouts/service.ts";
import { mapLink } from "../../src/shared/geo/map-link.ts";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { attachmentsOf, pdf, plainTextOf } from "../helpers/files.ts";
import { nameAttendees } from "../helpers/offers.ts";
import { BARE_EVENT, confirmedEvent, confirmedGroup, dayFromNow, draftEvent, LUND, offerAt, stationId } from "../helpers/seed.ts";
import { listSendOuts } from "../helpers/sendouts.ts";
import {
  expectNoAxeViolations,
  field,
  fitsWidth,
  newPage,
  poll,
  screenshot,
  setUpProduct,
  signInAs,
  textInSight,
} from "./harness.ts";

/**
 * Send-outs in the browser: the organizer writes one to a station's volunteers with an attachment, sees it
 * sent, follows it in the list and on its own page, and the mail arrives with the attachment and the
 * station's map link. The same screens in English at 375 px; a draft event explains why nothing can be sent.
 */

const e2e = setUpProduct();

const EVENT = "Lundaloppet";
const WATER = "Vätskekontroll";
const FINISH = "Målgång";
const WATER_PLACE = { lat: 55.704712, lng: 13.191003 };
const VOLUNTEERS = [
  { name: "Elin Holm", email: "elin.utskick@example.se", phone: "0701112233", age: 16 },
  { name: "Noah Lund", email: "noah.utskick@example.se", phone: "0702223344", age: 17 },
  { name: "Maja Strand", email: "maja.utskick@example.se", phone: "0703334455", age: 15 },
];

/**
 * Through the API, what comes before a send-out: the organizer's confirmed event with two stations, a group
 * that accepted the water station and named two of its three volunteers; and a draft event.
 */
async function seed(app: TestApp) {
  const organizer = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist" });
  // The event's second contact reads the product in English.
  const coOrganizer = await buildUser(app, { firstName: "Emma", lastName: "Berg", language: "en" });
  const contact = await buildUser(app, { firstName: "Olle", lastName: "Nilsson" });
  const date = dayFromNow(app, 40);
  const station = (name: string, from: string, place: { lat: number; lng: number }) => ({
    ...LUND,
    name,
    description: `${name}: ni delar ut vatten och hejar på löparna.`,
    start: `${date}T${from}`,
    end: `${date}T16:00`,
    markerCoordinates: place,
    officialQuantity: 6,
    officialMiniumumAge: 15,
    skills: [],
    paymentType: "NOCOMPENSATION",
    currency: null,
    groupPayment: null,
  });
  const event = (name: string) => ({
    date,
    event: {
      name,
      startTime: "09:00",
      city: "Lund",
      ...BARE_EVENT,
      organizerNumber: "802000-1239",
      organizerName: "Lunds Löparklubb",
      contactPersons: [{ email: coOrganizer.email, name: "Emma Berg" }],
    },
    stations: [station(FINISH, "08:00", { lat: 55.71, lng: 13.2 }), station(WATER, "09:00", WATER_PLACE)],
  });
  const confirmed = await confirmedEvent(app, organizer, event(EVENT));
  const draft = await draftEvent(app, organizer, event("Höstloppet"));

  const group = await confirmedGroup(app, contact, {
    name: "Lunds BK P15",
    organizationName: "Lunds BK",
    municipality: LUND.municipality,
    numberOfMembers: 12,
    ages: ["15", "16", "17"],
    sport: 0,
    volunteers: VOLUNTEERS,
  });
  const key = { eventId: confirmed.id, groupId: group.id, stationId: stationId(confirmed, WATER) };
  await offerAt(app, organizer, contact, key, { volunteers: 2, to: "ACCEPTED" });
  const named = group.volunteers
    .filter((v: { email: string }) => v.email !== VOLUNTEERS[2].email)
    .map((v: { id: string }) => v.id);
  expect((await nameAttendees(app, contact.token, key, { attendees: named })).status).toBe(200);
  return { organizer, coOrganizer, contact, event: confirmed, draft, stationId: key.stationId };
}

/** One seed for both tests: the first sends on the confirmed event, the second reads only the draft. */
let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed(e2e.product.app);
});

const base = (eventId: string) => `${e2e.product.url}/my-pages/events/${eventId}/sendouts`;

/** The message of a field, found through the field's own aria-describedby. */
async function errorOf(page: Page, input: Locator) {
  const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(" ");
  const id = ids.find((x) => x.endsWith("-error"));
  if (!id) throw new Error(`no message for the field: ${ids.join(" ")}`);
  return page.locator(`[id="${id}"]`);
}

/** Ten send-outs by this person for the event in the last hour, the most the hour takes (ADR 025). */
async function spendHour(email: string) {
  const db = e2e.product.app.ctx.db;
  const [user] = await queryRows<{ id: string }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
  const at = new Date(e2e.product.app.clock.now().getTime() - 10 * 60_000);
  await db.insert(rateEvents).values(
    Array.from({ length: SEND_OUTS_PER_HOUR.limit }, () => ({
      key: `${SEND_OUTS_PER_HOUR.name}:${s.event.id}:${user.id}`,
      at,
    })),
  );
}

async function chooseStation(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
  await page.keyboard.press("Escape");
}

describe("send-outs", () => {
  it("the organizer sends one with an attachment to a station's volunteers; it arrives; list and page show it", async () => {
    const org = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await signInAs(org, e2e.product, s.organizer);
    await org.goto(base(s.event.id));
    await poll(() => org.getByRole("heading", { name: "Nytt utskick" }).isVisible()).toBe(true);
    expect(await org.getByRole("tab", { name: "Utskick" }).getAttribute("aria-selected")).toBe("true");
    expect(await org.getByText("Skriv {coordinates} där kartlänken till stationen ska stå.", { exact: false }).isVisible()).toBe(
      true,
    );
    await expectNoAxeViolations(org, "send-out form, empty");
    await screenshot(org, "sendouts-01-form-sv-1280");

    // Nothing chosen or written: the form says what is missing and sends nothing.
    await org.getByRole("button", { name: "Skicka utskick" }).click();
    const fixAlert = org.getByRole("alert").filter({ hasText: "Något behöver rättas – se de markerade fälten." });
    await poll(() => fixAlert.isVisible()).toBe(true);
    expect(await org.getByText("Du måste fylla i fältet").count()).toBeGreaterThanOrEqual(3);
    // The focus is on the stations, whose option list stays shut: their message is in sight, not under the list.
    const stations = org.getByRole("combobox", { name: "Stationer" });
    const stationsError = await errorOf(org, stations);
    await poll(() => stations.getAttribute("aria-expanded")).toBe("false");
    expect(await org.locator("[role=option]:visible").count()).toBe(0);
    await poll(() => textInSight(stationsError)).toBe("Du måste fylla i fältet");
    await expectNoAxeViolations(org, "send-out form, refused empty");

    await chooseStation(org, "Stationer", `${WATER} (09:00)`);
    expect(await field(org, "stations").inputValue()).toBe(s.stationId);
    expect(await org.getByRole("checkbox", { name: "Funktionärer" }).isChecked()).toBe(true);
    await field(org, "subject").fill("Inför Lundaloppet");
    await field(org, "message").fill("Hej!\n\nSamling 08:30 vid er station: {coordinates}\nPM:et finns i bilagan.");
    // Every marked field mended: the alert goes before anything is sent.
    await poll(() => fixAlert.count()).toBe(0);

    // A file over 6 MB is refused before it is sent, with the limit named.
    const fileInput = org.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: "stor.pdf", mimeType: "application/pdf", buffer: pdf(7 * 1024 * 1024) });
    await poll(() =>
      org.getByRole("alert").filter({ hasText: "stor.pdf är för stor. En fil får vara högst 6 MB." }).isVisible(),
    ).toBe(true);
    // The real attachment is uploaded at once and listed with its size and a remove button.
    const attachment = pdf(30_000);
    await fileInput.setInputFiles({ name: "PM Lundaloppet.pdf", mimeType: "application/pdf", buffer: attachment });
    await poll(() => org.getByRole("button", { name: "Ta bort PM Lundaloppet.pdf" }).isVisible()).toBe(true);
    expect(await org.getByRole("list", { name: "Uppladdade filer" }).innerText()).toContain("29 kB");
    // What the event's files come to, by the server's count.
    expect(await org.getByText("Evenemanget har 1 av högst 50 filer (29 kB av 100 MB).").isVisible()).toBe(true);
    expect(await org.getByRole("button", { name: "Välj fil" }).isEnabled()).toBe(true);
    await expectNoAxeViolations(org, "send-out form, filled in");
    await screenshot(org, "sendouts-02-form-filled-sv-1280");

    await org.getByRole("button", { name: "Skicka utskick" }).click();
    const sent = org.getByRole("status").filter({ hasText: "Det går till 2 mottagare." });
    await poll(() => sent.isVisible()).toBe(true);
    await expectNoAxeViolations(org, "send-out form, sent");
    await screenshot(org, "sendouts-03-sent-sv-1280");
    // The form is ready for the next one.
    expect(await field(org, "subject").inputValue()).toBe("");
    expect(await org.getByRole("button", { name: "Ta bort PM Lundaloppet.pdf" }).count()).toBe(0);

    // Each named volunteer gets one mail with the attachment and their station's map link; the third none.
    for (const v of VOLUNTEERS.slice(0, 2)) {
      const mail = await e2e.product.sink.waitFor(v.email, (m) => m.subject === "Inför Lundaloppet", 20_000);
      const files = attachmentsOf(mail.raw);
      expect(files.map((f) => f.filename)).toEqual(["PM Lundaloppet.pdf"]);
      expect(files[0].content.equals(attachment)).toBe(true);
      expect(plainTextOf(mail.raw)).toContain(`Samling 08:30 vid er station: ${mapLink(WATER_PLACE)}`);
    }
    expect(e2e.product.sink.count(VOLUNTEERS[2].email)).toBe(0);

    // The sent message goes after 5 seconds.
    await poll(() => sent.count()).toBe(0);

    await org.getByRole("link", { name: "Tidigare utskick" }).click();
    await org.waitForURL(/\/sendouts\/list$/);
    const row = org.locator('[data-sendout="Inför Lundaloppet"]');
    await poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expectNoAxeViolations(org, "send-out list");
    await screenshot(org, "sendouts-04-list-sv-1280");

    // The row opens the send-out; so does its link from the keyboard.
    await row.getByRole("link", { name: "Inför Lundaloppet" }).focus();
    await org.keyboard.press("Enter");
    await org.waitForURL(/\/sendouts\/[0-9a-f-]{36}$/);
    await poll(() => org.getByRole("heading", { name: "Inför Lundaloppet" }).isVisible()).toBe(true);
    const page = await org.locator("main").innerText();
    expect(page).toContain(WATER);
    expect(page).toContain("Funktionärer");
    expect(page).toContain("PM Lundaloppet.pdf");
    expect(page).toContain("Karin Lindqvist");
    await poll(async () => (await org.locator("main").innerText()).includes("Levererade\n2")).toBe(true);
    // The attachment opens from the page, as the bytes that were sent.
    const [download] = await Promise.all([
      org.waitForEvent("download"),
      org.getByRole("button", { name: "Ladda ner PM Lundaloppet.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("PM Lundaloppet.pdf");
    expect(readFileSync(await download.path()).equals(attachment)).toBe(true);
    await expectNoAxeViolations(org, "send-out page");
    await screenshot(org, "sendouts-05-page-sv-1280");
    await org.getByRole("link", { name: "Alla utskick" }).click();
    await org.waitForURL(/\/sendouts\/list$/);
    await org.getByRole("link", { name: "Nytt utskick" }).click();
    await org.waitForURL(/\/sendouts$/);

    // ── In English on a phone: the same screens fit and pass axe ─────────────────────────────────
    const phone = await newPage(e2e.browser, { width: 375, language: "en" });
    await signInAs(phone, e2e.product, s.coOrganizer);
    await phone.goto(base(s.event.id));
    await poll(() => phone.getByRole("heading", { name: "New send-out" }).isVisible()).toBe(true);
    await chooseStation(phone, "Stations", `${WATER} (09:00)`);
    await field(phone, "subject").fill("Parking");
    // Dropped on the area this time, as from a phone's file manager or a desktop's folder.
    const dropped = await phone.evaluateHandle((base64: string) => {
      const page = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
        atob(text: string): string;
      };
      const transfer = new page.DataTransfer();
      const bytes = Uint8Array.from(page.atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new page.File([bytes], "parkering.pdf", { type: "application/pdf" }));
      return transfer;
    }, pdf(2000).toString("base64"));
    const area = phone.locator("[data-drop]");
    await area.dispatchEvent("dragenter", { dataTransfer: dropped });
    await poll(() => area.getAttribute("data-dragging")).toBe("true");
    await area.dispatchEvent("drop", { dataTransfer: dropped });
    await poll(() => phone.getByRole("button", { name: "Remove parkering.pdf" }).isVisible()).toBe(true);
    expect(await phone.getByText("The event has 2 of at most 50 files", { exact: false }).isVisible()).toBe(true);
    // The organizer's file keeps its name: another upload under it is refused, saying what to do.
    await phone
      .locator('input[type="file"]')
      .setInputFiles({ name: "PM Lundaloppet.pdf", mimeType: "application/pdf", buffer: pdf(3000) });
    await poll(() =>
      phone
        .getByRole("alert")
        .filter({ hasText: "Someone else has already uploaded a file with that name to the event. Rename your file" })
        .isVisible(),
    ).toBe(true);
    expect(await phone.getByRole("button", { name: "Remove PM Lundaloppet.pdf" }).count()).toBe(0);
    expect(await fitsWidth(phone)).toBe(true);
    await expectNoAxeViolations(phone, "send-out form, en, 375");
    await screenshot(phone, "sendouts-06-form-en-375");
    // Ten send-outs in the last hour are all one sender may make for an event: the form says when the next can go.
    await spendHour(s.coOrganizer.email);
    await field(phone, "message").fill("Park behind the school.");
    await phone.getByRole("button", { name: "Send", exact: true }).click();
    const tooMany = /You have sent many send-outs for this event in a short time\. The next one can go in \d+ minutes\./;
    await poll(() => phone.getByRole("alert").filter({ hasText: tooMany }).isVisible()).toBe(true);
    expect(await field(phone, "subject").inputValue()).toBe("Parking");
    expect(await fitsWidth(phone)).toBe(true);
    await screenshot(phone, "sendouts-06b-limit-en-375");
    await phone.goto(`${base(s.event.id)}/list`);
    await poll(() => phone.locator('[data-sendout="Inför Lundaloppet"]').isVisible()).toBe(true);
    expect(await fitsWidth(phone)).toBe(true);
    await expectNoAxeViolations(phone, "send-out list, en, 375");
    await screenshot(phone, "sendouts-07-list-en-375");
    await phone.locator('[data-sendout="Inför Lundaloppet"]').click();
    await poll(() => phone.getByRole("heading", { name: "Inför Lundaloppet" }).isVisible()).toBe(true);
    expect(await phone.getByText("Delivered", { exact: true }).isVisible()).toBe(true);
    // The event's other contact opens the attachment too.
    expect(await phone.getByRole("button", { name: "Download PM Lundaloppet.pdf" }).isVisible()).toBe(true);
    expect(await fitsWidth(phone)).toBe(true);
    await expectNoAxeViolations(phone, "send-out page, en, 375");
    await screenshot(phone, "sendouts-08-page-en-375");

    // Swedish at 375 too.
    const svPhone = await newPage(e2e.browser, { width: 375, language: "sv" });
    await signInAs(svPhone, e2e.product, s.organizer);
    await svPhone.goto(base(s.event.id));
    await poll(() => svPhone.getByRole("heading", { name: "Nytt utskick" }).isVisible()).toBe(true);
    // A web page that only starts like a PDF is no PDF.
    await svPhone.locator('input[type="file"]').setInputFiles({
      name: "info.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n"),
    });
    await poll(() =>
      svPhone
        .getByRole("alert")
        .filter({ hasText: "info.pdf går inte att bifoga. Välj en PDF, en bild, en textfil eller ett Office-dokument." })
        .isVisible(),
    ).toBe(true);
    await screenshot(svPhone, "sendouts-09a-wrong-type-sv-375");
    await svPhone
      .locator('input[type="file"]')
      .setInputFiles({ name: "parkering.pdf", mimeType: "application/pdf", buffer: pdf(2000) });
    await poll(() =>
      svPhone
        .getByRole("alert")
        .filter({ hasText: "Någon annan har redan laddat upp en fil med det namnet till evenemanget." })
        .isVisible(),
    ).toBe(true);
    expect(await fitsWidth(svPhone)).toBe(true);
    await expectNoAxeViolations(svPhone, "send-out form, sv, 375");
    await screenshot(svPhone, "sendouts-09-form-sv-375");
    await spendHour(s.organizer.email);
    await chooseStation(svPhone, "Stationer", `${WATER} (09:00)`);
    await field(svPhone, "subject").fill("Parkering");
    await field(svPhone, "message").fill("Parkera bakom skolan.");
    await svPhone.getByRole("button", { name: "Skicka utskick" }).click();
    await poll(() =>
      svPhone
        .getByRole("alert")
        .filter({ hasText: /Du har skickat många utskick för evenemanget på kort tid\. Du kan skicka nästa om \d+ minuter\./ })
        .isVisible(),
    ).toBe(true);
    await expectNoAxeViolations(svPhone, "send-out form, too many, sv, 375");
    await screenshot(svPhone, "sendouts-09b-limit-sv-375");
  });

  it.each([
    {
      language: "sv" as const,
      stations: "Stationer",
      contacts: "Gruppernas kontaktpersoner",
      send: "Skicka utskick",
      reachNobody: `${FINISH}: ingen mottagare – ingen grupp har tackat ja än`,
      reachTwo: `${WATER}: 2 mottagare`,
      reachThree: `${WATER}: 3 mottagare`,
      nobody: "Utskicket har ingen mottagare: ingen grupp har tackat ja till de valda stationerna än.",
      fix: "Något behöver rättas – se de markerade fälten.",
    },
    {
      language: "en" as const,
      stations: "Stations",
      contacts: "The groups' contacts",
      send: "Send",
      reachNobody: `${FINISH}: nobody – no group has accepted yet`,
      reachTwo: `${WATER}: 2 recipients`,
      reachThree: `${WATER}: 3 recipients`,
      nobody: "The send-out has no recipients: no group has accepted an offer at the chosen stations yet.",
      fix: "Something needs correcting – see the marked fields.",
    },
  ])("shows whom each chosen station reaches; a send-out to nobody is refused saying why ($language, 375 px)", async (tx) => {
    const page = await newPage(e2e.browser, { width: 375, language: tx.language });
    await signInAs(page, e2e.product, tx.language === "sv" ? s.organizer : s.coOrganizer);
    const before = (await listSendOuts(e2e.product.app, s.organizer.token, s.event.id)).body.length;
    await page.goto(base(s.event.id));
    await poll(() => page.getByRole("button", { name: tx.send }).isVisible()).toBe(true);

    // The finish has no group that accepted: the form says so as soon as it is chosen.
    await chooseStation(page, tx.stations, `${FINISH} (08:00)`);
    const reach = (station: string) => page.locator(`[data-reach="${station}"]`);
    await poll(() => reach(FINISH).innerText()).toBe(tx.reachNobody);
    await field(page, "subject").fill("Parkeringen");
    await field(page, "message").fill("Parkera vid skolan.");
    await page.getByRole("button", { name: tx.send }).click();
    const stations = page.getByRole("combobox", { name: tx.stations });
    const error = await errorOf(page, stations);
    await poll(() => error.innerText()).toBe(tx.nobody);
    await poll(() => page.getByRole("alert").filter({ hasText: tx.fix }).isVisible()).toBe(true);
    await poll(() => textInSight(error)).toBe(tx.nobody);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `send-out to nobody refused, ${tx.language}, 375`);
    await screenshot(page, `sendouts-11-nobody-${tx.language}-375`, { fullPage: false });
    expect((await listSendOuts(e2e.product.app, s.organizer.token, s.event.id)).body).toHaveLength(before);

    // Adding the water station mends it: its two named volunteers are counted, the message and the alert go.
    await chooseStation(page, tx.stations, `${WATER} (09:00)`);
    await poll(() => reach(WATER).innerText()).toBe(tx.reachTwo);
    await poll(() => error.count()).toBe(0);
    await poll(() => page.getByRole("alert").filter({ hasText: tx.fix }).count()).toBe(0);
    // The group's contact as well: one more.
    await page.getByRole("checkbox", { name: tx.contacts }).check();
    await poll(() => reach(WATER).innerText()).toBe(tx.reachThree);
    await expectNoAxeViolations(page, `send-out reach, ${tx.language}, 375`);
    await screenshot(page, `sendouts-12-reach-${tx.language}-375`, { fullPage: false });
    await page.context().close();
  });

  it("says why a draft event takes no send-outs, in both languages, and has no form", async () => {
    for (const language of ["sv", "en"] as const) {
      const page = await newPage(e2e.browser, { width: 1280, language });
      const who = language === "sv" ? s.organizer : s.coOrganizer;
      await signInAs(page, e2e.product, who);
      await page.goto(base(s.draft.id));
      const title = language === "sv" ? "Evenemanget är inte bekräftat" : "The event is not confirmed";
      await poll(() => page.getByText(title).isVisible()).toBe(true);
      expect(await field(page, "subject").count()).toBe(0);
      await expectNoAxeViolations(page, `send-outs of a draft, ${language}`);
      await screenshot(page, `sendouts-10-draft-${language}-1280`);
      await page.goto(`${base(s.draft.id)}/list`);
      await poll(() =>
        page
          .getByText(
            language === "sv"
              ? "Inga utskick har skickats för evenemanget ännu."
              : "No send-outs have been sent for the event yet.",
          )
          .isVisible(),
      ).toBe(true);
      await expectNoAxeViolations(page, `send-out list, empty, ${language}`);
    }
  });
});
