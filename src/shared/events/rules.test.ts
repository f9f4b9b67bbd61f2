import { describe, expect, it } from "vitest";
import {
  byDateFromToday,
  canConfirm,
  canFollowToday,
  canMatch,
  canRemove,
  canSendOut,
  daysBetween,
  defaultStationTimes,
  eventPagePath,
  isPast,
  moveStation,
  nextSort,
  normalizeIncluded,
  normalizeStation,
  sameEventName,
  shouldBecomeHistoric,
  sortEvents,
  sortShirtSizes,
  stationFieldErrors,
  stationSheetPath,
  stationTime,
  statusLabel,
  updateBodyOf,
} from "./rules.ts";
import { type EventView, eventForm, eventUpdate, station } from "./schema.ts";

const at = (iso: string) => new Date(iso);

describe("event rules", () => {
  it("counts an event as past only when it is more than 7 days ago in Stockholm", () => {
    // 2030-06-09 22:30 UTC is already 2030-06-10 in Stockholm.
    const now = at("2030-06-09T22:30:00Z");
    expect(isPast("2030-06-02", now)).toBe(true);
    expect(isPast("2030-06-03", now)).toBe(false);
    expect(shouldBecomeHistoric("CONFIRMED", "2030-06-02", now)).toBe(true);
    expect(shouldBecomeHistoric("DRAFT", "2030-06-02", now)).toBe(false);
  });

  it("writes a station's times in Stockholm time, the day once when it does not change", () => {
    expect(stationTime({ start: "2027-05-16T09:00:00+02:00", end: "2027-05-16T17:30:00+02:00" })).toBe("2027-05-16 09:00–17:30");
    expect(stationTime({ start: "2027-05-16T07:00:00Z", end: "2027-05-16T15:00:00Z" })).toBe("2027-05-16 09:00–17:00");
    expect(stationTime({ start: "2027-05-16T22:00:00+02:00", end: "2027-05-17T02:00:00+02:00" })).toBe(
      "2027-05-16 22:00 – 2027-05-17 02:00",
    );
  });

  it("defaults stations to 08:00–18:00 on the event date", () => {
    expect(defaultStationTimes("2030-06-10")).toEqual({ start: "2030-06-10T08:00", end: "2030-06-10T18:00" });
  });

  it("keeps only the payment fields the type uses", () => {
    const all = { currency: "SEK", groupPayment: 1, paymentAdult: 2, paymentChild: 3 };
    expect(normalizeStation({ paymentType: "NOCOMPENSATION" as const, ...all })).toMatchObject({
      currency: null,
      groupPayment: null,
      paymentAdult: null,
      paymentChild: null,
    });
    expect(normalizeStation({ paymentType: "GROUPPAYMENT" as const, ...all })).toMatchObject({
      currency: "SEK",
      groupPayment: 1,
      paymentAdult: null,
    });
    expect(normalizeStation({ paymentType: "HOURLYRATE" as const, ...all })).toMatchObject({
      groupPayment: null,
      paymentAdult: 2,
      paymentChild: 3,
    });
  });

  it("sorts shirt sizes in size order and drops options whose item is not included", () => {
    expect(sortShirtSizes(["XXL", "S", "XS", "S"])).toEqual(["XS", "S", "XXL"]);
    expect(normalizeIncluded({ included: ["FOOD"], shirtSizes: ["M"], foodOptions: ["VEGAN"] })).toEqual({
      included: ["FOOD"],
      shirtSizes: [],
      foodOptions: ["VEGAN"],
    });
  });

  it("allows removal of drafts only and confirmation of drafts with a station", () => {
    expect(canRemove("DRAFT")).toBe(true);
    expect(canRemove("CONFIRMED")).toBe(false);
    expect(canConfirm("DRAFT", 0)).toBe(false);
    expect(canConfirm("DRAFT", 1)).toBe(true);
    expect(statusLabel("SOMETHING")).toBe("events.status.unknown");
  });

  it("keeps the server's order until a header is clicked; the first click sorts that field ascending", () => {
    const events = [
      { name: "B", date: "2030-01-02", status: "DRAFT" },
      { name: "A", date: "2030-03-01", status: "CONFIRMED" },
    ];
    expect(sortEvents(events, null).map((e) => e.name)).toEqual(["B", "A"]);
    expect(sortEvents(events, null)).not.toBe(events);
    expect(nextSort(null, "date")).toEqual({ field: "date", direction: 1 });
    expect(nextSort(null, "name")).toEqual({ field: "name", direction: 1 });
  });

  it("lists today's and coming events first, soonest first, then past ones, most recent first", () => {
    // 2030-06-09 22:30 UTC is already 2030-06-10 in Stockholm: that is today.
    const now = at("2030-06-09T22:30:00Z");
    const events = [
      { name: "Last year", date: "2029-06-10" },
      { name: "Next year", date: "2031-06-10" },
      { name: "Yesterday", date: "2030-06-09" },
      { name: "Today B", date: "2030-06-10" },
      { name: "Next week", date: "2030-06-17" },
      { name: "Today A", date: "2030-06-10" },
      { name: "Last week", date: "2030-06-03" },
    ];
    expect(byDateFromToday(events, now).map((e) => e.name)).toEqual([
      "Today A",
      "Today B",
      "Next week",
      "Next year",
      "Yesterday",
      "Last week",
      "Last year",
    ]);
    // Past events on one date by name too; the list given is left as it was.
    const past = [
      { name: "Öland", date: "2030-01-01" },
      { name: "Alla", date: "2030-01-01" },
    ];
    expect(byDateFromToday(past, now).map((e) => e.name)).toEqual(["Alla", "Öland"]);
    expect(past[0].name).toBe("Öland");
    expect(byDateFromToday([], now)).toEqual([]);
  });
});

