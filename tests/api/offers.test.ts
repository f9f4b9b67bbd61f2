import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerView, stationOffersView } from "../../src/shared/offers/schema.ts";
import { parseInstant, stockholmLocal } from "../../src/shared/time.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { DAY, MINUTE } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import {
  allocationOf,
  answerOffer,
  createOffer,
  eventOffers,
  groupOffer,
  groupOffers,
  msBetween,
  nameAttendees,
  type OfferKey,
  organizerOffer,
  postOffer,
  removeOffer,
  sendOffers,
  sendReminders,
  sentADayAgo,
  stationOffers,
} from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  draftEvent,
  draftGroup,
  type Json,
  makeHistoric,
  NO_SUCH_ID,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * Offers as STAFFING.md and the decisions of the staffing design describe them, called as a browser
 * would: the organizer's side (create, delete, send, remind, read with counters) and the group's side
 * (read, answer, name attendees), with the authorization rule of ARCHITECTURE §4 on every route.
 */

let app: TestApp;
let owner: User;
let coOrganizer: User;
let outsider: User;
let anna: User;
let bertil: User;
let leader: User;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  coOrganizer = await buildUser(app, { firstName: "Cecilia", lastName: "Medarrangör" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utanför" });
  anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson", phone: "0701111111" });
  bertil = await buildUser(app, { firstName: "Bertil", lastName: "Berg", phone: "0702222222" });
  leader = await buildUser(app, { firstName: "Lena", lastName: "Lagledare" });
});
afterAll(async () => {
  await app.close();
});

let groupCounter = 0;
/** A confirmed group of `contact` with a name no other test uses. */
async function group(contact: User = anna, overrides: Record<string, unknown> = {}) {
  groupCounter++;
  return confirmedGroup(app, contact, { name: `Grupp ${groupCounter} ${contact.user.firstName}`, ...overrides });
}

/** A confirmed event of the owner (with the co-organizer as second contact) and its stations. */
async function event(options: Parameters<typeof confirmedEvent>[2] = {}) {
  return confirmedEvent(app, owner, {
    ...options,
    event: { contactPersons: [{ email: coOrganizer.email, name: "Cecilia" }], ...options.event },
  });
}

const key = (e: Json, g: Json, station = "S1"): OfferKey => ({ eventId: e.id, groupId: g.id, stationId: stationId(e, station) });

function expectNear(instant: string, expected: Date | number, toleranceMs = MINUTE) {
  expect(Math.abs(new Date(instant).getTime() - new Date(expected).getTime()), instant).toBeLessThanOrEqual(toleranceMs);
}

