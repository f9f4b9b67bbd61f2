import { and, eq, type SQL, sql } from "drizzle-orm";
import type { OfferStatus } from "#shared/offers/schema";
import { type Prepared, queryRows, type Tx } from "../../db/client.ts";
import { offers } from "../../db/schema.ts";

export type OfferRowData = typeof offers.$inferSelect;

export interface OfferKey {
  eventId: string;
  groupId: string;
  stationId: string;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The station of an event with the event's status, locked for the rest of the transaction. */
export interface LockedStation {
  id: string;
  eventId: string;
  name: string;
  start: Date;
  end: Date;
  officialQuantity: number;
  eventStatus: string;
}

/**
 * Locks a station (then, by the caller, a group): every writer that changes what a station or a group has
 * promised takes these locks in this order, so parallel writes queue instead of over-allocating
 * (STAFFING §1) and cannot deadlock.
 */
export async function lockStation(tx: Tx, eventId: string, stationId: string): Promise<LockedStation | undefined> {
  const [row] = await queryRows<LockedStation & { start: Date | string; end: Date | string }>(
    tx,
    sql`SELECT s.id, s.event_id AS "eventId", s.name, s.start, s."end", s.official_quantity AS "officialQuantity",
        e.status AS "eventStatus"
      FROM stations s JOIN events e ON e.id = s.event_id
      WHERE s.id = ${stationId} AND s.event_id = ${eventId}
      FOR UPDATE OF s`,
  );
  return row && { ...row, start: new Date(row.start), end: new Date(row.end) };
}

/**
 * The volunteers a group has promised (offers that hold places) at stations overlapping a time span, in any
 * event: the remaining-members rule of STAFFING §1 (end exclusive), as one scalar subquery. `except` leaves
 * out one station (the one an offer is being made at).
 */
const bookedBy = (group: SQL, start: SQL, end: SQL, except?: SQL) =>
  sql`(SELECT coalesce(sum(o.volunteers), 0)::int FROM offers o JOIN stations s ON s.id = o.station_id
    WHERE o.group_id = ${group} AND o.status IN ('DRAFT', 'PROPOSAL', 'ACCEPTED')
      ${except ? sql`AND o.station_id <> ${except}` : sql``} AND s.start < ${end} AND s."end" > ${start})`;

/** What holds places at a station, and what the group has promised at stations overlapping `span`. */
export async function heldPlaces(
  tx: Tx,
  key: OfferKey,
  span: { start: Date; end: Date },
): Promise<{ station: Array<{ status: OfferStatus; volunteers: number }>; groupBooked: number }> {
  const [row] = await queryRows<{ station: Array<{ status: OfferStatus; volunteers: number }>; booked: number }>(
    tx,
    sql`SELECT
        (SELECT coalesce(json_agg(json_build_object('status', o.status, 'volunteers', o.volunteers)), '[]')
          FROM offers o WHERE o.station_id = ${key.stationId} AND o.group_id <> ${key.groupId}) AS station,
        ${bookedBy(sql`${key.groupId}::uuid`, sql`${span.start.toISOString()}::timestamptz`, sql`${span.end.toISOString()}::timestamptz`, sql`${key.stationId}::uuid`)} AS booked`,
  );
  return { station: row.station, groupBooked: row.booked };
}

export async function findOffer(tx: Tx, key: OfferKey): Promise<OfferRowData | undefined> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.eventId, key.eventId), eq(offers.groupId, key.groupId), eq(offers.stationId, key.stationId)));
  return row;
}

/** A new DRAFT, or a DRAFT in place of an answered (declined or expired) offer at the same key. */
export async function putDraft(tx: Tx, key: OfferKey, volunteers: number, createdBy: string, now: Date) {
  const fresh = {
    volunteers,
    status: "DRAFT",
    attendees: [],
    adultAttendance: null,
    childAttendance: null,
    createdBy,
    createdAt: now,
    sentAt: null,
    remindedAt: null,
    answeredAt: null,
    expiresAt: null,
  };
  await tx
    .insert(offers)
    .values({ ...key, ...fresh })
    .onConflictDoUpdate({ target: [offers.eventId, offers.groupId, offers.stationId], set: fresh });
}