describe("event and station schemas", () => {
  it("reports every station message at once, including end before start", () => {
    const result = station.safeParse({ name: "", start: "2030-01-01T10:00", end: "2030-01-01T09:00", paymentType: "PERPERSON" });
    const fields = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(fields).toMatchObject({
      name: "validation.required",
      end: "events.validation.endBeforeStart",
      markerCoordinates: "events.validation.locationMissing",
      currency: "validation.required",
      paymentAdult: "validation.required",
    });
  });

  it("accepts a past date only when it is the event's own stored date", () => {
    const now = () => at("2030-06-10T10:00:00Z");
    const base = { name: "Loppet", startTime: "10:00", city: "Umeå", organizerNumber: "8020001239", organizerName: "K" };
    expect(eventForm(now).safeParse({ ...base, date: "2030-06-01" }).success).toBe(false);
    expect(eventForm(now, "2030-06-01").safeParse({ ...base, date: "2030-06-01" }).success).toBe(true);
    expect(eventForm(now, "2030-06-01").safeParse({ ...base, date: "2030-06-02" }).success).toBe(false);
  });
});

describe("the PUT body of an event", () => {
  const stationView = {
    id: "s1",
    name: "Entrén",
    description: "Biljetter",
    start: "2030-06-10T08:00",
    end: "2030-06-10T18:00",
    municipality: "0180",
    markerLocation: "",
    markerCoordinates: { lat: 59.33, lng: 18.06 },
    teamLeaderEmail: "lena@example.se",
    teamLeaderName: "Lena Ledare",
    officialQuantity: 4,
    officialMiniumumAge: 15,
    skills: [],
    paymentType: "NOCOMPENSATION" as const,
    currency: null,
    groupPayment: null,
    paymentAdult: null,
    paymentChild: null,
  };
  const view: EventView = {
    id: "e1",
    eventId: "e1",
    name: "Loppet",
    date: "2030-06-10",
    startTime: "10:00",
    city: "Umeå",
    status: "CONFIRMED",
    included: [],
    shirtSizes: [],
    foodOptions: [],
    substitute: false,
    organizerNumber: "802000-1239",
    organizerName: "Umeå Löparklubb",
    organizerWebsite: "",
    organizerEmail: "",
    invoiceAddress: "",
    contactPersons: [{ id: "u1", email: "a@example.se", name: "A", phone: "+4670", creator: true }],
    stations: [stationView],
    version: 3,
    confirmedAt: "2030-05-01T10:00:00.000Z",
    confirmedBy: "A",
    abilities: { edit: true, confirm: false, remove: false, match: true, sendOut: true, today: false },
  };

  it("is the view without what the server derives, at the version read, and passes the PUT schema", () => {
    const body = updateBodyOf(view);
    for (const derived of ["id", "eventId", "status", "confirmedAt", "confirmedBy", "abilities"])
      expect(body).not.toHaveProperty(derived);
    expect(body.version).toBe(3);
    expect(body.stations?.[0]).not.toHaveProperty("teamLeaderName");
    expect(body.stations?.[0]).toMatchObject({ id: "s1", name: "Entrén", teamLeaderEmail: "lena@example.se" });
    expect(eventUpdate.safeParse(body).success).toBe(true);
  });

  it("takes changes on top", () => {
    expect(updateBodyOf(view, { name: "Nytt", stations: [] })).toMatchObject({ name: "Nytt", stations: [], version: 3 });
  });
});