function parsedOffer(body: unknown) {
  const parsed = offerView.safeParse(body);
  expect(parsed.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
  return parsed.data as Json;
}

describe("POST /api/offers", () => {
  it("creates a DRAFT offer (201) in the offer view's shape, counted as preliminary at its station", async () => {
    const e = await event();
    const g = await group();
    const k = key(e, g);
    const res = await postOffer(app, owner.token, { ...k, volunteers: 3 });
    expect(res.status).toBe(201);
    const o = parsedOffer(res.body);
    expect(o).toMatchObject({
      ...k,
      eventName: e.name,
      groupName: g.name,
      status: "DRAFT",
      volunteers: 3,
      sentAt: null,
      remindedAt: null,
      answeredAt: null,
      expiresAt: null,
      attendees: [],
    });
    expect(o.station.id).toBe(k.stationId);
    expect(o.event.id).toBe(e.id);
    expect(o.group.id).toBe(g.id);
    expect(o.abilities.remove).toBe(true);
    expectNear(o.createdAt, app.clock.now(), 10_000);

    const listed = await organizerOffer(app, owner.token, k);
    expect(listed).toMatchObject({ status: "DRAFT", volunteers: 3 });
    expect(await allocationOf(app, owner.token, e.id, k.stationId)).toEqual({
      needed: 10,
      preliminary: 3,
      awaiting: 0,
      accepted: 0,
      missing: 7,
      manned: false,
    });
  });

  it("lets every contact of the event create offers", async () => {
    const e = await event();
    const res = await postOffer(app, coOrganizer.token, { ...key(e, await group()), volunteers: 1 });
    expect(res.status).toBe(201);
  });

  it.each([
    ["0", 0],
    ["negative", -2],
    ["a fraction", 1.5],
    ["text", "många"],
    ["null", null],
    ["missing", undefined],
  ])("refuses volunteers %s with 400 ValidationError on fields.volunteers, creating nothing", async (_, volunteers) => {
    const e = await event();
    const k = key(e, await group());
    const res = await postOffer(app, owner.token, { ...k, volunteers });
    expectCleanError(res, "ValidationError", 400);
    expect(res.body.fields?.volunteers, JSON.stringify(res.body)).toEqual(expect.any(String));
    expect(await organizerOffer(app, owner.token, k)).toBeUndefined();
  });

  it("asks for a group when none is chosen", async () => {
    const e = await event();
    const res = await postOffer(app, owner.token, { eventId: e.id, stationId: stationId(e), volunteers: 1 });
    expectCleanError(res, "ValidationError", 400);
    expect(res.body.fields.groupId).toBe("offers.validation.groupRequired");
  });

  it("refuses more volunteers than the station's officialQuantity with 400 TooManyVolunteers, before any other limit", async () => {
    const e = await event({ stations: [{ officialQuantity: 10 }] });
    const res = await postOffer(app, owner.token, { ...key(e, await group()), volunteers: 11 });
    expectCleanError(res, "TooManyVolunteers", 400);
    // Also when the station is partly taken and the group is small: the station's own size is named first.
    await createOffer(app, owner.token, key(e, await group()), 8);
    const small = await group(anna, { numberOfMembers: 3 });
    expectCleanError(await postOffer(app, owner.token, { ...key(e, small), volunteers: 11 }), "TooManyVolunteers", 400);
  });

  it("refuses more than the station still has unallocated (DRAFT, PROPOSAL and ACCEPTED hold places) with 400 Allocated", async () => {
    const e = await event({ stations: [{ officialQuantity: 10 }] });
    const g1 = await group(anna);
    const g2 = await group(bertil);
    const g3 = await group(bertil);
    await createOffer(app, owner.token, key(e, g1), 6);
    expectCleanError(await postOffer(app, owner.token, { ...key(e, g2), volunteers: 5 }), "Allocated", 400);
    expect((await postOffer(app, owner.token, { ...key(e, g2), volunteers: 4 })).status).toBe(201);
    expect(await allocationOf(app, owner.token, e.id, stationId(e))).toMatchObject({ preliminary: 10, missing: 0 });
    // Sent, one accepted and one declined: the declined places are free again, the accepted ones are not.
    expect((await sendOffers(app, owner.token, e.id, {})).body.sent).toBe(2);
    expect(await allocationOf(app, owner.token, e.id, stationId(e))).toMatchObject({ preliminary: 0, awaiting: 10, missing: 0 });
    expect((await answerOffer(app, anna.token, key(e, g1), "accept")).status).toBe(200);
    expect((await answerOffer(app, bertil.token, key(e, g2), "reject")).status).toBe(200);
    expect(await allocationOf(app, owner.token, e.id, stationId(e))).toEqual({
      needed: 10,
      preliminary: 0,
      awaiting: 0,
      accepted: 6,
      missing: 4,
      manned: false,
    });
    expectCleanError(await postOffer(app, owner.token, { ...key(e, g3), volunteers: 5 }), "Allocated", 400);
    expect((await postOffer(app, owner.token, { ...key(e, g3), volunteers: 4 })).status).toBe(201);
  });

  it("refuses more than the group's members with 400 TooManyRequested", async () => {
    const e = await event({ stations: [{ officialQuantity: 10 }] });
    const small = await group(anna, { numberOfMembers: 4 });
    expectCleanError(await postOffer(app, owner.token, { ...key(e, small), volunteers: 5 }), "TooManyRequested", 400);
    expect((await postOffer(app, owner.token, { ...key(e, small), volunteers: 4 })).status).toBe(201);
  });

  it("counts the group's volunteers at overlapping stations of every event, not at touching or later ones", async () => {
    const date = dayFromNow(app, 30);
    const at = (from: string, to: string) => ({ start: `${date}T${from}`, end: `${date}T${to}` });
    const a = await event({ stations: [at("08:00", "18:00"), { name: "S2", ...at("18:00", "20:00") }] });
    const b = await confirmedEvent(app, coOrganizer, {
      event: { name: "Ett annat lopp" },
      stations: [
        { name: "T1", ...at("12:00", "20:00") },
        { name: "T2", ...at("06:00", "07:00") },
      ],
    });
    const g = await group(anna, { numberOfMembers: 10 });
    expect((await postOffer(app, owner.token, { ...key(a, g, "S1"), volunteers: 6 })).status).toBe(201);
    // T1 (12–20) overlaps S1 (08–18) of the other event: 4 members are left.
    expectCleanError(await postOffer(app, coOrganizer.token, { ...key(b, g, "T1"), volunteers: 5 }), "TooManyRequested", 400);
    expect((await postOffer(app, coOrganizer.token, { ...key(b, g, "T1"), volunteers: 4 })).status).toBe(201);
    // S2 (18–20) touches S1 but overlaps only T1: 6 are left.
    expectCleanError(await postOffer(app, owner.token, { ...key(a, g, "S2"), volunteers: 7 }), "TooManyRequested", 400);
    expect((await postOffer(app, owner.token, { ...key(a, g, "S2"), volunteers: 6 })).status).toBe(201);
    // T2 (06–07) overlaps nothing.
    expect((await postOffer(app, coOrganizer.token, { ...key(b, g, "T2"), volunteers: 10 })).status).toBe(201);
  });

  it("frees a group's members when its offer is declined", async () => {
    const a = await event();
    const b = await confirmedEvent(app, coOrganizer, { event: { name: "Parallellt lopp" } });
    const g = await group(anna, { numberOfMembers: 5 });
    await offerAt(app, owner, anna, key(a, g), { volunteers: 5, to: "PROPOSAL" });
    expectCleanError(await postOffer(app, coOrganizer.token, { ...key(b, g), volunteers: 1 }), "TooManyRequested", 400);
    expect((await answerOffer(app, anna.token, key(a, g), "reject")).status).toBe(200);
    expect((await postOffer(app, coOrganizer.token, { ...key(b, g), volunteers: 5 })).status).toBe(201);
  });

  it("answers 409 EventNotConfirmed on a DRAFT event and 409 EventHistoric on a HISTORIC one", async () => {
    const draft = await draftEvent(app, owner);
    const g = await group();
    expectCleanError(await postOffer(app, owner.token, { ...key(draft, g), volunteers: 1 }), "EventNotConfirmed", 409);
    const e = await event();
    await makeHistoric(app, e.id);
    expectCleanError(await postOffer(app, owner.token, { ...key(e, g), volunteers: 1 }), "EventHistoric", 409);
  });

  it("answers 404 for a station of another event, a missing station, event or group, and a group not CONFIRMED", async () => {
    const e = await event();
    const other = await event({ event: { name: "Annat evenemang" } });
    const g = await group();
    const draftG = await draftGroup(app, anna, { name: "Obekräftad grupp" });
    const station = stationId(e);
    for (const body of [
      { eventId: e.id, groupId: g.id, stationId: stationId(other) },
      { eventId: e.id, groupId: g.id, stationId: NO_SUCH_ID },
      { eventId: NO_SUCH_ID, groupId: g.id, stationId: station },
      { eventId: e.id, groupId: NO_SUCH_ID, stationId: station },
      { eventId: e.id, groupId: draftG.id, stationId: station },
    ]) {
      const res = await postOffer(app, owner.token, { ...body, volunteers: 1 });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.code).toBe("NotFound");
    }
    expect((await eventOffers(app, owner.token, e.id)).body).toEqual([]);
    expect((await eventOffers(app, owner.token, other.id)).body).toEqual([]);
  });

  it("answers 409 Conflict while an offer at the same key is DRAFT, PROPOSAL or ACCEPTED", async () => {
    const e = await event({ stations: [{}, {}, {}] });
    const g = await group();
    await offerAt(app, owner, anna, key(e, g, "S1"), { to: "DRAFT" });
    await offerAt(app, owner, anna, key(e, g, "S2"), { to: "PROPOSAL" });
    await offerAt(app, owner, anna, key(e, g, "S3"), { to: "ACCEPTED" });
    for (const station of ["S1", "S2", "S3"]) {
      const res = await postOffer(app, owner.token, { ...key(e, g, station), volunteers: 1 });
      expectCleanError(res, "Conflict", 409);
    }
    const statuses = (await eventOffers(app, owner.token, e.id)).body.map((o: Json) => [o.volunteers, o.status]).sort();
    expect(statuses).toEqual([
      [2, "ACCEPTED"],
      [2, "DRAFT"],
      [2, "PROPOSAL"],
    ]);
  });

  it("replaces a REJECTED offer at the same key by a new DRAFT", async () => {
    const e = await event();
    const g = await group();
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { volunteers: 2, to: "REJECTED" });
    const res = await postOffer(app, owner.token, { ...k, volunteers: 5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "DRAFT", volunteers: 5, sentAt: null, answeredAt: null, expiresAt: null });
    const listed = (await eventOffers(app, owner.token, e.id)).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: "DRAFT", volunteers: 5 });
  });

  it("answers 404 to an outsider and to a contact of the group, 401 without a token, and creates nothing", async () => {
    const e = await event();
    const g = await group(anna);
    const body = { ...key(e, g), volunteers: 1 };
    const byOutsider = await postOffer(app, outsider.token, body);
    expectCleanError(byOutsider, "NotFound", 404);
    expectCleanError(await postOffer(app, anna.token, body), "NotFound", 404);
    expectCleanError(await postOffer(app, undefined, body), "Unauthorized", 401);
    expect((await eventOffers(app, owner.token, e.id)).body).toEqual([]);
  });
});