/** The event's ACCEPTED offers, with their group's status: what a copy of the event may ask again. */
export async function acceptedOffers(tx: Tx, eventId: string) {
  return queryRows<{ groupId: string; stationId: string; volunteers: number }>(
    tx,
    sql`SELECT group_id AS "groupId", station_id AS "stationId", volunteers FROM offers
      WHERE event_id = ${eventId} AND status = 'ACCEPTED'`,
  );
}

/** The groups, locked in id order (so parallel copies cannot deadlock), with what an offer needs of them. */
export async function lockGroups(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { numberOfMembers: number; status: string }>();
  const rows = await queryRows<{ id: string; numberOfMembers: number; status: string }>(
    tx,
    sql`SELECT id, number_of_members AS "numberOfMembers", status FROM groups
      WHERE id::text IN (${list(ids)}) ORDER BY id FOR UPDATE`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * For each (group, time span): the volunteers the group has promised at stations overlapping it, in any
 * event (the remaining-members rule of STAFFING §1). One statement for all of them, in their order.
 */
export async function bookedDuring(tx: Tx, spans: ReadonlyArray<{ groupId: string; start: Date; end: Date }>): Promise<number[]> {
  if (spans.length === 0) return [];
  const payload = JSON.stringify(
    spans.map((s, i) => ({ i, group_id: s.groupId, start: s.start.toISOString(), end: s.end.toISOString() })),
  );
  const rows = await queryRows<{ i: number; booked: number }>(
    tx,
    sql`SELECT x.i, ${bookedBy(sql`x.group_id`, sql`x.start`, sql`x."end"`)} AS booked
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(i int, group_id uuid, start timestamptz, "end" timestamptz)
      ORDER BY x.i`,
  );
  return rows.map((r) => r.booked);
}

/** New DRAFT offers in one statement. */
export async function insertDrafts(
  tx: Tx,
  drafts: ReadonlyArray<OfferKey & { volunteers: number }>,
  createdBy: string,
  now: Date,
): Promise<void> {
  if (drafts.length === 0) return;
  await tx.insert(offers).values(drafts.map((d) => ({ ...d, status: "DRAFT", createdBy, createdAt: now })));
}

export async function deleteOffer(tx: Tx, key: OfferKey): Promise<OfferRowData | undefined> {
  const [row] = await tx
    .delete(offers)
    .where(and(eq(offers.eventId, key.eventId), eq(offers.groupId, key.groupId), eq(offers.stationId, key.stationId)))
    .returning();
  return row;
}

/** Moves an offer from one status to another; undefined when it was not in `from` (someone was first). */
export async function moveOffer(
  tx: Tx,
  key: OfferKey,
  from: OfferStatus,
  values: Partial<typeof offers.$inferInsert>,
): Promise<OfferRowData | undefined> {
  const [row] = await tx
    .update(offers)
    .set(values)
    .where(
      and(
        eq(offers.eventId, key.eventId),
        eq(offers.groupId, key.groupId),
        eq(offers.stationId, key.stationId),
        eq(offers.status, from),
      ),
    )
    .returning();
  return row;
}

export interface SentOffer extends OfferKey {
  groupName: string;
  stationName: string;
  start: Date;
  end: Date;
  volunteers: number;
  expiresAt: Date;
}

/**
 * DRAFT → PROPOSAL for the listed offers of the event (all its DRAFTs when none are listed), each with its
 * answer-by instant: `answerBy`, or a week on, never after its station's start. One statement.
 */
export async function sendDrafts(
  tx: Tx,
  eventId: string,
  keys: Array<{ groupId: string; stationId: string }>,
  now: Date,
  answerBy: Date,
): Promise<SentOffer[]> {
  const only = keys.length
    ? sql`AND (o.group_id::text || '/' || o.station_id::text) IN (${list(keys.map((k) => `${k.groupId}/${k.stationId}`))})`
    : sql``;
  const rows = await queryRows<SentOffer & { start: string | Date; end: string | Date; expiresAt: string | Date }>(
    tx,
    sql`UPDATE offers o SET status = 'PROPOSAL', sent_at = ${now.toISOString()}::timestamptz,
        expires_at = least(${answerBy.toISOString()}::timestamptz, s.start)
      FROM stations s, groups g
      WHERE s.id = o.station_id AND g.id = o.group_id AND o.event_id = ${eventId} AND o.status = 'DRAFT' ${only}
      RETURNING o.event_id AS "eventId", o.group_id AS "groupId", o.station_id AS "stationId", g.name AS "groupName",
        s.name AS "stationName", s.start, s."end", o.volunteers, o.expires_at AS "expiresAt"`,
  );
  return rows.map((r) => ({ ...r, start: new Date(r.start), end: new Date(r.end), expiresAt: new Date(r.expiresAt) }));
}

/** An offer awaiting its answer, with when it went out and was last reminded of. */
export interface AwaitingOffer extends OfferKey {
  groupName: string;
  sentAt: Date | null;
  remindedAt: Date | null;
}

/**
 * The event's offers awaiting an answer, locked until the transaction ends: two reminders asked for at
 * once are decided one after the other, the second seeing the first's reminder time.
 */
export async function lockAwaiting(tx: Tx, eventId: string): Promise<AwaitingOffer[]> {
  const rows = await queryRows<AwaitingOffer & { sentAt: Date | string | null; remindedAt: Date | string | null }>(
    tx,
    sql`SELECT o.event_id AS "eventId", o.group_id AS "groupId", o.station_id AS "stationId", g.name AS "groupName",
        o.sent_at AS "sentAt", o.reminded_at AS "remindedAt"
      FROM offers o JOIN groups g ON g.id = o.group_id
      WHERE o.event_id = ${eventId} AND o.status = 'PROPOSAL'
      ORDER BY o.group_id, o.station_id
      FOR UPDATE OF o`,
  );
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({ ...r, sentAt: at(r.sentAt), remindedAt: at(r.remindedAt) }));
}

/** The offers among `keys` (of one event), as an SQL condition on `o`. */
export const keysWhere = (eventId: string, keys: ReadonlyArray<{ groupId: string; stationId: string }>) =>
  keys.length
    ? sql`o.event_id = ${eventId} AND (o.group_id::text || '/' || o.station_id::text) IN (${list(keys.map((k) => `${k.groupId}/${k.stationId}`))})`
    : sql`false`;

/** Marks the event's PROPOSALs reminded; answers them with group and station, for the mails. */
export async function markReminded(tx: Tx, where: SQL, now: Date): Promise<SentOffer[]> {
  const rows = await queryRows<SentOffer & { start: string | Date; end: string | Date; expiresAt: string | Date }>(
    tx,
    sql`UPDATE offers o SET reminded_at = ${now.toISOString()}::timestamptz
      FROM stations s, groups g
      WHERE s.id = o.station_id AND g.id = o.group_id AND o.status = 'PROPOSAL' AND ${where}
      RETURNING o.event_id AS "eventId", o.group_id AS "groupId", o.station_id AS "stationId", g.name AS "groupName",
        s.name AS "stationName", s.start, s."end", o.volunteers, o.expires_at AS "expiresAt"`,
  );
  return rows.map((r) => ({ ...r, start: new Date(r.start), end: new Date(r.end), expiresAt: new Date(r.expiresAt) }));
}

/** PROPOSAL → EXPIRED for offers past their answer-by instant whose station is more than `handsOff` away. */
export async function expireDue(tx: Tx, now: Date, handsOffUntil: Date, limit: number): Promise<SentOffer[]> {
  const rows = await queryRows<SentOffer & { start: string | Date; end: string | Date; expiresAt: string | Date }>(
    tx,
    sql`WITH due AS (
        SELECT o.event_id, o.group_id, o.station_id FROM offers o JOIN stations s ON s.id = o.station_id
        WHERE o.status = 'PROPOSAL' AND o.expires_at <= ${now.toISOString()}::timestamptz
          AND s.start > ${handsOffUntil.toISOString()}::timestamptz
        LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED)
      UPDATE offers o SET status = 'EXPIRED'
      FROM due, stations s, groups g
      WHERE o.event_id = due.event_id AND o.group_id = due.group_id AND o.station_id = due.station_id
        AND s.id = o.station_id AND g.id = o.group_id
      RETURNING o.event_id AS "eventId", o.group_id AS "groupId", o.station_id AS "stationId", g.name AS "groupName",
        s.name AS "stationName", s.start, s."end", o.volunteers, o.expires_at AS "expiresAt"`,
  );
  return rows.map((r) => ({ ...r, start: new Date(r.start), end: new Date(r.end), expiresAt: new Date(r.expiresAt) }));
}

/**
 * The PROPOSALs whose automatic reminder is due (2 days before answer-by), away from their station's last
 * 48 h, not reminded of yet and sent before `sentBefore` (a day ago: an offer sent close to its answer-by
 * date is not reminded of the moment it arrives).
 */
export const reminderDueWhere = (now: Date, remindFrom: Date, handsOffUntil: Date, sentBefore: Date, limit: number) =>
  sql`o.reminded_at IS NULL AND o.expires_at > ${now.toISOString()}::timestamptz
    AND o.expires_at <= ${remindFrom.toISOString()}::timestamptz AND s.start > ${handsOffUntil.toISOString()}::timestamptz
    AND (o.sent_at IS NULL OR o.sent_at <= ${sentBefore.toISOString()}::timestamptz)
    AND (o.event_id, o.group_id, o.station_id) IN (
      SELECT d.event_id, d.group_id, d.station_id FROM offers d JOIN stations ds ON ds.id = d.station_id
      WHERE d.status = 'PROPOSAL' AND d.reminded_at IS NULL
        AND d.expires_at > ${now.toISOString()}::timestamptz AND d.expires_at <= ${remindFrom.toISOString()}::timestamptz
        AND ds.start > ${handsOffUntil.toISOString()}::timestamptz
        AND (d.sent_at IS NULL OR d.sent_at <= ${sentBefore.toISOString()}::timestamptz)
      LIMIT ${limit})`;

/** Who gets a mail: the users behind a group's or an event's contacts, with their language. */
export interface Recipient {
  email: string;
  firstName: string;
  language: string;
  phone: string;
  /** The group or event they are a contact of. */
  of: string;
}

export async function groupContacts(tx: Tx, groupIds: readonly string[]): Promise<Recipient[]> {
  if (groupIds.length === 0) return [];
  return queryRows<Recipient>(
    tx,
    sql`SELECT u.email, u.first_name AS "firstName", u.language, u.phone, c.group_id AS "of"
      FROM group_contacts c JOIN users u ON u.id = c.user_id WHERE c.group_id IN (${list(groupIds)})`,
  );
}

export async function eventContacts(tx: Tx, eventIds: readonly string[]): Promise<Recipient[]> {
  if (eventIds.length === 0) return [];
  return queryRows<Recipient>(
    tx,
    sql`SELECT u.email, u.first_name AS "firstName", u.language, u.phone, c.event_id AS "of"
      FROM event_contacts c JOIN users u ON u.id = c.user_id WHERE c.event_id IN (${list(eventIds)})`,
  );
}

export async function eventNames(tx: Tx, eventIds: readonly string[]): Promise<Map<string, { name: string; date: string }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string; date: string }>(
    tx,
    sql`SELECT id, name, date::text AS date FROM events WHERE id IN (${list(eventIds)})`,
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, date: r.date }]));
}

