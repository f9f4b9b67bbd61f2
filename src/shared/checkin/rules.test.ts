import { describe, expect, it } from "vitest";
import {
  answerTally,
  checkinCounts,
  declinedIds,
  groupAttendance,
  mergePresence,
  missingAttendees,
  missingOf,
  newlyNamed,
  standInsOpen,
  stationShort,
  stationStarted,
  suggestedStandIn,
  TAP_BEFORE_START_MS,
  TAP_FUTURE_MS,
  tapTimeRefusal,
  timeOrPlaceChanged,
} from "./rules.ts";

const at = (iso: string) => new Date(iso);

describe("mergePresence", () => {
  const early = { at: at("2027-05-16T07:00:00Z"), noShow: false };
  const late = { at: at("2027-05-16T07:30:00Z"), noShow: false };
  const away = { at: at("2027-05-16T06:00:00Z"), noShow: true };
  const awayLater = { at: at("2027-05-16T08:00:00Z"), noShow: true };

  it("takes the tap when nothing is known", () => {
    expect(mergePresence(null, late)).toBe(late);
  });
  it("keeps the earliest of two arrivals, whichever comes first", () => {
    expect(mergePresence(late, early)).toBe(early);
    expect(mergePresence(early, late)).toBe(early);
  });
  it("lets an arrival beat 'not coming', whenever either was tapped", () => {
    expect(mergePresence(away, late)).toBe(late);
    expect(mergePresence(late, away)).toBe(late);
    expect(mergePresence(awayLater, early)).toBe(early);
  });
  it("keeps the earliest of two 'not coming'", () => {
    expect(mergePresence(awayLater, away)).toBe(away);
  });
});

describe("tapTimeRefusal", () => {
  const now = at("2027-05-16T08:00:00Z");
  const start = at("2027-05-16T09:00:00Z");
  it("takes a tap up to 5 minutes ahead of the server's clock and refuses one beyond", () => {
    expect(tapTimeRefusal(new Date(now.getTime() + TAP_FUTURE_MS), now, start)).toBeNull();
    expect(tapTimeRefusal(new Date(now.getTime() + TAP_FUTURE_MS + 1), now, start)).toBe("future");
  });
  it("takes a tap up to 24 hours before the station's start and refuses an earlier one", () => {
    expect(tapTimeRefusal(new Date(start.getTime() - TAP_BEFORE_START_MS), now, start)).toBeNull();
    expect(tapTimeRefusal(new Date(start.getTime() - TAP_BEFORE_START_MS - 1), now, start)).toBe("early");
  });
});

describe("checkinCounts", () => {
  it("counts the named, those arrived with the walk-ups, the not coming, and adults (18+) apart from children", () => {
    const people = [
      { age: 18, arrivedAt: "x", noShow: false, confirmed: true },
      { age: 17, arrivedAt: "x", noShow: false },
      { age: 40, arrivedAt: null, noShow: true, confirmed: false },
      { age: 30, arrivedAt: null, noShow: false, confirmed: null },
    ];
    const c = checkinCounts(people, [{ age: 12 }]);
    expect(c).toEqual({ expected: 4, arrived: 3, noShow: 1, adults: 1, children: 2, confirmed: 1, declined: 1 });
    expect(missingOf(c)).toBe(1);
    expect(missingOf(checkinCounts(people.slice(2), [{ age: 20 }, { age: 20 }, { age: 20 }]))).toBe(0);
  });
  it("calls a station short only once its start has passed with places empty", () => {
    const c = checkinCounts([{ age: 20, arrivedAt: null, noShow: false }], []);
    const start = at("2027-05-16T09:00:00Z");
    expect(stationShort(start, at("2027-05-16T08:59:59Z"), c)).toBe(false);
    expect(stationShort(start, start, c)).toBe(true);
    expect(stationShort(start, start, checkinCounts([{ age: 20, arrivedAt: "x", noShow: false }], []))).toBe(false);
  });
});

describe("newlyNamed", () => {
  it("answers those named now and not before, each once, in the order named", () => {
    expect(newlyNamed([], ["a", "b"])).toEqual(["a", "b"]);
    expect(newlyNamed(["a", "b"], ["b", "c", "a", "c"])).toEqual(["c"]);
    expect(newlyNamed(["a", "b"], ["a"])).toEqual([]);
  });
});

