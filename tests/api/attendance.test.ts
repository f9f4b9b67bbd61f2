import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerView } from "../../src/shared/offers/schema.ts";
import { parseInstant } from "../../src/shared/time.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { SECOND } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import { moveClockTo, type OfferKey, removeOffer, stationOffers } from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  type Json,
  makeHistoric,
  NO_SUCH_ID,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * POST /api/events/{eventId}/attendance/{stationId}_{groupId} (STAFFING §2, spec 02 §4): the event's
 * contacts and the station's team leader record how many came, on an accepted offer, from the station's
 * start date (Stockholm) until the event is finished, never more than the offer's volunteers.
 */

let app: TestApp;
let owner: User;
let coOrganizer: User;
let leader: User;
let otherLeader: User;
let contact: User;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  coOrganizer = await buildUser(app, { firstName: "Cecilia", lastName: "Medarrangör" });
  leader = await buildUser(app, { firstName: "Sara", lastName: "Stationsansvarig" });
  otherLeader = await buildUser(app, { firstName: "Tore", lastName: "Annan" });
  contact = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utanför" });
});
afterAll(async () => {
  await app.close();
});

const everyone = () => [owner, coOrganizer, leader, otherLeader, contact, outsider];

/** Moves the clock forward to `at` and signs everyone in again. */
const moveTo = (at: Date) => moveClockTo(app, at, everyone());

/** Stockholm midnight starting `date`. */
const midnight = (date: string) => parseInstant(`${date}T00:00`) as Date;

let groupCounter = 0;

/**
 * A confirmed event two days ahead with S1 (led by `leader`, 18:00–22:00) and S2 (led by `otherLeader`),
 * and a group that accepted 5 volunteers at S1 (and, when asked, at S2).
 */
async function setUp(options: { days?: number; to?: "DRAFT" | "PROPOSAL" | "ACCEPTED" | "REJECTED" } = {}) {
  const date = dayFromNow(app, options.days ?? 2);
  const event = await confirmedEvent(app, owner, {
    days: options.days ?? 2,
    stations: [
      { teamLeaderEmail: leader.email, start: `${date}T18:00`, end: `${date}T22:00` },
      { teamLeaderEmail: otherLeader.email },
    ],
    event: { contactPersons: [{ email: coOrganizer.email, name: "Cecilia" }] },
  });
  groupCounter++;
  const group = await confirmedGroup(app, contact, { name: `Närvarogrupp ${groupCounter}` });
  const key: OfferKey = { eventId: event.id, groupId: group.id, stationId: stationId(event, "S1") };
  await offerAt(app, owner, contact, key, { volunteers: 5, to: options.to ?? "ACCEPTED" });
  return { event, group, key, date };
}

const path = (k: OfferKey) => `/api/events/${k.eventId}/attendance/${k.stationId}_${k.groupId}`;
const record = (token: string | undefined, k: OfferKey, body: unknown) => call(app.server, "POST", path(k), { token, body });

/** The offer as the organizer's station view shows it. */
async function offerOf(k: OfferKey): Promise<Json> {
  const res = await stationOffers(app, owner.token, k.eventId, k.stationId);
  expect(res.status).toBe(200);
  return res.body.offers.find((o: Json) => o.groupId === k.groupId);
}