// ── Views ───────────────────────────────────────────────────────────────────────────────────────────

/** One offer with its station (and its counters), event and group, as one row of one statement. */
export interface OfferViewRow {
  eventId: string;
  groupId: string;
  stationId: string;
  status: OfferStatus;
  volunteers: number;
  attendees: string[];
  adultAttendance: number | null;
  childAttendance: number | null;
  createdAt: Date | string;
  sentAt: Date | string | null;
  remindedAt: Date | string | null;
  answeredAt: Date | string | null;
  expiresAt: Date | string | null;
  station: Record<string, unknown> & { start: string; end: string; officialQuantity: number };
  event: Record<string, unknown> & { status: string; name: string };
  group: Record<string, unknown> & { name: string };
  /** Sums of the station's offers by status. */
  held: Record<string, number>;
  /** Only when asked for (personal data; see `offerViews`). */
  /** With the raw phone and whether its person has opened the group (present.ts decides what shows). */
  contacts: Array<{ userId: string; name: string; email: string; phone: string; seen: boolean }> | null;
  named: Array<Record<string, unknown>> | null;
}

/**
 * Which offers a view shows. `personal` says when the group's contacts and named volunteers come along:
 * "accepted" for the organizer and team leader (only once the group accepted, until the event is
 * finished — ARCHITECTURE §4), "always" for the group's own contacts.
 */
