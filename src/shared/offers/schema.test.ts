import { describe, expect, it } from "vitest";
import { fieldMessages as errors } from "../../../tests/helpers/fields.ts";
import { msg } from "../validation.ts";
import {
  attendeesBody,
  availableQuery,
  candidateView,
  eventOffersParams,
  groupOffersParams,
  groupOffersQuery,
  offerBody,
  offerEventView,
  offerGroupView,
  offerKeyParams,
  offerMsg,
  offerStationView,
  offerView,
  reasonView,
  remindResult,
  sendOffersBody,
  sendOffersForm,
  sendOffersResult,
  stationOffersParams,
  stationOffersView,
} from "./schema.ts";

const EVENT = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const GROUP = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";
const STATION = "6f1c7a52-1f0e-4f57-9b52-6f2f0b0a1c11";
const VOLUNTEER = "7a2d8b63-2a1f-4b68-8c63-7a3a1c1b2d22";

describe("the candidates query", () => {
  const query = { eventId: EVENT, stationId: STATION };

  it("takes the event and station, and optionally a place, dates and a radius", () => {
    expect(availableQuery.parse(query)).toEqual(query);
    const full = { ...query, location: "0180", startDate: "2030-06-01", endDate: "2030-06-02" };
    expect(availableQuery.parse({ ...full, radiusKm: "25" })).toEqual({ ...full, radiusKm: 25 });
  });

  it("answers a missing id as required and another text as invalid", () => {
    expect(errors(availableQuery.safeParse({ stationId: STATION }))).toEqual({ eventId: msg.required });
    expect(errors(availableQuery.safeParse({ ...query, stationId: "station-1" }))).toEqual({ stationId: msg.invalid });
  });

  it("refuses an unknown place, a date that is none and a radius beyond 1000 km", () => {
    expect(errors(availableQuery.safeParse({ ...query, location: "9999" }))).toEqual({ location: msg.oneOf });
    expect(errors(availableQuery.safeParse({ ...query, startDate: "2030-02-30" }))).toEqual({ startDate: msg.dateFormat });
    expect(errors(availableQuery.safeParse({ ...query, radiusKm: 1001 }))).toEqual({ radiusKm: msg.invalid });
    expect(availableQuery.safeParse({ ...query, radiusKm: 1000 }).success).toBe(true);
  });
});

describe("an offer's body", () => {
  it("asks for a group by its own message, also for a group id that is none", () => {
    const body = { eventId: EVENT, stationId: STATION, volunteers: 2 };
    expect(errors(offerBody.safeParse({ ...body, groupId: "IFK" }))).toEqual({ groupId: offerMsg.groupRequired });
    expect(offerBody.parse({ ...body, groupId: GROUP })).toEqual({ ...body, groupId: GROUP });
  });
});

describe("sending offers", () => {
  it("names the drafts to send", () => {
    const offers = [{ groupId: GROUP, stationId: STATION }];
    expect(sendOffersBody.parse({ offers })).toEqual({ offers });
    expect(errors(sendOffersBody.safeParse({ offers: [{ groupId: GROUP }] }))).toEqual({ "offers.0.stationId": msg.required });
  });

  it("takes an answer-by date in the product's years that is a real date", () => {
    expect(errors(sendOffersBody.safeParse({ expiresAt: "1999-06-01" }))).toEqual({ expiresAt: msg.invalid });
    expect(errors(sendOffersBody.safeParse({ expiresAt: "2030-13-01" }))).toEqual({ expiresAt: msg.dateFormat });
    expect(errors(sendOffersBody.safeParse({ expiresAt: "2030-06-01T25:00" }))).toEqual({ expiresAt: msg.dateFormat });
    expect(errors(sendOffersBody.safeParse({ expiresAt: "" }))).toEqual({ expiresAt: msg.dateFormat });
  });

  it("has the organizer's form keep no date or one that has not passed, and say what is wrong with another", () => {
    // 12:00 in Stockholm on 10 June 2030: the day itself still counts (answer by its end).
    const form = sendOffersForm(() => new Date("2030-06-10T10:00:00Z"));
    expect(form.safeParse({ expiresAt: "" }).success).toBe(true);
    expect(form.safeParse({ expiresAt: "2030-06-10" }).success).toBe(true);
    expect(form.safeParse({ expiresAt: "2030-06-10T12:01" }).success).toBe(true);
    expect(errors(form.safeParse({ expiresAt: "2030-06-10T12:00" }))).toEqual({ expiresAt: offerMsg.expiresInPast });
    expect(errors(form.safeParse({ expiresAt: "2030-06-09" }))).toEqual({ expiresAt: offerMsg.expiresInPast });
    expect(errors(form.safeParse({ expiresAt: "24/12/2030" }))).toEqual({ expiresAt: msg.dateFormat });
    expect(errors(form.safeParse({ expiresAt: "2101-01-01" }))).toEqual({ expiresAt: msg.invalid });
  });
});

