import { describe, expect, it } from "vitest";
import { msg } from "../validation.ts";
import { eventForm, eventMsg, eventUpdate, station, stationAmong, stationNameKey } from "./schema.ts";

const aStation = (name: string) => ({
  name,
  description: "Vätskekontroll",
  start: "2027-05-01T08:00",
  end: "2027-05-01T18:00",
  municipality: "0180",
  markerLocation: "Sergels torg",
  markerCoordinates: { lat: 59.33, lng: 18.06 },
  teamLeaderEmail: "",
  officialQuantity: 10,
  officialMiniumumAge: 15,
  skills: [],
  paymentType: "NOCOMPENSATION",
});

describe("station names within an event", () => {
  it("compare without case and surrounding spaces", () => {
    expect(stationNameKey("  Start och Mål ")).toBe(stationNameKey("start och mål"));
    expect(stationNameKey("A1")).not.toBe(stationNameKey("A2"));
  });

  it("refuse a name another station of the event has, and accept a new one", () => {
    const schema = stationAmong(["Entrén", "Mål"]);
    const clash = schema.safeParse(aStation(" entrén"));
    expect(clash.success).toBe(false);
    expect(clash.error?.issues.find((i) => i.path[0] === "name")?.message).toBe(eventMsg.stationNameExists);
    expect(schema.safeParse(aStation("Parkering")).success).toBe(true);
  });
});

describe("the organizer number", () => {
  const now = () => new Date("2030-06-10T10:00:00Z");
  const event = (organizerNumber: string) => ({
    name: "Loppet",
    date: "2030-07-01",
    startTime: "10:00",
    city: "Umeå",
    organizerNumber,
    organizerName: "Umeå Löparklubb",
  });
  const messageOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    result.error?.issues.find((i) => i.path[0] === "organizerNumber")?.message;

  it("passes in the spec's four formats when the check digit is right", () => {
    for (const n of ["802000-1239", "8020001239", "168020001239", "16802000-1239"])
      expect(eventForm(now).safeParse(event(n)).success, n).toBe(true);
  });

  it("fails on a wrong check digit in every format, on the form and on PUT", () => {
    for (const n of ["802000-1238", "8020001238", "168020001238", "16802000-1238"]) {
      expect(messageOf(eventForm(now).safeParse(event(n))), n).toBe(msg.organisationNumber);
      expect(messageOf(eventUpdate.safeParse({ ...event(n), version: 0 })), n).toBe(msg.organisationNumber);
    }
  });

  it("fails on a personal identity number, as a group's number does", () => {
    expect(messageOf(eventForm(now).safeParse(event("19850709-9805")))).toBe(msg.organisationNumber);
  });
});

describe("a station's start and end", () => {
  const times = (start: unknown, end: unknown) => station.safeParse({ ...aStation("Entrén"), start, end });
  const issue = (result: ReturnType<typeof times>, field: string) =>
    result.error?.issues.find((i) => i.path[0] === field)?.message;

  it("take an offset and answer with the Stockholm time and its offset", () => {
    const result = times("2027-05-01T06:00:00Z", "2027-05-01T18:00:00+02:00");
    expect(result.data?.start).toBe("2027-05-01T08:00:00+02:00");
    expect(result.data?.end).toBe("2027-05-01T18:00:00+02:00");
  });

  it("read a local time as Stockholm time, in summer and in winter", () => {
    expect(times("2027-05-01T08:00", "2027-05-01T18:00").data?.start).toBe("2027-05-01T08:00:00+02:00");
    expect(times("2027-12-01T08:00", "2027-12-01T18:00").data?.end).toBe("2027-12-01T18:00:00+01:00");
  });

  it("compare instants across the change to winter time", () => {
    // 02:30+02:00 comes before 02:10+01:00 on the night the clocks go back, though its text sorts after.
    expect(times("2027-10-31T02:30:00+02:00", "2027-10-31T02:10:00+01:00").success).toBe(true);
    expect(issue(times("2027-10-31T02:10:00+01:00", "2027-10-31T02:30:00+02:00"), "end")).toBe(eventMsg.endBeforeStart);
    // Written with different offsets: 09:00 in London is 10:00 in Stockholm, after 09:30 there.
    expect(times("2027-05-01T09:30:00+02:00", "2027-05-01T09:00:00+01:00").success).toBe(true);
    expect(issue(times("2027-05-01T09:30", "2027-05-01T09:29"), "end")).toBe(eventMsg.endBeforeStart);
  });

  it("refuse what is not a time with the field's message", () => {
    expect(issue(times("2027-05-01 08:00", "2027-05-01T18:00"), "start")).toBe(eventMsg.dateTime);
    expect(issue(times("2027-05-01T08:00", "2027-02-30T18:00"), "end")).toBe(eventMsg.dateTime);
    expect(issue(times("2027-05-01T08:00+2", "2027-05-01T18:00"), "start")).toBe(eventMsg.dateTime);
    expect(issue(times("", "2027-05-01T18:00"), "start")).toBe(msg.required);
  });
});
