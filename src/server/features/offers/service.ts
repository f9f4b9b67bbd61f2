import { sql } from "drizzle-orm";
import { newlyNamed } from "#shared/checkin/rules";
import type { FieldErrors } from "#shared/errors";
import { findMunicipality, MUNICIPALITIES } from "#shared/geo/municipalities";
import {
  allocation,
  answerByPassed,
  asksShirtSize,
  attendeeCountProblem,
  attendeeRefusal,
  defaultAnswerBy,
  distanceKm,
  eventRefusal,
  HANDS_OFF_MS,
  holdsPlaces,
  notRemindedGroups,
  offerLimit,
  REMINDER_BEFORE_MS,
  REMINDER_GAP_MS,
  rank,
  reminderHold,
  unallocated,
  withdrawalIsNews,
} from "#shared/offers/rules";
import {
  type AttendeesBody,
  type AvailableQuery,
  type Candidate,
  type Offer,
  type OfferBody,
  type OfferStatus,
  offerMsg,
  type RemindResult,
  type SendOffersBody,
  type SendOffersResult,
  type StationOffers,
} from "#shared/offers/schema";
import type { Status } from "#shared/status";
import { formatInstant, parseInstant, stockholmLocal } from "#shared/time";
import { msg } from "#shared/validation";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import type { Periodic } from "../../jobs/periodic.ts";
import { mailPasses } from "../checkin/mail.ts";
import type { EventRow } from "../events/repo.ts";
import { type GroupRow, lockGroup } from "../groups/repo.ts";
import { mailAnswer, mailGroupsAbout, mailOrganizersExpired, mailWithdrawn } from "./mail.ts";
import { allocationOf, presentOffer, presentStation, type Viewer } from "./present.ts";
import * as repo from "./repo.ts";

const invalid = (message: string, fields: FieldErrors) => new AppError("ValidationError", message, fields);

/** Offers live only on a CONFIRMED event: a DRAFT is not yet open, a HISTORIC one is closed (STAFFING §1). */
export function requireRunning(status: string) {
  const refusal = eventRefusal(status as Status);
  if (refusal === "EventNotConfirmed") throw new AppError(refusal, "The event is not confirmed yet");
  if (refusal === "EventHistoric") throw new AppError(refusal, "A historic event cannot be changed");
}

const mailCtx = (ctx: Ctx, tx: Tx, now: Date) => ({ tx, now, publicUrl: ctx.config.PUBLIC_URL });

async function views(tx: Tx, where: ReturnType<typeof repo.byKey>, viewer: Viewer, now: Date): Promise<Offer[]> {
  return (await repo.offerViews(tx, where, viewer === "group" ? "always" : "accepted")).map((r) => presentOffer(r, viewer, now));
}

/** One offer as `viewer` sees it at `now`; a group never sees a DRAFT. */
export async function one(tx: Tx, key: repo.OfferKey, viewer: Viewer, now: Date): Promise<Offer> {
  const where = viewer === "group" ? sql`${repo.byKey(key)} AND o.status <> 'DRAFT'` : repo.byKey(key);
  const [offer] = await views(tx, where, viewer, now);
  if (!offer) throw notFound("Offer not found");
  return offer;
}

// ── The event's side ────────────────────────────────────────────────────────────────────────────────

/**
 * A DRAFT offer. The three limits (STAFFING §1) are checked under locks on the station and then the group,
 * taken in that order by every writer, so parallel requests queue and never over-allocate.
 */
