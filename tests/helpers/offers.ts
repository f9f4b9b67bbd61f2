import { eq, like, sql } from "drizzle-orm";
import { expect } from "vitest";
import { events, rateEvents } from "../../src/server/db/schema.ts";
import { EMAIL_LOOKUPS } from "../../src/server/limits.ts";
import { dayFromNow, eventBody, stationBody } from "../api/events-fixtures.ts";
import type { TestApp } from "./app.ts";
import type { buildUser } from "./factories.ts";
import { call } from "./http.ts";
import { freshIp, req } from "./identity.ts";

/**
 * Fixtures for the offer tests (STAFFING.md): confirmed events with stations, confirmed groups, and the
 * offer calls by their contract paths. Everything goes through the API except moving an event to
 * HISTORIC, which only the calendar does.
 */

export type User = Awaited<ReturnType<typeof buildUser>>;
// biome-ignore lint/suspicious/noExplicitAny: JSON views from the API, read by the tests that check them
export type Json = Record<string, any>;

export const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/**
 * The fixtures set up more events and groups in a minute than anyone would, each naming its team leader
 * or contacts anew; what those count against the e-mail lookup budget is not under test here, so they
 * give it back.
 */
async function refundLookups(app: TestApp) {
  await app.ctx.db.delete(rateEvents).where(like(rateEvents.key, `${EMAIL_LOOKUPS.name}:%`));
}

/** An event as its contacts create it, with one station per entry in `stations` (named S1, S2, … unless named). */
export async function draftEvent(
  app: TestApp,
  owner: User,
  options: { days?: number; stations?: Array<Record<string, unknown>>; event?: Record<string, unknown> } = {},
): Promise<Json> {
  const date = dayFromNow(app, options.days ?? 30);
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
export async function confirmedEvent(
  app: TestApp,
  owner: User,
  options: { days?: number; stations?: Array<Record<string, unknown>>; event?: Record<string, unknown> } = {},
): Promise<Json> {
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

export interface OfferKey {
  eventId: string;
  groupId: string;
  stationId: string;
}

export const postOffer = (app: TestApp, token: string | undefined, body: Record<string, unknown>) =>
  call(app.server, "POST", "/api/offers", { token, body });

/** POST /api/offers that must succeed: the new DRAFT. */
export async function createOffer(app: TestApp, token: string, key: OfferKey, volunteers = 2): Promise<Json> {
  const res = await postOffer(app, token, { ...key, volunteers });
  if (res.status !== 201) throw new Error(`offer create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const removeOffer = (app: TestApp, token: string | undefined, k: OfferKey) =>
  call(app.server, "DELETE", `/api/offers/${k.eventId}/${k.groupId}/${k.stationId}`, { token });

/** POST /api/offers/{eventId}/confirm: sends invitations. */
export const sendOffers = (app: TestApp, token: string | undefined, eventId: string, body: Record<string, unknown> = {}) =>
  call(app.server, "POST", `/api/offers/${eventId}/confirm`, { token, body });

export const sendReminders = (app: TestApp, token: string | undefined, eventId: string) =>
  call(app.server, "POST", `/api/offers/${eventId}/send-reminder`, { token, body: {} });

export const answerOffer = (app: TestApp, token: string | undefined, k: OfferKey, answer: "accept" | "reject") =>
  call(app.server, "POST", `/api/offers/${k.eventId}/${k.groupId}/${k.stationId}/${answer}`, { token, body: {} });

export const nameAttendees = (app: TestApp, token: string | undefined, k: OfferKey, body: Record<string, unknown>) =>
  call(app.server, "POST", `/api/offers/groups/${k.groupId}/${k.eventId}/${k.stationId}`, { token, body });

export const eventOffers = (app: TestApp, token: string | undefined, eventId: string) =>
  call(app.server, "GET", `/api/events/${eventId}/offers`, { token });

export const stationOffers = (app: TestApp, token: string | undefined, eventId: string, station: string) =>
  call(app.server, "GET", `/api/offers/station/${eventId}/${station}`, { token });

export const groupOffer = (app: TestApp, token: string | undefined, k: OfferKey) =>
  call(app.server, "GET", `/api/offers/groups/${k.groupId}/${k.eventId}/${k.stationId}`, { token });

export const groupOffers = (app: TestApp, token: string | undefined, groupId: string, eventId?: string) =>
  call(app.server, "GET", `/api/groups/${groupId}/offers${eventId ? `?eventId=${eventId}` : ""}`, { token });

/** The offer at `k` as the organizer's event list shows it (undefined when there is none). */
export async function organizerOffer(app: TestApp, token: string, k: OfferKey): Promise<Json | undefined> {
  const res = await eventOffers(app, token, k.eventId);
  expect(res.status).toBe(200);
  return res.body.find((o: Json) => o.groupId === k.groupId && o.stationId === k.stationId);
}

/** The station's allocation counters as the organizer's station view shows them. */
export async function allocationOf(app: TestApp, token: string, eventId: string, station: string): Promise<Json> {
  const res = await stationOffers(app, token, eventId, station);
  expect(res.status).toBe(200);
  return res.body.station.allocation;
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

/** A new access token after the clock has moved past the old one's lifetime. */
export async function refreshToken(app: TestApp, user: User): Promise<string> {
  const res = await req(app, "POST", "/api/auth/sign-in", {
    body: { email: user.email, password: user.password },
    ip: freshIp(),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  user.token = res.body.accessToken;
  return user.token;
}

/** Runs what is queued now and a little later, so that every mail a call caused has been handed over. */
export async function settle(app: TestApp) {
  await app.jobs.runDue();
  await new Promise((r) => setTimeout(r, 400));
  await app.jobs.runDue();
  await new Promise((r) => setTimeout(r, 200));
}

export const keyOf = (o: { eventId: string; groupId: string; stationId: string }): OfferKey => ({
  eventId: o.eventId,
  groupId: o.groupId,
  stationId: o.stationId,
});

/** Milliseconds between two instants given as ISO texts or Dates. */
export const msBetween = (a: string | Date, b: string | Date) => new Date(b).getTime() - new Date(a).getTime();