export async function offerViews(tx: Tx, where: SQL, personal: "accepted" | "always"): Promise<OfferViewRow[]> {
  const show = personal === "always" ? sql`true` : sql`(o.status = 'ACCEPTED' AND e.status <> 'HISTORIC')`;
  return queryRows<OfferViewRow>(
    tx,
    sql`SELECT o.event_id AS "eventId", o.group_id AS "groupId", o.station_id AS "stationId", o.status, o.volunteers,
        o.attendees, o.adult_attendance AS "adultAttendance", o.child_attendance AS "childAttendance",
        o.created_at AS "createdAt", o.sent_at AS "sentAt", o.reminded_at AS "remindedAt",
        o.answered_at AS "answeredAt", o.expires_at AS "expiresAt",
        json_build_object('id', s.id, 'name', s.name, 'description', s.description, 'start', s.start, 'end', s."end",
          'municipality', s.municipality, 'markerLocation', s.marker_location,
          'markerCoordinates', json_build_object('lat', s.marker_lat, 'lng', s.marker_lng),
          'officialQuantity', s.official_quantity, 'officialMiniumumAge', s.official_minimum_age, 'skills', s.skills,
          'paymentType', s.payment_type, 'currency', s.currency, 'groupPayment', s.group_payment,
          'paymentAdult', s.payment_adult, 'paymentChild', s.payment_child) AS station,
        json_build_object('id', e.id, 'name', e.name, 'date', e.date, 'startTime', e.start_time, 'city', e.city,
          'status', e.status, 'included', e.included, 'shirtSizes', e.shirt_sizes, 'foodOptions', e.food_options,
          'substitute', e.substitute, 'organizerName', e.organizer_name) AS event,
        json_build_object('id', g.id, 'name', g.name, 'organizationName', g.organization_name,
          'municipality', g.municipality, 'numberOfMembers', g.number_of_members, 'ages', g.ages, 'sport', g.sport,
          'skills', g.skills) AS group,
        (SELECT coalesce(json_object_agg(h.status, h.n), '{}') FROM (
          SELECT x.status, sum(x.volunteers)::int AS n FROM offers x WHERE x.station_id = o.station_id GROUP BY x.status
        ) h) AS held,
        CASE WHEN ${show} THEN (
          SELECT coalesce(json_agg(json_build_object('name', u.first_name || ' ' || u.last_name, 'email', u.email,
            'userId', u.id, 'phone', u.phone, 'seen', c.seen_at IS NOT NULL) ORDER BY c.added_at, u.email), '[]')
          FROM group_contacts c JOIN users u ON u.id = c.user_id WHERE c.group_id = o.group_id) END AS contacts,
        CASE WHEN ${show} THEN (
          SELECT coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'email', v.email, 'phone', v.phone,
            'age', v.age, 'participation', (
              SELECT p FROM jsonb_array_elements(v.participation) p WHERE p->>'eventId' = o.event_id::text LIMIT 1),
            'confirmed', r.confirmed, 'message', r.message)
            ORDER BY v.position, v.created_at), '[]')
          FROM group_volunteers v
            LEFT JOIN station_reminders r ON r.station_id = o.station_id AND r.volunteer_id = v.id
          WHERE v.group_id = o.group_id AND o.attendees ? v.id::text) END AS named
      FROM offers o
        JOIN stations s ON s.id = o.station_id
        JOIN events e ON e.id = o.event_id
        JOIN groups g ON g.id = o.group_id
      WHERE ${where}
      ORDER BY e.date, s.start, s.name, g.name`,
  );
}