export async function createOffer(ctx: Ctx, actor: UserRow, event: EventRow, body: OfferBody): Promise<Offer> {
  requireRunning(event.status);
  const key = { eventId: event.id, groupId: body.groupId, stationId: body.stationId };
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const station = await repo.lockStation(tx, key.eventId, key.stationId);
    if (!station) throw notFound("Station not found");
    requireRunning(station.eventStatus);
    const group = await lockGroup(tx, key.groupId);
    if (group?.status !== "CONFIRMED") throw notFound("Group not found");
    const existing = await repo.findOffer(tx, key);
    if (existing && holdsPlaces(existing.status as OfferStatus)) throw conflict("The group already has an offer at this station");
    const held = await repo.heldPlaces(tx, key, station);
    const free = unallocated(allocation(station.officialQuantity, held.station));
    const limit = offerLimit(
      body.volunteers,
      { officialQuantity: station.officialQuantity, free },
      group.numberOfMembers - held.groupBooked,
    );
    if (limit === "TooManyVolunteers")
      throw new AppError(limit, `At most ${station.officialQuantity} volunteers`, { volunteers: offerMsg.tooManyVolunteers });
    if (limit === "Allocated")
      throw new AppError(limit, `Only ${free} places are unallocated`, { volunteers: offerMsg.allocated });
    if (limit === "TooManyRequested")
      throw new AppError(limit, "The group has not that many members free then", { volunteers: offerMsg.tooManyRequested });
    await repo.putDraft(tx, key, body.volunteers, actor.id, now);
    return one(tx, key, "organizer", now);
  });
}

/** Deletes a DRAFT; withdraws a sent offer, and then tells the group. */
export async function removeOffer(ctx: Ctx, event: EventRow, key: repo.OfferKey): Promise<void> {
  requireRunning(event.status);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [offer] = await repo.offerViews(tx, repo.byKey(key), "accepted");
    const removed = await repo.deleteOffer(tx, key);
    if (!offer || !removed) throw notFound("Offer not found");
    if (withdrawalIsNews(removed.status as OfferStatus))
      await mailWithdrawn(mailCtx(ctx, tx, now), {
        groupId: key.groupId,
        eventName: offer.event.name,
        groupName: offer.group.name,
        stationName: offer.station.name as string,
        start: new Date(offer.station.start),
        end: new Date(offer.station.end),
      });
  });
  ctx.nudgeJobs();
}

/**
 * DRAFT → PROPOSAL for the listed offers (all DRAFTs when none are listed), each due by `expiresAt` or a
 * week on, never after its station's start; one invitation mail per group and contact.
 */
export async function sendOffers(ctx: Ctx, event: EventRow, body: SendOffersBody): Promise<SendOffersResult> {
  requireRunning(event.status);
  const now = ctx.clock.now();
  if (body.expiresAt && answerByPassed(body.expiresAt, now))
    throw invalid("The answer-by date has passed", { expiresAt: offerMsg.expiresInPast });
  const due = body.expiresAt ?? defaultAnswerBy(now);
  const sent = await ctx.db.transaction(async (tx) => {
    const moved = await repo.sendDrafts(tx, event.id, body.offers, now, due);
    await mailGroupsAbout(mailCtx(ctx, tx, now), "offerInvitation", event, moved);
    return moved;
  });
  ctx.nudgeJobs();
  return { sent: sent.length, groups: [...new Set(sent.map((o) => o.groupName))] };
}

/**
 * Reminds the groups with an offer awaiting its answer at the event, of those offers that went out and were
 * last reminded of more than a day ago (reminderHold). The answer names the groups reminded, and those
 * not reminded of any offer with why and from when they can be: the one of their offers that can be first.
 */
export async function remind(ctx: Ctx, event: EventRow): Promise<RemindResult> {
  requireRunning(event.status);
  const now = ctx.clock.now();
  const { reminded, held } = await ctx.db.transaction(async (tx) => {
    const awaiting = (await repo.lockAwaiting(tx, event.id)).map((offer) => ({ offer, hold: reminderHold(offer, now) }));
    const due = awaiting.filter((a) => a.hold === null).map((a) => a.offer);
    const offers = await repo.markReminded(tx, repo.keysWhere(event.id, due), now);
    await mailGroupsAbout(mailCtx(ctx, tx, now), "offerReminder", event, offers);
    return { reminded: offers, held: awaiting };
  });
  ctx.nudgeJobs();
  const notReminded = notRemindedGroups(
    held.map(({ offer, hold }) => ({ groupId: offer.groupId, groupName: offer.groupName, hold })),
    new Set(reminded.map((o) => o.groupId)),
  );
  return {
    groups: [...new Set(reminded.map((o) => o.groupName))],
    notReminded: notReminded.map((h) => ({ ...h, from: formatInstant(h.from) })),
  };
}

