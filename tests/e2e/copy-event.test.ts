import { and, eq, gte, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { events, groups, mails, stations } from "../../src/server/db/schema.ts";
import { moveStation } from "../../src/shared/events/rules.ts";
import { stockholmLocal } from "../../src/shared/time.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { answerOffer, createOffer, sendOffers } from "../helpers/offers.ts";
import { BARE_EVENT, confirmedEvent, confirmedGroup, LUND, stationId, type User } from "../helpers/seed.ts";
import {
  expectNoAxeViolations,
  field,
  fitsWidth,
  newPage,
  type Product,
  poll,
  screenshot,
  setUpProduct,
  signInAs,
} from "./harness.ts";

/**
 * The copy wizard (spec 02 §2, STAFFING §4): last year's event, its stations and the groups that accepted
 * become a new unconfirmed event on a new date, with offers kept as drafts and nothing mailed.
 */

const e2e = setUpProduct();

const SOURCE = "Lundaloppet 2025";
const START = "Start och mål";
const WATER = "Vätskestation";
const PARKING = "Parkering";
/** The source's stations and their Stockholm times of day. */
const STATIONS = [
  { name: START, from: "08:00", to: "16:00", quantity: 10 },
  { name: WATER, from: "09:00", to: "13:00", quantity: 6 },
  { name: PARKING, from: "07:30", to: "12:00", quantity: 4 },
];
/** Three groups, each with its own contact, that accepted last year. */
const GROUPS = [
  { name: "Lunds BK P15", station: START, volunteers: 4 },
  { name: "Dalby GIF F16", station: START, volunteers: 5 },
  { name: "IFK Lund P17", station: WATER, volunteers: 3 },
];
/** The group the organizer does not ask again. */
const UNTICKED = "Dalby GIF F16";

/** Today's date in Stockholm, and the copy's date: in the other half of the year, so the copy crosses a daylight-saving change. */
const today = stockholmToday(new Date());
const NEW_DATE = addDays(today, 200);
const NEW_TIME = "10:30";

/**
 * Last year's event, through the API as far as it goes: an organizer's event with three stations, confirmed;
 * three confirmed groups offered a station each, offers sent and accepted by each group's contact. Then the
 * database moves it a year back and finishes it, as a year of the scheduled sweep would.
 */
async function seed(product: Product) {
  const { app } = product;
  const organizer = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language: "sv" });
  const seededDate = addDays(today, 10);
  const event = await confirmedEvent(app, organizer, {
    date: seededDate,
    event: {
      name: SOURCE,
      startTime: "09:00",
      city: "Lund",
      ...BARE_EVENT,
      organizerName: "Lunds Löparklubb",
    },
    stations: STATIONS.map((s) => ({
      ...LUND,
      name: s.name,
      description: `${s.name}: ni hjälper löparna.`,
      start: `${seededDate}T${s.from}`,
      end: `${seededDate}T${s.to}`,
      officialQuantity: s.quantity,
      officialMiniumumAge: 15,
      skills: [],
      paymentType: "NOCOMPENSATION",
      currency: null,
      groupPayment: null,
    })),
  });
  const keyOf = (groupId: string, station: string) => ({ eventId: event.id, groupId, stationId: stationId(event, station) });

  const contacts: User[] = [];
  const groupIds: Record<string, string> = {};
  for (const g of GROUPS) {
    const contact = await buildUser(app, { firstName: "Olle", lastName: "Nilsson", language: "sv" });
    const group = await confirmedGroup(app, contact, {
      name: g.name,
      organizationName: g.name.split(" ").slice(0, 2).join(" "),
      municipality: LUND.municipality,
      ages: ["15", "16", "17"],
      sport: 0,
      availabilities: [
        { type: "PERIOD", startDate: addDays(seededDate, -2), endDate: addDays(seededDate, 2), location: LUND.municipality },
      ],
    });
    await createOffer(app, organizer.token, keyOf(group.id, g.station), g.volunteers);
    contacts.push(contact);
    groupIds[g.name] = group.id;
  }
  expect((await sendOffers(app, organizer.token, event.id, { offers: [] })).status).toBe(200);
  for (const [i, g] of GROUPS.entries()) {
    // Each contact got the invitation of last year before answering it.
    await product.sink.waitFor(contacts[i].email, (m) => m.text.includes(SOURCE));
    const answered = await answerOffer(app, contacts[i].token, keyOf(groupIds[g.name], g.station), "accept");
    expect(answered.status).toBe(200);
  }

  // A year back: the event's date, and each station by as many days at the same Stockholm time of day.
  const date = `${Number(seededDate.slice(0, 4)) - 1}${seededDate.slice(4)}`;
  const db = app.ctx.db;
  for (const s of await db.select().from(stations).where(eq(stations.eventId, event.id))) {
    const moved = moveStation({ start: s.start.toISOString(), end: s.end.toISOString() }, seededDate, date);
    await db
      .update(stations)
      .set({ start: new Date(moved.start), end: new Date(moved.end) })
      .where(eq(stations.id, s.id));
  }
  await db.update(events).set({ date, status: "HISTORIC" }).where(eq(events.id, event.id));

  const source = await call(app.server, "GET", `/api/events/${event.id}`, { token: organizer.token });
  expect(source.body.status).toBe("HISTORIC");
  expect(stockholmLocal(source.body.stations.find((s: { name: string }) => s.name === START)?.start as string)).toBe(
    `${date}T08:00`,
  );
  return { organizer, sourceId: event.id, date, contacts: contacts.map((c) => c.email), groupIds };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