describe("DELETE /api/offers/{eventId}/{groupId}/{stationId}", () => {
  it("deletes a DRAFT (204) and frees its places", async () => {
    const e = await event();
    const g = await group();
    const k = key(e, g);
    await createOffer(app, owner.token, k, 4);
    const res = await removeOffer(app, owner.token, k);
    expect(res.status).toBe(204);
    expect(await organizerOffer(app, owner.token, k)).toBeUndefined();
    expect(await allocationOf(app, owner.token, e.id, k.stationId)).toMatchObject({ preliminary: 0, missing: 10 });
    expect((await removeOffer(app, owner.token, k)).status).toBe(404);
  });

  it("withdraws a PROPOSAL and an ACCEPTED offer: gone for the group too, places free", async () => {
    const e = await event({ stations: [{}, {}] });
    const g = await group();
    const proposal = key(e, g, "S1");
    const accepted = key(e, g, "S2");
    await offerAt(app, owner, anna, proposal, { to: "PROPOSAL" });
    await offerAt(app, owner, anna, accepted, { to: "ACCEPTED" });
    expect((await removeOffer(app, owner.token, proposal)).status).toBe(204);
    expect((await removeOffer(app, coOrganizer.token, accepted)).status).toBe(204);
    expect((await groupOffer(app, anna.token, proposal)).status).toBe(404);
    expect((await groupOffer(app, anna.token, accepted)).status).toBe(404);
    expect((await groupOffers(app, anna.token, g.id)).body).toEqual([]);
    expect(await allocationOf(app, owner.token, e.id, accepted.stationId)).toMatchObject({ accepted: 0, missing: 10 });
  });

  it("answers 404 to an outsider and to the group's contact, 401 without a token, and keeps the offer", async () => {
    const e = await event();
    const g = await group(anna);
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { to: "PROPOSAL" });
    expectCleanError(await removeOffer(app, outsider.token, k), "NotFound", 404);
    expectCleanError(await removeOffer(app, anna.token, k), "NotFound", 404);
    expectCleanError(await removeOffer(app, undefined, k), "Unauthorized", 401);
    expect(await organizerOffer(app, owner.token, k)).toMatchObject({ status: "PROPOSAL" });
  });

  it("answers 409 EventHistoric on a HISTORIC event", async () => {
    const e = await event();
    const g = await group();
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { to: "ACCEPTED" });
    await makeHistoric(app, e.id);
    expectCleanError(await removeOffer(app, owner.token, k), "EventHistoric", 409);
    expect(await organizerOffer(app, owner.token, k)).toMatchObject({ status: "ACCEPTED" });
  });
});

