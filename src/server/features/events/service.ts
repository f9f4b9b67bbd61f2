import { timeOrPlaceChanged } from "#shared/checkin/rules";
import { remainingContacts } from "#shared/contacts";
import {
  byDateFromToday,
  canEdit,
  moveStation,
  normalizeIncluded,
  normalizeStation,
  PUBLIC_WINDOW_YEARS,
  pastCutoff,
  sameEventName,
} from "#shared/events/rules";
import {
  type EventCopyBody,
  type EventForm,
  type EventSummary,
  type EventUpdate,
  type EventView,
  eventMsg,
  type PublicEvent,
  type Station,
} from "#shared/events/schema";
import { allocation, offerLimit, overlaps, unallocated } from "#shared/offers/rules";
import { offerMsg } from "#shared/offers/schema";
import { addYears, isFutureDate, msg, stockholmToday } from "#shared/validation";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { AppError, conflict, historicConflict, notFound } from "../../http/errors.ts";
import { type UserRow, usersByEmail } from "../../identity/repo.ts";
import { countNewAddresses } from "../../limits.ts";
import { mailPasses } from "../checkin/mail.ts";
import { mailAddedContacts } from "../contacts/service.ts";
import * as offersRepo from "../offers/repo.ts";
import { issueInvoices } from "../payments/service.ts";
import { presentEvent, presentPublic } from "./present.ts";
import * as repo from "./repo.ts";

type EventBody = EventForm | EventUpdate;

const invalid = (message: string, fields: Record<string, string>) => new AppError("ValidationError", message, fields);

function eventValues(body: EventBody) {
  const e = normalizeIncluded(body);
  return {
    name: e.name,
    date: e.date,
    startTime: e.startTime,
    city: e.city,
    included: e.included,
    shirtSizes: e.shirtSizes,
    foodOptions: e.foodOptions,
    substitute: e.substitute,
    organizerNumber: e.organizerNumber,
    organizerName: e.organizerName,
    organizerWebsite: e.organizerWebsite,
    organizerEmail: e.organizerEmail,
    invoiceAddress: e.invoiceAddress,
  };
}

function stationValues(s: Station): repo.NewStation & { id?: string } {
  const n = normalizeStation(s);
  return {
    id: n.id,
    name: n.name,
    description: n.description,
    start: new Date(n.start),
    end: new Date(n.end),
    municipality: n.municipality,
    markerLocation: n.markerLocation,
    markerLat: n.markerCoordinates?.lat as number,
    markerLng: n.markerCoordinates?.lng as number,
    teamLeaderEmail: n.teamLeaderEmail,
    officialQuantity: n.officialQuantity as number,
    officialMinimumAge: n.officialMiniumumAge as number,
    skills: [...new Set(n.skills)],
    paymentType: n.paymentType,
    currency: n.currency ?? null,
    groupPayment: n.groupPayment ?? null,
    paymentAdult: n.paymentAdult ?? null,
    paymentChild: n.paymentChild ?? null,
  };
}

const contactEmails = (body: EventBody) => [...new Set(remainingContacts(body.contactPersons).map((c) => c.email))];
const leaderEmailsOf = (body: EventBody) => [...new Set(body.stations.map((s) => s.teamLeaderEmail).filter(Boolean))];

/** The e-mail lookups of a save: the addresses of contacts and team leaders new to the event. */
const countLookups = (ctx: Ctx, actor: UserRow, body: EventBody, eventId?: string) =>
  countNewAddresses(
    ctx,
    actor,
    [...contactEmails(body), ...leaderEmailsOf(body)],
    eventId ? () => repo.knownAddresses(ctx.db, eventId) : undefined,
  );

/**
 * Makes the event's contacts the people the form names (entries marked toBeDeleted are dropped) and its
 * stations the form's stations. Every contact and team leader must have an account (the form invites
 * unknown people first; a team leader signs in to see their station): otherwise the whole write is
 * undone by the caller's transaction. Answers the users added as contacts, the creator aside, and the
 * stations kept whose time or place changed.
 */