describe("station field errors from the server", () => {
  const sent = [{ id: "a" }, { id: "b" }, {}];
  const fields = {
    "stations.1.name": "events.validation.stationNameExists",
    "stations.1.teamLeaderEmail": "events.validation.teamLeaderUnknown",
    "stations.2.end": "events.validation.endBeforeStart",
    "stations.0.markerCoordinates.lat": "events.validation.locationMissing",
    name: "validation.required",
  };

  it("belong to the station that was sent at the named place, found by its id", () => {
    expect(stationFieldErrors(fields, sent, "b")).toEqual({
      name: "events.validation.stationNameExists",
      teamLeaderEmail: "events.validation.teamLeaderUnknown",
    });
    expect(stationFieldErrors(fields, sent, "a")).toEqual({ markerCoordinates: "events.validation.locationMissing" });
  });

  it("of the new station (no id yet), and none for a station the errors do not name", () => {
    expect(stationFieldErrors(fields, sent, undefined)).toEqual({ end: "events.validation.endBeforeStart" });
    expect(stationFieldErrors(fields, [{ id: "b" }, { id: "a" }, {}], "a")).toEqual({
      name: "events.validation.stationNameExists",
      teamLeaderEmail: "events.validation.teamLeaderUnknown",
    });
    expect(stationFieldErrors(fields, sent, "zz")).toEqual({});
  });
});

describe("copies, abilities and links", () => {
  it("counts whole days between two dates, across a change of clocks too", () => {
    expect(daysBetween("2030-06-01", "2030-06-10")).toBe(9);
    expect(daysBetween("2030-06-10", "2030-06-01")).toBe(-9);
    expect(daysBetween("2030-03-30", "2030-04-01")).toBe(2);
  });

  it("moves a station with its event, keeping the Stockholm time of day", () => {
    const summer = { start: "2030-05-10T08:00:00+02:00", end: "2030-05-11T18:00:00+02:00" };
    expect(moveStation(summer, "2030-05-10", "2031-01-17")).toEqual({
      start: "2031-01-17T08:00:00+01:00",
      end: "2031-01-18T18:00:00+01:00",
    });
  });

  it("names a copy as its source regardless of case and surrounding spaces", () => {
    expect(sameEventName(" Midsommarloppet ", "MIDSOMMARLOPPET")).toBe(true);
    expect(sameEventName("Midsommarloppet", " midsommarloppet ")).toBe(true);
    expect(sameEventName("Midsommarloppet", "Midsommarloppet 2031")).toBe(false);
  });

  it("keeps sizes only with clothes, and each food option once with food", () => {
    expect(normalizeIncluded({ included: ["CLOTHES"], shirtSizes: ["L", "S"], foodOptions: ["VEGAN"] })).toEqual({
      included: ["CLOTHES"],
      shirtSizes: ["S", "L"],
      foodOptions: [],
    });
    expect(normalizeIncluded({ included: ["FOOD"], shirtSizes: [], foodOptions: ["VEGAN", "VEGAN"] }).foodOptions).toEqual([
      "VEGAN",
    ]);
  });

  it("matches and sends out only while the event is confirmed, and confirms only a draft", () => {
    for (const can of [canMatch, canSendOut]) {
      expect(can("CONFIRMED")).toBe(true);
      expect(can("DRAFT")).toBe(false);
      expect(can("HISTORIC")).toBe(false);
    }
    expect(canConfirm("CONFIRMED", 1)).toBe(false);
  });

  it("opens the event day live from the day before the event (Stockholm) until it is finished", () => {
    // 2027-05-14 23:30 in Stockholm is 21:30 UTC; 2027-05-15 00:00 is 22:00 UTC.
    expect(canFollowToday("CONFIRMED", "2027-05-16", new Date("2027-05-14T21:59:00Z"))).toBe(false);
    expect(canFollowToday("CONFIRMED", "2027-05-16", new Date("2027-05-14T22:00:00Z"))).toBe(true);
    expect(canFollowToday("CONFIRMED", "2027-05-16", new Date("2027-05-20T10:00:00Z"))).toBe(true);
    expect(canFollowToday("DRAFT", "2027-05-16", new Date("2027-05-16T10:00:00Z"))).toBe(false);
    expect(canFollowToday("HISTORIC", "2027-05-16", new Date("2027-05-16T10:00:00Z"))).toBe(false);
  });

  it("leads contacts and team leaders to their own event page, and on to a station's sheet", () => {
    expect(eventPagePath("e1", "organizer")).toBe("/my-pages/events/e1");
    expect(eventPagePath("e1", "teamleader")).toBe("/my-pages/teamleaders/e1");
    expect(stationSheetPath("/my-pages/events/e1", "s1")).toBe("/my-pages/events/e1/stations/s1/sheet");
  });
});