/** GET of the organizer's API, in the test's process; fails on any answer but 200. */
async function read<T = unknown>(s: Seeded, path: string): Promise<T> {
  const res = await call<T>(e2e.product.app.server, "GET", `/api${path}`, { token: s.organizer.token });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

let seeded: Promise<Seeded> | undefined;
/** One source for the file's tests, made at the first one's start. */
const source = () => {
  seeded ??= seed(e2e.product);
  return seeded;
};

const texts = {
  sv: {
    copyCircle: "Kopiera evenemang",
    choose: "Välj",
    next: "Nästa steg",
    save: "Kopiera evenemanget",
    steps: ["Välj evenemang", "Justera evenemang", "Nya stationer", "Bemanna stationer"],
    newTime: "Ny tid",
    oldTime: "Tidigare tid",
    notice: "Grupperna tillfrågas först när du har bekräftat det nya evenemanget",
    sameNameTitle: "Samma namn som förut",
    keepName: "Behåll namnet och kopiera",
    cancel: "Avbryt",
    unconfirmed: "Obekräftat",
    noGroup: "Ingen grupp tackade ja till stationen.",
    futureDate: "Datumet måste vara i framtiden",
  },
  en: {
    copyCircle: "Copy event",
    choose: "Choose",
    next: "Next step",
    save: "Copy the event",
    steps: ["Choose event", "Adjust event", "New stations", "Staff stations"],
    newTime: "New time",
    oldTime: "Previous time",
    notice: "The groups are asked only once you have confirmed the new event",
    sameNameTitle: "Same name as before",
    keepName: "Keep the name and copy",
    cancel: "Cancel",
    unconfirmed: "Unconfirmed",
    noGroup: "No group accepted for this station.",
    futureDate: "The date must be in the future",
  },
};
type Language = keyof typeof texts;

/** The source's button on the first step: named with its date, as copies of it share its name. */
const chooseSource = (page: Page, s: Seeded, lang: Language) =>
  page.getByRole("button", { name: `${texts[lang].choose} ${SOURCE}, ${s.date}` });

/** The step the progress bar marks as current. */
const currentStep = (page: Page) => page.locator('[aria-current="step"]').innerText();

/** Axe, the width and a screenshot of the step as it is now. */
async function look(page: Page, name: string, width: number) {
  if (width < 400) expect(await fitsWidth(page), `${name} scrolls sideways`).toBe(true);
  await expectNoAxeViolations(page, name);
  // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
  await page.evaluate("window.scrollTo(0, 0)");
  await screenshot(page, name);
}

/** Signs in and goes from the hub's copy circle to the first step. */
async function openWizard(page: Page, s: Seeded, lang: Language) {
  const tx = texts[lang];
  // The app speaks the signed-in user's language: the organizer's is set to the test's first.
  const me = await call(e2e.product.app.server, "PUT", "/api/auth/me", {
    token: s.organizer.token,
    body: { firstName: "Karin", lastName: "Lindqvist", phone: "+46701234567", language: lang },
  });
  expect(me.status).toBe(200);
  await signInAs(page, e2e.product, s.organizer);
  await page.goto(`${e2e.product.url}/my-pages/events`);
  const circle = page.getByRole("link", { name: tx.copyCircle });
  await poll(() => circle.isVisible()).toBe(true);
  await look(page, `copy-hub-${lang}-${page.viewportSize()?.width}`, page.viewportSize()?.width ?? 1280);
  await circle.click();
  await page.waitForURL(/\/my-pages\/events\/copy/);
  await poll(() => chooseSource(page, s, lang).isVisible()).toBe(true);
}

/** Types a time into a 24-hour picker whose hours input is named `name`. */
async function typeTime(page: Page, name: string, time: string) {
  await field(page, name).click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type(time.replace(":", ""));
}

/** Fills the second step: name, date, city and start time. */
async function adjust(page: Page, values: { name?: string; date: string; city: string; time: string }) {
  if (values.name !== undefined) await field(page, "name").fill(values.name);
  await field(page, "date").fill(values.date);
  await field(page, "city").fill(values.city);
  await typeTime(page, "startTime", values.time);
}

/** The checkbox of `group`'s offer at `station` on the last step. */
const offerBox = (page: Page, station: string, group: string) =>
  page.locator(`fieldset[data-station="${station}"]`).getByRole("checkbox", { name: group });

describe("copying an event", () => {
  it("says on the last step that no group accepted, instead of listing none (sv and en, 375 px)", async () => {
    const { app } = e2e.product;
    const organizer = await buildUser(app, { firstName: "Nils", lastName: "Nolla" });
    const name = "Tomma loppet";
    const event = await confirmedEvent(app, organizer, {
      event: { ...BARE_EVENT, name, city: "Lund" },
      stations: [{ ...LUND, name: START, skills: [] }],
    });
    const texts = {
      sv: {
        next: "Nästa steg",
        none: `Ingen grupp tackade ja till ${name}, så det finns inga grupper att fråga igen.`,
        list: "Här är grupperna som tackade ja",
      },
      en: {
        next: "Next step",
        none: `No group accepted for ${name}, so there are no groups to ask again.`,
        list: "These are the groups",
      },
    };
    for (const lang of ["sv", "en"] as const) {
      const tx = texts[lang];
      // The app speaks the signed-in user's language.
      const me = await call(app.server, "PUT", "/api/auth/me", {
        token: organizer.token,
        body: { firstName: "Nils", lastName: "Nolla", phone: "+46701234567", language: lang },
      });
      expect(me.status).toBe(200);
      const page = await newPage(e2e.browser, { width: 375, language: lang });
      await signInAs(page, e2e.product, organizer);
      await page.goto(`${e2e.product.url}/my-pages/events/copy`);
      const choose = page.getByRole("button", { name: new RegExp(`${name}, ${event.date}$`) });
      await poll(() => choose.isVisible()).toBe(true);
      await choose.click();
      await poll(() => field(page, "name").inputValue()).toBe(name);
      await adjust(page, { name: `${name} ${lang}`, date: addDays(NEW_DATE, 28), city: "Lund", time: "09:00" });
      await page.getByRole("button", { name: tx.next }).click();
      await poll(() => page.locator("[data-station]").count()).toBe(1);
      await page.getByRole("button", { name: tx.next }).click();
      await page.waitForURL(/step=3/);
      await poll(() => page.getByText(tx.none, { exact: false }).isVisible()).toBe(true);
      expect(await page.locator("main").innerText()).not.toContain(tx.list);
      expect(await page.getByRole("checkbox").count()).toBe(0);
      await look(page, `copy-3-none-accepted-${lang}-375`, 375);
      await page.context().close();
    }
  });

  it("copies last year's event with two of its three groups as drafts, mailing no one", async () => {
    const s = await source();
    const tx = texts.sv;
    const page = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await openWizard(page, s, "sv");

    // Step 0: the past event is listed first and can be chosen.
    expect(await currentStep(page)).toContain(tx.steps[0]);
    expect(await page.locator("[data-source]").first().getAttribute("data-source")).toBe(SOURCE);
    await look(page, "copy-0-choose-sv-1280", 1280);
    await chooseSource(page, s, "sv").click();

    // Step 1: prefilled from the source but the date, which must be given anew and not in the past.
    await poll(() => field(page, "name").inputValue()).toBe(SOURCE);
    expect(await currentStep(page)).toContain(tx.steps[1]);
    expect(await field(page, "date").inputValue()).toBe("");
    expect(await field(page, "city").inputValue()).toBe("Lund");
    expect(await field(page, "startTime").inputValue()).toBe("09");
    await field(page, "date").fill(s.date);
    await page.getByRole("button", { name: tx.next }).click();
    await poll(() => page.getByText(tx.futureDate).isVisible()).toBe(true);
    expect(page.url()).toContain("step=1");
    await adjust(page, { name: "Lundaloppet 2026", date: NEW_DATE, city: "Lund centrum", time: NEW_TIME });
    await poll(() => page.getByText(tx.futureDate).count()).toBe(0);
    await look(page, "copy-1-adjust-sv-1280", 1280);
    await page.getByRole("button", { name: tx.next }).click();
    await page.waitForURL(/step=2/);

    // Step 2: every station with its old and its moved time, at the same time of day.
    await poll(() => page.locator("[data-station]").count()).toBe(3);
    expect(await currentStep(page)).toContain(tx.steps[2]);
    const start = await page.locator(`[data-station="${START}"]`).innerText();
    expect(start).toContain(tx.oldTime);
    expect(start).toContain(`${s.date} 08:00–16:00`);
    expect(start).toContain(tx.newTime);
    expect(start).toContain(`${NEW_DATE} 08:00–16:00`);
    expect(await page.locator(`[data-station="${PARKING}"]`).innerText()).toContain(`${NEW_DATE} 07:30–12:00`);
    await look(page, "copy-2-stations-sv-1280", 1280);
    await page.getByRole("button", { name: tx.next }).click();
    await page.waitForURL(/step=3/);

    // Step 3: each accepted offer ticked, with its volunteers; one group unticked.
    await poll(() => page.getByRole("checkbox").count()).toBe(3);
    expect(await currentStep(page)).toContain(tx.steps[3]);
    for (const g of GROUPS) expect(await offerBox(page, g.station, g.name).isChecked()).toBe(true);
    expect(await page.locator(`fieldset[data-station="${START}"]`).innerText()).toContain("5 funktionärer");
    expect(await page.locator(`fieldset[data-station="${PARKING}"]`).innerText()).toContain(tx.noGroup);
    expect(await page.getByText(tx.notice, { exact: false }).isVisible()).toBe(true);
    await offerBox(page, START, UNTICKED).uncheck();
    expect(await offerBox(page, START, UNTICKED).isChecked()).toBe(false);
    await look(page, "copy-3-staff-sv-1280", 1280);

    // A reload keeps the step, the adjusted fields and the unticked group.
    await page.reload();
    await poll(() => page.getByRole("checkbox").count()).toBe(3);
    expect(await offerBox(page, START, UNTICKED).isChecked()).toBe(false);
    expect(await offerBox(page, START, "Lunds BK P15").isChecked()).toBe(true);

    const copyStart = new Date();
    const mailsBefore = e2e.product.sink.mails.length;
    await page.getByRole("button", { name: tx.save }).click();
    await page.waitForURL((url) => url.pathname === "/my-pages/events");
    // A second for anything the copy might have mailed to arrive; the checks below run meanwhile.
    const aSecondLater = new Promise((resolve) => setTimeout(resolve, 1000));
    const row = page.locator('[data-event="Lundaloppet 2026"]');
    await poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toContain(tx.unconfirmed);
    await poll(() =>
      page.getByText("Lundaloppet 2026 är sparat som ett obekräftat evenemang", { exact: false }).isVisible(),
    ).toBe(true);
    await expectNoAxeViolations(page, "events list after the copy");
    await screenshot(page, "copy-4-saved-sv-1280");

    // The copy as the API sees it: a DRAFT on the new date, its stations moved at the same times of day.
    const summaries = await read<Array<{ id: string; name: string }>>(s, "/events/summaries");
    const copyId = summaries.find((e) => e.name === "Lundaloppet 2026")?.id as string;
    const copy = await read<{
      status: string;
      date: string;
      city: string;
      startTime: string;
      stations: Array<{ id: string; name: string; start: string; end: string }>;
    }>(s, `/events/${copyId}`);
    expect({ status: copy.status, date: copy.date, city: copy.city, startTime: copy.startTime }).toEqual({
      status: "DRAFT",
      date: NEW_DATE,
      city: "Lund centrum",
      startTime: NEW_TIME,
    });
    expect(copy.stations.map((st) => [st.name, stockholmLocal(st.start), stockholmLocal(st.end)]).sort()).toEqual(
      STATIONS.map((st) => [st.name, `${NEW_DATE}T${st.from}`, `${NEW_DATE}T${st.to}`]).sort(),
    );

    // Drafts for exactly the two ticked groups, at the moved stations, with the same volunteers.
    const offers = await read<Array<{ groupName: string; stationId: string; status: string; volunteers: number }>>(
      s,
      `/events/${copyId}/offers`,
    );
    const stationName = (id: string) => copy.stations.find((st) => st.id === id)?.name;
    expect(offers.map((o) => [o.groupName, stationName(o.stationId), o.status, o.volunteers]).sort()).toEqual(
      GROUPS.filter((g) => g.name !== UNTICKED)
        .map((g) => [g.name, g.station, "DRAFT", g.volunteers])
        .sort(),
    );

    // No group's contact was mailed: nothing in the outbox since the copy, and nothing arrived.
    const queued = await e2e.product.app.ctx.db
      .select()
      .from(mails)
      .where(and(inArray(mails.to, s.contacts), gte(mails.createdAt, copyStart)));
    expect(queued).toEqual([]);
    await aSecondLater;
    expect(e2e.product.sink.mails.slice(mailsBefore).filter((m) => m.to.some((to) => s.contacts.includes(to)))).toEqual([]);
    await page.context().close();
  }, 300_000);

  it("asks before a copy keeps the source's name (en, 375 px)", async () => {
    const s = await source();
    const tx = texts.en;
    const page = await newPage(e2e.browser, { width: 375, language: "en" });
    await openWizard(page, s, "en");
    await look(page, "copy-0-choose-en-375", 375);
    await chooseSource(page, s, "en").click();
    await poll(() => field(page, "name").inputValue()).toBe(SOURCE);
    await adjust(page, { date: addDays(NEW_DATE, 7), city: "Lund", time: "09:00" });
    await look(page, "copy-1-adjust-en-375", 375);
    await page.getByRole("button", { name: tx.next }).click();
    await poll(() => page.locator("[data-station]").count()).toBe(3);
    expect(await page.locator(`[data-station="${WATER}"]`).innerText()).toContain(`${addDays(NEW_DATE, 7)} 09:00–13:00`);
    await look(page, "copy-2-stations-en-375", 375);
    await page.getByRole("button", { name: tx.next }).click();
    await poll(() => page.getByRole("checkbox").count()).toBe(3);
    expect(await page.locator(`fieldset[data-station="${START}"]`).innerText()).toContain("5 volunteers");
    await look(page, "copy-3-staff-en-375", 375);

    // The same name: the dialog asks first; cancelling makes nothing.
    const before = (await read<unknown[]>(s, "/events/summaries")).length;
    await page.getByRole("button", { name: tx.save }).click();
    const dialog = page.getByRole("dialog", { name: tx.sameNameTitle });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(SOURCE);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, "same-name dialog en 375");
    await screenshot(page, "copy-3-same-name-en-375", { fullPage: false });
    await dialog.getByRole("button", { name: tx.cancel }).click();
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    expect((await read<unknown[]>(s, "/events/summaries")).length).toBe(before);

    // Confirmed: the copy keeps the name.
    await page.getByRole("button", { name: tx.save }).click();
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: tx.keepName }).click();
    await page.waitForURL((url) => url.pathname === "/my-pages/events");
    const copies = (await read<Array<{ name: string; status: string }>>(s, "/events/summaries")).filter((e) => e.name === SOURCE);
    expect(copies.map((e) => e.status).sort()).toEqual(["DRAFT", "HISTORIC"]);
    await poll(() => page.locator(`[data-event="${SOURCE}"]`).first().isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await page.context().close();
  }, 300_000);

  it("shows every step in Swedish on a phone and in English on a desktop, and an offer the server refuses beside it", async () => {
    const s = await source();
    for (const [lang, width] of [
      ["sv", 375],
      ["en", 1280],
    ] as const) {
      const tx = texts[lang];
      const page = await newPage(e2e.browser, { width, language: lang });
      await openWizard(page, s, lang);
      await look(page, `copy-0-choose-${lang}-${width}`, width);
      await chooseSource(page, s, lang).click();
      await poll(() => field(page, "name").inputValue()).toBe(SOURCE);
      await adjust(page, { name: `Lundaloppet ${lang} ${width}`, date: addDays(NEW_DATE, 14), city: "Lund", time: "09:00" });
      await look(page, `copy-1-adjust-${lang}-${width}`, width);
      await page.getByRole("button", { name: tx.next }).click();
      await poll(() => page.locator("[data-station]").count()).toBe(3);
      await look(page, `copy-2-stations-${lang}-${width}`, width);
      await page.getByRole("button", { name: tx.next }).click();
      await poll(() => page.getByRole("checkbox").count()).toBe(3);
      await look(page, `copy-3-staff-${lang}-${width}`, width);

      // Earlier steps stay reachable from the progress bar, with what was typed.
      await page.getByRole("button", { name: tx.steps[1] }).click();
      await poll(() => field(page, "name").inputValue()).toBe(`Lundaloppet ${lang} ${width}`);
      expect(await field(page, "date").inputValue()).toBe(addDays(NEW_DATE, 14));
      await page.context().close();
    }

    // A group that can no longer be asked: the server's message shows beside its offer, nothing is made.
    const page = await newPage(e2e.browser, { width: 375, language: "sv" });
    const gone = GROUPS[2];
    await e2e.product.app.ctx.db.update(groups).set({ status: "HISTORIC" }).where(eq(groups.id, s.groupIds[gone.name]));
    try {
      await openWizard(page, s, "sv");
      await chooseSource(page, s, "sv").click();
      await poll(() => field(page, "name").inputValue()).toBe(SOURCE);
      await adjust(page, { name: "Lundaloppet avslutad grupp", date: addDays(NEW_DATE, 21), city: "Lund", time: "09:00" });
      await page.getByRole("button", { name: texts.sv.next }).click();
      await poll(() => page.locator("[data-station]").count()).toBe(3);
      await page.getByRole("button", { name: texts.sv.next }).click();
      await poll(() => page.getByRole("checkbox").count()).toBe(3);
      await page.getByRole("button", { name: texts.sv.save }).click();
      const refused = page.locator(`fieldset[data-station="${gone.station}"]`);
      await poll(() => refused.innerText()).toContain("Förfrågan kan inte kopieras");
      expect(page.url()).toContain("step=3");
      expect(await page.getByRole("alert").first().isVisible()).toBe(true);
      await look(page, "copy-3-refused-sv-375", 375);
      const names = (await read<Array<{ name: string }>>(s, "/events/summaries")).map((e) => e.name);
      expect(names).not.toContain("Lundaloppet avslutad grupp");

      // Unticked, the rest is copied.
      await offerBox(page, gone.station, gone.name).uncheck();
      await page.getByRole("button", { name: texts.sv.save }).click();
      await page.waitForURL((url) => url.pathname === "/my-pages/events");
    } finally {
      await e2e.product.app.ctx.db.update(groups).set({ status: "CONFIRMED" }).where(eq(groups.id, s.groupIds[gone.name]));
      await page.context().close();
    }
  }, 300_000);
});