function parsedOffer(body: unknown): Json {
  const parsed = offerView.safeParse(body);
  expect(parsed.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
  return parsed.data as Json;
}

describe("recording attendance on the day", () => {
  it("records adults and children for an accepted offer and answers the offer", async () => {
    const { key, date } = await setUp();
    await moveTo(new Date(midnight(date).getTime() + 10 * 60 * 60 * SECOND));
    const res = await record(owner.token, key, { adultAttendance: 3, childAttendance: 2 });
    expect(res.status).toBe(200);
    const offer = parsedOffer(res.body);
    expect(offer).toMatchObject({ ...key, status: "ACCEPTED", volunteers: 5, adultAttendance: 3, childAttendance: 2 });
    expect(offer.abilities.recordAttendance).toBe(true);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: 3, childAttendance: 2 });

    // A correction replaces what was recorded; numbers may come as the form's text, and 0 and 0 is an answer.
    const again = await record(coOrganizer.token, key, { adultAttendance: "5", childAttendance: "0" });
    expect(again.status).toBe(200);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: 5, childAttendance: 0 });
    expect((await record(owner.token, key, { adultAttendance: 0, childAttendance: 0 })).status).toBe(200);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: 0, childAttendance: 0 });
  });

  it("lets the station's team leader record it, and tells them they may", async () => {
    const { key, date } = await setUp();
    await moveTo(midnight(date));
    const before = await stationOffers(app, leader.token, key.eventId, key.stationId);
    expect(before.body.offers[0].abilities).toMatchObject({ recordAttendance: true, remove: false });
    const res = await record(leader.token, key, { adultAttendance: 4, childAttendance: 1 });
    expect(res.status).toBe(200);
    expect(parsedOffer(res.body)).toMatchObject({ adultAttendance: 4, childAttendance: 1 });
    // The team leader's answer carries what they may see: the group's contacts on an accepted offer.
    expect(res.body.group.contactPersons.map((c: Json) => c.email)).toEqual([contact.email]);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: 4, childAttendance: 1 });
  });

  it("is 404 for the team leader of another station, an outsider and the group's own contact; 401 signed out", async () => {
    const { key, date } = await setUp();
    await moveTo(midnight(date));
    for (const who of [otherLeader, outsider, contact])
      expectCleanError(await record(who.token, key, { adultAttendance: 1, childAttendance: 0 }), "NotFound", 404);
    expectCleanError(await record(undefined, key, { adultAttendance: 1, childAttendance: 0 }), "Unauthorized", 401);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: null, childAttendance: null });
  });

  it("is 404 for a key that names no offer: another group, another event's station, an unknown event", async () => {
    const { key, date, event } = await setUp();
    const other = await setUp();
    await moveTo(midnight(date));
    const body = { adultAttendance: 1, childAttendance: 0 };
    expectCleanError(await record(owner.token, { ...key, groupId: NO_SUCH_ID }, body), "NotFound", 404);
    expectCleanError(await record(owner.token, { ...key, stationId: other.key.stationId }, body), "NotFound", 404);
    expectCleanError(await record(owner.token, { ...key, eventId: NO_SUCH_ID }, body), "NotFound", 404);
    // Station S2 has no offer of this group.
    expectCleanError(await record(owner.token, { ...key, stationId: stationId(event, "S2") }, body), "NotFound", 404);
  });

  it("refuses a path that is not `{stationId}_{groupId}` as invalid", async () => {
    const { key } = await setUp();
    for (const tail of [
      key.stationId,
      `${key.stationId}-${key.groupId}`,
      `${key.stationId}_${key.groupId}_x`,
      `${key.stationId}_nope`,
    ]) {
      const res = await call(app.server, "POST", `/api/events/${key.eventId}/attendance/${tail}`, {
        token: owner.token,
        body: { adultAttendance: 1, childAttendance: 0 },
      });
      expectCleanError(res, "ValidationError", 400);
    }
  });
});