/** The event's offers; a team leader (`stationIds`: the stations they lead) sees only theirs. */
export async function eventOffers(ctx: Ctx, eventId: string, stationIds?: string[]): Promise<Offer[]> {
  return views(ctx.db, repo.byEvent(eventId, stationIds), stationIds ? "leader" : "organizer", ctx.clock.now());
}

export async function stationOffers(ctx: Ctx, eventId: string, stationId: string, viewer: Viewer): Promise<StationOffers> {
  const station = await repo.stationWithHeld(ctx.db, eventId, stationId);
  if (!station) throw notFound("Station not found");
  const offers = await views(ctx.db, repo.byStation(eventId, stationId), viewer, ctx.clock.now());
  return {
    station: { ...presentStation(station.station), allocation: allocationOf(station.station.officialQuantity, station.held) },
    offers,
  };
}

// ── Ranking (STAFFING §3) ───────────────────────────────────────────────────────────────────────────

/** Swedish order for names that tie on score and distance; built once, it is used for every comparison. */
const byName = new Intl.Collator("sv");

/** The most candidates one answer lists; the rest rank below them anyway. */
const MAX_CANDIDATES = 50;

/** The municipalities whose centre lies within `radiusKm` of `center`'s, `center` itself first. */
function municipalitiesNear(center: string, radiusKm: number): string[] {
  const c = findMunicipality(center);
  if (!c || radiusKm <= 0) return [center];
  return [center, ...MUNICIPALITIES.filter((m) => m.id !== center && distanceKm(c, m) <= radiusKm).map((m) => m.id)];
}

/** The Stockholm calendar year around `at`, as instants: the season fairness counts places in. */
function seasonOf(at: Date): { start: Date; end: Date } {
  const year = Number(stockholmLocal(at).slice(0, 4));
  return { start: parseInstant(`${year}-01-01T00:00`) as Date, end: parseInstant(`${year + 1}-01-01T00:00`) as Date };
}

export async function candidates(ctx: Ctx, event: EventRow, q: AvailableQuery): Promise<Candidate[]> {
  requireRunning(event.status);
  const station = await repo.stationForRanking(ctx.db, event.id, q.stationId);
  if (!station) throw notFound("Station not found");
  const stationDate = stockholmLocal(station.start).slice(0, 10);
  const from = q.startDate ?? stationDate;
  const to = q.endDate ?? q.startDate ?? stationDate;
  if (to < from) return [];
  const locations = municipalitiesNear(q.location ?? station.municipality, q.radiusKm ?? 0);
  const season = seasonOf(station.start);
  const rows = await repo.candidates(ctx.prepared, {
    eventId: event.id,
    stationId: q.stationId,
    locations,
    from,
    to,
    start: station.start,
    end: station.end,
    seasonStart: season.start,
    seasonEnd: season.end,
    minimumAge: station.minimumAge,
  });
  const { missing } = allocationOf(station.officialQuantity, station.held);
  const marker = { lat: station.lat, lng: station.lng };
  const ranked: Candidate[] = [];
  for (const g of rows) {
    const remainingMembers = g.numberOfMembers - g.booked;
    // A group available in the station's own municipality is there; others are as far as their
    // municipality's point is from the station.
    const km = Math.min(
      ...g.locations.map((id) => {
        const m = findMunicipality(id);
        return id === station.municipality ? 0 : m ? distanceKm(m, marker) : Number.POSITIVE_INFINITY;
      }),
    );
    const { score, reasons } = rank({
      distanceKm: km,
      remainingMembers,
      missing,
      stationSkills: station.skills,
      groupSkills: g.skills,
      promised: g.promised,
      attended: g.attended,
      seasonPlaces: g.season,
    });
    ranked.push({
      id: g.id,
      groupId: g.id,
      name: g.name,
      organizationName: g.organizationName,
      municipality: g.municipality,
      numberOfMembers: g.numberOfMembers,
      ages: g.ages as Candidate["ages"],
      sport: g.sport,
      skills: g.skills as Candidate["skills"],
      score,
      distanceKm: Math.round(km * 10) / 10,
      remainingMembers,
      reasons,
    });
  }
  return ranked
    .sort((a, b) => b.score - a.score || a.distanceKm - b.distanceKm || byName.compare(a.name, b.name))
    .slice(0, MAX_CANDIDATES);
}