export const byEvent = (eventId: string, stationIds?: readonly string[]) =>
  stationIds ? sql`o.event_id = ${eventId} AND o.station_id IN (${list(stationIds)})` : sql`o.event_id = ${eventId}`;
export const byStation = (eventId: string, stationId: string) => sql`o.event_id = ${eventId} AND o.station_id = ${stationId}`;
export const byKey = (k: OfferKey) =>
  sql`o.event_id = ${k.eventId} AND o.group_id = ${k.groupId} AND o.station_id = ${k.stationId}`;
/** Groups never see DRAFTs: an offer is theirs to see once it is sent. */
export const ofContact = (userId: string) =>
  sql`o.status <> 'DRAFT' AND o.group_id IN (SELECT c.group_id FROM group_contacts c WHERE c.user_id = ${userId})`;
export const ofGroup = (groupId: string, eventId?: string) =>
  eventId
    ? sql`o.status <> 'DRAFT' AND o.group_id = ${groupId} AND o.event_id = ${eventId}`
    : sql`o.status <> 'DRAFT' AND o.group_id = ${groupId}`;

/** A station of the event with the sums of its offers by status: the counters when it has no offer in view. */
export async function stationWithHeld(tx: Tx, eventId: string, stationId: string) {
  const [row] = await queryRows<{ station: OfferViewRow["station"]; held: Record<string, number> }>(
    tx,
    sql`SELECT json_build_object('id', s.id, 'name', s.name, 'description', s.description, 'start', s.start,
          'end', s."end", 'municipality', s.municipality, 'markerLocation', s.marker_location,
          'markerCoordinates', json_build_object('lat', s.marker_lat, 'lng', s.marker_lng),
          'officialQuantity', s.official_quantity, 'officialMiniumumAge', s.official_minimum_age, 'skills', s.skills,
          'paymentType', s.payment_type, 'currency', s.currency, 'groupPayment', s.group_payment,
          'paymentAdult', s.payment_adult, 'paymentChild', s.payment_child) AS station,
        (SELECT coalesce(json_object_agg(h.status, h.n), '{}') FROM (
          SELECT x.status, sum(x.volunteers)::int AS n FROM offers x WHERE x.station_id = s.id GROUP BY x.status
        ) h) AS held
      FROM stations s WHERE s.id = ${stationId} AND s.event_id = ${eventId}`,
  );
  return row;
}

