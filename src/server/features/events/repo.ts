import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { EventSummary } from "#shared/events/schema";
import { type Prepared, queryRows, type Tx } from "../../db/client.ts";
import { eventContacts, events, stations, users } from "../../db/schema.ts";

export type EventRow = typeof events.$inferSelect;
export type StationRow = typeof stations.$inferSelect;
export type NewStation = Omit<typeof stations.$inferInsert, "eventId">;
export type EventValues = Omit<typeof events.$inferInsert, "id" | "version">;

export async function insertEvent(tx: Tx, values: EventValues): Promise<EventRow> {
  const [row] = await tx.insert(events).values(values).returning();
  return row;
}

export async function findEvent(tx: Tx, id: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id));
  return row;
}

/** The event, locked until the caller's transaction ends. */
export async function lockEvent(tx: Tx, id: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).for("update");
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

/** The events `userId` is a contact of, as the API answers them: one row, one array, in a fixed order the service then puts in the lists' (byDateFromToday). */
export async function summariesOfContact(tx: Tx, userId: string): Promise<EventSummary[]> {
  const [row] = await queryRows<{ list: EventSummary[] }>(
    tx,
    sql`SELECT coalesce(json_agg(json_build_object(
        'id', e.id, 'eventId', e.id, 'name', e.name, 'date', e.date, 'city', e.city, 'status', e.status
      ) ORDER BY e.date DESC, e.name, e.id), '[]') AS list
      FROM events e JOIN event_contacts c ON c.event_id = e.id AND c.user_id = ${userId}`,
  );
  return row.list;
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
export async function markHistoric(tx: Tx, cutoff: string, now: Date, onlyId?: string): Promise<EventRow[]> {
  return tx
    .update(events)
    .set({ status: "HISTORIC", historicAt: now, updatedAt: now, version: sql`${events.version} + 1` })
    .where(and(eq(events.status, "CONFIRMED"), lte(events.date, cutoff), onlyId ? eq(events.id, onlyId) : undefined))
    .returning();
}

/** Deletes only a DRAFT; contacts and stations go with it (foreign keys cascade). */
export async function deleteDraft(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(events)
    .where(and(eq(events.id, id), eq(events.status, "DRAFT")))
    .returning({ id: events.id });
  return rows.length === 1;
}

/**
 * What a contact's event view is built from, as one short string: the event's version (every change of
 * the event, its stations or its contacts bumps it), a digest of what it shows of people (contacts,
 * team leaders with an account, who confirmed it) and how many contacts have opened it (whose phones
 * show). Within one version the entries are fixed and an entry is only ever marked seen, never unmarked,
 * so that count moves with every change of what it decides. Cheap next to building the view, and exact,
 * so a view kept under the same stamp is the view. Undefined when the event does not exist or
 * `contactId` is not one of its contacts.
 */
export async function eventStamp(prepared: Prepared, eventId: string, contactId: string): Promise<string | undefined> {
  const [row] = await prepared<{ stamp: string }>(
    "event_stamp",
    `SELECT e.version || '/' || coalesce((
        SELECT md5(string_agg(concat_ws('|', u.id, u.email, u.first_name, u.last_name, u.phone), ',' ORDER BY u.id))
        FROM users u WHERE u.id IN (
          SELECT c.user_id FROM event_contacts c WHERE c.event_id = e.id
          UNION SELECT e.confirmed_by
          UNION SELECT l.id FROM stations s JOIN users l ON l.email = s.team_leader_email WHERE s.event_id = e.id)
      ), '') || '/' || (SELECT count(*) FROM event_contacts v WHERE v.event_id = e.id AND v.seen_at IS NOT NULL) AS stamp
      FROM events e
      WHERE e.id = $1 AND EXISTS (SELECT 1 FROM event_contacts m WHERE m.event_id = e.id AND m.user_id = $2)`,
    [eventId, contactId],
  );
  return row?.stamp;
}

/** The stamp of a contact's summaries: which events, each at which version. */
export async function summariesStamp(prepared: Prepared, userId: string): Promise<string> {
  const [row] = await prepared<{ stamp: string }>(
    "summaries_stamp",
    `SELECT count(*) || '/' || coalesce(md5(string_agg(e.id || ':' || e.version, ',' ORDER BY e.id)), '') AS stamp
      FROM events e JOIN event_contacts c ON c.event_id = e.id AND c.user_id = $1`,
    [userId],
  );
  return row.stamp;
}

/** The event view as the database builds it: one query, JSON shaped as the API answers (see present.ts). */
export interface EventViewRow {
  id: string;
  status: string;
  version: number;
  confirmedAt: number | null;
  /** Each with its raw phone and whether its person has opened the event (present.ts decides what shows). */
  contactPersons: Array<{ id: string; email: string; name: string; phone: string; seen: boolean; creator: boolean }>;
  stations: Array<Record<string, unknown> & { teamLeaderName: string | null }>;
  /** The viewer is a contact who has not opened the event yet (not part of the answer). */
  unseen: boolean | null;
  [field: string]: unknown;
}

const personName = (u: string) => sql.raw(`${u}.first_name || ' ' || ${u}.last_name`);

/**
 * Who an event view is for, when the statement itself decides whether they may read it: one of its
 * contacts, or the team leader with this e-mail, who gets only the stations they lead, and only once the
 * event is confirmed (a DRAFT is private to its contacts, spec 02 §4).
 */
export type ViewerFilter = "contact" | { leaderEmail: string };

/**
 * The whole event with its contacts, stations and the names behind them, in one statement, so a read
 * costs one round trip; `unseen` tells whether `viewerId` has opened it yet. With `only`, nothing unless
 * the viewer is what it names.
 */
export async function eventView(
  tx: Tx,
  eventId: string,
  viewerId: string,
  only?: ViewerFilter,
): Promise<EventViewRow | undefined> {
  const leader = typeof only === "object" ? only.leaderEmail : null;
  const [row] = await queryRows<{ view: EventViewRow }>(
    tx,
    sql`SELECT json_build_object(
      'id', e.id, 'eventId', e.id, 'name', e.name, 'date', e.date, 'startTime', e.start_time, 'city', e.city,
      'status', e.status, 'included', e.included, 'shirtSizes', e.shirt_sizes, 'foodOptions', e.food_options,
      'substitute', e.substitute, 'organizerNumber', e.organizer_number, 'organizerName', e.organizer_name,
      'organizerWebsite', e.organizer_website, 'organizerEmail', e.organizer_email,
      'invoiceAddress', e.invoice_address,
      'contactPersons', (
        SELECT coalesce(json_agg(json_build_object(
          'id', u.id, 'email', u.email, 'name', ${personName("u")},
          'phone', u.phone, 'seen', c.seen_at IS NOT NULL, 'creator', c.creator
        ) ORDER BY c.creator DESC, c.added_at, u.email), '[]')
        FROM event_contacts c JOIN users u ON u.id = c.user_id WHERE c.event_id = e.id),
      'stations', (
        SELECT coalesce(json_agg(json_build_object(
          'id', s.id, 'name', s.name, 'description', s.description, 'start', s.start, 'end', s."end",
          'municipality', s.municipality, 'markerLocation', s.marker_location,
          'markerCoordinates', json_build_object('lat', s.marker_lat, 'lng', s.marker_lng),
          'teamLeaderEmail', s.team_leader_email,
          'teamLeaderName', (SELECT ${personName("l")} FROM users l WHERE l.email = s.team_leader_email),
          'officialQuantity', s.official_quantity, 'officialMiniumumAge', s.official_minimum_age,
          'skills', s.skills, 'paymentType', s.payment_type, 'currency', s.currency,
          'groupPayment', s.group_payment, 'paymentAdult', s.payment_adult, 'paymentChild', s.payment_child
        ) ORDER BY s.start, s.name), '[]')
        FROM stations s WHERE s.event_id = e.id ${leader === null ? sql`` : sql`AND s.team_leader_email = ${leader}`}),
      'version', e.version,
      'confirmedAt', floor(extract(epoch FROM e.confirmed_at) * 1000),
      'confirmedBy', (SELECT ${personName("b")} FROM users b WHERE b.id = e.confirmed_by),
      'unseen', (SELECT m.seen_at IS NULL FROM event_contacts m WHERE m.event_id = e.id AND m.user_id = ${viewerId})
    ) AS view
    FROM events e
    WHERE e.id = ${eventId}
      ${only === "contact" ? sql`AND EXISTS (SELECT 1 FROM event_contacts m WHERE m.event_id = e.id AND m.user_id = ${viewerId})` : sql``}
      ${
        leader === null
          ? sql``
          : sql`AND e.status <> 'DRAFT'
            AND EXISTS (SELECT 1 FROM stations l WHERE l.event_id = e.id AND l.team_leader_email = ${leader})`
      }`,
  );
  return row?.view;
}

/** Marks the contact's entry seen: from now on the event's other contacts see their phone. */
export async function markSeen(tx: Tx, eventId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(eventContacts)
    .set({ seenAt: now })
    .where(and(eq(eventContacts.eventId, eventId), eq(eventContacts.userId, userId), isNull(eventContacts.seenAt)));
}

/** The addresses the event already names: its contacts' and its team leaders'. */
export async function knownAddresses(tx: Tx, eventId: string): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    tx,
    sql`SELECT u.email FROM event_contacts c JOIN users u ON u.id = c.user_id WHERE c.event_id = ${eventId}
      UNION SELECT s.team_leader_email FROM stations s WHERE s.event_id = ${eventId} AND s.team_leader_email <> ''`,
  );
  return rows.map((r) => r.email);
}