describe("POST /api/offers/{eventId}/confirm (sending invitations)", () => {
  it("sends every DRAFT of the event when no list is given: PROPOSAL with sentAt and an answer-by date a week on", async () => {
    const e = await event({ stations: [{}, {}] });
    const g1 = await group(anna);
    const g2 = await group(bertil);
    for (const k of [key(e, g1, "S1"), key(e, g1, "S2"), key(e, g2, "S1")]) await createOffer(app, owner.token, k, 2);
    const res = await sendOffers(app, owner.token, e.id, { offers: [] });
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(3);
    // One name per group, however many of its offers went out.
    expect([...res.body.groups].sort()).toEqual([g1.name, g2.name].sort());
    const now = app.clock.now();
    for (const o of (await eventOffers(app, owner.token, e.id)).body) {
      expect(o.status).toBe("PROPOSAL");
      expectNear(o.sentAt, now, 10_000);
      // The end of the day a week on, Swedish time.
      expect(stockholmLocal(o.expiresAt)).toBe(`${addDays(stockholmToday(now), 7)}T23:59`);
      expect(msBetween(o.sentAt, o.expiresAt)).toBeGreaterThan(7 * DAY - MINUTE);
      expect(o.station.allocation).toMatchObject({ preliminary: 0, awaiting: o.stationId === stationId(e, "S1") ? 4 : 2 });
    }
  });

  it("takes an absent list as every DRAFT too", async () => {
    const e = await event();
    await createOffer(app, owner.token, key(e, await group()), 1);
    const res = await call(app.server, "POST", `/api/offers/${e.id}/confirm`, { token: owner.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(1);
  });

  it("sends only the listed DRAFTs and ignores listed offers that are not DRAFT (not counted)", async () => {
    const e = await event({ stations: [{}, {}, {}] });
    const g1 = await group(anna);
    const g2 = await group(bertil);
    await offerAt(app, owner, anna, key(e, g1, "S1"), { to: "ACCEPTED" });
    await createOffer(app, owner.token, key(e, g1, "S2"), 1);
    await createOffer(app, owner.token, key(e, g2, "S3"), 1);
    const res = await sendOffers(app, owner.token, e.id, {
      offers: [
        { groupId: g1.id, stationId: stationId(e, "S1") },
        { groupId: g1.id, stationId: stationId(e, "S2") },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 1, groups: [g1.name] });
    expect((await organizerOffer(app, owner.token, key(e, g1, "S1")))?.status).toBe("ACCEPTED");
    expect((await organizerOffer(app, owner.token, key(e, g1, "S2")))?.status).toBe("PROPOSAL");
    expect((await organizerOffer(app, owner.token, key(e, g2, "S3")))?.status).toBe("DRAFT");
    // Nothing left that the list names: nothing sent.
    const again = await sendOffers(app, owner.token, e.id, { offers: [{ groupId: g1.id, stationId: stationId(e, "S2") }] });
    expect(again.body).toEqual({ sent: 0, groups: [] });
  });

  it("answers {sent: 0, groups: []} when the event has no DRAFT", async () => {
    const e = await event();
    const res = await sendOffers(app, owner.token, e.id, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 0, groups: [] });
  });

  it("never sets the answer-by date after the station's start", async () => {
    const e = await event({ days: 3 });
    const k = key(e, await group());
    await createOffer(app, owner.token, k, 1);
    expect((await sendOffers(app, owner.token, e.id, {})).status).toBe(200);
    const o = await organizerOffer(app, owner.token, k);
    expect(new Date(o?.expiresAt).getTime()).toBe(new Date(e.stations[0].start).getTime());
  });

  it("keeps a chosen answer-by date, and the station's start when the chosen one is later", async () => {
    const e = await event({ days: 20, stations: [{}, {}] });
    const g = await group();
    await createOffer(app, owner.token, key(e, g, "S1"), 1);
    await createOffer(app, owner.token, key(e, g, "S2"), 1);
    const chosen = new Date(app.clock.now().getTime() + 3 * DAY);
    chosen.setUTCMilliseconds(0);
    chosen.setUTCSeconds(0);
    const first = await sendOffers(app, owner.token, e.id, {
      offers: [{ groupId: g.id, stationId: stationId(e, "S1") }],
      expiresAt: chosen.toISOString(),
    });
    expect(first.status).toBe(200);
    expect(new Date((await organizerOffer(app, owner.token, key(e, g, "S1")))?.expiresAt).getTime()).toBe(chosen.getTime());
    const late = new Date(app.clock.now().getTime() + 60 * DAY).toISOString();
    expect((await sendOffers(app, owner.token, e.id, { expiresAt: late })).status).toBe(200);
    const s2 = e.stations.find((s: Json) => s.name === "S2");
    expect(new Date((await organizerOffer(app, owner.token, key(e, g, "S2")))?.expiresAt).getTime()).toBe(
      new Date(s2.start).getTime(),
    );
  });

  it("reads an answer-by date without a time as the end of that day in Stockholm", async () => {
    const e = await event();
    const k = key(e, await group());
    await createOffer(app, owner.token, k, 1);
    const day = dayFromNow(app, 5);
    expect((await sendOffers(app, owner.token, e.id, { expiresAt: day })).status).toBe(200);
    const o = await organizerOffer(app, owner.token, k);
    expect(new Date(o?.expiresAt).getTime()).toBe(parseInstant(`${day}T23:59`)?.getTime());
  });

  it("refuses an answer-by date in the past with 400 ValidationError on fields.expiresAt, sending nothing", async () => {
    const e = await event();
    const k = key(e, await group());
    await createOffer(app, owner.token, k, 1);
    const res = await sendOffers(app, owner.token, e.id, { expiresAt: new Date(app.clock.now().getTime() - DAY).toISOString() });
    expectCleanError(res, "ValidationError", 400);
    expect(res.body.fields.expiresAt).toBe("offers.validation.expiresInPast");
    // Yesterday as a date: its end has passed too.
    const yesterday = await sendOffers(app, owner.token, e.id, { expiresAt: dayFromNow(app, -1) });
    expect(yesterday.body.fields.expiresAt).toBe("offers.validation.expiresInPast");
    // A date as some write it by hand is no date here: refused, not read as the default week.
    const handWritten = await sendOffers(app, owner.token, e.id, { expiresAt: "24/12/2026" });
    expectCleanError(handWritten, "ValidationError", 400);
    expect(handWritten.body.fields.expiresAt).toBe("validation.dateFormat");
    expect((await organizerOffer(app, owner.token, k))?.status).toBe("DRAFT");
  });

  it("answers 409 EventNotConfirmed on a DRAFT event and 409 EventHistoric on a HISTORIC one", async () => {
    const draft = await draftEvent(app, owner);
    expectCleanError(await sendOffers(app, owner.token, draft.id, {}), "EventNotConfirmed", 409);
    const e = await event();
    const k = key(e, await group());
    await createOffer(app, owner.token, k, 1);
    await makeHistoric(app, e.id);
    expectCleanError(await sendOffers(app, owner.token, e.id, {}), "EventHistoric", 409);
    expect((await organizerOffer(app, owner.token, k))?.status).toBe("DRAFT");
  });

  it("answers 404 to an outsider and to a group contact, 401 without a token, and sends nothing", async () => {
    const e = await event();
    const k = key(e, await group(anna));
    await createOffer(app, owner.token, k, 1);
    expectCleanError(await sendOffers(app, outsider.token, e.id, {}), "NotFound", 404);
    expectCleanError(await sendOffers(app, anna.token, e.id, {}), "NotFound", 404);
    expectCleanError(await sendOffers(app, undefined, e.id, {}), "Unauthorized", 401);
    expect((await organizerOffer(app, owner.token, k))?.status).toBe("DRAFT");
  });
});

describe("POST /api/offers/{eventId}/send-reminder", () => {
  it("reminds the groups of PROPOSAL offers only, setting remindedAt", async () => {
    const e = await event({ stations: [{}, {}, {}] });
    const waiting = await group(anna);
    const answered = await group(bertil);
    const notSent = await group(bertil);
    await offerAt(app, owner, anna, key(e, waiting, "S1"), { to: "PROPOSAL" });
    await offerAt(app, owner, anna, key(e, waiting, "S2"), { to: "PROPOSAL" });
    await offerAt(app, owner, bertil, key(e, answered, "S3"), { to: "ACCEPTED" });
    await createOffer(app, owner.token, key(e, notSent, "S3"), 1);
    await sentADayAgo(app, e.id);
    const res = await sendReminders(app, owner.token, e.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ groups: [waiting.name], notReminded: [] });
    const now = app.clock.now();
    for (const o of (await eventOffers(app, owner.token, e.id)).body) {
      if (o.groupId === waiting.id) expectNear(o.remindedAt, now, 10_000);
      else expect(o.remindedAt, o.status).toBeNull();
    }
  });

  it("answers {groups: [], notReminded: []} when no offer awaits an answer", async () => {
    const e = await event();
    await createOffer(app, owner.token, key(e, await group()), 1);
    const res = await sendReminders(app, owner.token, e.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ groups: [], notReminded: [] });
  });

  it("answers 409 EventNotConfirmed on a DRAFT event and 409 EventHistoric on a HISTORIC one", async () => {
    const draft = await draftEvent(app, owner);
    expectCleanError(await sendReminders(app, owner.token, draft.id), "EventNotConfirmed", 409);
    const e = await event();
    const k = key(e, await group());
    await offerAt(app, owner, anna, k, { to: "PROPOSAL" });
    await makeHistoric(app, e.id);
    expectCleanError(await sendReminders(app, owner.token, e.id), "EventHistoric", 409);
    expect((await organizerOffer(app, owner.token, k))?.remindedAt).toBeNull();
  });

  it("answers 404 to an outsider and to a group contact, 401 without a token", async () => {
    const e = await event();
    const k = key(e, await group(anna));
    await offerAt(app, owner, anna, k, { to: "PROPOSAL" });
    expectCleanError(await sendReminders(app, outsider.token, e.id), "NotFound", 404);
    expectCleanError(await sendReminders(app, anna.token, e.id), "NotFound", 404);
    expectCleanError(await sendReminders(app, undefined, e.id), "Unauthorized", 401);
    expect((await organizerOffer(app, owner.token, k))?.remindedAt).toBeNull();
  });
});

