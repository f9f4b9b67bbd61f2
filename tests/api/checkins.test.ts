import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveHub } from "../../src/server/features/checkin/live.ts";
import { notify } from "../../src/server/features/checkin/repo.ts";
import { countsOf } from "../../src/server/features/checkin/service.ts";
import { checkinListView, checkinResultView, passView, todayView } from "../../src/shared/checkin/schema.ts";
import { readEventStream } from "../../src/shared/sse.ts";
import { formatInstant, parseInstant } from "../../src/shared/time.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { HOUR, MINUTE } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import { moveClockTo, nameAttendees, type OfferKey } from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  draftEvent,
  type Json,
  makeHistoric,
  NO_SUCH_ID,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * Check-in at the station (issue 23): the station's list, taps by volunteer, pass or walk-up with the
 * device's id and time, undo, the live stream, the organizer's "Idag" tab and the passes.
 */

let app: TestApp;
let owner: User;
let leader: User;
let otherLeader: User;
let contact: User;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  leader = await buildUser(app, { firstName: "Sara", lastName: "Stationsansvarig", phone: "0701112233" });
  otherLeader = await buildUser(app, { firstName: "Tore", lastName: "Annan" });
  contact = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utanför" });
});
afterAll(async () => {
  await app.close();
});

const everyone = () => [owner, leader, otherLeader, contact, outsider];

/** Moves the clock forward to `at` and signs everyone in again. */
const moveTo = (at: Date) => moveClockTo(app, at, everyone());

let counter = 0;

interface Day {
  event: Json;
  s1: string;
  s2: string;
  start: Date;
  /** Named at S1: an adult, a 16-year-old, an adult, a 12-year-old (the group has a fifth member, not named). */
  named: Json[];
  /** Named at S2. */
  elsewhere: Json;
  group: Json;
  key: OfferKey;
}

/**
 * A confirmed event tomorrow: S1 (led by `leader`, 08:00–12:00) where a group named four volunteers, S2 (led
 * by `otherLeader`) where another group named one. The clock stands an hour before S1's start.
 */
async function day(): Promise<Day> {
  counter++;
  const date = dayFromNow(app, 1);
  const event = await confirmedEvent(app, owner, {
    date,
    event: { included: [] },
    stations: [
      { teamLeaderEmail: leader.email, start: `${date}T08:00`, end: `${date}T12:00`, officialMiniumumAge: 0, skills: [] },
      { teamLeaderEmail: otherLeader.email, start: `${date}T09:00`, end: `${date}T12:00`, officialMiniumumAge: 0, skills: [] },
    ],
  });
  const people = [
    ["Adam Vuxen", 30],
    ["Bea Ungdom", 16],
    ["Cecilia Vuxen", 41],
    ["Dino Barn", 12],
    // Not named: a member who may stand in.
    ["Greta Reserv", 19],
  ] as const;
  const group = await confirmedGroup(app, contact, {
    name: `Gårda IF ${counter}`,
    ages: ["12", "16", "18+"],
    volunteers: people.map(([name, age], i) => ({
      name,
      email: `c${counter}v${i}@example.se`,
      phone: "0707654321",
      age,
      participation: [],
    })),
  });
  const key = { eventId: event.id, groupId: group.id, stationId: stationId(event, "S1") };
  await offerAt(app, owner, contact, key, { volunteers: 4, to: "ACCEPTED" });
  const named = group.volunteers.slice(0, 4);
  const naming = await nameAttendees(app, contact.token, key, { attendees: named.map((v: Json) => v.id) });
  expect(naming.status, JSON.stringify(naming.body)).toBe(200);

  const other = await confirmedGroup(app, contact, {
    name: `Hisingen BK ${counter}`,
    volunteers: [{ name: "Erik Annanstans", email: `c${counter}e@example.se`, phone: "0707654321", age: 25, participation: [] }],
  });
  const k2 = { eventId: event.id, groupId: other.id, stationId: stationId(event, "S2") };
  await offerAt(app, owner, contact, k2, { volunteers: 1, to: "ACCEPTED" });
  expect((await nameAttendees(app, contact.token, k2, { attendees: [other.volunteers[0].id] })).status).toBe(200);

  const start = parseInstant(`${date}T08:00`) as Date;
  await moveTo(new Date(start.getTime() - HOUR));
  return {
    event,
    s1: key.stationId,
    s2: k2.stationId,
    start,
    named,
    elsewhere: other.volunteers[0],
    group,
    key,
  };
}