async function writeContactsAndStations(
  tx: Tx,
  eventId: string,
  creatorId: string | null,
  body: EventBody,
  now: Date,
): Promise<{ added: string[]; moved: string[] }> {
  const emails = contactEmails(body);
  const leaderEmails = leaderEmailsOf(body);
  const found = await repo.setContactsByEmail(tx, eventId, emails, creatorId, now, leaderEmails);
  if (found.contacts !== emails.length) throw invalid("Unknown contact person", { contactPersons: eventMsg.contactUnknown });
  const leaders = new Set(found.leaders);
  const fields: Record<string, string> = {};
  body.stations.forEach((s, i) => {
    if (s.teamLeaderEmail && !leaders.has(s.teamLeaderEmail))
      fields[`stations.${i}.teamLeaderEmail`] = eventMsg.teamLeaderUnknown;
  });
  if (Object.keys(fields).length) throw invalid("Unknown team leader", fields);
  const existing = await repo.stationsOf(tx, eventId);
  const wanted = body.stations.map(stationValues);
  await repo.syncStations(tx, eventId, existing, wanted);
  const before = new Map(existing.map((s) => [s.id, s]));
  const moved = wanted.filter((s) => {
    const was = s.id ? before.get(s.id) : undefined;
    return was !== undefined && timeOrPlaceChanged(was, s);
  });
  return { added: found.added, moved: moved.map((s) => s.id as string) };
}

/** The unique index is the last word on station names; a racing write that trips it is a conflict. */
async function guardStationNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, "stations_event_name_key"))
      throw conflict("Station name already exists", { stations: eventMsg.stationNameExists });
    throw err;
  }
}

/** The event as its contact `viewer` sees it. */
export async function loadView(tx: Tx, eventId: string, viewer: UserRow, now: Date): Promise<EventView> {
  const view = await repo.eventView(tx, eventId, viewer.id);
  if (!view) throw notFound("Event not found");
  return presentEvent(view, viewer.id, now);
}

/**
 * A contact opens the event: 404 unless they are one of its contacts. Their first look marks their entry
 * seen (one UPDATE, only then), which shows their phone to the others from now on.
 */
async function openView(ctx: Ctx, eventId: string, viewer: UserRow): Promise<EventView> {
  const view = await repo.eventView(ctx.db, eventId, viewer.id, "contact");
  if (!view) throw notFound("Event not found");
  if (view.unseen) await repo.markSeen(ctx.db, eventId, viewer.id, ctx.clock.now());
  return presentEvent(view, viewer.id, ctx.clock.now());
}

/** The events the user is a contact of: today's and coming ones first, then the past (byDateFromToday). */
export async function summaries(ctx: Ctx, actor: UserRow): Promise<EventSummary[]> {
  return byDateFromToday(await repo.summariesOfContact(ctx.db, actor.id), ctx.clock.now());
}

/** The route's serializer: the view cache keeps what its response schema made of a view. */
type Serialize = (view: unknown) => string;

/** The two reads an organizer waits for most, as JSON text, from the view cache while their stamp holds. */
export async function summariesText(ctx: Ctx, actor: UserRow, serialize: Serialize): Promise<string> {
  const stamp = (await ctx.views.stamp(() => repo.summariesStamp(ctx.prepared, actor.id))) as string;
  // The order turns on today's date: a new day is a new list, though no event changed.
  const today = stockholmToday(ctx.clock.now());
  return ctx.views.text(`summaries:${actor.id}`, `${stamp}@${today}`, () => summaries(ctx, actor), serialize);
}

/**
 * Views are kept per contact, so only a read that passed the contact check fills or finds one. No stamp:
 * no such event, or not the caller's: the same 404 either way (policy.ts says why). A view is only built
 * when the stamp moved, and marking a first look seen moves it, so a kept view is never one of a contact
 * still unseen: the next read after a first look builds once more, then finds it kept.
 */
export async function viewText(ctx: Ctx, eventId: string, actor: UserRow, serialize: Serialize): Promise<string> {
  const stamp = await ctx.views.stamp(() => repo.eventStamp(ctx.prepared, eventId, actor.id));
  if (stamp === undefined) throw notFound("Event not found");
  // Its abilities turn on today's date (canFollowToday): a new day is a new view, though nothing changed.
  const today = stockholmToday(ctx.clock.now());
  return ctx.views.text(`event:${eventId}:${actor.id}`, `${stamp}@${today}`, () => openView(ctx, eventId, actor), serialize);
}

