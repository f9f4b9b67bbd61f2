import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { events, groupAvailabilities, groupContacts, groups, groupVolunteers, stations, users } from "../../db/schema.ts";

export type GroupRow = typeof groups.$inferSelect;
export type VolunteerRow = typeof groupVolunteers.$inferSelect;
export type AvailabilityRow = typeof groupAvailabilities.$inferSelect;
export type GroupFieldsRow = Pick<
  typeof groups.$inferInsert,
  "name" | "organizationNumber" | "organizationName" | "municipality" | "numberOfMembers" | "ages" | "sport" | "skills"
>;

export interface ContactRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** When the person first opened the group; until then the other contacts do not see their phone. */
  seenAt: Date | null;
}

export async function findGroup(tx: Tx, id: string): Promise<GroupRow | undefined> {
  const [row] = await tx.select().from(groups).where(eq(groups.id, id));
  return row;
}

/** The group, locked until the caller's transaction ends. */
export async function lockGroup(tx: Tx, id: string): Promise<GroupRow | undefined> {
  const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for("update");
  return row;
}

/** Deletes the group with everything of it (contacts, volunteers, availabilities) if it is still a DRAFT. */
export async function deleteDraft(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(groups)
    .where(and(eq(groups.id, id), eq(groups.status, "DRAFT")))
    .returning({ id: groups.id });
  return rows.length === 1;
}

export async function isContact(tx: Tx, groupId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: groupContacts.userId })
    .from(groupContacts)
    .where(and(eq(groupContacts.groupId, groupId), eq(groupContacts.userId, userId)));
  return rows.length > 0;
}

export async function summariesOf(tx: Tx, userId: string) {
  return tx
    .select({ id: groups.id, name: groups.name, organizationName: groups.organizationName, status: groups.status })
    .from(groups)
    .innerJoin(groupContacts, eq(groupContacts.groupId, groups.id))
    .where(eq(groupContacts.userId, userId));
}

export async function insertGroup(tx: Tx, values: GroupFieldsRow & { createdBy: string }, now: Date): Promise<GroupRow> {
  const [row] = await tx
    .insert(groups)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

/**
 * Applies a change only if nobody changed the group since `version` was read; the row lock this takes also
 * serialises everything else the same transaction does to the group. Undefined when the version is stale.
 */
export async function bumpGroup(
  tx: Tx,
  id: string,
  version: number,
  values: Partial<typeof groups.$inferInsert>,
  now: Date,
): Promise<GroupRow | undefined> {
  const [row] = await tx
    .update(groups)
    .set({ ...values, version: sql`${groups.version} + 1`, updatedAt: now })
    .where(and(eq(groups.id, id), eq(groups.version, version)))
    .returning();
  return row;
}

export async function contactsOf(tx: Tx, groupId: string): Promise<ContactRow[]> {
  return tx
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      seenAt: groupContacts.seenAt,
    })
    .from(groupContacts)
    .innerJoin(users, eq(users.id, groupContacts.userId))
    .where(eq(groupContacts.groupId, groupId))
    .orderBy(asc(groupContacts.addedAt), asc(users.email));
}

/** Adds contacts; `seenId`'s entry (the creator's own) counts as seen at once. */
export async function addContacts(tx: Tx, groupId: string, userIds: string[], now: Date, seenId?: string) {
  if (userIds.length === 0) return;
  await tx
    .insert(groupContacts)
    .values(userIds.map((userId) => ({ groupId, userId, addedAt: now, seenAt: userId === seenId ? now : null })))
    .onConflictDoNothing();
}

/** Marks the contact's entry seen: from now on the group's other contacts see their phone. */
export async function markSeen(tx: Tx, groupId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(groupContacts)
    .set({ seenAt: now })
    .where(and(eq(groupContacts.groupId, groupId), eq(groupContacts.userId, userId), isNull(groupContacts.seenAt)));
}