// ── The group's side ────────────────────────────────────────────────────────────────────────────────

export async function offersOfContact(ctx: Ctx, actor: UserRow): Promise<Offer[]> {
  return views(ctx.db, repo.ofContact(actor.id), "group", ctx.clock.now());
}

export async function offersOfGroup(ctx: Ctx, group: GroupRow, eventId?: string): Promise<Offer[]> {
  return views(ctx.db, repo.ofGroup(group.id, eventId), "group", ctx.clock.now());
}

export async function offerOfGroup(ctx: Ctx, key: repo.OfferKey): Promise<Offer> {
  return one(ctx.db, key, "group", ctx.clock.now());
}

/** The group's answer: only from PROPOSAL, while the event runs; the event's contacts are told. */
export async function answer(ctx: Ctx, key: repo.OfferKey, to: "ACCEPTED" | "REJECTED"): Promise<Offer> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const before = await one(tx, key, "group", now);
    requireRunning(before.event.status);
    const moved = await repo.moveOffer(tx, key, "PROPOSAL", { status: to, answeredAt: now });
    if (!moved) throw conflict(`The offer is ${before.status}, not awaiting an answer`);
    await mailAnswer(mailCtx(ctx, tx, now), to === "ACCEPTED" ? "offerAccepted" : "offerDeclined", {
      eventId: key.eventId,
      eventName: before.eventName,
      groupName: before.groupName,
      stationName: before.station.name,
      volunteers: before.volunteers,
    });
    return one(tx, key, "group", now);
  });
  ctx.nudgeJobs();
  return result;
}

/**
 * The volunteers the group names for an accepted offer, and what they state for the event. While the
 * event offers shirts, every named volunteer needs a shirt size (MissingSpecialInfo names those without).
 */
