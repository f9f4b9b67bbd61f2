import { describe, expect, it } from "vitest";
import { fieldMessages as errors } from "../../../tests/helpers/fields.ts";
import { msg } from "../validation.ts";
import {
  eventCopyBody,
  eventForm,
  eventIdParams,
  eventMsg,
  eventSummary,
  eventUpdate,
  eventView,
  publicEvent,
  publicEventsQuery,
  publicStation,
  skillLabelId,
  station,
  stationAmong,
  stationFields,
  stationNameKey,
  stationView,
} from "./schema.ts";

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

describe("a station's fields", () => {
  const check = (changes: Record<string, unknown>) => errors(station.safeParse({ ...aStation("Entrén"), ...changes }));

  it("fill in what is left out: no marker text, no team leader, no skills", () => {
    const { markerLocation: _m, teamLeaderEmail: _t, skills: _s, ...bare } = aStation("Entrén");
    expect(station.parse(bare)).toMatchObject({ markerLocation: "", teamLeaderEmail: "", skills: [] });
    expect(station.parse({ ...bare, markerLocation: "  Km 5 " }).markerLocation).toBe("Km 5");
  });

  it("cap the texts, each with its message", () => {
    expect(check({ name: "x".repeat(251) })).toEqual({ name: msg.max250 });
    expect(check({ name: "x".repeat(250) })).toEqual({});
    expect(check({ description: "x".repeat(4001) })).toEqual({ description: msg.tooLong });
    expect(check({ description: "x".repeat(4000) })).toEqual({});
    expect(check({ markerLocation: "x".repeat(251) })).toEqual({ markerLocation: msg.max250 });
    expect(check({ markerLocation: ` ${"x".repeat(250)} ` })).toEqual({});
  });

  it("take a known municipality, a team leader's address or none, and skills of the list", () => {
    expect(check({ municipality: "9999" })).toEqual({ municipality: msg.oneOf });
    expect(check({ municipality: "NO-0301" })).toEqual({});
    expect(check({ teamLeaderEmail: "lena@" })).toEqual({ teamLeaderEmail: msg.email });
    expect(station.parse({ ...aStation("Entrén"), teamLeaderEmail: " Lena@Example.se" }).teamLeaderEmail).toBe("lena@example.se");
    expect(check({ skills: ["JUGGLING"] })).toEqual({ "skills.0": msg.oneOf });
    expect(check({ skills: ["FLIPS", "STUNT"] })).toEqual({});
  });

  it("require a payment type of the list and a currency of the list", () => {
    expect(check({ paymentType: undefined })).toEqual({ paymentType: msg.required });
    expect(check({ paymentType: "BARTER" })).toEqual({ paymentType: msg.required });
    expect(check({ paymentType: "GROUPPAYMENT", currency: "NOK", groupPayment: 100 })).toEqual({ currency: msg.required });
  });

  it("need a marker inside the map, with numbers for its position", () => {
    expect(check({ markerCoordinates: null })).toEqual({ markerCoordinates: eventMsg.locationMissing });
    expect(check({ markerCoordinates: { lat: 40.4, lng: -3.7 } })).toEqual({ markerCoordinates: eventMsg.locationMissing });
    expect(check({ markerCoordinates: { lat: "59.3", lng: 18.06 } })).toEqual({
      "markerCoordinates.lat": eventMsg.locationMissing,
      markerCoordinates: eventMsg.locationMissing,
    });
    expect(check({ markerCoordinates: { lat: 59.3, lng: undefined } })).toEqual({
      "markerCoordinates.lng": eventMsg.locationMissing,
      markerCoordinates: eventMsg.locationMissing,
    });
  });

  it("may end when it starts, and compare only times given as text", () => {
    expect(check({ start: "2027-05-01T08:00", end: "2027-05-01T08:00" })).toEqual({});
    expect(check({ start: ["2027-05-01T10:00"], end: "2027-05-01T09:00" })).toEqual({ start: msg.required });
  });

  it("need the payment fields of the type, and no others", () => {
    const perPerson = { paymentType: "PERPERSON", currency: "SEK", paymentAdult: 100, paymentChild: 50 };
    expect(check(perPerson)).toEqual({});
    expect(check({ ...perPerson, paymentType: "HOURLYRATE" })).toEqual({});
    expect(check({ ...perPerson, paymentChild: null })).toEqual({ paymentChild: msg.required });
    expect(check({ ...perPerson, paymentAdult: "" })).toEqual({ paymentAdult: msg.required });
    expect(check({ paymentType: "GROUPPAYMENT", currency: "EUR", groupPayment: 0 })).toEqual({});
    expect(check({ paymentType: "GROUPPAYMENT", currency: "EUR", groupPayment: null })).toEqual({ groupPayment: msg.required });
    expect(check({ paymentType: "COMPENSATIONBYAGREEMENT" })).toEqual({});
  });

  it("take amounts as whole numbers from 0, an empty field as none", () => {
    const amount = (groupPayment: unknown) => check({ paymentType: "GROUPPAYMENT", currency: "SEK", groupPayment });
    expect(station.parse({ ...aStation("Entrén"), paymentAdult: "" }).paymentAdult).toBeNull();
    expect(station.parse({ ...aStation("Entrén"), paymentAdult: 120 }).paymentAdult).toBe(120);
    expect(amount(1_000_000_000)).toEqual({});
    expect(amount(1_000_000_001)).toEqual({ groupPayment: msg.invalid });
    expect(amount(-1)).toEqual({ groupPayment: msg.min0 });
    expect(amount(2.5)).toEqual({ groupPayment: msg.integer });
    expect(amount("100")).toEqual({ groupPayment: msg.integer });
  });

  it("document the instant's form with an example for the API's reference", () => {
    expect(stationFields.shape.start.meta()).toEqual({
      description: expect.stringContaining("ISO-8601 instant with offset"),
      examples: ["2026-06-01T08:00:00+02:00"],
    });
  });
});