describe("timeOrPlaceChanged", () => {
  const station = {
    start: at("2027-05-16T07:00:00Z"),
    end: at("2027-05-16T15:00:00Z"),
    markerLocation: "Slottsskogen",
    markerLat: 57.68,
    markerLng: 11.94,
  };

  it("is news when the start, the end, the place's name or its coordinates change", () => {
    expect(timeOrPlaceChanged(station, { ...station, start: at("2027-05-16T06:30:00Z") })).toBe(true);
    expect(timeOrPlaceChanged(station, { ...station, end: at("2027-05-16T16:00:00Z") })).toBe(true);
    expect(timeOrPlaceChanged(station, { ...station, markerLocation: "Järntorget" })).toBe(true);
    expect(timeOrPlaceChanged(station, { ...station, markerLat: 57.7 })).toBe(true);
    expect(timeOrPlaceChanged(station, { ...station, markerLng: 11.95 })).toBe(true);
  });

  it("is no news when the same instants come as other Date objects", () => {
    expect(timeOrPlaceChanged(station, { ...station, start: at("2027-05-16T09:00:00+02:00") })).toBe(false);
  });

  it("reads a place without a name as the empty name it is stored as", () => {
    expect(timeOrPlaceChanged({ ...station, markerLocation: "" }, { ...station, markerLocation: undefined })).toBe(false);
    expect(timeOrPlaceChanged({ ...station, markerLocation: "" }, station)).toBe(true);
  });
});

describe("groupAttendance", () => {
  it("counts one group's arrived volunteers and walk-ups, adults and children apart", () => {
    const list = {
      people: [
        { groupId: "g1", age: 30, arrivedAt: "x", noShow: false },
        { groupId: "g1", age: 12, arrivedAt: "x", noShow: false },
        { groupId: "g1", age: 40, arrivedAt: null, noShow: true },
        { groupId: "g2", age: 30, arrivedAt: "x", noShow: false },
      ],
      walkUps: [
        { groupId: "g1", age: 18 },
        { groupId: "g2", age: 10 },
      ],
    };
    expect(groupAttendance(list, "g1")).toEqual({ adultAttendance: 2, childAttendance: 1 });
    expect(groupAttendance(list, "g3")).toEqual({ adultAttendance: 0, childAttendance: 0 });
  });
});

describe("stand-ins", () => {
  const start = new Date("2027-05-16T07:00:00Z");
  it("open once the station has started, while the event is confirmed", () => {
    expect(standInsOpen(start, "CONFIRMED", new Date("2027-05-16T06:59:59Z"))).toBe(false);
    expect(standInsOpen(start, "CONFIRMED", start)).toBe(true);
    expect(standInsOpen(start, "HISTORIC", new Date("2027-05-17T07:00:00Z"))).toBe(false);
  });
  it("open the evening before when someone answered NEJ", () => {
    const evening = new Date("2027-05-15T17:00:00Z");
    expect(standInsOpen(start, "CONFIRMED", evening, true)).toBe(true);
    expect(standInsOpen(start, "CONFIRMED", evening, false)).toBe(false);
    expect(standInsOpen(start, "HISTORIC", evening, true)).toBe(false);
  });
  it("start at the station's start, to the millisecond", () => {
    expect(stationStarted(start, new Date(start.getTime() - 1))).toBe(false);
    expect(stationStarted(start.toISOString(), start)).toBe(true);
  });
  it("name those who answered NEJ, and count the answers", () => {
    const named = [{ id: "a", confirmed: true }, { id: "b", confirmed: false }, { id: "c", confirmed: null }, { id: "d" }];
    expect(declinedIds(named)).toEqual(["b"]);
    expect(answerTally(named)).toEqual({ confirmed: 1, declined: 1 });
  });
  it("before the start list only those who answered NEJ; from the start everyone not arrived", () => {
    const checkins = [{ volunteerId: "a", arrivedAt: "2027-05-16T07:01:00+02:00" }];
    expect(missingAttendees(["a", "b", "c"], [], ["c"], false)).toEqual(["c"]);
    expect(missingAttendees(["a", "b", "c"], checkins, ["c"], true)).toEqual(["b", "c"]);
    expect(missingAttendees(["a", "b", "c"], checkins, ["a"], true), "one who came after a NEJ is there").toEqual(["b", "c"]);
  });
  it("list the named who have not arrived, those not coming among them", () => {
    const checkins = [
      { volunteerId: "a", arrivedAt: "2027-05-16T07:01:00+02:00" },
      { volunteerId: "b", arrivedAt: null },
    ];
    expect(missingAttendees(["a", "b", "c"], checkins)).toEqual(["b", "c"]);
  });
  it("suggest the member who said they stand in for the missing one, by whole or first name", () => {
    const members = [
      { id: "m1", participation: { substitute: "" } },
      { id: "m2", participation: { substitute: "Kim" } },
      { id: "m3", participation: { substitute: "Alva Berg" } },
    ];
    expect(suggestedStandIn("Alva Berg", members)?.id).toBe("m3");
    expect(suggestedStandIn("Kim Lind", members)?.id).toBe("m2");
    expect(suggestedStandIn("Kimberly Ek", members)).toBeUndefined();
    expect(suggestedStandIn("Bo Ek", members)).toBeUndefined();
  });
});