describe("naming the volunteers of an offer", () => {
  it("takes at most 1000 volunteer ids, with its own message beyond", () => {
    expect(attendeesBody.parse({ attendees: [VOLUNTEER] })).toEqual({ attendees: [VOLUNTEER] });
    expect(errors(attendeesBody.safeParse({ attendees: Array(1001).fill(VOLUNTEER) }))).toEqual({
      attendees: offerMsg.tooManyAttendees,
    });
  });

  it("keeps what the named volunteers state, trimmed, with no diets by default", () => {
    const participation = [
      { volunteerId: VOLUNTEER, shirtSize: "M", substitute: " Ada " },
      { volunteerId: VOLUNTEER, specialDiets: ["VEGAN", "GLUTEN_FREE"], shirtSize: null, substitute: null },
    ];
    expect(attendeesBody.parse({ attendees: [], participation }).participation).toEqual([
      { volunteerId: VOLUNTEER, specialDiets: [], shirtSize: "M", substitute: "Ada" },
      participation[1],
    ]);
  });

  it("refuses statements the spec does not know, by field", () => {
    const state = (p: object) =>
      errors(attendeesBody.safeParse({ attendees: [], participation: [{ volunteerId: VOLUNTEER, ...p }] }));
    expect(state({ specialDiets: ["MEAT"] })).toEqual({ "participation.0.specialDiets.0": msg.oneOf });
    expect(state({ specialDiets: Array(6).fill("VEGAN") })).toHaveProperty("participation.0.specialDiets");
    expect(state({ specialDiets: Array(5).fill("VEGAN") })).toEqual({});
    expect(state({ shirtSize: "XXXL" })).toEqual({ "participation.0.shirtSize": msg.oneOf });
    expect(state({ substitute: "x".repeat(251) })).toEqual({ "participation.0.substitute": msg.max250 });
    expect(state({ substitute: ` ${"x".repeat(250)} ` })).toEqual({});
    expect(state({ volunteerId: "v1" })).toEqual({ "participation.0.volunteerId": msg.invalid });
  });
});

describe("the offers' paths", () => {
  it("name the offer, the event's, the station's and the group's offers by their ids", () => {
    const key = { eventId: EVENT, groupId: GROUP, stationId: STATION };
    expect(offerKeyParams.parse(key)).toEqual(key);
    expect(errors(offerKeyParams.safeParse({ ...key, groupId: "g" }))).toEqual({ groupId: msg.invalid });
    expect(eventOffersParams.parse({ eventId: EVENT })).toEqual({ eventId: EVENT });
    expect(stationOffersParams.parse({ eventId: EVENT, stationId: STATION })).toEqual({ eventId: EVENT, stationId: STATION });
    expect(groupOffersParams.parse({ groupId: GROUP })).toEqual({ groupId: GROUP });
    expect(groupOffersQuery.parse({ eventId: EVENT })).toEqual({ eventId: EVENT });
    expect(groupOffersQuery.parse({})).toEqual({});
  });
});