const listPath = (d: Day, station = d.s1) => `/api/events/${d.event.id}/stations/${station}/checkins`;
const list = (token: string | undefined, d: Day, station = d.s1) => call(app.server, "GET", listPath(d, station), { token });
const tap = (token: string | undefined, d: Day, body: Record<string, unknown>, station = d.s1) =>
  call(app.server, "POST", listPath(d, station), {
    token,
    body: { id: randomUUID(), at: formatInstant(app.clock.now()), ...body },
  });
const undo = (token: string | undefined, d: Day, id: string, station = d.s1) =>
  call(app.server, "DELETE", `${listPath(d, station)}/${id}`, { token });
const minutesFromNow = (m: number) => formatInstant(new Date(app.clock.now().getTime() + m * MINUTE));

function parsed<T extends { safeParse(v: unknown): { error?: { issues: unknown[] }; data?: unknown } }>(
  schema: T,
  body: unknown,
): Json {
  const result = schema.safeParse(body);
  expect(result.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
  return result.data as Json;
}

async function passOf(d: Day, volunteerId: string): Promise<Json> {
  const res = await call(app.server, "GET", `/api/groups/${d.group.id}/events/${d.event.id}/passes`, { token: contact.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const pass = res.body.find((p: Json) => p.name === d.named.find((v) => v.id === volunteerId)?.name);
  expect(pass).toBeDefined();
  return pass;
}
const tokenOf = (pass: Json) => String(pass.url).split("/pass/")[1];

describe("the station's list", () => {
  it("shows the named volunteers by group with the counts, to the event's contacts and the station's team leader", async () => {
    const d = await day();
    for (const who of [owner, leader]) {
      const res = await list(who.token, d);
      expect(res.status).toBe(200);
      const body = parsed(checkinListView, res.body);
      expect(body.station).toMatchObject({ id: d.s1, name: "S1" });
      expect(body.people.map((p: Json) => p.name).sort()).toEqual(["Adam Vuxen", "Bea Ungdom", "Cecilia Vuxen", "Dino Barn"]);
      expect(body.people[0]).toMatchObject({ groupId: d.group.id, groupName: d.group.name, arrivedAt: null, noShow: false });
      expect(body.counts).toEqual({ expected: 4, arrived: 0, noShow: 0, adults: 0, children: 0, confirmed: 0, declined: 0 });
      expect(body.groups).toEqual([{ id: d.group.id, name: d.group.name }]);
      expect(body.abilities).toEqual({ checkIn: true });
    }
  });

  it("does not exist for an outsider, the team leader of another station or a group's contact (404), nor without sign-in (401)", async () => {
    const d = await day();
    for (const who of [outsider, otherLeader, contact]) expectCleanError(await list(who.token, d), "NotFound", 404);
    expectCleanError(await list(undefined, d), "Unauthorized", 401);
    expectCleanError(await list(owner.token, d, NO_SUCH_ID), "NotFound", 404);
    const pass = tokenOf(await passOf(d, d.named[0].id));
    for (const who of [outsider, otherLeader, contact]) {
      expectCleanError(await tap(who.token, d, { volunteerId: d.named[0].id }), "NotFound", 404);
      // Not even whether a pass is genuine or another event's is told to them.
      expectCleanError(await tap(who.token, d, { pass }), "NotFound", 404);
      expectCleanError(await tap(who.token, d, { pass: `${pass.slice(0, -2)}xx` }), "NotFound", 404);
      expectCleanError(await undo(who.token, d, d.named[0].id), "NotFound", 404);
    }
    expect((await list(owner.token, d)).body.counts.arrived).toBe(0);
  });
});

describe("checking in", () => {
  it("checks a named volunteer in, counts adults and children apart, marks one as not coming and undoes", async () => {
    const d = await day();
    const [adam, bea, cecilia, dino] = d.named;
    const res = await tap(leader.token, d, { volunteerId: adam.id });
    expect(res.status).toBe(200);
    expect(parsed(checkinResultView, res.body)).toMatchObject({ volunteerId: adam.id, name: "Adam Vuxen", noShow: false });
    expect((await tap(owner.token, d, { volunteerId: bea.id })).status).toBe(200);
    expect((await list(owner.token, d)).body.counts).toEqual({
      expected: 4,
      arrived: 2,
      noShow: 0,
      adults: 1,
      children: 1,
      confirmed: 0,
      declined: 0,
    });
    const away = await tap(leader.token, d, { volunteerId: dino.id, noShow: true });
    expect(away.body).toMatchObject({ arrivedAt: null, noShow: true });
    expect((await list(owner.token, d)).body.counts).toMatchObject({ arrived: 2, noShow: 1 });

    const after = (await list(leader.token, d)).body;
    const byName = new Map(after.people.map((p: Json) => [p.name, p]));
    expect(byName.get("Adam Vuxen")).toMatchObject({ noShow: false });
    expect((byName.get("Adam Vuxen") as Json).arrivedAt).not.toBeNull();
    expect(byName.get("Cecilia Vuxen")).toMatchObject({ arrivedAt: null, noShow: false });
    expect(byName.get("Dino Barn")).toMatchObject({ arrivedAt: null, noShow: true });

    expect((await undo(leader.token, d, adam.id)).status).toBe(204);
    // Undoing again is done already; someone never on this list is not found.
    expect((await undo(leader.token, d, adam.id)).status).toBe(204);
    expectCleanError(await undo(leader.token, d, d.elsewhere.id), "NotFound", 404);
    expect((await list(owner.token, d)).body.counts).toEqual({
      expected: 4,
      arrived: 1,
      noShow: 1,
      adults: 0,
      children: 1,
      confirmed: 0,
      declined: 0,
    });
    expect(cecilia).toBeDefined();
  });

  it("answers the same tap id with the same answer and changes nothing", async () => {
    const d = await day();
    const body = { id: randomUUID(), at: formatInstant(app.clock.now()), volunteerId: d.named[0].id };
    const first = await call(app.server, "POST", listPath(d), { token: leader.token, body });
    expect(first.status).toBe(200);
    await undo(leader.token, d, d.named[0].id);
    const again = await call(app.server, "POST", listPath(d), { token: owner.token, body });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The replay did not check them in again after the undo.
    expect((await list(owner.token, d)).body.counts.arrived).toBe(0);
  });

  it("keeps the earliest time when two devices check one person in, and an arrival over 'not coming'", async () => {
    const d = await day();
    const late = minutesFromNow(-5);
    const early = minutesFromNow(-30);
    await tap(leader.token, d, { volunteerId: d.named[0].id, at: late });
    const res = await tap(owner.token, d, { volunteerId: d.named[0].id, at: early });
    expect(new Date(res.body.arrivedAt).getTime()).toBe(new Date(early).getTime());
    const third = await tap(leader.token, d, { volunteerId: d.named[0].id, at: minutesFromNow(-1) });
    expect(new Date(third.body.arrivedAt).getTime()).toBe(new Date(early).getTime());

    // "Not coming" from a device that had not heard of the arrival does not undo it…
    const away = await tap(owner.token, d, { volunteerId: d.named[0].id, at: minutesFromNow(-40), noShow: true });
    expect(away.body).toMatchObject({ noShow: false });
    // …and someone marked as not coming who then turns up has arrived.
    await tap(leader.token, d, { volunteerId: d.named[1].id, noShow: true });
    const came = await tap(owner.token, d, { volunteerId: d.named[1].id });
    expect(came.body).toMatchObject({ noShow: false });
    expect((await list(owner.token, d)).body.counts).toMatchObject({ arrived: 2, noShow: 0 });
  });

  it("makes exactly one row of 20 parallel taps on one person, and of 20 parallel sends of one tap", async () => {
    const d = await day();
    // Their times fixed before they are sent: the test clock moves on while 20 taps are answered.
    const ats = Array.from({ length: 20 }, (_, i) => minutesFromNow(-i));
    const taps = await Promise.all(
      ats.map((at, i) => tap(i % 2 ? leader.token : owner.token, d, { volunteerId: d.named[0].id, at })),
    );
    expect(taps.map((t) => t.status)).toEqual(Array(20).fill(200));
    const listed = (await list(owner.token, d)).body;
    expect(listed.counts.arrived).toBe(1);
    expect(new Date(listed.people.find((p: Json) => p.volunteerId === d.named[0].id).arrivedAt).getTime()).toBe(
      new Date(ats[19]).getTime(),
    );

    const body = {
      id: randomUUID(),
      at: formatInstant(app.clock.now()),
      walkUp: { groupId: d.group.id, name: "Ella Oanmäld", age: 20 },
    };
    const sends = await Promise.all(
      Array.from({ length: 20 }, () => call(app.server, "POST", listPath(d), { token: leader.token, body })),
    );
    expect(sends.map((s) => s.status)).toEqual(Array(20).fill(200));
    expect(new Set(sends.map((s) => JSON.stringify(s.body))).size).toBe(1);
    expect((await list(owner.token, d)).body.walkUps).toHaveLength(1);
  });

  it("takes a walk-up of an accepted group, and undoes it by its id", async () => {
    const d = await day();
    const res = await tap(leader.token, d, { walkUp: { groupId: d.group.id, name: "  Frida Oanmäld ", age: 15 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ volunteerId: null, walkUpId: res.body.id, name: "Frida Oanmäld" });
    const listed = (await list(leader.token, d)).body;
    expect(listed.counts).toEqual({ expected: 4, arrived: 1, noShow: 0, adults: 0, children: 1, confirmed: 0, declined: 0 });
    expect(listed.walkUps).toEqual([
      { id: res.body.id, groupId: d.group.id, name: "Frida Oanmäld", age: 15, arrivedAt: listed.walkUps[0].arrivedAt },
    ]);
    expect((await undo(leader.token, d, res.body.id)).status).toBe(204);
    expect((await list(leader.token, d)).body.walkUps).toEqual([]);
  });

  it("refuses a person of another station, naming the right one, and someone on no list", async () => {
    const d = await day();
    const wrong = await tap(leader.token, d, { volunteerId: d.elsewhere.id });
    expectCleanError(wrong, "WrongStation", 409);
    expect(wrong.body.station).toEqual({ id: d.s2, name: "S2" });
    const nobody = await tap(leader.token, d, { volunteerId: NO_SUCH_ID });
    expectCleanError(nobody, "ValidationError", 400);
    expect(nobody.body.fields).toEqual({ volunteerId: "checkin.validation.notOnList" });
    const stranger = await tap(leader.token, d, { walkUp: { groupId: NO_SUCH_ID, name: "X Y", age: 20 } });
    expect(stranger.body.fields).toEqual({ "walkUp.groupId": "checkin.validation.notAccepted" });
    expect((await list(owner.token, d)).body.counts.arrived).toBe(0);
  });

  it("refuses a tap from more than 5 minutes ahead or more than 24 hours before the start, and bad bodies", async () => {
    const d = await day();
    const v = d.named[0].id;
    const ahead = await tap(leader.token, d, { volunteerId: v, at: minutesFromNow(6) });
    expectCleanError(ahead, "ValidationError", 400);
    expect(ahead.body.fields).toEqual({ at: "checkin.validation.future" });
    expect((await tap(leader.token, d, { volunteerId: v, at: minutesFromNow(4) })).status).toBe(200);
    await undo(leader.token, d, v);
    const dayBefore = formatInstant(new Date(d.start.getTime() - 24 * HOUR - MINUTE));
    expect((await tap(leader.token, d, { volunteerId: v, at: dayBefore })).body.fields).toEqual({
      at: "checkin.validation.early",
    });

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ volunteerId: undefined }, "volunteerId"],
      [{ volunteerId: v, walkUp: { groupId: d.group.id, name: "A B", age: 20 } }, "volunteerId"],
      [{ volunteerId: v, at: "2026-06-01T08:00" }, "at"],
      [{ volunteerId: v, at: "igår" }, "at"],
      [{ volunteerId: v, id: "inte-ett-id" }, "id"],
      [{ walkUp: { groupId: d.group.id, name: "A B", age: 20 }, noShow: true }, "noShow"],
      [{ walkUp: { groupId: d.group.id, name: "", age: 20 } }, "walkUp.name"],
    ];
    for (const [body, field] of bad) {
      const res = await tap(leader.token, d, body);
      expectCleanError(res, "ValidationError", 400);
      expect(Object.keys(res.body.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await list(owner.token, d)).body.counts.arrived).toBe(0);
  });

  it("refuses taps on an unconfirmed or finished event", async () => {
    const draft = await draftEvent(app, owner, { days: 1 });
    const res = await call(app.server, "POST", `/api/events/${draft.id}/stations/${stationId(draft)}/checkins`, {
      token: owner.token,
      body: { id: randomUUID(), at: formatInstant(app.clock.now()), volunteerId: NO_SUCH_ID },
    });
    expectCleanError(res, "EventNotConfirmed", 409);
    const d = await day();
    await tap(leader.token, d, { volunteerId: d.named[0].id });
    await makeHistoric(app, d.event.id);
    expectCleanError(await tap(leader.token, d, { volunteerId: d.named[1].id }), "EventHistoric", 409);
    expectCleanError(await undo(owner.token, d, d.named[0].id), "EventHistoric", 409);
    expect((await list(owner.token, d)).body).toMatchObject({ counts: { arrived: 1 }, abilities: { checkIn: false } });
  });
});

describe("passes", () => {
  it("opens a volunteer's pass with its QR code and checks them in by it; renaming ends the pass of those taken off", async () => {
    const d = await day();
    const [adam, bea] = d.named;
    const pass = parsed(passView, await passOf(d, adam.id));
    expect(pass).toMatchObject({ name: "Adam Vuxen", groupName: d.group.name, station: { id: d.s1, name: "S1" } });
    expect(pass.teamLeader).toEqual({ name: "Sara Stationsansvarig", phone: "+46701112233" });
    expect(pass.qr).toContain("<svg");
    const token = tokenOf(pass);
    // The token holds ids and a MAC, never a name.
    expect(token).not.toMatch(/adam|vuxen/i);
    const opened = await call(app.server, "GET", `/api/passes/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.name).toBe("Adam Vuxen");

    const res = await tap(leader.token, d, { pass: token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ volunteerId: adam.id, name: "Adam Vuxen" });

    // Another event's pass; a forged one; one of someone taken off the station.
    const other = await day();
    expectCleanError(await tap(leader.token, other, { pass: token }), "WrongEvent", 409);
    expectCleanError(await tap(leader.token, d, { pass: `${token.slice(0, -2)}xx` }), "PassInvalid", 404);
    expectCleanError(await call(app.server, "GET", `/api/passes/${token.slice(0, -2)}xx`), "PassInvalid", 404);
    const beaToken = tokenOf(await passOf(d, bea.id));
    const rest = d.named.filter((v) => v.id !== bea.id).map((v) => v.id);
    expect((await nameAttendees(app, contact.token, d.key, { attendees: rest })).status).toBe(200);
    expectCleanError(await call(app.server, "GET", `/api/passes/${beaToken}`), "PassInvalid", 404);
    expectCleanError(await tap(leader.token, d, { pass: beaToken }), "PassInvalid", 404);
  });

  it("lists a group's passes for its contacts only", async () => {
    const d = await day();
    const res = await call(app.server, "GET", `/api/groups/${d.group.id}/events/${d.event.id}/passes`, { token: contact.token });
    expect(res.body).toHaveLength(4);
    for (const who of [owner, leader, outsider])
      expectCleanError(
        await call(app.server, "GET", `/api/groups/${d.group.id}/events/${d.event.id}/passes`, { token: who.token }),
        "NotFound",
        404,
      );
  });
});

describe("stand-ins", () => {
  it("shows the group's contacts who of theirs is missing once the station has started, and a stand-in is on the list at once", async () => {
    const d = await day();
    const [adam, bea] = d.named;
    await tap(leader.token, d, { volunteerId: adam.id });
    await tap(leader.token, d, { volunteerId: bea.id, noShow: true });
    const path = `/api/groups/${d.group.id}/events/${d.event.id}/checkins`;
    const seen = await call(app.server, "GET", path, { token: contact.token });
    expect(seen.status).toBe(200);
    expect(seen.body.map((c: Json) => [c.volunteerId, c.arrivedAt !== null, c.noShow]).sort()).toEqual(
      [
        [adam.id, true, false],
        [bea.id, false, true],
      ].sort(),
    );
    for (const who of [owner, leader, outsider])
      expectCleanError(await call(app.server, "GET", path, { token: who.token }), "NotFound", 404);

    const offerPath = `/api/offers/groups/${d.group.id}/${d.event.id}/${d.s1}`;
    expect((await call(app.server, "GET", offerPath, { token: contact.token })).body.abilities.standIns).toBe(false);
    await moveTo(d.start);
    expect((await call(app.server, "GET", offerPath, { token: contact.token })).body.abilities.standIns).toBe(true);

    // A member not named stands in for Bea: the station's list has them at once, and Bea is off it.
    const standInId: string = d.group.volunteers[4].id;
    const attendees = d.named.map((v) => (v.id === bea.id ? standInId : v.id));
    expect((await nameAttendees(app, contact.token, d.key, { attendees })).status).toBe(200);
    const listed = (await list(leader.token, d)).body;
    expect(listed.people.map((p: Json) => p.name)).toContain("Greta Reserv");
    expect(listed.people.map((p: Json) => p.name)).not.toContain("Bea Ungdom");
    expect(listed.counts).toMatchObject({ expected: 4, arrived: 1, noShow: 0 });
  });
});

describe("the organizer's live tab and stream", () => {
  it("shows every station with its counts and whom to call, to the event's contacts only", async () => {
    const d = await day();
    await tap(leader.token, d, { volunteerId: d.named[0].id });
    const res = await call(app.server, "GET", `/api/events/${d.event.id}/today`, { token: owner.token });
    expect(res.status).toBe(200);
    const body = parsed(todayView, res.body);
    expect(body.stations.map((s: Json) => [s.name, s.counts.expected, s.counts.arrived])).toEqual([
      ["S1", 4, 1],
      ["S2", 1, 0],
    ]);
    expect(body.stations[0].teamLeader).toEqual({ name: "Sara Stationsansvarig", phone: "+46701112233" });
    expect(body.stations[0].groups[0]).toMatchObject({ id: d.group.id, contacts: [{ name: "Anna Andersson" }] });
    for (const who of [leader, contact, outsider])
      expectCleanError(await call(app.server, "GET", `/api/events/${d.event.id}/today`, { token: who.token }), "NotFound", 404);
  });

  it("streams each change's counts to the event's contacts, and a team leader only their stations'", async () => {
    const d = await day();
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    const open = async (who: User) => {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/events/${d.event.id}/live`, {
        headers: { authorization: `Bearer ${who.token}` },
        signal: controller.signal,
      });
      const messages: Json[] = [];
      void readEventStream(res.body as ReadableStream<Uint8Array>, (data) => messages.push(JSON.parse(data))).catch(() => {});
      return { res, messages, close: () => controller.abort() };
    };
    const waitFor = async (ok: () => boolean) => {
      for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(ok()).toBe(true);
    };

    const organizer = await open(owner);
    const lead = await open(otherLeader);
    expect(organizer.res.status).toBe(200);
    expect(organizer.res.headers.get("content-type")).toContain("text/event-stream");
    // First the counts as they are, every station for the organizer, their own for the team leader.
    await waitFor(() => organizer.messages.length === 2 && lead.messages.length === 1);
    expect(lead.messages[0]).toEqual({
      stationId: d.s2,
      counts: { expected: 1, arrived: 0, noShow: 0, adults: 0, children: 0, confirmed: 0, declined: 0 },
    });

    await tap(leader.token, d, { volunteerId: d.named[0].id });
    await waitFor(() => organizer.messages.length === 3);
    expect(organizer.messages[2]).toEqual({
      stationId: d.s1,
      counts: { expected: 4, arrived: 1, noShow: 0, adults: 1, children: 0, confirmed: 0, declined: 0 },
    });
    await tap(otherLeader.token, d, { volunteerId: d.elsewhere.id }, d.s2);
    await waitFor(() => organizer.messages.length === 4 && lead.messages.length === 2);
    expect(lead.messages[1]).toMatchObject({ stationId: d.s2, counts: { arrived: 1 } });

    const stranger = await fetch(`${base}/api/events/${d.event.id}/live`, {
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(stranger.status).toBe(404);
    organizer.close();
    lead.close();
  });

  it("reaches the listeners of another process on the same database, and reading everything again sends only what changed", async () => {
    const d = await day();
    // A second process's hub on the same database, reading everything again every 300 ms.
    const other = new LiveHub(
      app.database,
      (channel, payloads) => notify(app.database.db, channel, payloads),
      (eventId, stationIds) => countsOf(app.database.db, eventId, stationIds),
      app.server.log,
      20,
      300,
    );
    const heard: Json[] = [];
    const unsubscribe = await other.subscribe(d.event.id, null, (m) => heard.push(m));
    try {
      await tap(leader.token, d, { volunteerId: d.named[0].id });
      await expect
        .poll(() => heard, { timeout: 3000 })
        .toContainEqual({
          stationId: d.s1,
          counts: { expected: 4, arrived: 1, noShow: 0, adults: 1, children: 0, confirmed: 0, declined: 0 },
        });
      // Both stations once from the first reading of everything, then nothing while nothing changes.
      await new Promise((r) => setTimeout(r, 700));
      const settled = heard.length;
      await new Promise((r) => setTimeout(r, 700));
      expect(heard.length).toBe(settled);
      // A change whose process died before it told anyone still arrives, with the next reading of everything.
      await app.database.db.execute(
        sql`INSERT INTO checkins (id, event_id, station_id, group_id, volunteer_id, at, no_show, recorded_by, recorded_at)
          SELECT ${randomUUID()}, ${d.event.id}, ${d.s2}, v.group_id, v.id, now(), false, NULL, now()
          FROM group_volunteers v WHERE v.id = ${d.elsewhere.id}`,
      );
      await expect.poll(() => heard.at(-1), { timeout: 3000 }).toMatchObject({ stationId: d.s2, counts: { arrived: 1 } });
    } finally {
      unsubscribe();
      await other.close();
    }
  });
});