describe("an event's fields", () => {
  const now = () => new Date("2030-06-10T10:00:00Z");
  const base = {
    name: "Loppet",
    date: "2030-07-01",
    startTime: "10:00",
    city: "Umeå",
    organizerNumber: "802000-1239",
    organizerName: "Umeå Löparklubb",
  };
  const check = (changes: Record<string, unknown>) => errors(eventForm(now).safeParse({ ...base, ...changes }));

  it("name a station that is no object by its place alone, and do not fail on it", () => {
    for (const bad of [null, 7, "A1", []]) {
      expect(Object.keys(check({ stations: [aStation("A"), bad] }))).toEqual(["stations.1"]);
      expect(Object.keys(errors(eventUpdate.safeParse({ ...base, version: 1, stations: [bad] })))).toEqual(["stations.0"]);
    }
    expect(Object.keys(errors(eventUpdate.safeParse(null)))).toEqual([""]);
  });

  it("fill in what is left out", () => {
    expect(eventForm(now).parse(base)).toEqual({
      ...base,
      included: [],
      shirtSizes: [],
      foodOptions: [],
      substitute: false,
      organizerWebsite: "",
      organizerEmail: "",
      invoiceAddress: "",
      contactPersons: [],
      stations: [],
    });
  });

  it.each([
    ["00:00", {}],
    ["23:59", {}],
    ["09:05", {}],
    ["24:00", { startTime: eventMsg.time }],
    ["9:05", { startTime: eventMsg.time }],
    ["09:60", { startTime: eventMsg.time }],
    ["09:05:00", { startTime: eventMsg.time }],
    ["T09:05", { startTime: eventMsg.time }],
    ["", { startTime: msg.required }],
  ])("start time %s → %o", (startTime, expected) => {
    expect(check({ startTime })).toEqual(expected);
  });

  it.each([
    [true, true],
    ["active", true],
    [false, false],
    ["", false],
    [null, false],
  ])("reads the substitute box %j as %s", (substitute, expected) => {
    expect(eventForm(now).parse({ ...base, substitute }).substitute).toBe(expected);
  });

  it("refuses another substitute value", () => {
    expect(check({ substitute: "yes" })).toEqual({ substitute: msg.oneOf });
  });

  it("take included items, sizes and diets of the lists only", () => {
    const lists = { included: ["CLOTHES", "FOOD"], shirtSizes: ["XS", "XXL"], foodOptions: ["VEGAN"] };
    expect(eventForm(now).parse({ ...base, ...lists })).toMatchObject(lists);
    expect(check({ included: ["TICKETS"] })).toEqual({ "included.0": msg.oneOf });
    expect(check({ shirtSizes: ["XXXL"] })).toEqual({ "shirtSizes.0": msg.oneOf });
    expect(check({ foodOptions: ["MEAT"] })).toEqual({ "foodOptions.0": msg.oneOf });
  });

  it("cap city, organizer name and invoice address", () => {
    expect(check({ city: "x".repeat(251) })).toEqual({ city: msg.max250 });
    expect(check({ organizerName: "x".repeat(251) })).toEqual({ organizerName: msg.max250 });
    expect(check({ invoiceAddress: "x".repeat(1001) })).toEqual({ invoiceAddress: msg.tooLong });
    expect(check({ invoiceAddress: "x".repeat(1000) })).toEqual({});
  });

  it("take the organizer's address and website, or none", () => {
    expect(check({ organizerEmail: "info@" })).toEqual({ organizerEmail: msg.email });
    expect(check({ organizerEmail: "", organizerWebsite: "" })).toEqual({});
    expect(check({ organizerWebsite: "javascript:alert(1)" })).toEqual({ organizerWebsite: msg.url });
  });

  it("refuse two stations whose names differ only in case and spaces", () => {
    const stations = [aStation("Mål"), aStation(" mål "), aStation("Start")];
    expect(check({ stations })).toEqual({ "stations.1.name": eventMsg.stationNameExists });
    expect(errors(eventUpdate.safeParse({ ...base, version: 1, stations }))).toEqual({
      "stations.1.name": eventMsg.stationNameExists,
    });
    expect(check({ stations: [aStation("Mål"), aStation("Start")] })).toEqual({});
  });

  it("report a station list that is no list, or a station that is no station, by itself", () => {
    expect(check({ stations: "Mål" })).toEqual({ stations: expect.any(String) });
    expect(check({ stations: [1, aStation("Mål")] })).toMatchObject({ "stations.0": expect.any(String) });
    expect(check({ stations: [1, aStation("Mål")] })).not.toHaveProperty("stations.1.name");
    expect(check({ stations: [{ ...aStation("Mål"), name: undefined }, aStation("Mål")] })).toEqual({
      "stations.0.name": msg.required,
    });
  });

  it("names a station with its name, lowercased and trimmed, to compare", () => {
    expect(stationNameKey(" Mål A1 ")).toBe("mål a1");
  });

  it("answers a station form without a name with the name's own message", () => {
    expect(errors(stationAmong(["Mål"]).safeParse({ ...aStation("Mål"), name: undefined }))).toEqual({ name: msg.required });
  });

  it("names a taken name and an end before the start together with the fields still missing", () => {
    // A missing number is a type issue, after which zod skips an object's refinements unless told otherwise.
    const form = stationAmong(["Mål"]).safeParse({
      ...aStation(" mål"),
      end: "2027-05-01T07:00",
      officialQuantity: "",
      paymentType: undefined,
    });
    expect(errors(form)).toEqual({
      name: eventMsg.stationNameExists,
      end: eventMsg.endBeforeStart,
      officialQuantity: msg.required,
      paymentType: msg.required,
    });
  });
});

