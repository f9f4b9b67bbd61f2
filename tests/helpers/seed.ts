import { eq, like, sql } from "drizzle-orm";
import { updateBodyOf } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import { addDays, stockholmToday } from "#shared/validation";
import { events, rateEvents } from "../../src/server/db/schema.ts";
import { EMAIL_LOOKUPS } from "../../src/server/limits.ts";
import type { TestApp } from "./app.ts";
import type { buildUser } from "./factories.ts";
import { call } from "./http.ts";
import { answerOffer, createOffer, groupOffer, type OfferKey, sendOffers } from "./offers.ts";

/**
 * The tests' seeding, shared by the API and the end-to-end tests: bodies of events, stations and groups as
 * their contacts send them, and events, groups and offers made through the real API in the test's own
 * process (app.inject; an end-to-end test passes its product's app). Everything goes through the API except
 * moving an event to HISTORIC, which only the calendar does. People come from factories.ts (buildUser).
 */

export type User = Awaited<ReturnType<typeof buildUser>>;
// biome-ignore lint/suspicious/noExplicitAny: JSON views from the API, read by the tests that check them
export type Json = Record<string, any>;

export const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/** Lund, where the end-to-end tests' races run: a station's place fields. */
export const LUND = {
  municipality: "1281",
  markerLocation: "Stortorget",
  markerCoordinates: { lat: 55.7047, lng: 13.191 },
} as const;

/** A date `days` ahead of the app's clock, in Stockholm. */
export function dayFromNow(app: TestApp, days: number): string {
  return addDays(stockholmToday(app.clock.now()), days);
}

export function stationBody(date: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Entrén",
    description: "Biljettkontroll vid huvudentrén",
    start: `${date}T08:00`,
    end: `${date}T18:00`,
    municipality: "0180",
    markerLocation: "Sergels torg, Stockholm",
    markerCoordinates: { lat: 59.3326, lng: 18.0649 },
    teamLeaderEmail: "",
    officialQuantity: 10,
    officialMiniumumAge: 15,
    skills: ["DRIVING_LICENCE_B"],
    paymentType: "GROUPPAYMENT",
    currency: "SEK",
    groupPayment: 5000,
    paymentAdult: null,
    paymentChild: null,
    ...overrides,
  };
}

/** A station that pays 300 kr per adult and 200 per child and asks for no skills: spread over stationBody's overrides. */
export const PAID_PER_PERSON = {
  skills: [],
  paymentType: "PERPERSON",
  groupPayment: null,
  paymentAdult: 300,
  paymentChild: 200,
};

export function eventBody(app: TestApp, overrides: Record<string, unknown> = {}) {
  return eventBodyOn(dayFromNow(app, 30), overrides);
}

/** The tests' event on `date`. */
export function eventBodyOn(date: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Stockholm Stadslopp",
    date,
    startTime: "09:30",
    city: "Stockholm",
    included: ["CLOTHES"],
    shirtSizes: ["XL", "S", "M"],
    foodOptions: ["VEGAN"],
    substitute: true,
    organizerNumber: "802000-1239",
    organizerName: "Stockholms Löparklubb",
    organizerWebsite: "https://example.se",
    organizerEmail: "info@example.se",
    invoiceAddress: "Box 1, 111 11 Stockholm",
    contactPersons: [],
    stations: [],
    ...overrides,
  };
}

/** What eventBody fills in beyond the required fields, left empty as an organizer may: spread over eventBody's overrides. */
export const BARE_EVENT = {
  included: [],
  shirtSizes: [],
  foodOptions: [],
  substitute: false,
  organizerWebsite: "",
  organizerEmail: "",
  invoiceAddress: "",
};