/** Who the event's contacts are, and which of them created it. */
export async function contactEntries(tx: Tx, eventId: string): Promise<Array<{ userId: string; creator: boolean }>> {
  return tx
    .select({ userId: eventContacts.userId, creator: eventContacts.creator })
    .from(eventContacts)
    .where(eq(eventContacts.eventId, eventId));
}

export async function removeContact(tx: Tx, eventId: string, userId: string): Promise<void> {
  await tx.delete(eventContacts).where(and(eq(eventContacts.eventId, eventId), eq(eventContacts.userId, userId)));
}

/**
 * Makes the contacts exactly the users with `emails` (plus the creator, who always stays and whose own
 * entry counts as seen), in one statement. Answers how many of the addresses belong to users, which of
 * `leaderEmails` do, so the caller can refuse unknown people (its transaction then undoes this), and the
 * users added now other than the creator.
 */
export async function setContactsByEmail(
  tx: Tx,
  eventId: string,
  emails: string[],
  creatorId: string | null,
  now: Date,
  leaderEmails: string[],
): Promise<{ contacts: number; leaders: string[]; added: string[] }> {
  const [row] = await queryRows<{ contacts: number; leaders: string[]; added: string[] }>(
    tx,
    sql`WITH wanted AS (SELECT id FROM users WHERE ${inArray(users.email, emails)}),
      keep AS (SELECT id FROM wanted UNION SELECT id FROM users WHERE id = ${creatorId}),
      removed AS (
        DELETE FROM event_contacts c
        WHERE c.event_id = ${eventId} AND NOT c.creator AND c.user_id NOT IN (SELECT id FROM keep)
        RETURNING 1),
      added AS (
        INSERT INTO event_contacts (event_id, user_id, creator, added_at, seen_at)
        SELECT ${eventId}::uuid, k.id, coalesce(k.id = ${creatorId}, false), ${now.toISOString()}::timestamptz,
          CASE WHEN k.id = ${creatorId} THEN ${now.toISOString()}::timestamptz END
        FROM keep k
        ON CONFLICT DO NOTHING RETURNING user_id, creator)
      SELECT (SELECT count(*) FROM wanted)::int AS contacts,
        (SELECT coalesce(array_agg(email), '{}') FROM users WHERE ${inArray(users.email, leaderEmails)}) AS leaders,
        (SELECT coalesce(array_agg(user_id::text), '{}') FROM added WHERE NOT creator) AS added`,
  );
  return row;
}