describe("the event's other bodies", () => {
  const now = () => new Date("2030-06-10T10:00:00Z");
  const GROUP = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";
  const STATION = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";

  it("take an event's id as a UUID", () => {
    expect(eventIdParams.parse({ id: STATION })).toEqual({ id: STATION });
    expect(errors(eventIdParams.safeParse({ id: "42" }))).toEqual({ id: msg.invalid });
  });

  it("copy an event to a new name, date, city and start time, with offers to ask again", () => {
    const copy = { name: "Loppet 2031", date: "2031-06-01", city: "Umeå", startTime: "10:00" };
    expect(eventCopyBody(now).parse(copy)).toEqual({ ...copy, offers: [] });
    const offers = [{ groupId: GROUP, stationId: STATION }];
    expect(eventCopyBody(now).parse({ ...copy, offers, sameName: true })).toEqual({ ...copy, offers, sameName: true });
    const check = (changes: Record<string, unknown>) => errors(eventCopyBody(now).safeParse({ ...copy, ...changes }));
    expect(check({ name: "Lo" })).toEqual({ name: msg.min3 });
    expect(check({ date: "2030-06-09" })).toEqual({ date: msg.futureDate });
    expect(check({ city: "x".repeat(251) })).toEqual({ city: msg.max250 });
    expect(check({ city: "x".repeat(250) })).toEqual({});
    expect(check({ startTime: "25:00" })).toEqual({ startTime: eventMsg.time });
    expect(check({ offers: [{ groupId: "g", stationId: STATION }] })).toEqual({ "offers.0.groupId": msg.invalid });
    expect(check({ offers: [{ groupId: GROUP, stationId: "s" }] })).toEqual({ "offers.0.stationId": msg.invalid });
  });

  it("ask the public calendar for a window of dates", () => {
    expect(publicEventsQuery.parse({ startDate: "2030-01-01", endDate: "2030-12-31" })).toEqual({
      startDate: "2030-01-01",
      endDate: "2030-12-31",
    });
    expect(errors(publicEventsQuery.safeParse({ startDate: "2030-02-30" }))).toEqual({ startDate: msg.dateFormat });
  });
});