export async function removeContacts(tx: Tx, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await tx.delete(groupContacts).where(and(eq(groupContacts.groupId, groupId), inArray(groupContacts.userId, userIds)));
}

export async function volunteersOf(tx: Tx, groupId: string): Promise<VolunteerRow[]> {
  return tx
    .select()
    .from(groupVolunteers)
    .where(eq(groupVolunteers.groupId, groupId))
    .orderBy(asc(groupVolunteers.position), asc(groupVolunteers.createdAt));
}

export type VolunteerValues = Pick<typeof groupVolunteers.$inferInsert, "name" | "email" | "phone" | "age" | "participation">;

/** Makes the group's volunteers exactly `list`: rows named by id are updated, others inserted, the rest deleted. */
export async function replaceVolunteers(tx: Tx, groupId: string, list: Array<VolunteerValues & { id?: string }>, now: Date) {
  const existing = new Set(
    (await tx.select({ id: groupVolunteers.id }).from(groupVolunteers).where(eq(groupVolunteers.groupId, groupId))).map(
      (r) => r.id,
    ),
  );
  const kept = new Set(list.map((v) => v.id).filter((id): id is string => !!id && existing.has(id)));
  const gone = [...existing].filter((id) => !kept.has(id));
  // Removed volunteers are deleted for good: nothing of a minor's data stays behind.
  if (gone.length > 0)
    await tx.delete(groupVolunteers).where(and(eq(groupVolunteers.groupId, groupId), inArray(groupVolunteers.id, gone)));
  for (const [position, v] of list.entries()) {
    const values = { name: v.name, email: v.email, phone: v.phone, age: v.age, participation: v.participation, position };
    if (v.id && kept.has(v.id)) {
      await tx
        .update(groupVolunteers)
        .set({ ...values, updatedAt: now })
        .where(and(eq(groupVolunteers.groupId, groupId), eq(groupVolunteers.id, v.id)));
    } else {
      await tx.insert(groupVolunteers).values({ ...values, groupId, createdAt: now, updatedAt: now });
    }
  }
}

export async function availabilitiesOf(tx: Tx, groupId: string): Promise<AvailabilityRow[]> {
  return tx
    .select()
    .from(groupAvailabilities)
    .where(eq(groupAvailabilities.groupId, groupId))
    .orderBy(asc(groupAvailabilities.position), asc(groupAvailabilities.createdAt));
}

export type AvailabilityValues = Pick<
  typeof groupAvailabilities.$inferInsert,
  "type" | "startDate" | "endDate" | "eventId" | "location"
>;

export async function replaceAvailabilities(tx: Tx, groupId: string, list: AvailabilityValues[], now: Date) {
  await tx.delete(groupAvailabilities).where(eq(groupAvailabilities.groupId, groupId));
  if (list.length === 0) return;
  await tx.insert(groupAvailabilities).values(list.map((a, position) => ({ ...a, groupId, position, createdAt: now })));
}

/** Status and station municipalities of the events named, for EVENT availabilities. */
export async function eventsWithLocations(tx: Tx, eventIds: string[]) {
  if (eventIds.length === 0) return new Map<string, { status: string; locations: string[] }>();
  const rows = await tx
    .select({ id: events.id, status: events.status, municipality: stations.municipality })
    .from(events)
    .leftJoin(stations, eq(stations.eventId, events.id))
    .where(inArray(events.id, eventIds));
  const found = new Map<string, { status: string; locations: string[] }>();
  for (const r of rows) {
    const entry = found.get(r.id) ?? { status: r.status, locations: [] };
    if (r.municipality && !entry.locations.includes(r.municipality)) entry.locations.push(r.municipality);
    found.set(r.id, entry);
  }
  return found;
}

export async function eventNames(tx: Tx, eventIds: string[]): Promise<Map<string, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: events.id, name: events.name, date: events.date })
    .from(events)
    .where(inArray(events.id, eventIds));
  return new Map(rows.map((r) => [r.id, `${r.name} (${r.date})`]));
}
