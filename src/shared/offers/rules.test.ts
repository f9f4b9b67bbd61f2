import { describe, expect, it } from "vitest";
import {
  allocation,
  answerByPassed,
  asksDiets,
  asksShirtSize,
  attendeeCountProblem,
  attendeeRefusal,
  canAnswer,
  canNameAttendees,
  canRemove,
  DEFAULT_ANSWER_DAYS,
  defaultAnswerBy,
  distanceKm,
  engagementPath,
  eventRefusal,
  HANDS_OFF_MS,
  HOLDING,
  holdsPlaces,
  matchPath,
  notRemindedGroups,
  offerLimit,
  overlaps,
  parseAnswerBy,
  REMINDER_BEFORE_MS,
  REMINDER_GAP_MS,
  rank,
  reminderHold,
  sortForGroup,
  staffedShare,
  staffingOf,
  unallocated,
  volunteersShort,
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

  it("reads as manned, partly staffed while some but not all have accepted, else unmanned", () => {
    const of = (needed: number, accepted: number) =>
      allocation(needed, accepted ? [{ status: "ACCEPTED", volunteers: accepted }] : []);
    expect(staffingOf(of(25, 25))).toBe("manned");
    expect(staffingOf(of(25, 30))).toBe("manned");
    expect(staffingOf(of(25, 16))).toBe("partly");
    expect(staffingOf(of(25, 1))).toBe("partly");
    expect(staffingOf(of(25, 0))).toBe("unmanned");
    // Drafts and offers awaiting an answer staff nothing yet.
    expect(staffingOf(allocation(25, [{ status: "PROPOSAL", volunteers: 25 }]))).toBe("unmanned");
    expect(staffingOf(of(0, 0))).toBe("manned");
    expect(staffedShare(of(25, 16))).toBe(0.64);
    expect(staffedShare(of(25, 30))).toBe(1);
    expect(staffedShare(of(25, 0))).toBe(0);
    expect(staffedShare(of(0, 0))).toBe(1);
  });
});