export async function stationsOf(tx: Tx, eventId: string): Promise<StationRow[]> {
  return tx.select().from(stations).where(eq(stations.eventId, eventId)).orderBy(asc(stations.start), asc(stations.name));
}

const STATION_FIELDS = [
  "name",
  "description",
  "start",
  "end",
  "municipality",
  "markerLocation",
  "markerLat",
  "markerLng",
  "teamLeaderEmail",
  "officialQuantity",
  "officialMinimumAge",
  "skills",
  "paymentType",
  "currency",
  "groupPayment",
  "paymentAdult",
  "paymentChild",
] as const satisfies ReadonlyArray<keyof NewStation>;

/** Compares as stored: instants by time, lists by content. */
const comparable = (v: unknown) => (v instanceof Date ? v.getTime() : Array.isArray(v) ? JSON.stringify(v) : (v ?? null));

function sameStation(a: NewStation, b: StationRow): boolean {
  return STATION_FIELDS.every((f) => comparable(a[f]) === comparable(b[f]));
}

/**
 * Makes the event's stations exactly `wanted`: entries carrying the id of one of its stations update it,
 * the rest are added, and stations not named are deleted. Only what changed is written, in at most three
 * statements whatever the number of stations. Renamed stations first get their id as a temporary name,
 * so renames that swap names between stations do not trip the unique index.
 */
