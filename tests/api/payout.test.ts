import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventPayoutView, payoutStatementView } from "../../src/shared/attendance/schema.ts";
import { parseInstant } from "../../src/shared/time.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import { type OfferKey, refreshToken } from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  type Json,
  NO_SUCH_ID,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * The payout statement (beyond the spec): GET /api/events/{eventId}/payout and its CSV for the event's
 * contacts, GET /api/groups/{groupId}/payout for the group's contacts — attendance × each station's pay terms.
 */

let app: TestApp;
let owner: User;
let englishOwner: User;
let leader: User;
let anna: User;
let bertil: User;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  englishOwner = await buildUser(app, { firstName: "Emma", lastName: "English", language: "en" });
  leader = await buildUser(app, { firstName: "Sara", lastName: "Stationsansvarig" });
  anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
  bertil = await buildUser(app, { firstName: "Bertil", lastName: "Berg" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utanför" });
});
afterAll(async () => {
  await app.close();
});

async function moveTo(at: Date) {
  const ms = at.getTime() - app.clock.now().getTime();
  if (ms > 0) app.clock.advance(ms);
  for (const u of [owner, englishOwner, leader, anna, bertil, outsider]) await refreshToken(app, u);
}

const pay = (overrides: Record<string, unknown>) => ({
  currency: null,
  groupPayment: null,
  paymentAdult: null,
  paymentChild: null,
  ...overrides,
});

/** One station of each payment type, 08:00–15:30 (7.5 hours) but the evening one. */
const STATIONS = (date: string) =>
  [
    { name: "Per person", ...pay({ paymentType: "PERPERSON", currency: "SEK", paymentAdult: 300, paymentChild: 150 }) },
    { name: "Timpeng", ...pay({ paymentType: "HOURLYRATE", currency: "SEK", paymentAdult: 100, paymentChild: 50 }) },
    { name: "Gruppen", ...pay({ paymentType: "GROUPPAYMENT", currency: "EUR", groupPayment: 500 }) },
    { name: "Avtal", ...pay({ paymentType: "COMPENSATIONBYAGREEMENT" }) },
    { name: "Ideellt", ...pay({ paymentType: "NOCOMPENSATION" }) },
    {
      name: "Kvällen",
      ...pay({ paymentType: "PERPERSON", currency: "SEK", paymentAdult: 200, paymentChild: 100 }),
      start: `${date}T18:00`,
      end: `${date}T20:20`,
    },
  ].map((s) => ({ start: `${date}T08:00`, end: `${date}T15:30`, ...s }));

const path = (k: OfferKey) => `/api/events/${k.eventId}/attendance/${k.stationId}_${k.groupId}`;
async function attend(k: OfferKey, adultAttendance: number, childAttendance: number) {
  const res = await call(app.server, "POST", path(k), { token: owner.token, body: { adultAttendance, childAttendance } });
  if (res.status !== 200) throw new Error(`attendance failed: ${res.status} ${JSON.stringify(res.body)}`);
}

const getPayout = (token: string | undefined, eventId: string) =>
  call(app.server, "GET", `/api/events/${eventId}/payout`, { token });
const getCsv = (token: string | undefined, eventId: string) =>
  call(app.server, "GET", `/api/events/${eventId}/payout.csv`, { token });
const getGroupPayout = (token: string | undefined, groupId: string) =>
  call(app.server, "GET", `/api/groups/${groupId}/payout`, { token });

function parsed<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T; error?: { issues: unknown[] } } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  expect(result.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
  return result.data as T;
}

let counter = 0;
/**
 * An event two days ahead with one station of each payment type (`leader` leads the first), group A
 * (Anna's) accepted at every station, group B (Bertil's) at the first and the group-payment station, and a
 * third group only asked (PROPOSAL) at the first.
 */
