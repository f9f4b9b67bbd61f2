import { describe, expect, it } from "vitest";
import {
  allocation,
  canAnswer,
  canNameAttendees,
  canRemove,
  distanceKm,
  eventRefusal,
  offerLimit,
  overlaps,
  rank,
  sortForGroup,
  unallocated,
  withdrawalIsNews,
} from "./rules.ts";
import { attendeesBody, offerBody, sendOffersBody } from "./schema.ts";

const ID = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";

describe("allocation counters (spec 02 §4)", () => {
  it("sums DRAFT as preliminary, PROPOSAL as awaiting, ACCEPTED as accepted; the rest is missing", () => {
    const a = allocation(10, [
      { status: "DRAFT", volunteers: 2 },
      { status: "PROPOSAL", volunteers: 3 },
      { status: "ACCEPTED", volunteers: 4 },
      { status: "REJECTED", volunteers: 5 },
      { status: "EXPIRED", volunteers: 6 },
    ]);
    expect(a).toEqual({ needed: 10, preliminary: 2, awaiting: 3, accepted: 4, missing: 1, manned: false });
    expect(unallocated(a)).toBe(1);
  });

  it("is manned when the accepted reach the need, and never misses a negative number", () => {
    expect(allocation(4, [{ status: "ACCEPTED", volunteers: 6 }])).toMatchObject({ missing: 0, manned: true });
    expect(allocation(0, [])).toMatchObject({ missing: 0, manned: true });
  });
});

describe("the three limits of an offer, in the spec's order", () => {
  it.each([
    [11, { officialQuantity: 10, free: 10 }, 50, "TooManyVolunteers"],
    [6, { officialQuantity: 10, free: 5 }, 50, "Allocated"],
    [6, { officialQuantity: 10, free: 10 }, 5, "TooManyRequested"],
    [5, { officialQuantity: 10, free: 5 }, 5, null],
  ] as const)("%i volunteers at %o with %i members free → %s", (volunteers, station, remaining, expected) => {
    expect(offerLimit(volunteers, station, remaining)).toBe(expected);
  });
});

describe("event state and abilities", () => {
  it("opens offers only on a CONFIRMED event", () => {
    expect(eventRefusal("DRAFT")).toBe("EventNotConfirmed");
    expect(eventRefusal("HISTORIC")).toBe("EventHistoric");
    expect(eventRefusal("CONFIRMED")).toBeNull();
    expect(canRemove("CONFIRMED")).toBe(true);
    expect(canRemove("HISTORIC")).toBe(false);
  });

  it("lets a group answer only a PROPOSAL and name volunteers only on an ACCEPTED offer", () => {
    expect(canAnswer("PROPOSAL", "CONFIRMED")).toBe(true);
    expect(canAnswer("ACCEPTED", "CONFIRMED")).toBe(false);
    expect(canAnswer("PROPOSAL", "HISTORIC")).toBe(false);
    expect(canNameAttendees("ACCEPTED", "CONFIRMED")).toBe(true);
    expect(canNameAttendees("PROPOSAL", "CONFIRMED")).toBe(false);
  });

  it("tells the group of a withdrawal only when it had seen the offer", () => {
    expect(withdrawalIsNews("DRAFT")).toBe(false);
    expect(withdrawalIsNews("PROPOSAL")).toBe(true);
    expect(withdrawalIsNews("ACCEPTED")).toBe(true);
    expect(withdrawalIsNews("REJECTED")).toBe(false);
  });
});

describe("time and place", () => {
  const at = (h: number) => new Date(Date.UTC(2030, 5, 1, h));
  it("counts spans that share time as overlapping, and back-to-back spans not", () => {
    expect(overlaps({ start: at(8), end: at(12) }, { start: at(11), end: at(14) })).toBe(true);
    expect(overlaps({ start: at(8), end: at(12) }, { start: at(12), end: at(14) })).toBe(false);
  });

  it("measures Stockholm–Göteborg as about 400 km", () => {
    const km = distanceKm({ lat: 59.3293, lng: 18.0686 }, { lat: 57.7089, lng: 11.9746 });
    expect(km).toBeGreaterThan(390);
    expect(km).toBeLessThan(400);
  });
});

