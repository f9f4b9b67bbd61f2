import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestApp } from "./app.ts";
import { call } from "./http.ts";
import { freshIp, req } from "./identity.ts";
import type { Json, User } from "./seed.ts";
import type { SmtpSink, SunkMail } from "./smtp-sink.ts";

/** The offer calls by their contract paths (STAFFING.md), and what the offer tests read back; seeding is in seed.ts. */

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

/**
 * The event's sent offers went out a day earlier than recorded, so a reminder by hand is due for them now
 * (a group is reminded no sooner than a day after its offer went out, ADR 025). For tests about what a
 * reminder does; the tests of when it may go move the clock instead (offers-sweep.test.ts).
 */
export async function sentADayAgo(app: TestApp, eventId: string) {
  await app.ctx.db.execute(
    sql`UPDATE offers SET sent_at = sent_at - interval '1 day' WHERE event_id = ${eventId} AND sent_at IS NOT NULL`,
  );
}

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

/**
 * Moves the test clock forward to `at` (never back: a time already passed leaves it where it is) and signs
 * the users in again, since access tokens last an hour.
 */
export async function moveClockTo(app: TestApp, at: Date, users: User[]): Promise<void> {
  const ms = at.getTime() - app.clock.now().getTime();
  if (ms > 0) app.clock.advance(ms);
  for (const u of users) await refreshToken(app, u);
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

/**
 * The mails each address receives from here on: `inbox(address)` lets the queue run and answers them;
 * `inbox(address, n)` first waits until there are at least n.
 */
export function mailboxOf(file: { readonly app: TestApp; readonly sink: SmtpSink }) {
  const mark = file.sink.mails.length;
  const since = (address: string) => file.sink.mails.slice(mark).filter((m) => m.to.includes(address));
  return async (address: string, atLeast = 0): Promise<SunkMail[]> => {
    if (atLeast > 0) await file.sink.waitFor(address, () => since(address).length >= atLeast, 15_000);
    await settle(file.app);
    return since(address);
  };
}