describe("the event list's order", () => {
  it("toggles the direction of the current field and starts a new field ascending", () => {
    expect(nextSort({ field: "name", direction: 1 }, "name")).toEqual({ field: "name", direction: -1 });
    expect(nextSort({ field: "name", direction: -1 }, "name")).toEqual({ field: "name", direction: 1 });
    expect(nextSort({ field: "name", direction: -1 }, "status")).toEqual({ field: "status", direction: 1 });
    expect(nextSort({ field: "name", direction: 1 }, "status")).toEqual({ field: "status", direction: 1 });
  });

  it("breaks ties by date, then by name in Swedish order", () => {
    const events = [
      { name: "Öland runt", date: "2030-05-01", status: "DRAFT" },
      { name: "Zebraloppet", date: "2030-05-01", status: "DRAFT" },
      { name: "Alla", date: "2030-04-01", status: "DRAFT" },
    ];
    expect(sortEvents(events, { field: "status", direction: 1 }).map((e) => e.name)).toEqual([
      "Alla",
      "Zebraloppet",
      "Öland runt",
    ]);
    expect(sortEvents(events, { field: "status", direction: -1 }).map((e) => e.name)).toEqual([
      "Öland runt",
      "Zebraloppet",
      "Alla",
    ]);
    expect(sortEvents(events, { field: "name", direction: 1 }).map((e) => e.name)).toEqual(["Alla", "Zebraloppet", "Öland runt"]);
    // By name, the dates do not matter.
    const byName = [
      { name: "Alpha", date: "2030-06-01", status: "DRAFT" },
      { name: "Beta", date: "2030-01-01", status: "DRAFT" },
    ];
    expect(sortEvents(byName, { field: "name", direction: 1 }).map((e) => e.name)).toEqual(["Alpha", "Beta"]);
  });
});

describe("station field errors beyond the first ten", () => {
  it("read the station's place with more than one digit, and only at the start of the path", () => {
    const sent = Array.from({ length: 11 }, (_, i) => ({ id: `s${i}` }));
    expect(stationFieldErrors({ "stations.10.name": "x" }, sent, "s10")).toEqual({ name: "x" });
    expect(stationFieldErrors({ "stations.10.name": "x" }, sent, "s1")).toEqual({});
    expect(stationFieldErrors({ "copy.stations.1.name": "x" }, sent, "s1")).toEqual({});
  });

  it("ignore a place beyond the list that was sent", () => {
    expect(stationFieldErrors({ "stations.5.name": "x" }, [{ id: "a" }], undefined)).toEqual({});
  });
});