/** A new event: its creator becomes its first contact, and stays one; the others they add get a mail. */
export async function createEvent(ctx: Ctx, actor: UserRow, body: EventForm): Promise<EventView> {
  const now = ctx.clock.now();
  await countLookups(ctx, actor, body);
  const view = await guardStationNames(() =>
    ctx.db.transaction(async (tx) => {
      const event = await repo.insertEvent(tx, {
        ...eventValues(body),
        status: "DRAFT",
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      const { added } = await writeContactsAndStations(tx, event.id, actor.id, body, now);
      await mailAddedContacts(ctx, tx, now, actor, { kind: "event", id: event.id, name: event.name, date: event.date }, added);
      return loadView(tx, event.id, actor, now);
    }),
  );
  ctx.nudgeJobs();
  return view;
}

export async function updateEvent(ctx: Ctx, actor: UserRow, event: repo.EventRow, body: EventUpdate): Promise<EventView> {
  const now = ctx.clock.now();
  if (!canEdit(event.status as never)) throw historicConflict("event");
  // The form's date rule, with the stored date as the one that may stay.
  if (!isFutureDate(body.date, now, event.date)) throw invalid("The date must not be in the past", { date: msg.futureDate });
  await countLookups(ctx, actor, body, event.id);
  const view = await guardStationNames(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await repo.updateEventIfVersion(tx, event.id, body.version, { ...eventValues(body), updatedAt: now });
      if (!updated) {
        const current = await repo.findEvent(tx, event.id);
        if (!current) throw notFound("Event not found");
        if (!canEdit(current.status as never)) throw historicConflict("event");
        throw conflict(`Stale write: the event is at version ${current.version}, not ${body.version}`);
      }
      const { added, moved } = await writeContactsAndStations(tx, event.id, updated.createdBy, body, now);
      const target = { kind: "event" as const, id: event.id, name: updated.name, date: updated.date };
      await mailAddedContacts(ctx, tx, now, actor, target, added);
      // The volunteers named at a station that moved in time or place get their pass again, as it reads
      // now. A DRAFT has no accepted offers, so its save does not look.
      if (updated.status !== "DRAFT") await mailPasses(ctx, tx, now, "passChanged", { eventId: event.id, stationIds: moved });
      return loadView(tx, event.id, actor, now);
    }),
  );
  ctx.nudgeJobs();
  return view;
}

/** Confirmation publishes the event; it records when and by whom (the start fee is charged from it). */
export async function confirmEvent(ctx: Ctx, actor: UserRow, event: repo.EventRow): Promise<EventView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const confirmed = await repo.confirmDraft(tx, event.id, actor.id, now);
    if (confirmed) {
      // The start fee is charged at confirmation (spec 01 §4): its invoice is issued as the status changes.
      await issueInvoices(ctx, tx, "START", [confirmed], now);
      return loadView(tx, confirmed.id, actor, now);
    }
    const current = await repo.findEvent(tx, event.id);
    if (!current) throw notFound("Event not found");
    if (current.status !== "DRAFT") throw conflict(`The event is ${current.status}, not DRAFT`);
    throw invalid("An event needs at least one station before it is confirmed", { stations: eventMsg.noStations });
  });
}

/** Removal is irrecoverable and takes everything of the event with it; only drafts may go. */
export async function removeEvent(ctx: Ctx, event: repo.EventRow): Promise<void> {
  const removed = await repo.deleteDraft(ctx.db, event.id);
  if (!removed) throw conflict("Only a DRAFT event can be removed");
  // The rows of its files went with it; their bytes go too.
  await ctx.files.removeEvent(event.id);
}

/** The client's set-historic action; the scheduled sweep does the same for every event. */
export async function setHistoric(ctx: Ctx, actor: UserRow, event: repo.EventRow): Promise<EventView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (event.status !== "HISTORIC") {
      const moved = await repo.markHistoric(tx, pastCutoff(now), now, event.id);
      if (moved.length === 0) throw conflict("Only a confirmed event more than 7 days past becomes historic");
      await issueInvoices(ctx, tx, "FINAL", moved, now);
    }
    return loadView(tx, event.id, actor, now);
  });
}

/** Confirmed events between the dates, clamped to today … PUBLIC_WINDOW_YEARS ahead (spec 01 §7). */
export async function publicEvents(ctx: Ctx, startDate?: string, endDate?: string): Promise<PublicEvent[]> {
  const today = stockholmToday(ctx.clock.now());
  const last = addYears(today, PUBLIC_WINDOW_YEARS);
  const from = startDate && startDate > today ? startDate : today;
  const to = endDate && endDate < last ? endDate : last;
  if (from > to) return [];
  return (await repo.confirmedBetween(ctx.db, from, to)).map((e) => presentPublic(e));
}

export async function publicEvent(ctx: Ctx, id: string): Promise<PublicEvent> {
  const event = await repo.findEvent(ctx.db, id);
  if (event?.status !== "CONFIRMED") throw notFound("Event not found");
  return presentPublic(event, await repo.stationsOf(ctx.db, id));
}

/**
 * A copy of `source` (STAFFING §4), in one transaction: its data under the new name, date, city and start
 * time, its contacts (the copier its creator), its stations moved to the new date at the same Stockholm
 * times of day, and for each listed ACCEPTED offer of the source a DRAFT with the same volunteer count to
 * the same group at the moved station. The offers keep the rules of a new offer: the group must still be
 * CONFIRMED and have the members free then, and a station takes no more than it needs. Anything wrong
 * leaves nothing made; nothing is mailed (the groups hear of it when the organizer sends offers).
 */