describe("the organizer's reads", () => {
  it("GET /api/events/{eventId}/offers lists every offer of the event, DRAFTs too, each with its station's counters", async () => {
    const e = await event({ stations: [{ officialQuantity: 5 }, { officialQuantity: 3 }] });
    const g1 = await group(anna);
    const g2 = await group(bertil);
    await offerAt(app, owner, anna, key(e, g1, "S1"), { volunteers: 2, to: "ACCEPTED" });
    await offerAt(app, owner, bertil, key(e, g2, "S1"), { volunteers: 3, to: "PROPOSAL" });
    await createOffer(app, owner.token, key(e, g2, "S2"), 3);
    const res = await eventOffers(app, owner.token, e.id);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    for (const o of res.body) parsedOffer(o);
    const s1 = res.body.filter((o: Json) => o.stationId === stationId(e, "S1"));
    for (const o of s1)
      expect(o.station.allocation).toEqual({ needed: 5, preliminary: 0, awaiting: 3, accepted: 2, missing: 0, manned: false });
    const s2 = res.body.find((o: Json) => o.stationId === stationId(e, "S2"));
    expect(s2.station.allocation).toEqual({ needed: 3, preliminary: 3, awaiting: 0, accepted: 0, missing: 0, manned: false });
  });

  it("marks a station manned once accepted volunteers reach its need", async () => {
    const e = await event({ stations: [{ officialQuantity: 4 }] });
    await offerAt(app, owner, anna, key(e, await group(anna)), { volunteers: 4, to: "ACCEPTED" });
    expect(await allocationOf(app, owner.token, e.id, stationId(e))).toEqual({
      needed: 4,
      preliminary: 0,
      awaiting: 0,
      accepted: 4,
      missing: 0,
      manned: true,
    });
  });

  it("GET /api/offers/station/{eventId}/{stationId} answers the station with its counters and only its offers", async () => {
    const e = await event({ stations: [{ officialQuantity: 6 }, {}] });
    const g = await group(anna);
    await offerAt(app, owner, anna, key(e, g, "S1"), { volunteers: 2, to: "PROPOSAL" });
    await createOffer(app, owner.token, key(e, g, "S2"), 1);
    const res = await stationOffers(app, owner.token, e.id, stationId(e, "S1"));
    expect(res.status).toBe(200);
    expect(stationOffersView.safeParse(res.body).error?.issues ?? []).toEqual([]);
    expect(res.body.station.id).toBe(stationId(e, "S1"));
    expect(res.body.station.allocation).toEqual({
      needed: 6,
      preliminary: 0,
      awaiting: 2,
      accepted: 0,
      missing: 4,
      manned: false,
    });
    expect(res.body.offers.map((o: Json) => [o.groupId, o.stationId])).toEqual([[g.id, stationId(e, "S1")]]);
  });

  it("answers 404 for a station of another event or one that does not exist", async () => {
    const e = await event();
    const other = await event({ event: { name: "Annat" } });
    expect((await stationOffers(app, owner.token, e.id, stationId(e))).status).toBe(200);
    expectCleanError(await stationOffers(app, owner.token, e.id, stationId(other)), "NotFound", 404);
    expectCleanError(await stationOffers(app, owner.token, e.id, NO_SUCH_ID), "NotFound", 404);
    expectCleanError(await eventOffers(app, owner.token, NO_SUCH_ID), "NotFound", 404);
  });

  it("answers 404 to an outsider and to a group contact with an offer there, 401 without a token", async () => {
    const e = await event();
    const k = key(e, await group(anna));
    await offerAt(app, owner, anna, k, { to: "ACCEPTED" });
    for (const who of [outsider, anna]) {
      expectCleanError(await eventOffers(app, who.token, e.id), "NotFound", 404);
      expectCleanError(await stationOffers(app, who.token, e.id, k.stationId), "NotFound", 404);
    }
    expectCleanError(await eventOffers(app, undefined, e.id), "Unauthorized", 401);
    expectCleanError(await stationOffers(app, undefined, e.id, k.stationId), "Unauthorized", 401);
  });

  it("shows a station's team leader that station's offers, and no other station's", async () => {
    const e = await event({ stations: [{ teamLeaderEmail: leader.email }, {}] });
    const g = await group(anna);
    await offerAt(app, owner, anna, key(e, g, "S1"), { to: "PROPOSAL" });
    await offerAt(app, owner, anna, key(e, g, "S2"), { to: "PROPOSAL" });
    const own = await stationOffers(app, leader.token, e.id, stationId(e, "S1"));
    expect(own.status).toBe(200);
    expect(own.body.offers).toHaveLength(1);
    expect((await stationOffers(app, leader.token, e.id, stationId(e, "S2"))).status).toBe(404);
    const all = await eventOffers(app, leader.token, e.id);
    expect(all.status).toBe(200);
    expect(all.body.map((o: Json) => o.stationId)).toEqual([stationId(e, "S1")]);
  });

  it("tells a team leader they may not remove offers, as the server refuses them, and the organizer that they may", async () => {
    const e = await event({ stations: [{ teamLeaderEmail: leader.email }] });
    const k = key(e, await group(anna));
    await offerAt(app, owner, anna, k, { to: "PROPOSAL" });
    const byOrganizer = (await stationOffers(app, owner.token, e.id, k.stationId)).body.offers[0];
    expect(byOrganizer.abilities).toEqual({
      remove: true,
      answer: false,
      nameAttendees: false,
      recordAttendance: false,
      shareLink: false,
      standIns: false,
    });
    expectCleanError(await removeOffer(app, leader.token, k), "NotFound", 404);
    const byLeader = (await stationOffers(app, leader.token, e.id, k.stationId)).body.offers[0];
    expect(byLeader.abilities).toEqual({
      remove: false,
      answer: false,
      nameAttendees: false,
      recordAttendance: false,
      shareLink: false,
      standIns: false,
    });
    const listed = (await eventOffers(app, leader.token, e.id)).body[0];
    expect(listed.abilities.remove).toBe(false);
  });
});

