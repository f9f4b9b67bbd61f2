import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { candidateView } from "../../src/shared/offers/schema.ts";
import { addDays } from "../../src/shared/validation.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import { createOffer } from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  draftEvent,
  draftGroup,
  type Json,
  NO_SUCH_ID,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * GET /api/groups/available (STAFFING §3): the ranked candidates for a station. Each test has its own
 * date, so the groups of one test are never candidates in another.
 */

let app: TestApp;
let owner: User;
let anna: User;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
  outsider = await buildUser(app);
});
afterAll(async () => {
  await app.close();
});

let day = 40;
/** A confirmed event on a date of its own, its station S1 in Stockholm asking for a forklift licence and age 15. */
async function setting(station: Record<string, unknown> = {}) {
  day += 3;
  const e = await confirmedEvent(app, owner, {
    days: day,
    stations: [{ municipality: "0180", skills: ["FORKLIFT_LICENCE"], officialMiniumumAge: 15, officialQuantity: 10, ...station }],
  });
  const date = e.date as string;
  const period = (location = "0180", from = -1, to = 1) => ({
    type: "PERIOD",
    startDate: addDays(date, from),
    endDate: addDays(date, to),
    location,
  });
  return { e, s: stationId(e), date, period };
}

let n = 0;
async function group(overrides: Record<string, unknown>, confirmed = true) {
  n++;
  const body = { name: `Kandidat ${n}`, ages: ["16", "17"], numberOfMembers: 20, skills: ["FORKLIFT_LICENCE"], ...overrides };
  return confirmed ? confirmedGroup(app, anna, body) : draftGroup(app, anna, body);
}

const available = (token: string | undefined, e: Json, s: string, extra = "") =>
  call(app.server, "GET", `/api/groups/available?eventId=${e.id}&stationId=${s}${extra}`, { token });