export async function copyEvent(ctx: Ctx, actor: UserRow, source: repo.EventRow, body: EventCopyBody): Promise<EventView> {
  if (!body.sameName && sameEventName(body.name, source.name))
    throw new AppError("SameName", "The copy has the source's name; send sameName: true to keep it");
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const stations = await repo.stationsOf(tx, source.id);
    const accepted = new Map(
      (await offersRepo.acceptedOffers(tx, source.id)).map((o) => [`${o.groupId}/${o.stationId}`, o.volunteers]),
    );
    const fields: Record<string, string> = {};
    // Each offer once, named in errors by its place in the request.
    const seen = new Set<string>();
    const listed = body.offers
      .map((o, index) => ({ ...o, index, key: `${o.groupId}/${o.stationId}` }))
      .filter((o) => !seen.has(o.key) && seen.add(o.key));
    for (const o of listed) if (!accepted.has(o.key)) fields[`offers.${o.index}`] = eventMsg.copyOfferUnknown;
    if (Object.keys(fields).length) throw invalid("Only accepted offers of the source can be copied", fields);

    const event = await repo.insertEvent(tx, {
      included: source.included,
      shirtSizes: source.shirtSizes,
      foodOptions: source.foodOptions,
      substitute: source.substitute,
      organizerNumber: source.organizerNumber,
      organizerName: source.organizerName,
      organizerWebsite: source.organizerWebsite,
      organizerEmail: source.organizerEmail,
      invoiceAddress: source.invoiceAddress,
      name: body.name,
      date: body.date,
      city: body.city,
      startTime: body.startTime,
      status: "DRAFT",
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await repo.copyContacts(tx, source.id, event.id, actor.id, now);
    // A team leader whose account is gone since cannot be named again (the event form would refuse them).
    const leaders = new Set(
      (await usersByEmail(tx, [...new Set(stations.map((s) => s.teamLeaderEmail).filter(Boolean))])).map((u) => u.email),
    );
    const moved = stations.map(({ id: _id, eventId: _e, createdAt: _c, ...s }) => {
      const times = moveStation({ start: s.start.toISOString(), end: s.end.toISOString() }, source.date, body.date);
      return {
        ...s,
        start: new Date(times.start),
        end: new Date(times.end),
        teamLeaderEmail: leaders.has(s.teamLeaderEmail) ? s.teamLeaderEmail : "",
      };
    });
    const newIds = await repo.insertStations(tx, event.id, moved);
    const byOldId = new Map(stations.map((s, i) => [s.id, { ...moved[i], id: newIds.get(s.name) as string }]));

    const groups = await offersRepo.lockGroups(tx, [...new Set(listed.map((o) => o.groupId))]);
    const drafts = listed.map((o) => ({
      index: o.index,
      eventId: event.id,
      groupId: o.groupId,
      station: byOldId.get(o.stationId) as (typeof moved)[number] & { id: string },
      volunteers: accepted.get(o.key) as number,
    }));
    const booked = await offersRepo.bookedDuring(
      tx,
      drafts.map((d) => ({ groupId: d.groupId, start: d.station.start, end: d.station.end })),
    );
    drafts.forEach((d, i) => {
      const group = groups.get(d.groupId);
      const at = `offers.${d.index}`;
      if (group?.status !== "CONFIRMED") {
        fields[at] = eventMsg.copyOfferUnknown;
        return;
      }
      // The drafts before this one hold places too: at its station, and of its group at overlapping times.
      const earlier = drafts.slice(0, i);
      const held = earlier
        .filter((e) => e.station.id === d.station.id)
        .map((e) => ({ status: "DRAFT" as const, volunteers: e.volunteers }));
      const sameGroup = earlier.filter((e) => e.groupId === d.groupId && overlaps(e.station, d.station));
      const remaining = group.numberOfMembers - booked[i] - sameGroup.reduce((n, e) => n + e.volunteers, 0);
      const free = unallocated(allocation(d.station.officialQuantity, held));
      const limit = offerLimit(d.volunteers, { officialQuantity: d.station.officialQuantity, free }, remaining);
      if (limit === "TooManyVolunteers") fields[at] = offerMsg.tooManyVolunteers;
      else if (limit === "Allocated") fields[at] = offerMsg.allocated;
      else if (limit === "TooManyRequested") fields[at] = offerMsg.tooManyRequested;
    });
    if (Object.keys(fields).length) throw invalid("Some offers cannot be asked again", fields);
    await offersRepo.insertDrafts(
      tx,
      drafts.map((d) => ({ eventId: d.eventId, groupId: d.groupId, stationId: d.station.id, volunteers: d.volunteers })),
      actor.id,
      now,
    );
    return loadView(tx, event.id, actor, now);
  });
}
