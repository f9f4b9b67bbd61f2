import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { concurrently } from "../helpers/identity.ts";
import { allocationOf, answerOffer, eventOffers, postOffer, sendOffers } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, dayFromNow, type Json, stationId, type User } from "../helpers/seed.ts";

/**
 * STAFFING §1: the limits are checked under a lock on the station and the group, so parallel requests can
 * never over-allocate a station or double-book a group (ASVS 2.3.4). Every request here is sent at once;
 * afterwards the created offers and the sums are counted. On PGlite the requests share one connection; run
 * with TEST_DATABASE_URL for a pool of real connections.
 */

let app: TestApp;
let owner: User;
let contact: User;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  contact = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
});
afterAll(async () => {
  await app.close();
});

const sum = (offers: Json[]) => offers.reduce((n, o) => n + o.volunteers, 0);

function tally(results: Array<{ status: number; body: Json }>) {
  const byCode: Record<string, number> = {};
  for (const r of results) {
    const k = r.status === 201 ? "201" : `${r.status} ${r.body?.code}`;
    byCode[k] = (byCode[k] ?? 0) + 1;
  }
  return byCode;
}

describe("parallel offers never over-allocate a station", () => {
  it("20 groups asking 1 each at a station needing 10: exactly 10 offers, the rest 400 Allocated", async () => {
    const e = await confirmedEvent(app, owner, { stations: [{ officialQuantity: 10 }] });
    const groups = await concurrently(20, (i) => confirmedGroup(app, contact, { name: `Grupp A${i}` }));
    const s = stationId(e);
    const results = await concurrently(20, (i) =>
      postOffer(app, owner.token, { eventId: e.id, stationId: s, groupId: groups[i].id, volunteers: 1 }),
    );
    expect(tally(results)).toEqual({ "201": 10, "400 Allocated": 10 });
    const offers = (await eventOffers(app, owner.token, e.id)).body;
    expect(offers).toHaveLength(10);
    expect(sum(offers)).toBe(10);
    expect(await allocationOf(app, owner.token, e.id, s)).toMatchObject({ needed: 10, preliminary: 10, missing: 0 });
  });

  it("20 groups asking 3 each at a station needing 10: never more than 10 places", async () => {
    const e = await confirmedEvent(app, owner, { stations: [{ officialQuantity: 10 }] });
    const groups = await concurrently(20, (i) => confirmedGroup(app, contact, { name: `Grupp B${i}` }));
    const s = stationId(e);
    const results = await concurrently(20, (i) =>
      postOffer(app, owner.token, { eventId: e.id, stationId: s, groupId: groups[i].id, volunteers: 3 }),
    );
    expect(tally(results)).toEqual({ "201": 3, "400 Allocated": 17 });
    const offers = (await eventOffers(app, owner.token, e.id)).body;
    expect(sum(offers)).toBe(9);
    expect(await allocationOf(app, owner.token, e.id, s)).toMatchObject({ preliminary: 9, missing: 1 });
  });
});