async function candidates(e: Json, s: string, extra = ""): Promise<Json[]> {
  const res = await available(owner.token, e, s, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body;
}
const ids = (list: Json[]) => list.map((c) => c.groupId);

describe("GET /api/groups/available", () => {
  it("lists CONFIRMED groups available at the station's place and date, best first, each with its score, distance, free members and reasons", async () => {
    const { e, s, period } = await setting();
    const best = await group({ availabilities: [period()] });
    const noSkill = await group({ skills: [], availabilities: [period()] });
    const forEvent = await group({ availabilities: [{ type: "EVENT", eventId: e.id, location: "0180" }] });
    const list = await candidates(e, s);
    expect(ids(list).sort()).toEqual([best.id, noSkill.id, forEvent.id].sort());
    for (const c of list) {
      expect(candidateView.safeParse(c).error?.issues ?? [], JSON.stringify(c)).toEqual([]);
      expect(c.id).toBe(c.groupId);
      expect(c.remainingMembers).toBe(20);
      expect(c.distanceKm).toBeGreaterThanOrEqual(0);
      expect(c.distanceKm).toBeLessThan(15);
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(100);
    }
    const scores = list.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const byId = Object.fromEntries(list.map((c) => [c.groupId, c]));
    expect(byId[best.id].score).toBeGreaterThan(byId[noSkill.id].score);
    expect(ids(list).indexOf(best.id)).toBeLessThan(ids(list).indexOf(noSkill.id));
    expect(byId[noSkill.id].reasons).toContainEqual({ id: "offers.reason.lacksSkill", values: { skill: "FORKLIFT_LICENCE" } });
    expect(byId[best.id].reasons).not.toContainEqual(expect.objectContaining({ id: "offers.reason.lacksSkill" }));
    expect(byId[best.id]).toMatchObject({ name: best.name, organizationName: best.organizationName, numberOfMembers: 20 });
  });

  it("leaves out drafts, other dates, other places, other events' availabilities and groups too young for the station", async () => {
    const { e, s, period } = await setting();
    const other = await confirmedEvent(app, owner, { days: day, event: { name: "Ett annat lopp" } });
    const fits = await group({ availabilities: [period()] });
    const adults = await group({ ages: ["18+"], availabilities: [period()] });
    const exactlyOldEnough = await group({ ages: ["13", "15"], availabilities: [period()] });
    const out = [
      await group({ availabilities: [period()] }, false),
      await group({ availabilities: [period("0180", 2, 5)] }),
      await group({ availabilities: [period("0180", -5, -1)] }),
      await group({ availabilities: [period("1480")] }),
      await group({ availabilities: [{ type: "EVENT", eventId: other.id, location: "0180" }] }),
      await group({ ages: ["13", "14"], availabilities: [period()] }),
      await group({ availabilities: [] }),
    ];
    const list = ids(await candidates(e, s));
    expect(list.sort()).toEqual([fits.id, adults.id, exactlyOldEnough.id].sort());
    for (const g of out) expect(list).not.toContain(g.id);
  });

  it("leaves out groups with an offer at the station and groups with no members free at its time, counting every event", async () => {
    const { e, s, period, date } = await setting({ officialQuantity: 30 });
    const offered = await group({ availabilities: [period()] });
    const busy = await group({ numberOfMembers: 3, availabilities: [period()] });
    const partly = await group({ numberOfMembers: 10, availabilities: [period()] });
    const elsewhere = await confirmedEvent(app, owner, {
      days: day,
      event: { name: "Samma dag" },
      stations: [{ start: `${date}T12:00`, end: `${date}T14:00`, officialQuantity: 30 }],
    });
    await createOffer(app, owner.token, { eventId: e.id, groupId: offered.id, stationId: s }, 1);
    await createOffer(app, owner.token, { eventId: elsewhere.id, groupId: busy.id, stationId: stationId(elsewhere) }, 3);
    await createOffer(app, owner.token, { eventId: elsewhere.id, groupId: partly.id, stationId: stationId(elsewhere) }, 4);
    const list = await candidates(e, s);
    expect(ids(list)).not.toContain(offered.id);
    expect(ids(list)).not.toContain(busy.id);
    expect(list.find((c) => c.groupId === partly.id)?.remainingMembers).toBe(6);
  });

  it("takes in groups of nearby municipalities within radiusKm, with their distance as a reason", async () => {
    const { e, s, period } = await setting();
    const solna = await group({ availabilities: [period("0184")] });
    const uppsala = await group({ availabilities: [period("0380")] });
    expect(ids(await candidates(e, s))).not.toContain(solna.id);
    const near = await candidates(e, s, "&radiusKm=20");
    expect(ids(near)).toContain(solna.id);
    expect(ids(near)).not.toContain(uppsala.id);
    const wide = await candidates(e, s, "&radiusKm=100");
    expect(ids(wide)).toEqual(expect.arrayContaining([solna.id, uppsala.id]));
    const toSolna = wide.find((c) => c.groupId === solna.id) as Json;
    const toUppsala = wide.find((c) => c.groupId === uppsala.id) as Json;
    expect(toSolna.distanceKm).toBeGreaterThan(1);
    expect(toSolna.distanceKm).toBeLessThanOrEqual(20);
    expect(toUppsala.distanceKm).toBeGreaterThan(40);
    expect(toUppsala.distanceKm).toBeLessThanOrEqual(100);
    expect(toUppsala.reasons).toContainEqual({ id: "offers.reason.distance", values: { km: Math.round(toUppsala.distanceKm) } });
    // Nearer ranks higher, all else equal.
    expect(toSolna.score).toBeGreaterThan(toUppsala.score);
  });

  it("takes another place or dates when the query names them", async () => {
    const { e, s, period, date } = await setting();
    const here = await group({ availabilities: [period()] });
    const inUppsala = await group({ availabilities: [period("0380")] });
    const nextWeek = await group({ availabilities: [{ ...period(), startDate: addDays(date, 7), endDate: addDays(date, 8) }] });
    const uppsala = ids(await candidates(e, s, "&location=0380"));
    expect(uppsala).toContain(inUppsala.id);
    expect(uppsala).not.toContain(here.id);
    const later = ids(await candidates(e, s, `&startDate=${addDays(date, 7)}&endDate=${addDays(date, 7)}`));
    expect(later).toContain(nextWeek.id);
    expect(later).not.toContain(here.id);
  });

  it("answers 409 EventNotConfirmed for a DRAFT event and 404 for a station of another event", async () => {
    const draft = await draftEvent(app, owner);
    expectCleanError(await available(owner.token, draft, stationId(draft)), "EventNotConfirmed", 409);
    const { e } = await setting();
    const other = await confirmedEvent(app, owner, { event: { name: "Annat" } });
    expectCleanError(await available(owner.token, e, stationId(other)), "NotFound", 404);
    expectCleanError(await available(owner.token, e, NO_SUCH_ID), "NotFound", 404);
  });

  it("answers 404 to an outsider and to a group contact, 401 without a token", async () => {
    const { e, s, period } = await setting();
    const g = await group({ availabilities: [period()] });
    expect(ids(await candidates(e, s))).toEqual([g.id]);
    expectCleanError(await available(outsider.token, e, s), "NotFound", 404);
    expectCleanError(await available(anna.token, e, s), "NotFound", 404);
    expectCleanError(await available(undefined, e, s), "Unauthorized", 401);
  });
});