describe("the group's reads", () => {
  it("GET /api/offers and /api/offers/groups list the offers to every group the user is a contact of, never DRAFTs", async () => {
    const user = await buildUser(app, { firstName: "Vera" });
    const e = await event({ stations: [{}, {}, {}] });
    const mine1 = await group(user);
    const mine2 = await group(bertil, { contactPersons: [{ email: user.email, name: "Vera" }] });
    const theirs = await group(bertil);
    await offerAt(app, owner, user, key(e, mine1, "S1"), { to: "PROPOSAL" });
    await offerAt(app, owner, user, key(e, mine2, "S2"), { to: "ACCEPTED" });
    await offerAt(app, owner, bertil, key(e, theirs, "S1"), { to: "PROPOSAL" });
    await createOffer(app, owner.token, key(e, mine1, "S3"), 1);
    for (const path of ["/api/offers", "/api/offers/groups"]) {
      const res = await call(app.server, "GET", path, { token: user.token });
      expect(res.status, path).toBe(200);
      const seen = res.body.map((o: Json) => `${o.groupId}/${o.stationId}/${o.status}`).sort();
      expect(seen, path).toEqual(
        [`${mine1.id}/${stationId(e, "S1")}/PROPOSAL`, `${mine2.id}/${stationId(e, "S2")}/ACCEPTED`].sort(),
      );
      const one = res.body[0];
      expect(one.eventName).toBe(e.name);
      expect(one.station).toMatchObject({ name: expect.any(String), start: expect.any(String), end: expect.any(String) });
      expect(one.event).toMatchObject({ name: e.name, date: e.date });
    }
  });

  it("GET /api/offers is empty for a user who is no group's contact, and 401 without a token", async () => {
    const res = await call(app.server, "GET", "/api/offers", { token: outsider.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await call(app.server, "GET", "/api/offers/groups", { token: outsider.token })).body).toEqual([]);
    expectCleanError(await call(app.server, "GET", "/api/offers"), "Unauthorized", 401);
    expectCleanError(await call(app.server, "GET", "/api/offers/groups"), "Unauthorized", 401);
  });

  it("GET /api/groups/{groupId}/offers lists that group's sent offers, narrowed by ?eventId", async () => {
    const e1 = await event({ stations: [{}, {}] });
    const e2 = await confirmedEvent(app, coOrganizer, { days: 40, event: { name: "Höstloppet" } });
    const g = await group(anna);
    await offerAt(app, owner, anna, key(e1, g, "S1"), { to: "PROPOSAL" });
    await createOffer(app, owner.token, key(e1, g, "S2"), 1);
    await offerAt(app, coOrganizer, anna, key(e2, g, "S1"), { to: "REJECTED" });
    const all = await groupOffers(app, anna.token, g.id);
    expect(all.status).toBe(200);
    expect(all.body.map((o: Json) => `${o.eventId}/${o.status}`).sort()).toEqual(
      [`${e1.id}/PROPOSAL`, `${e2.id}/REJECTED`].sort(),
    );
    const narrowed = await groupOffers(app, anna.token, g.id, e2.id);
    expect(narrowed.body.map((o: Json) => o.eventId)).toEqual([e2.id]);
  });

  it("GET /api/groups/{groupId}/offers answers 404 to an outsider, another group's contact and the organizer, 401 without a token", async () => {
    const e = await event();
    const g = await group(anna);
    await offerAt(app, owner, anna, key(e, g), { to: "PROPOSAL" });
    for (const who of [outsider, bertil, owner]) expectCleanError(await groupOffers(app, who.token, g.id), "NotFound", 404);
    expectCleanError(await groupOffers(app, undefined, g.id), "Unauthorized", 401);
  });

  it("GET /api/offers/groups/{groupId}/{eventId}/{stationId} shows one offer with its station and event, never the team leader's address or the counters", async () => {
    const e = await event({
      stations: [{ teamLeaderEmail: leader.email, skills: ["FORKLIFT_LICENCE"], officialMiniumumAge: 16, groupPayment: 7000 }],
    });
    const g = await group(anna);
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { volunteers: 3, to: "PROPOSAL" });
    const res = await groupOffer(app, anna.token, k);
    expect(res.status).toBe(200);
    const o = parsedOffer(res.body);
    expect(o).toMatchObject({ ...k, status: "PROPOSAL", volunteers: 3, eventName: e.name, groupName: g.name });
    expect(o.station).toMatchObject({
      name: "S1",
      markerLocation: "Sergels torg, Stockholm",
      skills: ["FORKLIFT_LICENCE"],
      officialMiniumumAge: 16,
      paymentType: "GROUPPAYMENT",
      currency: "SEK",
      groupPayment: 7000,
    });
    expect(o.event).toMatchObject({ id: e.id, name: e.name, included: ["CLOTHES"] });
    expect(o.abilities).toMatchObject({ answer: true, nameAttendees: false });
    expect(res.body.station.allocation).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(leader.email);
  });

  it("answers 404 for a DRAFT, and to another group's contact, the organizer and an outsider; 401 without a token", async () => {
    const e = await event({ stations: [{}, {}] });
    const g = await group(anna);
    const draft = key(e, g, "S1");
    const sent = key(e, g, "S2");
    await createOffer(app, owner.token, draft, 1);
    await offerAt(app, owner, anna, sent, { to: "PROPOSAL" });
    expectCleanError(await groupOffer(app, anna.token, draft), "NotFound", 404);
    for (const who of [bertil, owner, outsider]) expectCleanError(await groupOffer(app, who.token, sent), "NotFound", 404);
    expectCleanError(await groupOffer(app, undefined, sent), "Unauthorized", 401);
    expectCleanError(await groupOffer(app, anna.token, { ...sent, stationId: NO_SUCH_ID }), "NotFound", 404);
  });
});

describe("accept and reject", () => {
  it("accept moves a PROPOSAL to ACCEPTED (200 the offer, answeredAt set) and the organizer sees it", async () => {
    const e = await event();
    const g = await group(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { volunteers: 3, to: "PROPOSAL" });
    // Any contact of the group may answer.
    const res = await answerOffer(app, bertil.token, k, "accept");
    expect(res.status).toBe(200);
    const o = parsedOffer(res.body);
    expect(o).toMatchObject({ ...k, status: "ACCEPTED", volunteers: 3 });
    expectNear(o.answeredAt, app.clock.now(), 10_000);
    expect(o.abilities).toMatchObject({ answer: false, nameAttendees: true });
    expect(await organizerOffer(app, owner.token, k)).toMatchObject({ status: "ACCEPTED" });
    expect(await allocationOf(app, owner.token, e.id, k.stationId)).toMatchObject({ awaiting: 0, accepted: 3 });
  });

  it("reject moves a PROPOSAL to REJECTED and frees its places", async () => {
    const e = await event();
    const g = await group(anna);
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { volunteers: 3, to: "PROPOSAL" });
    const res = await answerOffer(app, anna.token, k, "reject");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("REJECTED");
    expect(res.body.answeredAt).toEqual(expect.any(String));
    expect(await allocationOf(app, owner.token, e.id, k.stationId)).toMatchObject({ awaiting: 0, accepted: 0, missing: 10 });
  });

  it("answers 409 Conflict for an offer that is no longer a PROPOSAL, changing nothing", async () => {
    const e = await event({ stations: [{}, {}] });
    const g = await group(anna);
    const accepted = key(e, g, "S1");
    const rejected = key(e, g, "S2");
    await offerAt(app, owner, anna, accepted, { to: "ACCEPTED" });
    await offerAt(app, owner, anna, rejected, { to: "REJECTED" });
    expectCleanError(await answerOffer(app, anna.token, accepted, "accept"), "Conflict", 409);
    expectCleanError(await answerOffer(app, anna.token, accepted, "reject"), "Conflict", 409);
    expectCleanError(await answerOffer(app, anna.token, rejected, "accept"), "Conflict", 409);
    expect((await organizerOffer(app, owner.token, accepted))?.status).toBe("ACCEPTED");
    expect((await organizerOffer(app, owner.token, rejected))?.status).toBe("REJECTED");
  });

  it("does not let a group answer a DRAFT it has not been sent", async () => {
    const e = await event();
    const k = key(e, await group(anna));
    await createOffer(app, owner.token, k, 1);
    const res = await answerOffer(app, anna.token, k, "accept");
    expect([404, 409], JSON.stringify(res.body)).toContain(res.status);
    expect((await organizerOffer(app, owner.token, k))?.status).toBe("DRAFT");
  });

  it("answers 404 to another group's contact, the organizer and an outsider, 401 without a token", async () => {
    const e = await event();
    const k = key(e, await group(anna));
    await offerAt(app, owner, anna, k, { to: "PROPOSAL" });
    for (const answer of ["accept", "reject"] as const) {
      for (const who of [bertil, owner, outsider])
        expectCleanError(await answerOffer(app, who.token, k, answer), "NotFound", 404);
      expectCleanError(await answerOffer(app, undefined, k, answer), "Unauthorized", 401);
    }
    expect((await organizerOffer(app, owner.token, k))?.status).toBe("PROPOSAL");
  });

  it("answers 409 EventHistoric on a HISTORIC event", async () => {
    const e = await event({ stations: [{}, {}] });
    const g = await group(anna);
    await offerAt(app, owner, anna, key(e, g, "S1"), { to: "PROPOSAL" });
    await offerAt(app, owner, anna, key(e, g, "S2"), { to: "PROPOSAL" });
    await makeHistoric(app, e.id);
    expectCleanError(await answerOffer(app, anna.token, key(e, g, "S1"), "accept"), "EventHistoric", 409);
    expectCleanError(await answerOffer(app, anna.token, key(e, g, "S2"), "reject"), "EventHistoric", 409);
    expect((await groupOffer(app, anna.token, key(e, g, "S1"))).body.status).toBe("PROPOSAL");
  });
});