describe("the event answers", () => {
  const instant = "2030-06-10T08:00:00+02:00";
  const stationOut = {
    id: "s1",
    name: "Entrén",
    description: "Biljetter",
    start: instant,
    end: instant,
    municipality: "0180",
    markerLocation: "",
    markerCoordinates: { lat: 59.33, lng: 18.06 },
    teamLeaderEmail: "lena@example.se",
    teamLeaderName: "Lena Ledare",
    officialQuantity: 4,
    officialMiniumumAge: 15,
    skills: ["FLIPS"],
    paymentType: "PERPERSON",
    currency: "SEK",
    groupPayment: null,
    paymentAdult: 100,
    paymentChild: 50,
  };
  const eventOut = {
    id: "e1",
    eventId: "e1",
    name: "Loppet",
    date: "2030-06-10",
    startTime: "10:00",
    city: "Umeå",
    status: "CONFIRMED",
    included: ["CLOTHES"],
    shirtSizes: ["M"],
    foodOptions: ["VEGAN"],
    substitute: true,
    organizerNumber: "802000-1239",
    organizerName: "Umeå Löparklubb",
    organizerWebsite: "https://example.se",
    organizerEmail: "info@example.se",
    invoiceAddress: "Box 1",
    contactPersons: [{ id: "u1", email: "a@example.se", name: "A", phone: "+4670", creator: true }],
    stations: [stationOut],
    version: 3,
    confirmedAt: instant,
    confirmedBy: "A",
    abilities: { edit: true, confirm: false, remove: false, match: true, sendOut: true, today: false },
  };

  it("carry every field of an event and its stations, instants with their offset", () => {
    expect(eventView.parse(eventOut)).toEqual(eventOut);
    expect(stationView.safeParse({ ...stationOut, start: "2030-06-10T08:00" }).success).toBe(false);
  });

  it("sum an event up for lists with its id, name, date, city and status", () => {
    expect(eventSummary.parse(eventOut)).toEqual({
      id: "e1",
      eventId: "e1",
      name: "Loppet",
      date: "2030-06-10",
      city: "Umeå",
      status: "CONFIRMED",
    });
  });

  it("show the public no contacts, markers or team leaders", () => {
    expect(publicStation.parse(stationOut)).toEqual({
      id: "s1",
      name: "Entrén",
      description: "Biljetter",
      start: instant,
      end: instant,
      municipality: "0180",
    });
    const { stations: _s, ...withoutStations } = eventOut;
    expect(publicEvent.parse(withoutStations)).toEqual({
      id: "e1",
      name: "Loppet",
      date: "2030-06-10",
      startTime: "10:00",
      city: "Umeå",
      organizerName: "Umeå Löparklubb",
      organizerWebsite: "https://example.se",
    });
    expect(publicEvent.parse({ ...eventOut, stations: [stationOut] }).stations).toEqual([publicStation.parse(stationOut)]);
  });

  it("name a skill's label by its message id", () => {
    expect(skillLabelId("FLIPS")).toBe("skills.FLIPS");
  });
});