describe("the offer answers", () => {
  const instant = "2030-06-10T08:00:00+02:00";
  const allocation = { needed: 10, preliminary: 1, awaiting: 2, accepted: 3, missing: 4, manned: false };
  const station = {
    id: STATION,
    name: "Entrén",
    description: "Biljetter",
    start: instant,
    end: instant,
    municipality: "0180",
    markerLocation: "Km 5",
    markerCoordinates: { lat: 59.33, lng: 18.06 },
    officialQuantity: 10,
    officialMiniumumAge: 15,
    skills: ["FLIPS"],
    paymentType: "PERPERSON",
    currency: "SEK",
    groupPayment: null,
    paymentAdult: 100,
    paymentChild: 50,
  };
  const event = {
    id: EVENT,
    name: "Loppet",
    date: "2030-06-10",
    startTime: "10:00",
    city: "Umeå",
    status: "CONFIRMED",
    included: ["CLOTHES", "FOOD"],
    shirtSizes: ["M"],
    foodOptions: ["VEGAN"],
    substitute: true,
    organizerName: "Umeå Löparklubb",
  };
  const facts = {
    id: GROUP,
    name: "IFK P12",
    organizationName: "IFK",
    municipality: "0180",
    numberOfMembers: 24,
    ages: ["12"],
    sport: 26,
    skills: ["FLIPS"],
  };
  const attendee = {
    id: VOLUNTEER,
    name: "Kim Berg",
    email: "kim@example.se",
    phone: "+46701234567",
    age: 13,
    specialDiets: ["VEGAN"],
    shirtSize: "M",
    substitute: null,
    confirmed: false,
    message: null,
  };
  const group = {
    ...facts,
    contactPersons: [{ name: "Eva", email: "eva@example.se", phone: "+46709999999" }],
    attendees: [attendee],
  };
  const offer = {
    eventId: EVENT,
    eventName: "Loppet",
    groupId: GROUP,
    groupName: "IFK P12",
    stationId: STATION,
    stationIdGroupId: `${STATION}_${GROUP}`,
    status: "ACCEPTED",
    volunteers: 3,
    createdAt: instant,
    sentAt: instant,
    remindedAt: null,
    answeredAt: instant,
    expiresAt: instant,
    attendees: [VOLUNTEER],
    adultAttendance: 2,
    childAttendance: 1,
    station: { ...station, allocation },
    event,
    group,
    abilities: { remove: true, answer: false, nameAttendees: true, recordAttendance: true, shareLink: true, standIns: false },
  };

  it("carry every field of an offer, with its station, event and group", () => {
    expect(offerView.parse(offer)).toEqual(offer);
    expect(offerView.safeParse({ ...offer, createdAt: "2030-06-10T08:00" }).success).toBe(false);
  });

  it("never show a station's team leader, and its allocation only where given", () => {
    const withLeader = { ...station, teamLeaderEmail: "lena@example.se", teamLeaderName: "Lena" };
    expect(offerStationView.parse(withLeader)).toEqual(station);
    expect(offerStationView.parse({ ...station, allocation })).toEqual({ ...station, allocation });
  });

  it("show of the event what a group decides on, and of the group its facts", () => {
    const fullEvent = {
      ...event,
      eventId: EVENT,
      organizerNumber: "802000-1239",
      organizerWebsite: "",
      organizerEmail: "",
      invoiceAddress: "",
      contactPersons: [],
      stations: [],
      version: 1,
      confirmedAt: null,
      confirmedBy: null,
      abilities: { edit: true, confirm: false, remove: false, match: true, sendOut: true, today: false },
    };
    expect(offerEventView.parse(fullEvent)).toEqual(event);
    const fullGroup = {
      ...facts,
      organizationNumber: "802000-1239",
      status: "CONFIRMED",
      version: 2,
      contactPersons: [{ id: "u1", email: "eva@example.se", name: "Eva", phone: "", creator: true }],
      volunteers: [],
      availabilities: [],
      abilities: { edit: true, confirm: false, remove: false },
    };
    const { contactPersons: _c, ...groupFacts } = fullGroup;
    expect(offerGroupView.parse({ ...groupFacts, volunteers: [] })).toEqual(facts);
  });

  it("list a station's offers with its allocation, which is then required", () => {
    const answer = { station: { ...station, allocation }, offers: [offer] };
    expect(stationOffersView.parse(answer)).toEqual(answer);
    expect(stationOffersView.safeParse({ ...answer, station }).success).toBe(false);
  });

  it("tell how many offers went out, and to which groups, and which groups were reminded", () => {
    expect(sendOffersResult.parse({ sent: 2, groups: ["IFK"] })).toEqual({ sent: 2, groups: ["IFK"] });
    const held = { group: "BK Lund", reason: "sentRecently", from: "2030-06-02T12:00:00+02:00" };
    expect(remindResult.parse({ groups: ["IFK"], notReminded: [held] })).toEqual({ groups: ["IFK"], notReminded: [held] });
    expect(remindResult.safeParse({ groups: [], notReminded: [{ ...held, reason: "tooSoon" }] }).success).toBe(false);
  });

  it("rank a candidate with the reasons and their text or number values", () => {
    const reasons = [
      { id: "offers.reason.hasSkill", values: { skill: "FLIPS" } },
      { id: "offers.reason.distance", values: { km: 5 } },
    ];
    expect(reasonView.parse(reasons[0])).toEqual(reasons[0]);
    expect(reasonView.parse(reasons[1])).toEqual(reasons[1]);
    const candidate = { ...facts, groupId: GROUP, score: 80, distanceKm: 4.6, remainingMembers: 20, reasons };
    expect(candidateView.parse(candidate)).toEqual(candidate);
  });
});