const kim = { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: 16 };
const ali = { name: "Ali Said", email: "ali@example.se", phone: "0707654321", age: 17 };
const sam = { name: "Sam Ny", email: "sam@example.se", phone: "0701212121", age: 16 };

describe("POST /api/offers/groups/{groupId}/{eventId}/{stationId} (naming attendees)", () => {
  /** An ACCEPTED offer of `volunteers` to a group with Kim, Ali and Sam. */
  async function accepted(options: { volunteers?: number; included?: string[]; participation?: Json[] } = {}) {
    const e = await event({ event: { included: options.included ?? ["CLOTHES"] } });
    const g = await group(anna, {
      volunteers: [{ ...kim, participation: options.participation ?? [] }, ali, sam],
    });
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { volunteers: options.volunteers ?? 2, to: "ACCEPTED" });
    const [k1, a1, s1] = g.volunteers.map((v: Json) => v.id as string);
    return { e, g, k, kimId: k1, aliId: a1, samId: s1 };
  }

  it("names the attendees and saves the shirt sizes and diets sent with them on the volunteers", async () => {
    const { e, g, k, kimId, aliId } = await accepted();
    const res = await nameAttendees(app, anna.token, k, {
      attendees: [kimId, aliId],
      participation: [
        { volunteerId: kimId, shirtSize: "M", specialDiets: ["VEGAN"], substitute: null },
        { volunteerId: aliId, shirtSize: "XL", specialDiets: [] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([...parsedOffer(res.body).attendees].sort()).toEqual([kimId, aliId].sort());
    const read = await call(app.server, "GET", `/api/groups/${g.id}`, { token: anna.token });
    const byId = Object.fromEntries(read.body.volunteers.map((v: Json) => [v.id, v]));
    expect(byId[kimId].participation).toEqual([
      expect.objectContaining({ eventId: e.id, shirtSize: "M", specialDiets: ["VEGAN"] }),
    ]);
    expect(byId[aliId].participation).toEqual([expect.objectContaining({ eventId: e.id, shirtSize: "XL" })]);
    // The group's own view of the offer shows them too.
    expect([...(await groupOffer(app, anna.token, k)).body.attendees].sort()).toEqual([kimId, aliId].sort());
  });

  it("replaces the named list with the one sent", async () => {
    const { k, kimId, aliId, samId } = await accepted({ volunteers: 3, included: [] });
    expect((await nameAttendees(app, anna.token, k, { attendees: [kimId, aliId] })).status).toBe(200);
    const res = await nameAttendees(app, anna.token, k, { attendees: [samId] });
    expect(res.status).toBe(200);
    expect(res.body.attendees).toEqual([samId]);
  });

  it("takes a shirt size the volunteer already stated for this event", async () => {
    const e = await event();
    const g = await group(anna, { volunteers: [ali] });
    // Kim states a size for this event through the group, after the event exists.
    const read = (await call(app.server, "GET", `/api/groups/${g.id}`, { token: anna.token })).body;
    const saved = await call(app.server, "PUT", `/api/groups/${g.id}`, {
      token: anna.token,
      body: {
        ...read,
        volunteers: [{ ...read.volunteers[0], participation: [{ eventId: e.id, shirtSize: "S", specialDiets: [] }] }],
      },
    });
    expect(saved.status).toBe(200);
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { volunteers: 1, to: "ACCEPTED" });
    const res = await nameAttendees(app, anna.token, k, { attendees: [saved.body.volunteers[0].id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("refuses attendees without a shirt size for this event when the event offers shirts: 400 MissingSpecialInfo naming them", async () => {
    const { k, kimId, aliId, samId } = await accepted({
      volunteers: 3,
      // A size for another event does not count.
      participation: [{ eventId: "6f1c7a52-1f0e-4f57-9b52-6f2f0b0a1c11", shirtSize: "M", specialDiets: [] }],
    });
    const res = await nameAttendees(app, anna.token, k, {
      attendees: [kimId, aliId, samId],
      // A size the event offers (S, M, XL).
      participation: [{ volunteerId: samId, shirtSize: "S", specialDiets: [] }],
    });
    expectCleanError(res, "MissingSpecialInfo", 400);
    expect(Object.keys(res.body.fields ?? {}).sort()).toEqual([kimId, aliId].sort());
    expect((await groupOffer(app, anna.token, k)).body.attendees).toEqual([]);
    // A refused call changes nothing: Sam's size sent with it is not kept either.
    const read = await call(app.server, "GET", `/api/groups/${k.groupId}`, { token: anna.token });
    const samNow = read.body.volunteers.find((v: Json) => v.id === samId);
    expect(samNow.participation.filter((p: Json) => p.eventId === k.eventId)).toEqual([]);
  });

  it("needs no shirt size when the event does not offer shirts", async () => {
    const { k, kimId } = await accepted({ included: ["FOOD"] });
    expect((await nameAttendees(app, anna.token, k, { attendees: [kimId] })).status).toBe(200);
  });

  it("refuses an empty list, more than the offer's volunteers, and a volunteer of another group (400 ValidationError)", async () => {
    const { k, kimId, aliId, samId } = await accepted({ volunteers: 2, included: [] });
    const other = await group(bertil, { volunteers: [{ ...kim, email: "kim2@example.se" }] });
    const empty = await nameAttendees(app, anna.token, k, { attendees: [] });
    expectCleanError(empty, "ValidationError", 400);
    expect(empty.body.fields.attendees).toEqual(expect.any(String));
    const tooMany = await nameAttendees(app, anna.token, k, { attendees: [kimId, aliId, samId] });
    expectCleanError(tooMany, "ValidationError", 400);
    expect(
      Object.keys(tooMany.body.fields ?? {}).some((f) => f.startsWith("attendees")),
      JSON.stringify(tooMany.body),
    ).toBe(true);
    const foreign = await nameAttendees(app, anna.token, k, { attendees: [kimId, other.volunteers[0].id] });
    expectCleanError(foreign, "ValidationError", 400);
    const missing = await nameAttendees(app, anna.token, k, { attendees: [NO_SUCH_ID] });
    expectCleanError(missing, "ValidationError", 400);
    expect((await groupOffer(app, anna.token, k)).body.attendees).toEqual([]);
  });

  it("refuses a volunteer younger than the station's minimum age: 400 ValidationError on the volunteer's place, nothing saved", async () => {
    const e = await event({ event: { included: [] }, stations: [{ officialMiniumumAge: 18 }] });
    const g = await group(anna, {
      volunteers: [
        { ...kim, age: 14 },
        { ...ali, age: 18 },
      ],
    });
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { volunteers: 2, to: "ACCEPTED" });
    const [young, adult] = g.volunteers.map((v: Json) => v.id as string);
    const res = await nameAttendees(app, anna.token, k, { attendees: [adult, young] });
    expectCleanError(res, "ValidationError", 400);
    expect(res.body.fields).toEqual({ "attendees.1": "offers.validation.belowMinimumAge" });
    expect((await groupOffer(app, anna.token, k)).body.attendees).toEqual([]);
    // Exactly the minimum age may come.
    expect((await nameAttendees(app, anna.token, k, { attendees: [adult] })).status).toBe(200);
  });

  it("answers 409 Conflict unless the offer is ACCEPTED", async () => {
    const e = await event({ event: { included: [] } });
    const g = await group(anna, { volunteers: [kim] });
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { to: "PROPOSAL" });
    expectCleanError(await nameAttendees(app, anna.token, k, { attendees: [g.volunteers[0].id] }), "Conflict", 409);
    await answerOffer(app, anna.token, k, "reject");
    expectCleanError(await nameAttendees(app, anna.token, k, { attendees: [g.volunteers[0].id] }), "Conflict", 409);
  });

  it("answers 409 EventHistoric on a HISTORIC event", async () => {
    const { e, k, kimId } = await accepted({ included: [] });
    await makeHistoric(app, e.id);
    expectCleanError(await nameAttendees(app, anna.token, k, { attendees: [kimId] }), "EventHistoric", 409);
  });

  it("answers 404 to another group's contact, the organizer and an outsider, 401 without a token", async () => {
    const { k, kimId } = await accepted({ included: [] });
    for (const who of [bertil, owner, outsider])
      expectCleanError(await nameAttendees(app, who.token, k, { attendees: [kimId] }), "NotFound", 404);
    expectCleanError(await nameAttendees(app, undefined, k, { attendees: [kimId] }), "Unauthorized", 401);
    expect((await groupOffer(app, anna.token, k)).body.attendees).toEqual([]);
  });
});

describe("personal data in the organizer's views", () => {
  /** An event whose S1 has an offer in `status` to Anna's group of Kim, Ali and Sam. */
  async function setup() {
    const e = await event({ stations: [{ teamLeaderEmail: leader.email }] });
    const g = await group(anna, { volunteers: [kim, ali, sam] });
    return { e, g, k: key(e, g) };
  }

  const views = async (e: Json, k: OfferKey, who: User = owner) => [
    (await eventOffers(app, who.token, e.id)).body.find((o: Json) => o.groupId === k.groupId),
    (await stationOffers(app, who.token, e.id, k.stationId)).body.offers.find((o: Json) => o.groupId === k.groupId),
  ];

  it("before acceptance: counts only, no contacts, attendees or volunteer data", async () => {
    const { e, g, k } = await setup();
    await offerAt(app, owner, anna, k, { volunteers: 2, to: "PROPOSAL" });
    for (const o of await views(e, k)) {
      expect(o.volunteers).toBe(2);
      expect(o.group.contactPersons).toBeUndefined();
      expect(o.group.attendees).toBeUndefined();
      expect(o.attendees).toEqual([]);
      const text = JSON.stringify(o);
      for (const secret of [anna.email, "+46701111111", kim.email, ali.email, g.volunteers[0].id])
        expect(text).not.toContain(secret);
    }
  });

  it("once ACCEPTED: the group's contacts and its named volunteers (phone, age, shirt size, diets), nobody else", async () => {
    const { e, g, k } = await setup();
    await offerAt(app, owner, anna, k, { volunteers: 2, to: "ACCEPTED" });
    const [kimId, aliId] = g.volunteers.map((v: Json) => v.id);
    const named = await nameAttendees(app, anna.token, k, {
      attendees: [kimId, aliId],
      participation: [
        { volunteerId: kimId, shirtSize: "M", specialDiets: ["VEGAN"] },
        { volunteerId: aliId, shirtSize: "S", specialDiets: [] },
      ],
    });
    expect(named.status).toBe(200);
    for (const who of [owner, leader]) {
      for (const o of await views(e, k, who)) {
        expect([...o.attendees].sort()).toEqual([kimId, aliId].sort());
        expect(o.group.contactPersons).toEqual([{ name: "Anna Andersson", email: anna.email, phone: "+46701111111" }]);
        const attendees = [...o.group.attendees].sort((a: Json, b: Json) => a.name.localeCompare(b.name));
        expect(attendees).toEqual([
          {
            id: aliId,
            name: ali.name,
            email: ali.email,
            phone: "+46707654321",
            age: 17,
            specialDiets: [],
            shirtSize: "S",
            substitute: null,
            confirmed: null,
            message: null,
          },
          {
            id: kimId,
            name: kim.name,
            email: kim.email,
            phone: "+46701234567",
            age: 16,
            specialDiets: ["VEGAN"],
            shirtSize: "M",
            substitute: null,
            confirmed: null,
            message: null,
          },
        ]);
        // Sam was not named: nothing of Sam.
        expect(JSON.stringify(o)).not.toContain(sam.email);
      }
    }
  });

  it("once the event is HISTORIC: counts only again", async () => {
    const { e, g, k } = await setup();
    await offerAt(app, owner, anna, k, { volunteers: 1, to: "ACCEPTED" });
    expect(
      (
        await nameAttendees(app, anna.token, k, {
          attendees: [g.volunteers[0].id],
          participation: [{ volunteerId: g.volunteers[0].id, shirtSize: "M", specialDiets: [] }],
        })
      ).status,
    ).toBe(200);
    await makeHistoric(app, e.id);
    for (const o of await views(e, k)) {
      expect(o.status).toBe("ACCEPTED");
      // Read-only now: nothing to remove.
      expect(o.abilities.remove).toBe(false);
      expect(o.group.contactPersons).toBeUndefined();
      expect(o.group.attendees).toBeUndefined();
      expect(o.attendees).toEqual([]);
      expect(JSON.stringify(o)).not.toContain(kim.email);
      expect(JSON.stringify(o)).not.toContain(anna.email);
    }
  });

  it("a declined offer shows no personal data", async () => {
    const { e, k } = await setup();
    await offerAt(app, owner, anna, k, { to: "REJECTED" });
    for (const o of await views(e, k)) {
      expect(o.group.contactPersons).toBeUndefined();
      expect(JSON.stringify(o)).not.toContain(anna.email);
    }
  });

  it("one group's contact never sees another group's offer at the same station", async () => {
    const { e, k } = await setup();
    const doris = await buildUser(app, { firstName: "Doris", lastName: "Dahl" });
    const other = await group(doris);
    await offerAt(app, owner, anna, k, { to: "ACCEPTED" });
    await offerAt(app, owner, doris, key(e, other), { to: "PROPOSAL" });
    const seen = await call(app.server, "GET", "/api/offers", { token: doris.token });
    expect(seen.body.map((o: Json) => o.groupId)).toEqual([other.id]);
    expect(JSON.stringify(seen.body)).not.toContain(anna.email);
    expect(JSON.stringify(seen.body)).not.toContain(kim.email);
    expectCleanError(await groupOffer(app, doris.token, k), "NotFound", 404);
    expectCleanError(await groupOffers(app, doris.token, k.groupId), "NotFound", 404);
  });
});