async function setUp(owned: User = owner) {
  counter++;
  const date = dayFromNow(app, 2);
  const stations = STATIONS(date).map((s, i) => (i === 0 ? { ...s, teamLeaderEmail: leader.email } : s));
  const event = await confirmedEvent(app, owned, { days: 2, stations, event: { name: `Utbetalningsloppet ${counter}` } });
  const groupA = await confirmedGroup(app, anna, { name: `Alfa ${counter}`, organizationName: "IK Alfa" });
  const groupB = await confirmedGroup(app, bertil, { name: `Beta ${counter}`, organizationName: "IK Beta" });
  const groupC = await confirmedGroup(app, bertil, { name: `Gamma ${counter}` });
  const at = (g: Json, name: string): OfferKey => ({ eventId: event.id, groupId: g.id, stationId: stationId(event, name) });
  for (const s of STATIONS(date)) await offerAt(app, owned, anna, at(groupA, s.name), { volunteers: 3, to: "ACCEPTED" });
  await offerAt(app, owned, bertil, at(groupB, "Per person"), { volunteers: 4, to: "ACCEPTED" });
  await offerAt(app, owned, bertil, at(groupB, "Gruppen"), { volunteers: 2, to: "ACCEPTED" });
  await offerAt(app, owned, bertil, at(groupC, "Per person"), { volunteers: 2, to: "PROPOSAL" });
  return { event, groupA, groupB, groupC, at, date };
}

const byName = (statement: Json) => Object.fromEntries(statement.stations.map((s: Json) => [s.name, s]));

describe("GET /api/events/{eventId}/payout", () => {
  it("shows every station as not recorded, never as 0, before attendance is recorded", async () => {
    const { event, groupA, groupB } = await setUp();
    const res = await getPayout(owner.token, event.id);
    expect(res.status).toBe(200);
    const payout = parsed(eventPayoutView, res.body);
    expect(payout.statements.map((s) => s.group.id)).toEqual([groupA.id, groupB.id]);
    for (const s of payout.statements.flatMap((st) => st.stations))
      expect(s.pay).toEqual({ kind: "notRecorded", amount: null, currency: null });
    expect(payout).toMatchObject({ totals: [], notRecorded: 8, byAgreement: 0 });
  });

  it("pays each payment type from the recorded attendance, per station, per group and for the event", async () => {
    const { event, groupA, groupB, at, date } = await setUp();
    await moveTo(parseInstant(`${date}T07:00`) as Date);
    await attend(at(groupA, "Per person"), 2, 1); // 2 × 300 + 1 × 150 = 750 kr
    await attend(at(groupA, "Timpeng"), 2, 1); // (2 × 100 + 1 × 50) × 7.5 h = 1 875 kr
    await attend(at(groupA, "Gruppen"), 1, 0); // 500 euro once someone came
    await attend(at(groupA, "Avtal"), 3, 0); // by agreement: no amount
    await attend(at(groupA, "Ideellt"), 3, 0); // 0
    await attend(at(groupA, "Kvällen"), 1, 0); // 200 kr (per person, not per hour)
    await attend(at(groupB, "Per person"), 0, 3); // 450 kr
    await attend(at(groupB, "Gruppen"), 0, 0); // nobody came: 0 euro

    const payout = parsed(eventPayoutView, (await getPayout(owner.token, event.id)).body) as Json;
    const [a, b] = payout.statements;
    expect(a.group).toEqual({ id: groupA.id, name: groupA.name, organizationName: "IK Alfa" });
    expect(a.event).toMatchObject({ id: event.id, name: event.name, date, status: "CONFIRMED" });
    const aStations = byName(a);
    expect(aStations["Per person"]).toMatchObject({
      paymentType: "PERPERSON",
      currency: "SEK",
      paymentAdult: 300,
      paymentChild: 150,
      volunteers: 3,
      adultAttendance: 2,
      childAttendance: 1,
      pay: { kind: "amount", amount: 750, currency: "SEK" },
    });
    expect(aStations.Timpeng).toMatchObject({ minutes: 450, pay: { kind: "amount", amount: 1875, currency: "SEK" } });
    expect(aStations.Gruppen.pay).toEqual({ kind: "amount", amount: 500, currency: "EUR" });
    expect(aStations.Avtal.pay).toEqual({ kind: "byAgreement", amount: null, currency: null });
    expect(aStations.Ideellt.pay).toEqual({ kind: "amount", amount: 0, currency: null });
    expect(aStations.Kvällen).toMatchObject({ minutes: 140, pay: { kind: "amount", amount: 200, currency: "SEK" } });
    // Stations by start time: the evening station last.
    expect(a.stations.at(-1).name).toBe("Kvällen");
    expect(a).toMatchObject({
      totals: [
        { currency: "SEK", amount: 2825 },
        { currency: "EUR", amount: 500 },
      ],
      notRecorded: 0,
      byAgreement: 1,
    });

    expect(byName(b)["Per person"].pay).toEqual({ kind: "amount", amount: 450, currency: "SEK" });
    expect(byName(b).Gruppen.pay).toEqual({ kind: "amount", amount: 0, currency: "EUR" });
    expect(b).toMatchObject({
      totals: [
        { currency: "SEK", amount: 450 },
        { currency: "EUR", amount: 0 },
      ],
      notRecorded: 0,
      byAgreement: 0,
    });

    expect(payout).toMatchObject({
      totals: [
        { currency: "SEK", amount: 3275 },
        { currency: "EUR", amount: 500 },
      ],
      notRecorded: 0,
      byAgreement: 1,
    });
  });

  it("pays an hourly rate for the station's minutes, to the öre", async () => {
    const date = dayFromNow(app, 2);
    const event = await confirmedEvent(app, owner, {
      days: 2,
      stations: [
        {
          ...pay({ paymentType: "HOURLYRATE", currency: "SEK", paymentAdult: 100, paymentChild: 60 }),
          start: `${date}T08:00`,
          end: `${date}T15:20`,
        },
      ],
    });
    const group = await confirmedGroup(app, anna, { name: `Timgruppen ${++counter}` });
    const k = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
    await offerAt(app, owner, anna, k, { volunteers: 3, to: "ACCEPTED" });
    await moveTo(parseInstant(`${date}T00:00`) as Date);
    await attend(k, 1, 1); // 160 kr × 7 h 20 min = 1 173.33 kr
    const payout = (await getPayout(owner.token, event.id)).body;
    expect(payout.statements[0].stations[0].pay).toEqual({ kind: "amount", amount: 1173.33, currency: "SEK" });
    expect(payout.totals).toEqual([{ currency: "SEK", amount: 1173.33 }]);
  });

  it("is for the event's contacts only: 404 for its team leader, a group contact and an outsider; 401 signed out", async () => {
    const { event } = await setUp();
    for (const who of [leader, anna, outsider]) {
      expectCleanError(await getPayout(who.token, event.id), "NotFound", 404);
      expectCleanError(await getCsv(who.token, event.id), "NotFound", 404);
    }
    expectCleanError(await getPayout(undefined, event.id), "Unauthorized", 401);
    expectCleanError(await getCsv(undefined, event.id), "Unauthorized", 401);
    expectCleanError(await getPayout(owner.token, NO_SUCH_ID), "NotFound", 404);
    expectCleanError(await getPayout(owner.token, "nope"), "ValidationError", 400);
  });
});