// ── Ranking ─────────────────────────────────────────────────────────────────────────────────────────

export interface CandidateRow {
  id: string;
  name: string;
  organizationName: string;
  municipality: string;
  numberOfMembers: number;
  ages: string[];
  sport: number;
  skills: string[];
  /** The municipalities of the availabilities that matched. */
  locations: string[];
  booked: number;
  promised: number;
  attended: number;
  season: number;
}

/**
 * CONFIRMED groups with an availability in one of `locations` that covers the dates (a PERIOD overlapping
 * them, or an EVENT availability for this event), without an offer at the station, old enough for it and
 * with members left at its time — with what they have promised at overlapping stations, their attendance
 * record and this season's accepted places. One named statement, planned once per connection; only rows the
 * ranking keeps come back.
 */
export async function candidates(
  prepared: Prepared,
  q: {
    eventId: string;
    stationId: string;
    locations: readonly string[];
    from: string;
    to: string;
    start: Date;
    end: Date;
    seasonStart: Date;
    seasonEnd: Date;
    minimumAge: number;
  },
): Promise<CandidateRow[]> {
  return prepared<CandidateRow>(
    "offer_candidates",
    `WITH matched AS (
        SELECT a.group_id, array_agg(DISTINCT a.location) AS locations
        FROM group_availabilities a
        WHERE a.location = ANY($3::text[])
          AND ((a.type = 'PERIOD' AND a.start_date <= $5::date AND a.end_date >= $4::date)
            OR (a.type = 'EVENT' AND a.event_id = $1::uuid))
        GROUP BY a.group_id)
      SELECT g.id, g.name, g.organization_name AS "organizationName", g.municipality,
        g.number_of_members AS "numberOfMembers", g.ages, g.sport, g.skills, m.locations,
        coalesce(h.booked, 0)::int AS booked, coalesce(h.promised, 0)::int AS promised,
        coalesce(h.attended, 0)::int AS attended, coalesce(h.season, 0)::int AS season
      FROM matched m
        JOIN groups g ON g.id = m.group_id AND g.status = 'CONFIRMED'
        LEFT JOIN LATERAL (
          SELECT
            sum(o.volunteers) FILTER (WHERE o.status IN ('DRAFT', 'PROPOSAL', 'ACCEPTED')
              AND s.start < $7::timestamptz AND s."end" > $6::timestamptz) AS booked,
            sum(o.volunteers) FILTER (WHERE o.status = 'ACCEPTED' AND o.adult_attendance IS NOT NULL) AS promised,
            sum(o.adult_attendance + coalesce(o.child_attendance, 0))
              FILTER (WHERE o.status = 'ACCEPTED' AND o.adult_attendance IS NOT NULL) AS attended,
            sum(o.volunteers) FILTER (WHERE o.status = 'ACCEPTED' AND s.start >= $8::timestamptz
              AND s.start < $9::timestamptz) AS season
          FROM offers o JOIN stations s ON s.id = o.station_id
          WHERE o.group_id = g.id) h ON true
      WHERE NOT EXISTS (SELECT 1 FROM offers x WHERE x.station_id = $2::uuid AND x.group_id = g.id)
        -- Old enough: the oldest age band ("18+" counts as 18) reaches the station's minimum age.
        AND (SELECT max(CASE WHEN x = '18+' THEN 18 ELSE x::int END) FROM jsonb_array_elements_text(g.ages) x) >= $10
        -- Members left at the station's time.
        AND g.number_of_members > coalesce(h.booked, 0)`,
    [
      q.eventId,
      q.stationId,
      q.locations,
      q.from,
      q.to,
      q.start.toISOString(),
      q.end.toISOString(),
      q.seasonStart.toISOString(),
      q.seasonEnd.toISOString(),
      q.minimumAge,
    ],
  );
}