describe("volunteers a group lacks for the places it accepted", () => {
  it("counts those beyond the group's volunteers, never fewer than none", () => {
    expect(volunteersShort(2, 5)).toBe(3);
    expect(volunteersShort(0, 1)).toBe(1);
    expect(volunteersShort(5, 5)).toBe(0);
    expect(volunteersShort(8, 5)).toBe(0);
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

describe("offers that hold places, and answer-by dates", () => {
  it("hold places while a draft, awaiting an answer or accepted", () => {
    expect(HOLDING).toEqual(["DRAFT", "PROPOSAL", "ACCEPTED"]);
    for (const status of ["DRAFT", "PROPOSAL", "ACCEPTED"] as const) expect(holdsPlaces(status)).toBe(true);
    for (const status of ["REJECTED", "EXPIRED"] as const) expect(holdsPlaces(status)).toBe(false);
  });

  it("reads a bare date as the end of that day in Stockholm, anything else as an instant", () => {
    expect(parseAnswerBy("2030-01-15")?.toISOString()).toBe("2030-01-15T22:59:00.000Z");
    expect(parseAnswerBy("2030-01-15T12:00")?.toISOString()).toBe("2030-01-15T11:00:00.000Z");
    expect(parseAnswerBy("15/1 2030")).toBeNull();
  });

  it("counts an answer-by instant as passed from that very moment", () => {
    const now = new Date("2030-06-10T10:00:00Z");
    expect(answerByPassed(new Date("2030-06-10T10:00:00Z"), now)).toBe(true);
    expect(answerByPassed(new Date("2030-06-10T09:59:59Z"), now)).toBe(true);
    expect(answerByPassed(new Date("2030-06-10T10:00:01Z"), now)).toBe(false);
  });

  it("gives a week by default, to the end of that day in Stockholm", () => {
    expect(DEFAULT_ANSWER_DAYS).toBe(7);
    // 23:30 UTC on 9 June is already 10 June in Stockholm: a week on is 17 June, ending 21:59 UTC.
    expect(defaultAnswerBy(new Date("2030-06-09T23:30:00Z")).toISOString()).toBe("2030-06-17T21:59:00.000Z");
  });

  it("reminds two days before the answer-by date, and lets nothing happen by itself within 48 hours of the start", () => {
    expect(REMINDER_BEFORE_MS).toBe(2 * 24 * 3_600_000);
    expect(HANDS_OFF_MS).toBe(48 * 3_600_000);
  });

  it("reminds a group of an offer a day after it went out at the soonest, then at most once a day", () => {
    expect(REMINDER_GAP_MS).toBe(24 * 3_600_000);
    const sentAt = new Date("2030-06-01T10:00:00Z");
    const plus = (ms: number) => new Date(sentAt.getTime() + ms);
    const dayOn = plus(REMINDER_GAP_MS);
    expect(reminderHold({ sentAt, remindedAt: null }, plus(1000))).toEqual({ reason: "sentRecently", from: dayOn });
    expect(reminderHold({ sentAt, remindedAt: null }, plus(REMINDER_GAP_MS - 1))).toEqual({
      reason: "sentRecently",
      from: dayOn,
    });
    expect(reminderHold({ sentAt, remindedAt: null }, dayOn)).toBeNull();
    const remindedAt = plus(30 * 3_600_000);
    const nextDay = new Date(remindedAt.getTime() + REMINDER_GAP_MS);
    expect(reminderHold({ sentAt, remindedAt }, plus(31 * 3_600_000))).toEqual({ reason: "remindedRecently", from: nextDay });
    expect(reminderHold({ sentAt, remindedAt }, new Date(nextDay.getTime() - 1))).not.toBeNull();
    expect(reminderHold({ sentAt, remindedAt }, nextDay)).toBeNull();
    // Sent again after a reminder (withdrawn and offered anew): the sending counts.
    expect(reminderHold({ sentAt: plus(32 * 3_600_000), remindedAt }, plus(33 * 3_600_000))?.reason).toBe("sentRecently");
    // An offer with no times recorded holds nothing up.
    expect(reminderHold({ sentAt: null, remindedAt: null }, sentAt)).toBeNull();
  });

  it("names each group a reminder did not reach once, with the offer it can be reminded of first, by name", () => {
    const at = (h: number) => new Date(Date.UTC(2030, 5, 1, h));
    const sent = (h: number) => ({ reason: "sentRecently" as const, from: at(h) });
    const held = [
      { groupId: "g2", groupName: "Öresunds IF", hold: sent(20) },
      { groupId: "g1", groupName: "Ale BK", hold: sent(18) },
      { groupId: "g1", groupName: "Ale BK", hold: { reason: "remindedRecently" as const, from: at(12) } },
      { groupId: "g3", groupName: "Björns IK", hold: sent(10) },
      // Reminded of another offer now: not among those left out.
      { groupId: "g3", groupName: "Björns IK", hold: null },
      { groupId: "g4", groupName: "Dals SK", hold: null },
    ];
    expect(notRemindedGroups(held, new Set(["g3"]))).toEqual([
      { group: "Ale BK", reason: "remindedRecently", from: at(12) },
      { group: "Öresunds IF", reason: "sentRecently", from: at(20) },
    ]);
    expect(notRemindedGroups([], new Set())).toEqual([]);
  });
});

describe("limits, abilities and links", () => {
  const at = (h: number) => new Date(Date.UTC(2030, 5, 1, h));

  it("sees overlap from either side, and none when one span ends as the other starts", () => {
    expect(overlaps({ start: at(11), end: at(14) }, { start: at(8), end: at(12) })).toBe(true);
    expect(overlaps({ start: at(12), end: at(14) }, { start: at(8), end: at(12) })).toBe(false);
    expect(overlaps({ start: at(15), end: at(16) }, { start: at(8), end: at(12) })).toBe(false);
  });

  it("lets an offer take exactly the station's official quantity", () => {
    expect(offerLimit(10, { officialQuantity: 10, free: 10 }, 10)).toBeNull();
  });

  it("names volunteers only while the event is confirmed", () => {
    expect(canNameAttendees("ACCEPTED", "HISTORIC")).toBe(false);
    expect(canNameAttendees("ACCEPTED", "DRAFT")).toBe(false);
  });

  it("asks shirt sizes and diets only when the event offers them with options", () => {
    expect(asksShirtSize({ included: ["CLOTHES"], shirtSizes: ["M"] })).toBe(true);
    expect(asksShirtSize({ included: ["CLOTHES"], shirtSizes: [] })).toBe(false);
    expect(asksShirtSize({ included: ["FOOD"], shirtSizes: ["M"] })).toBe(false);
    expect(asksDiets({ included: ["FOOD"], foodOptions: ["VEGAN"] })).toBe(true);
    expect(asksDiets({ included: ["FOOD"], foodOptions: [] })).toBe(false);
    expect(asksDiets({ included: ["CLOTHES"], foodOptions: ["VEGAN"] })).toBe(false);
  });

  it("leads group contacts to the offer and organizers to the matching", () => {
    expect(engagementPath({ eventId: "e1", groupId: "g1", stationId: "s1" })).toBe("/my-pages/volunteers/engagement/e1/g1/s1");
    expect(matchPath("e1")).toBe("/my-pages/events/e1/match");
  });

  it("wants at least one named volunteer and no more than the offer's", () => {
    expect(attendeeCountProblem(0, 2)).toBe("notEnoughAttendees");
    expect(attendeeCountProblem(1, 2)).toBeNull();
    expect(attendeeCountProblem(2, 2)).toBeNull();
    expect(attendeeCountProblem(3, 2)).toBe("tooManyAttendees");
  });

  it("names nobody younger than the station's minimum age, nor a minor awaiting their guardian", () => {
    const station = { officialMiniumumAge: 18 };
    expect(attendeeRefusal({ age: 14, awaitingGuardian: false }, station)).toBe("belowMinimumAge");
    expect(attendeeRefusal({ age: 17, awaitingGuardian: false }, station)).toBe("belowMinimumAge");
    expect(attendeeRefusal({ age: 18, awaitingGuardian: false }, station)).toBeNull();
    expect(attendeeRefusal({ age: 0, awaitingGuardian: false }, { officialMiniumumAge: 0 })).toBeNull();
    expect(attendeeRefusal({ age: 14, awaitingGuardian: true }, station)).toBe("awaitingGuardian");
    expect(attendeeRefusal({ age: 14, awaitingGuardian: true }, { officialMiniumumAge: 12 })).toBe("awaitingGuardian");
  });

  it("sorts a group's offers of one status by start, then by name in Swedish order", () => {
    const o = (name: string, start: string) => ({ status: "ACCEPTED" as const, station: { start, name } });
    const sorted = sortForGroup([
      o("Öster", "2030-06-01T08:00:00+02:00"),
      o("Zon", "2030-06-01T08:00:00+02:00"),
      o("Ankomst", "2030-06-01T09:00:00+02:00"),
    ]);
    expect(sorted.map((s) => s.station.name)).toEqual(["Zon", "Öster", "Ankomst"]);
  });
});

describe("the score and its reasons", () => {
  it("adds up distance 30, size 25, skills 20, record 15 (10 without one) and fairness 10", () => {
    // 30 × (1 − 5/100) + 25 + 20 + 10 + 10 = 93.5.
    expect(
      rank({
        distanceKm: 5,
        remainingMembers: 20,
        missing: 10,
        stationSkills: ["FORKLIFT_LICENCE"],
        groupSkills: ["FORKLIFT_LICENCE"],
        promised: 0,
        attended: 0,
        seasonPlaces: 0,
      }),
    ).toEqual({
      score: 94,
      reasons: [
        { id: "offers.reason.distance", values: { km: 5 } },
        { id: "offers.reason.coversAll", values: { count: 20 } },
        { id: "offers.reason.hasSkill", values: { skill: "FORKLIFT_LICENCE" } },
        { id: "offers.reason.noRecord" },
        { id: "offers.reason.noPlacesThisSeason" },
      ],
    });
  });

  it("counts part of the size, part of the skills, the attendance record and this season's places", () => {
    // 30 + 25 × 3/4 + 20 × 1/2 + 15 × 0.8 + 10 / (1 + 10/20) = 77.42.
    expect(
      rank({
        distanceKm: 0,
        remainingMembers: 3,
        missing: 4,
        stationSkills: ["FLIPS", "STUNT"],
        groupSkills: ["FLIPS"],
        promised: 10,
        attended: 8,
        seasonPlaces: 10,
      }),
    ).toEqual({
      score: 77,
      reasons: [
        { id: "offers.reason.near" },
        { id: "offers.reason.coversPart", values: { count: 3, missing: 4 } },
        { id: "offers.reason.hasSkill", values: { skill: "FLIPS" } },
        { id: "offers.reason.lacksSkill", values: { skill: "STUNT" } },
        { id: "offers.reason.attendance", values: { percent: 80 } },
        { id: "offers.reason.placesThisSeason", values: { count: 10 } },
      ],
    });
  });

  it("gives nothing for distance from 100 km, full skills when none are asked, and caps the record at 100 %", () => {
    // 0 + 25 + 20 + 15 + 10 / (1 + 20/20) = 65.
    expect(
      rank({
        distanceKm: 100,
        remainingMembers: 4,
        missing: 4,
        stationSkills: [],
        groupSkills: ["FLIPS"],
        promised: 4,
        attended: 6,
        seasonPlaces: 20,
      }),
    ).toEqual({
      score: 65,
      reasons: [
        { id: "offers.reason.distance", values: { km: 100 } },
        { id: "offers.reason.coversAll", values: { count: 4 } },
        { id: "offers.reason.attendance", values: { percent: 100 } },
        { id: "offers.reason.placesThisSeason", values: { count: 20 } },
      ],
    });
  });
});