describe("parallel offers never double-book a group", () => {
  it("a group of 5 offered 1 at each of 20 overlapping stations at once: exactly 5 offers, the rest 400 TooManyRequested", async () => {
    const stations = Array.from({ length: 20 }, () => ({ officialQuantity: 10 }));
    const e = await confirmedEvent(app, owner, { stations });
    const g = await confirmedGroup(app, contact, { name: "Fem medlemmar", numberOfMembers: 5 });
    const results = await concurrently(20, (i) =>
      postOffer(app, owner.token, { eventId: e.id, stationId: stationId(e, `S${i + 1}`), groupId: g.id, volunteers: 1 }),
    );
    expect(tally(results)).toEqual({ "201": 5, "400 TooManyRequested": 15 });
    const offers = (await eventOffers(app, owner.token, e.id)).body.filter((o: Json) => o.groupId === g.id);
    expect(sum(offers)).toBe(5);
  });

  it("the same across events: 4 events × 5 overlapping stations, two organizers, a group of 5 asked for 2 each", async () => {
    const other = await buildUser(app, { firstName: "Per", lastName: "Parallell" });
    const date = dayFromNow(app, 30);
    const events = await concurrently(4, (i) =>
      confirmedEvent(app, i % 2 ? other : owner, {
        event: { name: `Lopp ${i}`, date },
        stations: Array.from({ length: 5 }, (_, j) => ({
          officialQuantity: 10,
          // All overlap 10:00–12:00, each a little differently.
          start: `${date}T0${8 + (j % 2)}:00`,
          end: `${date}T1${2 + (j % 3)}:00`,
        })),
      }),
    );
    const g = await confirmedGroup(app, contact, { name: "Fem till", numberOfMembers: 5 });
    const calls = events.flatMap((e, i) =>
      e.stations.map((s: Json) => ({ token: i % 2 ? other.token : owner.token, eventId: e.id, stationId: s.id })),
    );
    expect(calls).toHaveLength(20);
    const results = await concurrently(calls.length, (i) =>
      postOffer(app, calls[i].token, { eventId: calls[i].eventId, stationId: calls[i].stationId, groupId: g.id, volunteers: 2 }),
    );
    expect(tally(results)).toEqual({ "201": 2, "400 TooManyRequested": 18 });
    let total = 0;
    for (const [i, e] of events.entries()) {
      const offers = (await eventOffers(app, i % 2 ? other.token : owner.token, e.id)).body;
      total += sum(offers.filter((o: Json) => o.groupId === g.id));
    }
    expect(total).toBe(4);
  });

  it("station and group limits together: 20 parallel offers of 10 groups × 2 stations never break either", async () => {
    const e = await confirmedEvent(app, owner, { stations: [{ officialQuantity: 7 }, { officialQuantity: 7 }] });
    const groups = await concurrently(10, (i) => confirmedGroup(app, contact, { name: `Grupp C${i}`, numberOfMembers: 2 }));
    const results = await concurrently(20, (i) =>
      postOffer(app, owner.token, {
        eventId: e.id,
        stationId: stationId(e, i % 2 ? "S2" : "S1"),
        groupId: groups[Math.floor(i / 2)].id,
        volunteers: 2,
      }),
    );
    const created = results.filter((r) => r.status === 201).length;
    expect(results.every((r) => r.status === 201 || ["Allocated", "TooManyRequested"].includes(r.body?.code))).toBe(true);
    const offers = (await eventOffers(app, owner.token, e.id)).body as Json[];
    expect(offers).toHaveLength(created);
    for (const s of ["S1", "S2"]) expect(sum(offers.filter((o) => o.stationId === stationId(e, s)))).toBeLessThanOrEqual(7);
    // The stations overlap, so each group (2 members) holds at most one offer of 2.
    for (const g of groups) expect(sum(offers.filter((o) => o.groupId === g.id))).toBeLessThanOrEqual(2);
    // Both stations take 3 offers of 2 (6 ≤ 7), and 10 groups are enough for that.
    expect(created).toBe(6);
  });
});

describe("parallel answers", () => {
  it("an accept and a reject at the same moment: exactly one wins, the other is 409 Conflict", async () => {
    const second = await buildUser(app, { firstName: "Bo", lastName: "Båda" });
    for (let round = 0; round < 5; round++) {
      const e = await confirmedEvent(app, owner, { event: { name: `Svarsloppet ${round}` } });
      const g = await confirmedGroup(app, contact, {
        name: `Svarsgrupp ${round}`,
        contactPersons: [{ email: second.email, name: "Bo" }],
      });
      const k = { eventId: e.id, groupId: g.id, stationId: stationId(e) };
      expect((await postOffer(app, owner.token, { ...k, volunteers: 2 })).status).toBe(201);
      expect((await sendOffers(app, owner.token, e.id, {})).body.sent).toBe(1);
      const [accept, reject] = await Promise.all([
        answerOffer(app, contact.token, k, "accept"),
        answerOffer(app, second.token, k, "reject"),
      ]);
      expect([accept.status, reject.status].sort()).toEqual([200, 409]);
      const winner = accept.status === 200 ? "ACCEPTED" : "REJECTED";
      const [stored] = (await eventOffers(app, owner.token, e.id)).body;
      expect(stored.status).toBe(winner);
    }
  });
});