describe("the rules, each refusal changing nothing", () => {
  it("refuses an offer that is not accepted (409)", async () => {
    for (const to of ["DRAFT", "PROPOSAL", "REJECTED"] as const) {
      const { key, date } = await setUp({ to });
      await moveTo(midnight(date));
      const res = await record(owner.token, key, { adultAttendance: 1, childAttendance: 0 });
      expectCleanError(res, "Conflict", 409);
      expect(res.body.message).toContain(to);
      const offer = await offerOf(key);
      expect(offer).toMatchObject({ status: to, adultAttendance: null, childAttendance: null });
      expect(offer.abilities.recordAttendance).toBe(false);
    }
  });

  it("opens at Stockholm midnight of the station's start date, not before (AttendanceNotOpen)", async () => {
    const { key, date } = await setUp();
    const body = { adultAttendance: 2, childAttendance: 1 };
    expectCleanError(await record(owner.token, key, body), "AttendanceNotOpen", 409);
    expect((await offerOf(key)).abilities.recordAttendance).toBe(false);

    // The evening before (Stockholm): still closed, though in UTC the date may already be the station's.
    await moveTo(new Date(midnight(date).getTime() - 5 * SECOND));
    expectCleanError(await record(leader.token, key, body), "AttendanceNotOpen", 409);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: null, childAttendance: null });
    expect((await offerOf(key)).abilities.recordAttendance).toBe(false);

    // Midnight in Stockholm, 18 hours before the station starts: open.
    app.clock.advance(5 * SECOND);
    expect((await offerOf(key)).abilities.recordAttendance).toBe(true);
    expect((await record(leader.token, key, body)).status).toBe(200);
    expect(await offerOf(key)).toMatchObject(body);
  });

  it("closes when the event is finished (AttendanceNotOpen), keeping what was recorded", async () => {
    const { key, date } = await setUp();
    await moveTo(midnight(date));
    expect((await record(owner.token, key, { adultAttendance: 2, childAttendance: 0 })).status).toBe(200);
    await makeHistoric(app, key.eventId);
    for (const who of [owner, leader]) {
      const res = await record(who.token, key, { adultAttendance: 5, childAttendance: 0 });
      expectCleanError(res, "AttendanceNotOpen", 409);
      expect(res.body.message).toMatch(/finished/);
    }
    const offer = await offerOf(key);
    expect(offer).toMatchObject({ adultAttendance: 2, childAttendance: 0 });
    expect(offer.abilities.recordAttendance).toBe(false);
  });

  it("refuses more people than the offer's volunteers (AttendanceExceedsVolunteers), and takes exactly as many", async () => {
    const { key, date } = await setUp();
    await moveTo(midnight(date));
    expect((await record(owner.token, key, { adultAttendance: 1, childAttendance: 1 })).status).toBe(200);
    for (const body of [
      { adultAttendance: 6, childAttendance: 0 },
      { adultAttendance: 0, childAttendance: 6 },
      { adultAttendance: 3, childAttendance: 3 },
    ])
      expectCleanError(await record(owner.token, key, body), "AttendanceExceedsVolunteers", 400);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: 1, childAttendance: 1 });
    expect((await record(owner.token, key, { adultAttendance: 3, childAttendance: 2 })).status).toBe(200);
    expect(await offerOf(key)).toMatchObject({ adultAttendance: 3, childAttendance: 2 });
  });

  it("refuses numbers that are not whole numbers from 0, naming each field's rule", async () => {
    const { key, date } = await setUp();
    await moveTo(midnight(date));
    expect((await record(owner.token, key, { adultAttendance: 1, childAttendance: 0 })).status).toBe(200);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ adultAttendance: -1, childAttendance: 0 }, { adultAttendance: "validation.min0" }],
      [{ adultAttendance: 1.5, childAttendance: 0 }, { adultAttendance: "validation.integer" }],
      [{ adultAttendance: "tre", childAttendance: 0 }, { adultAttendance: "validation.integer" }],
      [{ adultAttendance: 1 }, { childAttendance: "validation.required" }],
      [
        { adultAttendance: null, childAttendance: "" },
        { adultAttendance: "validation.required", childAttendance: "validation.required" },
      ],
      [{ adultAttendance: 1, childAttendance: 3_000_000_000 }, { childAttendance: "validation.invalid" }],
      [
        { adultAttendance: true, childAttendance: [1] },
        { adultAttendance: "validation.integer", childAttendance: "validation.integer" },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await record(owner.token, key, body);
      expectCleanError(res, "ValidationError", 400);
      expect(res.body.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await offerOf(key)).toMatchObject({ adultAttendance: 1, childAttendance: 0 });
  });
});

describe("parallel writes", () => {
  it("writes each request whole, one after the other, and never half of two", async () => {
    const { key, date } = await setUp();
    await moveTo(midnight(date));
    const bodies = Array.from({ length: 10 }, (_, i) => ({ adultAttendance: i % 6, childAttendance: 5 - (i % 6) }));
    const results = await Promise.all(bodies.map((b, i) => record(i % 2 ? leader.token : owner.token, key, b)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const final = await offerOf(key);
    expect(final.adultAttendance + final.childAttendance).toBe(5);
  });

  it("answers a clean 404 (or records first) when the offer is withdrawn at the same moment", async () => {
    const { key, date } = await setUp();
    await moveTo(midnight(date));
    const [written, removed] = await Promise.all([
      record(owner.token, key, { adultAttendance: 1, childAttendance: 0 }),
      removeOffer(app, owner.token, key),
    ]);
    expect(removed.status).toBe(204);
    expect([200, 404]).toContain(written.status);
    if (written.status === 404) expectCleanError(written, "NotFound", 404);
    expect(await offerOf(key)).toBeUndefined();
  });
});
