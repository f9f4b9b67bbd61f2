import { and, asc, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { eventContacts, events, stations, users } from "../../db/schema.ts";

export type EventRow = typeof events.$inferSelect;
export type StationRow = typeof stations.$inferSelect;
export type NewStation = Omit<typeof stations.$inferInsert, "eventId">;
export type EventValues = Omit<typeof events.$inferInsert, "id" | "version">;

export interface ContactRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  creator: boolean;
}

export async function insertEvent(tx: Tx, values: EventValues): Promise<EventRow> {
  const [row] = await tx.insert(events).values(values).returning();
  return row;
}

export async function findEvent(tx: Tx, id: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id));
  return row;
}

/** The event if `userId` is one of its contacts; nothing otherwise. */
export async function findEventOfContact(tx: Tx, id: string, userId: string): Promise<EventRow | undefined> {
  const [row] = await tx
    .select({ event: events })
    .from(events)
    .innerJoin(eventContacts, and(eq(eventContacts.eventId, events.id), eq(eventContacts.userId, userId)))
    .where(eq(events.id, id));
  return row?.event;
}

export async function summariesOfContact(tx: Tx, userId: string) {
  return tx
    .select({ id: events.id, name: events.name, date: events.date, status: events.status })
    .from(events)
    .innerJoin(eventContacts, and(eq(eventContacts.eventId, events.id), eq(eventContacts.userId, userId)))
    .orderBy(sql`${events.date} DESC`, asc(events.name));
}

/** Writes only if nobody else wrote since `version` was read; returns undefined on a stale write. */
export async function updateEventIfVersion(
  tx: Tx,
  id: string,
  version: number,
  values: Partial<EventValues>,
): Promise<EventRow | undefined> {
  const [row] = await tx
    .update(events)
    .set({ ...values, version: sql`${events.version} + 1` })
    .where(and(eq(events.id, id), eq(events.version, version)))
    .returning();
  return row;
}

/** Confirms atomically: only a DRAFT with at least one station moves, so racing confirmations cannot both win. */
export async function confirmDraft(tx: Tx, id: string, by: string, now: Date): Promise<EventRow | undefined> {
  const [row] = await tx
    .update(events)
    .set({ status: "CONFIRMED", confirmedAt: now, confirmedBy: by, updatedAt: now, version: sql`${events.version} + 1` })
    .where(
      and(
        eq(events.id, id),
        eq(events.status, "DRAFT"),
        sql`EXISTS (SELECT 1 FROM ${stations} WHERE ${stations.eventId} = ${id})`,
      ),
    )
    .returning();
  return row;
}

/** Moves confirmed events dated on or before `cutoff` to HISTORIC; safe to run twice or from two processes. */
export async function markHistoric(tx: Tx, cutoff: string, now: Date, onlyId?: string): Promise<string[]> {
  const rows = await tx
    .update(events)
    .set({ status: "HISTORIC", historicAt: now, updatedAt: now, version: sql`${events.version} + 1` })
    .where(and(eq(events.status, "CONFIRMED"), lte(events.date, cutoff), onlyId ? eq(events.id, onlyId) : undefined))
    .returning({ id: events.id });
  return rows.map((r) => r.id);
}

/** Deletes only a DRAFT; contacts and stations go with it (foreign keys cascade). */
export async function deleteDraft(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(events)
    .where(and(eq(events.id, id), eq(events.status, "DRAFT")))
    .returning({ id: events.id });
  return rows.length === 1;
}

export async function contactsOf(tx: Tx, eventId: string): Promise<ContactRow[]> {
  return tx
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      creator: eventContacts.creator,
    })
    .from(eventContacts)
    .innerJoin(users, eq(users.id, eventContacts.userId))
    .where(eq(eventContacts.eventId, eventId))
    .orderBy(sql`${eventContacts.creator} DESC`, asc(eventContacts.addedAt), asc(users.email));
}

/** Makes the contacts exactly `userIds` (plus the creator, who always stays). */
export async function setContacts(tx: Tx, eventId: string, userIds: string[], creatorId: string | null, now: Date) {
  const keep = [...new Set(creatorId ? [creatorId, ...userIds] : userIds)];
  await tx
    .delete(eventContacts)
    .where(and(eq(eventContacts.eventId, eventId), eq(eventContacts.creator, false), notInArray(eventContacts.userId, keep)));
  if (keep.length === 0) return;
  await tx
    .insert(eventContacts)
    .values(keep.map((userId) => ({ eventId, userId, creator: userId === creatorId, addedAt: now })))
    .onConflictDoNothing();
}

export async function usersByEmail(tx: Tx, emails: string[]) {
  if (emails.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, emails));
}

export async function stationsOf(tx: Tx, eventId: string): Promise<StationRow[]> {
  return tx.select().from(stations).where(eq(stations.eventId, eventId)).orderBy(asc(stations.start), asc(stations.name));
}

export async function stationsOfEvents(tx: Tx, eventIds: string[]): Promise<StationRow[]> {
  if (eventIds.length === 0) return [];
  return tx.select().from(stations).where(inArray(stations.eventId, eventIds)).orderBy(asc(stations.start), asc(stations.name));
}

/**
 * Makes the event's stations exactly `wanted`: entries carrying the id of one of its stations update it,
 * the rest are added, and stations not named are deleted. Kept stations first get their id as a
 * temporary name, so renames that swap names between stations do not trip the unique index.
 */
export async function syncStations(tx: Tx, eventId: string, wanted: Array<NewStation & { id?: string }>) {
  const existing = new Set(
    (await tx.select({ id: stations.id }).from(stations).where(eq(stations.eventId, eventId))).map((r) => r.id),
  );
  const kept = wanted.filter((s) => s.id && existing.has(s.id));
  const keptIds = kept.map((s) => s.id as string);
  await tx
    .delete(stations)
    .where(and(eq(stations.eventId, eventId), keptIds.length ? notInArray(stations.id, keptIds) : undefined));
  if (keptIds.length)
    await tx
      .update(stations)
      .set({ name: sql`${stations.id}::text` })
      .where(inArray(stations.id, keptIds));
  for (const s of kept) {
    const { id, ...values } = s;
    await tx
      .update(stations)
      .set(values)
      .where(and(eq(stations.id, id as string), eq(stations.eventId, eventId)));
  }
  const added = wanted
    .filter((s) => !(s.id && existing.has(s.id)))
    .map(({ id: _ignored, ...values }) => ({ ...values, eventId }));
  if (added.length) await tx.insert(stations).values(added);
}

export async function confirmedBetween(tx: Tx, from: string, to: string): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(and(eq(events.status, "CONFIRMED"), gte(events.date, from), lte(events.date, to)))
    .orderBy(asc(events.date), asc(events.startTime), asc(events.name));
}

export async function namesOf(tx: Tx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

/** Takes a transaction-scoped advisory lock, so only one process at a time runs the guarded section. */
export async function advisoryLock(tx: Tx, key: number) {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${key})`);
}