export async function createEvent(app: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(app.server, "POST", "/api/events", { token, body: eventBody(app, overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The event as PUT wants it back: the view minus what the server derives (the client's own function). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON view from the API, shaped by the test that passes it.
export function asUpdate(view: Record<string, any>, changes: Record<string, unknown> = {}): Record<string, any> {
  return updateBodyOf(view as EventView, changes);
}

/** Days handed out by freshDay so far in this process: module state, so it outlives a test file. */
let daysGiven = 0;

/**
 * A day of its own: a week after the last one this worker handed out (from five weeks ahead). Groups seeded
 * available for three days around one are never candidates on another, also in another file: the end-to-end
 * files of a worker share one product.
 */
export function freshDay(app: TestApp): string {
  daysGiven++;
  return dayFromNow(app, 28 + 7 * daysGiven);
}

/**
 * The fixtures set up more events and groups in a minute than anyone would, each naming its team leader
 * or contacts anew; what those count against the e-mail lookup budget is not under test here, so they
 * give it back.
 */
async function refundLookups(app: TestApp) {
  await app.ctx.db.delete(rateEvents).where(like(rateEvents.key, `${EMAIL_LOOKUPS.name}:%`));
}

export interface EventSeed {
  /** The event's day; `days` ahead (30 by default) unless given. */
  date?: string;
  days?: number;
  /** Overrides of stationBody, one station each (named S1, S2, … unless named). */
  stations?: Array<Record<string, unknown>>;
  /** Overrides of eventBody. */
  event?: Record<string, unknown>;
}

/** An event as its contacts create it, with one station per entry in `stations`. */
export async function draftEvent(app: TestApp, owner: User, options: EventSeed = {}): Promise<Json> {
  const date = options.date ?? dayFromNow(app, options.days ?? 30);
  const stations = (options.stations ?? [{}]).map((o, i) => stationBody(date, { name: `S${i + 1}`, ...o }));
  const res = await call(app.server, "POST", "/api/events", {
    token: owner.token,
    body: eventBody(app, { date, stations, ...options.event }),
  });
  if (res.status !== 201) throw new Error(`event create failed: ${res.status} ${JSON.stringify(res.body)}`);
  await refundLookups(app);
  return res.body;
}

/** A CONFIRMED event (offers live only there). */
export async function confirmedEvent(app: TestApp, owner: User, options: EventSeed = {}): Promise<Json> {
  const draft = await draftEvent(app, owner, options);
  const res = await call(app.server, "POST", `/api/events/${draft.id}/confirm`, { token: owner.token });
  if (res.status !== 200) throw new Error(`event confirm failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The id of the event's station called `name`. */
export function stationId(event: Json, name = "S1"): string {
  const station = event.stations.find((s: { name: string }) => s.name === name);
  if (!station) throw new Error(`no station ${name} in ${event.stations.map((s: { name: string }) => s.name)}`);
  return station.id;
}

export function groupBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "IFK Exempel P16",
    organizationNumber: "802000-1239",
    organizationName: "IFK Exempel",
    municipality: "0180",
    numberOfMembers: 20,
    ages: ["16", "17"],
    sport: 26,
    skills: [],
    contactPersons: [],
    ...overrides,
  };
}

/** A girls' football team in Åby (Norrköping), for the group screens' tests. */
export const ABY_GROUP = {
  name: "Åby BK Flickor 2012",
  organizationNumber: "802479-0340",
  organizationName: "Åby Bollklubb",
  municipality: "1480",
  numberOfMembers: 16,
  ages: ["12", "13"],
  sport: 34,
};

/** A group created by `contact` (its first contact), DRAFT. */
export async function draftGroup(app: TestApp, contact: User, overrides: Record<string, unknown> = {}): Promise<Json> {
  const res = await call(app.server, "POST", "/api/groups", { token: contact.token, body: groupBody(overrides) });
  if (res.status !== 201) throw new Error(`group create failed: ${res.status} ${JSON.stringify(res.body)}`);
  await refundLookups(app);
  return res.body;
}

/** A CONFIRMED group (offers go only to those). */
export async function confirmedGroup(app: TestApp, contact: User, overrides: Record<string, unknown> = {}): Promise<Json> {
  const group = await draftGroup(app, contact, overrides);
  const res = await call(app.server, "POST", `/api/groups/${group.id}/confirm`, {
    token: contact.token,
    body: { version: group.version },
  });
  if (res.status !== 200) throw new Error(`group confirm failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A DRAFT, sent (PROPOSAL) and optionally answered, through the API. */
export async function offerAt(
  app: TestApp,
  organizer: User,
  groupContact: User,
  k: OfferKey,
  options: { volunteers?: number; to?: "DRAFT" | "PROPOSAL" | "ACCEPTED" | "REJECTED" } = {},
): Promise<Json> {
  let offer = await createOffer(app, organizer.token, k, options.volunteers ?? 2);
  const to = options.to ?? "PROPOSAL";
  if (to === "DRAFT") return offer;
  const sent = await sendOffers(app, organizer.token, k.eventId, { offers: [{ groupId: k.groupId, stationId: k.stationId }] });
  if (sent.status !== 200 || sent.body.sent !== 1) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  if (to === "PROPOSAL") return (await groupOffer(app, groupContact.token, k)).body;
  const answered = await answerOffer(app, groupContact.token, k, to === "ACCEPTED" ? "accept" : "reject");
  if (answered.status !== 200) throw new Error(`answer failed: ${answered.status} ${JSON.stringify(answered.body)}`);
  offer = answered.body;
  return offer;
}

/** Moves an event to HISTORIC as the calendar would (the version moves, so no kept view survives it). */
export async function makeHistoric(app: TestApp, eventId: string) {
  await app.ctx.db
    .update(events)
    .set({ status: "HISTORIC", version: sql`${events.version} + 1` })
    .where(eq(events.id, eventId));
}