export async function syncStations(tx: Tx, eventId: string, existing: StationRow[], wanted: Array<NewStation & { id?: string }>) {
  const byId = new Map(existing.map((s) => [s.id, s]));
  const kept = new Set(wanted.filter((s) => s.id && byId.has(s.id)).map((s) => s.id as string));
  const gone = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (gone.length) await tx.delete(stations).where(inArray(stations.id, gone));
  const renamed = wanted.filter((s) => s.id && kept.has(s.id) && byId.get(s.id)?.name !== s.name).map((s) => s.id as string);
  if (renamed.length)
    await tx
      .update(stations)
      .set({ name: sql`${stations.id}::text` })
      .where(inArray(stations.id, renamed));
  const written = wanted
    .filter((s) => !(s.id && kept.has(s.id)) || !sameStation(s, byId.get(s.id as string) as StationRow))
    .map(({ id, ...values }) => ({ ...values, eventId, ...(id && kept.has(id) ? { id } : {}) }));
  if (written.length === 0) return;
  await tx
    .insert(stations)
    .values(written)
    .onConflictDoUpdate({
      target: stations.id,
      set: Object.fromEntries(STATION_FIELDS.map((f) => [f, sql.raw(`excluded.${stations[f].name}`)])),
      // An id is only ever one of this event's own stations (see `kept`); the guard says so to the database.
      setWhere: sql`${stations.eventId} = ${eventId}`,
    });
}

export async function confirmedBetween(tx: Tx, from: string, to: string): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(and(eq(events.status, "CONFIRMED"), gte(events.date, from), lte(events.date, to)))
    .orderBy(asc(events.date), asc(events.startTime), asc(events.name));
}

/**
 * The contacts of `fromId` become those of `toId`, `creatorId` among them as its creator (seen: it is theirs),
 * the others as plain contacts who have not opened it yet. One statement.
 */
export async function copyContacts(tx: Tx, fromId: string, toId: string, creatorId: string, now: Date): Promise<void> {
  await tx.execute(
    sql`INSERT INTO event_contacts (event_id, user_id, creator, added_at, seen_at)
      SELECT ${toId}::uuid, u.id, u.id = ${creatorId}, ${now.toISOString()}::timestamptz,
        CASE WHEN u.id = ${creatorId} THEN ${now.toISOString()}::timestamptz END
      FROM (SELECT user_id AS id FROM event_contacts WHERE event_id = ${fromId} UNION SELECT ${creatorId}::uuid) u`,
  );
}

/** New stations of an event in one statement; answers each one's id by its name (unique in the event). */
export async function insertStations(tx: Tx, eventId: string, list: NewStation[]): Promise<Map<string, string>> {
  if (list.length === 0) return new Map();
  const rows = await tx
    .insert(stations)
    .values(list.map((s) => ({ ...s, eventId })))
    .returning({ id: stations.id, name: stations.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}
