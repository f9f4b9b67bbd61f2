import { describe, expect, it } from "vitest";
import {
  canConfirm,
  canRemove,
  DEFAULT_SORT,
  defaultStationTimes,
  isPast,
  nextSort,
  normalizeIncluded,
  normalizeStation,
  shouldBecomeHistoric,
  sortEvents,
  sortShirtSizes,
  stationFieldErrors,
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

  it("sorts by date newest first by default; a header click toggles or switches", () => {
    const events = [
      { name: "B", date: "2030-01-02", status: "DRAFT" },
      { name: "A", date: "2030-03-01", status: "CONFIRMED" },
    ];
    expect(sortEvents(events, DEFAULT_SORT).map((e) => e.name)).toEqual(["A", "B"]);
    expect(nextSort(DEFAULT_SORT, "date")).toEqual({ field: "date", direction: 1 });
    expect(nextSort(DEFAULT_SORT, "name")).toEqual({ field: "name", direction: 1 });
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
    abilities: { edit: true, confirm: false, remove: false, match: true, sendOut: true },
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
