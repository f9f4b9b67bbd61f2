import { addYears, canEdit, normalizeIncluded, normalizeStation, pastCutoff } from "#shared/events/rules";
import {
  type EventForm,
  type EventSummary,
  type EventUpdate,
  type EventView,
  eventMsg,
  type PublicEvent,
  type Station,
} from "#shared/events/schema";
import { msg, stockholmToday } from "#shared/validation";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { presentEvent, presentPublic, presentSummary } from "./present.ts";
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

/**
 * The contact persons a form sent, as user ids. Entries marked toBeDeleted are dropped; every other
 * address must belong to a user (the form invites unknown people first).
 */
async function resolveContacts(tx: Tx, body: EventBody): Promise<string[]> {
  const emails = [...new Set(body.contactPersons.filter((c) => !c.toBeDeleted).map((c) => c.email))];
  const found = await repo.usersByEmail(tx, emails);
  if (found.length !== emails.length) throw invalid("Unknown contact person", { contactPersons: eventMsg.contactUnknown });
  return found.map((u) => u.id);
}

/** A team leader must have an account, so they can sign in and see their station. */
async function checkTeamLeaders(tx: Tx, stations: Station[]) {
  const emails = [...new Set(stations.map((s) => s.teamLeaderEmail).filter(Boolean))];
  const known = new Set((await repo.usersByEmail(tx, emails)).map((u) => u.email));
  const fields: Record<string, string> = {};
  stations.forEach((s, i) => {
    if (s.teamLeaderEmail && !known.has(s.teamLeaderEmail)) fields[`stations.${i}.teamLeaderEmail`] = eventMsg.teamLeaderUnknown;
  });
  if (Object.keys(fields).length) throw invalid("Unknown team leader", fields);
}

/** The unique index is the last word on station names; a racing write that trips it is a conflict. */
async function guardStationNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const text = `${(err as Error)?.message ?? ""} ${(err as { cause?: Error }).cause?.message ?? ""}`;
    if (text.includes("stations_event_name_key"))
      throw conflict("Station name already exists", { stations: eventMsg.stationNameExists });
    throw err;
  }
}

export async function loadView(tx: Tx, event: repo.EventRow): Promise<EventView> {
  // One after the other: a transaction is one connection.
  const contacts = await repo.contactsOf(tx, event.id);
  const stations = await repo.stationsOf(tx, event.id);
  const leaders = await repo.usersByEmail(tx, [...new Set(stations.map((s) => s.teamLeaderEmail).filter(Boolean))]);
  const confirmedBy = event.confirmedBy ? (await repo.namesOf(tx, [event.confirmedBy])).get(event.confirmedBy) : undefined;
  return presentEvent(event, contacts, stations, {
    confirmedBy,
    teamLeaders: new Map(leaders.map((l) => [l.email, `${l.firstName} ${l.lastName}`])),
  });
}

export async function summaries(ctx: Ctx, actor: UserRow): Promise<EventSummary[]> {
  return (await repo.summariesOfContact(ctx.db, actor.id)).map(presentSummary);
}

/** A new event: its creator becomes its first contact, and stays one. */
export async function createEvent(ctx: Ctx, actor: UserRow, body: EventForm): Promise<EventView> {
  const now = ctx.clock.now();
  return guardStationNames(() =>
    ctx.db.transaction(async (tx) => {
      const contactIds = await resolveContacts(tx, body);
      await checkTeamLeaders(tx, body.stations);
      const event = await repo.insertEvent(tx, {
        ...eventValues(body),
        status: "DRAFT",
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await repo.setContacts(tx, event.id, contactIds, actor.id, now);
      await repo.syncStations(tx, event.id, body.stations.map(stationValues));
      return loadView(tx, event);
    }),
  );
}

export async function updateEvent(ctx: Ctx, event: repo.EventRow, body: EventUpdate): Promise<EventView> {
  const now = ctx.clock.now();
  if (!canEdit(event.status as never)) throw conflict("A historic event cannot be changed");
  // The date must lie ahead, except that an event keeps the date it already has.
  if (body.date !== event.date && body.date < stockholmToday(now))
    throw invalid("The date must not be in the past", { date: msg.futureDate });
  return guardStationNames(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await repo.updateEventIfVersion(tx, event.id, body.version, { ...eventValues(body), updatedAt: now });
      if (!updated) {
        const current = await repo.findEvent(tx, event.id);
        if (!current) throw notFound("Event not found");
        if (!canEdit(current.status as never)) throw conflict("A historic event cannot be changed");
        throw conflict(`Stale write: the event is at version ${current.version}, not ${body.version}`);
      }
      const contactIds = await resolveContacts(tx, body);
      await checkTeamLeaders(tx, body.stations);
      await repo.setContacts(tx, event.id, contactIds, updated.createdBy, now);
      await repo.syncStations(tx, event.id, body.stations.map(stationValues));
      return loadView(tx, updated);
    }),
  );
}

/** Confirmation publishes the event; it records when and by whom (the start fee is charged from it). */
export async function confirmEvent(ctx: Ctx, actor: UserRow, event: repo.EventRow): Promise<EventView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const confirmed = await repo.confirmDraft(tx, event.id, actor.id, now);
    if (confirmed) return loadView(tx, confirmed);
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
}

/** The client's set-historic action; the scheduled sweep does the same for every event. */
export async function setHistoric(ctx: Ctx, event: repo.EventRow): Promise<EventView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (event.status !== "HISTORIC") {
      const moved = await repo.markHistoric(tx, pastCutoff(now), now, event.id);
      if (moved.length === 0) throw conflict("Only a confirmed event more than 7 days past becomes historic");
    }
    return loadView(tx, (await repo.findEvent(tx, event.id)) as repo.EventRow);
  });
}

/** Confirmed events between the dates, clamped to today … three years ahead (spec 01 §7). */
export async function publicEvents(ctx: Ctx, startDate?: string, endDate?: string): Promise<PublicEvent[]> {
  const today = stockholmToday(ctx.clock.now());
  const last = addYears(today, 3);
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