export async function nameAttendees(ctx: Ctx, key: repo.OfferKey, body: AttendeesBody): Promise<Offer> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // Held before the volunteers are read, as every writer of them holds it: one removed meanwhile
    // (their own link) is then not named after they left.
    await lockGroup(tx, key.groupId);
    const offer = await one(tx, key, "group", now);
    requireRunning(offer.event.status);
    if (offer.status !== "ACCEPTED") throw conflict(`The offer is ${offer.status}, not ACCEPTED`);
    const ids = [...new Set(body.attendees)];
    const countProblem = attendeeCountProblem(ids.length, offer.volunteers);
    if (countProblem) throw invalid(`Name 1 to ${offer.volunteers} volunteers`, { attendees: offerMsg[countProblem] });

    const stated = new Map((body.participation ?? []).map((p) => [p.volunteerId, p]));
    const known = new Map(
      (await repo.volunteersOf(tx, key.groupId, key.eventId, [...new Set([...ids, ...stated.keys()])])).map((v) => [v.id, v]),
    );
    const fields: FieldErrors = {};
    body.attendees.forEach((id, i) => {
      const volunteer = known.get(id);
      const refusal = volunteer ? attendeeRefusal(volunteer, offer.station) : "unknownVolunteer";
      if (refusal) fields[`attendees.${i}`] = offerMsg[refusal];
    });
    (body.participation ?? []).forEach((p, i) => {
      if (!known.has(p.volunteerId)) fields[`participation.${i}.volunteerId`] = offerMsg.unknownVolunteer;
      else if (p.shirtSize && !offer.event.shirtSizes.includes(p.shirtSize)) fields[`participation.${i}.shirtSize`] = msg.oneOf;
    });
    if (Object.keys(fields).length)
      throw invalid("Unknown volunteers, minors awaiting their guardian, or younger than the station's minimum age", fields);

    if (asksShirtSize(offer.event)) {
      const missing: FieldErrors = {};
      for (const id of ids) {
        const size = stated.has(id) ? stated.get(id)?.shirtSize : known.get(id)?.participation?.shirtSize;
        if (!size) missing[id] = offerMsg.missingShirtSize;
      }
      if (Object.keys(missing).length)
        throw new AppError("MissingSpecialInfo", "Named volunteers lack a shirt size for the event", missing);
    }

    await repo.setParticipation(
      tx,
      key.groupId,
      key.eventId,
      [...stated.values()].map((p) => ({
        volunteerId: p.volunteerId,
        participation: {
          eventId: key.eventId,
          specialDiets: p.specialDiets,
          ...(p.shirtSize ? { shirtSize: p.shirtSize } : {}),
          ...(p.substitute ? { substitute: p.substitute } : {}),
        },
      })),
      now,
    );
    const saved = await repo.moveOffer(tx, key, "ACCEPTED", { attendees: ids });
    if (!saved) throw conflict("The offer changed meanwhile");
    await mailPasses(ctx, tx, now, "passNamed", {
      eventId: key.eventId,
      stationIds: [key.stationId],
      groupId: key.groupId,
      volunteerIds: newlyNamed(offer.attendees, ids),
    });
    return one(tx, key, "group", now);
  });
  ctx.nudgeJobs();
  // A stand-in named on the day changes what the station expects.
  ctx.live.changed(key.eventId, key.stationId);
  return result;
}

// ── Answer-by dates: the scheduler ──────────────────────────────────────────────────────────────────

export const OFFERS_SWEEP_JOB = "offers.sweep";
/** The most offers one run reminds or expires; the next run (a quarter of an hour on) takes the rest. */
const SWEEP_BATCH = 500;

/**
 * Every quarter of an hour: the automatic reminder 2 days before an offer's answer-by date, and expiry
 * once it has passed — never within 48 hours of the station's start, where the organizer decides.
 */
export function offersSweep(ctx: Ctx): Periodic {
  return {
    kind: OFFERS_SWEEP_JOB,
    intervalMs: 15 * 60 * 1000,
    lockKey: 7_331_101,
    async run(tx, now) {
      const handsOffUntil = new Date(now.getTime() + HANDS_OFF_MS);
      const m = mailCtx(ctx, tx, now);
      const reminded = await repo.markReminded(
        tx,
        repo.reminderDueWhere(
          now,
          new Date(now.getTime() + REMINDER_BEFORE_MS),
          handsOffUntil,
          new Date(now.getTime() - REMINDER_GAP_MS),
          SWEEP_BATCH,
        ),
        now,
      );
      const expired = await repo.expireDue(tx, now, handsOffUntil, SWEEP_BATCH);
      const events = await repo.eventNames(tx, [...new Set([...reminded, ...expired].map((o) => o.eventId))]);
      for (const [eventId, event] of events) {
        const e = { id: eventId, ...event };
        const remindedHere = reminded.filter((o) => o.eventId === eventId);
        const expiredHere = expired.filter((o) => o.eventId === eventId);
        if (remindedHere.length) await mailGroupsAbout(m, "offerReminder", e, remindedHere);
        if (expiredHere.length) {
          await mailGroupsAbout(m, "offerExpiredGroup", e, expiredHere);
          await mailOrganizersExpired(m, e, expiredHere);
        }
      }
      if (reminded.length || expired.length) ctx.nudgeJobs();
      return [...reminded.map((o) => ({ ...o, step: "reminded" })), ...expired.map((o) => ({ ...o, step: "expired" }))];
    },
    describe: (done) => `offers: ${done.length} reminded or expired`,
  };
}