/** The station the ranking is for, with the event's date and status. */
export async function stationForRanking(tx: Tx, eventId: string, stationId: string) {
  const [row] = await queryRows<{
    start: Date | string;
    end: Date | string;
    municipality: string;
    lat: number;
    lng: number;
    officialQuantity: number;
    minimumAge: number;
    skills: string[];
    eventStatus: string;
    held: Record<string, number>;
  }>(
    tx,
    sql`SELECT s.start, s."end", s.municipality, s.marker_lat AS lat, s.marker_lng AS lng,
        s.official_quantity AS "officialQuantity", s.official_minimum_age AS "minimumAge", s.skills,
        e.status AS "eventStatus",
        (SELECT coalesce(json_object_agg(h.status, h.n), '{}') FROM (
          SELECT x.status, sum(x.volunteers)::int AS n FROM offers x WHERE x.station_id = s.id GROUP BY x.status
        ) h) AS held
      FROM stations s JOIN events e ON e.id = s.event_id WHERE s.id = ${stationId} AND s.event_id = ${eventId}`,
  );
  return row && { ...row, start: new Date(row.start), end: new Date(row.end) };
}

/**
 * Saves what named volunteers state for the event (shirt size, diets, substitute) in their participation
 * lists, replacing the entry of this event and keeping the others. One statement for all of them.
 */
export async function setParticipation(
  tx: Tx,
  groupId: string,
  eventId: string,
  entries: Array<{ volunteerId: string; participation: Record<string, unknown> }>,
  now: Date,
) {
  if (entries.length === 0) return;
  const payload = JSON.stringify(entries.map((e) => ({ id: e.volunteerId, stated: e.participation })));
  await queryRows(
    tx,
    sql`UPDATE group_volunteers v SET updated_at = ${now.toISOString()}::timestamptz, participation = (
        SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(v.participation) e
        WHERE e->>'eventId' <> ${eventId}) || jsonb_build_array(x.stated)
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(id text, stated jsonb)
      WHERE v.id::text = x.id AND v.group_id = ${groupId}`,
  );
}

/**
 * The group's volunteers named by `ids`, with their age, their participation for the event and whether a
 * guardian's yes is missing.
 */
export async function volunteersOf(tx: Tx, groupId: string, eventId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: string; age: number; participation: { shirtSize?: string } | null; awaitingGuardian: boolean }>(
    tx,
    sql`SELECT v.id, v.age, (SELECT p FROM jsonb_array_elements(v.participation) p WHERE p->>'eventId' = ${eventId} LIMIT 1)
        AS participation, (v.guardian_email IS NOT NULL AND v.guardian_confirmed_at IS NULL) AS "awaitingGuardian"
      FROM group_volunteers v WHERE v.group_id = ${groupId} AND v.id::text IN (${list(ids)})`,
  );
}