describe("GET /api/events/{eventId}/payout.csv", () => {
  it("is a semicolon-separated UTF-8 file with a BOM: a line per group and station, totals, decimal commas in Swedish", async () => {
    const { event, groupA, groupB, at, date } = await setUp();
    await moveTo(parseInstant(`${date}T07:00`) as Date);
    await attend(at(groupA, "Per person"), 2, 1);
    await attend(at(groupA, "Timpeng"), 2, 1);
    await attend(at(groupA, "Gruppen"), 1, 0);
    await attend(at(groupA, "Avtal"), 3, 0);
    await attend(at(groupB, "Per person"), 0, 3);

    const res = await getCsv(owner.token, event.id);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(res.headers["content-disposition"])).toMatch(
      /^attachment; filename="ersattning-utbetalningsloppet-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = String(res.body);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(`${event.name};${date}`);
    expect(lines[2]).toBe(
      "Grupp;Förening eller skola;Station;Start;Slut;Typ av ersättning;Antal funktionärer;Vuxna;Barn;Belopp;Valuta;Anmärkning",
    );
    const rows = lines.slice(3).filter((l) => l !== "");
    const a = (station: string) => rows.find((r) => r.startsWith(`${groupA.name};IK Alfa;${station};`));
    expect(a("Per person")).toBe(
      `${groupA.name};IK Alfa;Per person;${date} 08:00;${date} 15:30;Ersättning per person;3;2;1;750,00;SEK;`,
    );
    expect(a("Timpeng")).toMatch(/;3;2;1;1875,00;SEK;$/);
    expect(a("Gruppen")).toMatch(/;3;1;0;500,00;EUR;$/);
    expect(a("Avtal")).toMatch(/;3;3;0;;;Enligt överenskommelse$/);
    expect(a("Ideellt")).toMatch(/;3;;;;;Närvaron är inte registrerad$/);
    expect(rows).toContain(`${groupA.name};IK Alfa;Summa för gruppen;;;;;;;2625,00;SEK;`);
    expect(rows).toContain(`${groupA.name};IK Alfa;Summa för gruppen;;;;;;;500,00;EUR;`);
    expect(rows).toContain(`${groupB.name};IK Beta;Summa för gruppen;;;;;;;450,00;SEK;`);
    expect(rows).toContain("Totalt för evenemanget;;;;;;;;;3075,00;SEK;");
    expect(rows).toContain("Totalt för evenemanget;;;;;;;;;500,00;EUR;");
    expect(rows.at(-1)).toBe("Stationer utan registrerad närvaro: 3");
    // One line per group and station: 6 of A and 2 of B, none of the group only asked.
    expect(rows.filter((r) => !/Summa|Totalt|Stationer utan/.test(r))).toHaveLength(8);
    expect(text).not.toContain("Gamma");
  });

  it("is in the reader's language, with decimal points in English", async () => {
    const { event, groupA, at, date } = await setUp(englishOwner);
    await moveTo(parseInstant(`${date}T07:00`) as Date);
    const res0 = await call(app.server, "POST", path(at(groupA, "Timpeng")), {
      token: englishOwner.token,
      body: { adultAttendance: 1, childAttendance: 0 },
    });
    expect(res0.status).toBe(200);
    const res = await getCsv(englishOwner.token, event.id);
    expect(String(res.headers["content-disposition"])).toMatch(/filename="pay-utbetalningsloppet-/);
    const lines = String(res.body).slice(1).split("\r\n");
    expect(lines[2]).toBe("Group;Club or school;Station;Start;End;Payment type;Volunteers;Adults;Children;Amount;Currency;Note");
    expect(lines.find((l) => l.includes(";Timpeng;"))).toMatch(/;3;1;0;750\.00;SEK;$/);
    expect(lines).toContain("Total for the event;;;;;;;;;750.00;SEK;");
  });

  it("keeps a name that a spreadsheet would run as a formula from running", async () => {
    const event = await confirmedEvent(app, owner, { stations: [{ name: "=HYPERLINK(1)" }] });
    const group = await confirmedGroup(app, anna, { name: `@Formel ${++counter}` });
    await offerAt(
      app,
      owner,
      anna,
      { eventId: event.id, groupId: group.id, stationId: stationId(event, "=HYPERLINK(1)") },
      {
        to: "ACCEPTED",
      },
    );
    const text = String((await getCsv(owner.token, event.id)).body);
    expect(text).toContain(`'@Formel ${counter};`);
    expect(text).toContain(";'=HYPERLINK(1);");
  });
});

describe("GET /api/groups/{groupId}/payout", () => {
  it("shows the group's contacts their own statements, per event and newest first", async () => {
    const first = await setUp();
    const later = dayFromNow(app, 5);
    const second = await confirmedEvent(app, owner, {
      days: 5,
      stations: [{ name: "Senare", ...pay({ paymentType: "GROUPPAYMENT", currency: "SEK", groupPayment: 1200 }) }],
    });
    const k = { eventId: second.id, groupId: first.groupA.id, stationId: stationId(second, "Senare") };
    await offerAt(app, owner, anna, k, { volunteers: 2, to: "ACCEPTED" });
    await moveTo(parseInstant(`${first.date}T09:00`) as Date);
    await attend(first.at(first.groupA, "Per person"), 1, 0);

    const res = await getGroupPayout(anna.token, first.groupA.id);
    expect(res.status).toBe(200);
    const statements = parsed(payoutStatementView.array(), res.body) as Json[];
    expect(statements.map((s) => [s.event.id, s.event.date])).toEqual([
      [second.id, later],
      [first.event.id, first.date],
    ]);
    expect(statements.every((s) => s.group.id === first.groupA.id)).toBe(true);
    expect(statements[0]).toMatchObject({ totals: [], notRecorded: 1 });
    expect(byName(statements[1])["Per person"].pay).toEqual({ kind: "amount", amount: 300, currency: "SEK" });
    expect(statements[1]).toMatchObject({ totals: [{ currency: "SEK", amount: 300 }], notRecorded: 5, byAgreement: 0 });
  });

  it("is the group's contacts' only: another group's contact, the organizer and an outsider get 404", async () => {
    const { groupA, groupB, groupC } = await setUp();
    for (const who of [bertil, owner, leader, outsider])
      expectCleanError(await getGroupPayout(who.token, groupA.id), "NotFound", 404);
    expectCleanError(await getGroupPayout(undefined, groupA.id), "Unauthorized", 401);
    expect((await getGroupPayout(bertil.token, groupB.id)).status).toBe(200);
    // A group with only an offer awaiting its answer has nothing to be paid.
    expect((await getGroupPayout(bertil.token, groupC.id)).body).toEqual([]);
  });
});