describe("ranking (STAFFING §3)", () => {
  const base = {
    distanceKm: 5,
    remainingMembers: 20,
    missing: 10,
    stationSkills: ["FORKLIFT_LICENCE"],
    groupSkills: ["FORKLIFT_LICENCE"],
    promised: 0,
    attended: 0,
    seasonPlaces: 0,
  };

  it("ranks nearer, large enough, skilled, reliable and less busy groups higher", () => {
    const best = rank(base).score;
    expect(rank({ ...base, distanceKm: 60 }).score).toBeLessThan(best);
    expect(rank({ ...base, remainingMembers: 3 }).score).toBeLessThan(best);
    expect(rank({ ...base, groupSkills: [] }).score).toBeLessThan(best);
    expect(rank({ ...base, promised: 10, attended: 10 }).score).toBeGreaterThan(best);
    expect(rank({ ...base, promised: 10, attended: 2 }).score).toBeLessThan(best);
    expect(rank({ ...base, seasonPlaces: 40 }).score).toBeLessThan(best);
  });

  it("stays within 0..100", () => {
    const top = rank({ ...base, distanceKm: 0, promised: 5, attended: 5 });
    const bottom = rank({
      ...base,
      distanceKm: 900,
      remainingMembers: 0,
      groupSkills: [],
      promised: 5,
      attended: 0,
      seasonPlaces: 1e6,
    });
    expect(top.score).toBeLessThanOrEqual(100);
    expect(top.score).toBeGreaterThanOrEqual(95);
    expect(bottom.score).toBeGreaterThanOrEqual(0);
    expect(bottom.score).toBeLessThan(5);
  });

  it("gives the reasons an organizer reads, with their values", () => {
    const { reasons } = rank({ ...base, distanceKm: 12.4, groupSkills: [] });
    expect(reasons).toContainEqual({ id: "offers.reason.distance", values: { km: 12 } });
    expect(reasons).toContainEqual({ id: "offers.reason.lacksSkill", values: { skill: "FORKLIFT_LICENCE" } });
    expect(reasons).toContainEqual({ id: "offers.reason.coversAll", values: { count: 20 } });
  });
});

describe("the group's order", () => {
  it("puts offers awaiting an answer first, then accepted, then the answered rest", () => {
    const o = (status: "PROPOSAL" | "ACCEPTED" | "REJECTED" | "EXPIRED", name: string) => ({
      status,
      station: { start: "2030-06-01T08:00:00+02:00", name },
    });
    const sorted = sortForGroup([o("REJECTED", "A"), o("ACCEPTED", "B"), o("EXPIRED", "C"), o("PROPOSAL", "D")]);
    expect(sorted.map((s) => s.status)).toEqual(["PROPOSAL", "ACCEPTED", "REJECTED", "EXPIRED"]);
  });
});

describe("request schemas", () => {
  it("refuses zero, negative and out-of-range volunteer counts with a field id", () => {
    for (const volunteers of [0, -1, 1.5, 2 ** 31, "x"]) {
      const r = offerBody.safeParse({ eventId: ID, stationId: ID, groupId: ID, volunteers });
      expect(r.success, String(volunteers)).toBe(false);
      expect(r.error?.issues[0].path).toEqual(["volunteers"]);
    }
    expect(offerBody.safeParse({ eventId: ID, stationId: ID, groupId: ID, volunteers: "3" }).data?.volunteers).toBe(3);
  });

  it("asks for a group by its own message", () => {
    const r = offerBody.safeParse({ eventId: ID, stationId: ID, volunteers: 1 });
    expect(r.error?.issues[0].message).toBe("offers.validation.groupRequired");
  });

  it("reads an answer-by date as the end of that day in Stockholm, and an instant as it is", () => {
    expect(sendOffersBody.parse({ expiresAt: "2030-06-01" }).expiresAt?.toISOString()).toBe("2030-06-01T21:59:00.000Z");
    expect(sendOffersBody.parse({ expiresAt: "2030-06-01T10:00:00Z" }).expiresAt?.toISOString()).toBe("2030-06-01T10:00:00.000Z");
    expect(sendOffersBody.parse({}).offers).toEqual([]);
    expect(sendOffersBody.safeParse({ expiresAt: "soon" }).success).toBe(false);
  });

  it("takes attendees as volunteer ids", () => {
    expect(attendeesBody.safeParse({ attendees: ["not-an-id"] }).success).toBe(false);
    expect(attendeesBody.parse({ attendees: [ID] }).attendees).toEqual([ID]);
  });
});
