import { describe, expect, it } from "vitest";
import {
  attendanceOpen,
  attendanceRecorded,
  attendanceRefusal,
  canRecordAttendance,
  exceedsVolunteers,
  sortByStart,
} from "./rules.ts";
import { attendanceBody, attendanceForm, attendanceParams } from "./schema.ts";

const STATION = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const GROUP = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

/** A station starting at 18:00 on 2027-05-16, Stockholm summer time. */
const start = "2027-05-16T18:00:00+02:00";
const at = (instant: string) => new Date(instant);

describe("attendanceOpen", () => {
  it("opens at Stockholm midnight of the station's start date, not at its hour", () => {
    expect(attendanceOpen(start, "CONFIRMED", at("2027-05-15T23:59:59+02:00"))).toBe(false);
    expect(attendanceOpen(start, "CONFIRMED", at("2027-05-16T00:00:00+02:00"))).toBe(true);
    expect(attendanceOpen(start, "CONFIRMED", at("2027-05-16T08:00:00+02:00"))).toBe(true);
    expect(attendanceOpen(start, "CONFIRMED", at("2027-06-30T12:00:00+02:00"))).toBe(true);
  });

  it("follows Stockholm's calendar, not UTC's: 23:30 UTC on the 15th is already the 16th in Stockholm", () => {
    expect(attendanceOpen(start, "CONFIRMED", at("2027-05-15T22:30:00Z"))).toBe(true);
    expect(attendanceOpen(start, "CONFIRMED", at("2027-05-15T21:30:00Z"))).toBe(false);
  });

  it("closes for good when the event is finished", () => {
    expect(attendanceOpen(start, "HISTORIC", at("2027-05-17T12:00:00+02:00"))).toBe(false);
  });
});

describe("attendanceRefusal", () => {
  const on = at("2027-05-16T12:00:00+02:00");
  const accepted = { status: "ACCEPTED" as const, volunteers: 5 };

  it("accepts an accepted offer on the day with at most its volunteers", () => {
    expect(attendanceRefusal(accepted, start, "CONFIRMED", on, { adultAttendance: 3, childAttendance: 2 })).toBeNull();
    expect(attendanceRefusal(accepted, start, "CONFIRMED", on, { adultAttendance: 0, childAttendance: 0 })).toBeNull();
  });

  it("refuses, in order: an offer not accepted, then a closed attendance, then too many people", () => {
    for (const status of ["DRAFT", "PROPOSAL", "REJECTED", "EXPIRED"] as const)
      expect(
        attendanceRefusal({ status, volunteers: 5 }, start, "HISTORIC", on, { adultAttendance: 9, childAttendance: 0 }),
      ).toBe("NotAccepted");
    expect(
      attendanceRefusal(accepted, start, "CONFIRMED", at("2027-05-15T12:00:00+02:00"), {
        adultAttendance: 9,
        childAttendance: 0,
      }),
    ).toBe("AttendanceNotOpen");
    expect(attendanceRefusal(accepted, start, "HISTORIC", on)).toBe("AttendanceNotOpen");
    expect(attendanceRefusal(accepted, start, "CONFIRMED", on, { adultAttendance: 4, childAttendance: 2 })).toBe(
      "AttendanceExceedsVolunteers",
    );
  });

  it("gives the screens the same answer as an ability", () => {
    expect(canRecordAttendance("ACCEPTED", start, "CONFIRMED", on)).toBe(true);
    expect(canRecordAttendance("PROPOSAL", start, "CONFIRMED", on)).toBe(false);
    expect(canRecordAttendance("ACCEPTED", start, "HISTORIC", on)).toBe(false);
    expect(canRecordAttendance("ACCEPTED", start, "CONFIRMED", at("2027-05-15T23:00:00+02:00"))).toBe(false);
  });
});

describe("exceedsVolunteers and attendanceRecorded", () => {
  it("compares adults and children together with the offer's volunteers", () => {
    expect(exceedsVolunteers({ adultAttendance: 3, childAttendance: 2 }, 5)).toBe(false);
    expect(exceedsVolunteers({ adultAttendance: 3, childAttendance: 3 }, 5)).toBe(true);
    expect(exceedsVolunteers({ adultAttendance: 6, childAttendance: 0 }, 5)).toBe(true);
  });

  it("counts 0 and 0 as recorded, and nulls as not", () => {
    expect(attendanceRecorded({ adultAttendance: 0, childAttendance: 0 })).toBe(true);
    expect(attendanceRecorded({ adultAttendance: null, childAttendance: null })).toBe(false);
  });

  it("counts one number written as recorded, whichever it is", () => {
    expect(attendanceRecorded({ adultAttendance: 2, childAttendance: null })).toBe(true);
    expect(attendanceRecorded({ adultAttendance: null, childAttendance: 3 })).toBe(true);
  });
});

describe("attendanceBody and attendanceForm", () => {
  it("takes whole numbers from 0, also as the form's text", () => {
    expect(attendanceBody.parse({ adultAttendance: 3, childAttendance: 0 })).toEqual({ adultAttendance: 3, childAttendance: 0 });
    expect(attendanceBody.parse({ adultAttendance: "3", childAttendance: " 2 " })).toEqual({
      adultAttendance: 3,
      childAttendance: 2,
    });
  });

  it("names each wrong number with its rule", () => {
    const issues = (body: unknown) =>
      Object.fromEntries((attendanceBody.safeParse(body).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(issues({ adultAttendance: -1, childAttendance: 1.5 })).toEqual({
      adultAttendance: "validation.min0",
      childAttendance: "validation.integer",
    });
    expect(issues({ adultAttendance: "", childAttendance: true })).toEqual({
      adultAttendance: "validation.required",
      childAttendance: "validation.integer",
    });
    expect(issues({})).toEqual({ adultAttendance: "validation.required", childAttendance: "validation.required" });
    expect(issues({ adultAttendance: 2_000_000_000, childAttendance: 0 })).toEqual({ adultAttendance: "validation.invalid" });
  });

  it("refuses in the form more people than the offer's volunteers, before anything is sent", () => {
    const form = attendanceForm(5);
    expect(form.safeParse({ adultAttendance: 5, childAttendance: 0 }).success).toBe(true);
    const refused = form.safeParse({ adultAttendance: 4, childAttendance: 2 });
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([[[], "attendance.validation.exceeds"]]);
  });
});

describe("attendanceParams", () => {
  it("reads the spec's `{stationId}_{groupId}`", () => {
    const parsed = attendanceParams.parse({ eventId: GROUP, stationIdGroupId: `${STATION}_${GROUP.toUpperCase()}` });
    expect(parsed.stationIdGroupId).toEqual({ stationId: STATION, groupId: GROUP });
  });

  it("refuses anything else", () => {
    for (const key of [STATION, `${STATION}_`, `${STATION}-${GROUP}`, `${STATION}_${GROUP}_x`, `../${STATION}_${GROUP}`])
      expect(attendanceParams.safeParse({ eventId: GROUP, stationIdGroupId: key }).success, key).toBe(false);
  });
});

describe("sortByStart", () => {
  it("orders by the instant, then by name", () => {
    const stations = [
      { name: "B", start: "2027-10-31T02:30:00+01:00" },
      { name: "C", start: "2027-10-31T02:45:00+02:00" },
      { name: "A", start: "2027-10-31T02:30:00+01:00" },
    ];
    // 02:45+02:00 is 00:45 UTC, before 02:30+01:00 (01:30 UTC), though its text sorts after it.
    expect(sortByStart(stations).map((s) => s.name)).toEqual(["C", "A", "B"]);
  });
});
