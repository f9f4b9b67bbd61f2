import { sql } from "drizzle-orm";
import type { Status } from "#shared/status";
import { type Prepared, queryRows, type Tx } from "../../db/client.ts";

/** The notification channel of check-ins: every process listening hears what the others changed (ARCHITECTURE §6). */
export const LIVE_CHANNEL = "bemanna_checkins";

/** Sends each payload as a NOTIFY on the channel: one statement, its own commit (live.ts says why). */
export async function notify(tx: Tx, channel: string, payloads: string[]) {
  await queryRows(tx, sql`SELECT pg_notify(${channel}, p) FROM json_array_elements_text(${JSON.stringify(payloads)}::json) p`);
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────────────

export interface ListRow {
  station: { id: string; name: string; start: string; end: string };
  event: { id: string; name: string; date: string; status: Status };
  people: Array<{
    volunteerId: string;
    name: string;
    age: number;
    phone: string;
    groupId: string;
    groupName: string;
    at: string | null;
    noShow: boolean | null;
    confirmed: boolean | null;
  }>;
  walkUps: Array<{ id: string; groupId: string; name: string; age: number; at: string }>;
  groups: Array<{ id: string; name: string }>;
}

/**
 * The named volunteers of the station's accepted offers with what is known of each today, its walk-ups and
 * its accepted groups: one statement.
 */
export async function stationList(tx: Tx, eventId: string, stationId: string): Promise<ListRow | undefined> {
  const [row] = await queryRows<{ list: ListRow }>(
    tx,
    sql`SELECT json_build_object(
        'station', json_build_object('id', s.id, 'name', s.name, 'start', s.start, 'end', s."end"),
        'event', json_build_object('id', e.id, 'name', e.name, 'date', e.date::text, 'status', e.status),
        'people', coalesce((
          SELECT json_agg(json_build_object('volunteerId', v.id, 'name', v.name, 'age', v.age, 'phone', v.phone,
              'groupId', g.id, 'groupName', g.name, 'at', c.at, 'noShow', c.no_show, 'confirmed', r.confirmed)
              ORDER BY g.name, g.id, v.name, v.id)
          FROM offers o JOIN groups g ON g.id = o.group_id
            CROSS JOIN LATERAL jsonb_array_elements_text(o.attendees) a(vid)
            JOIN group_volunteers v ON v.id = a.vid::uuid
            LEFT JOIN checkins c ON c.station_id = o.station_id AND c.volunteer_id = v.id
            LEFT JOIN station_reminders r ON r.station_id = o.station_id AND r.volunteer_id = v.id
          WHERE o.station_id = s.id AND o.status = 'ACCEPTED'), '[]'),
        'walkUps', coalesce((
          SELECT json_agg(json_build_object('id', c.id, 'groupId', c.group_id, 'name', c.name, 'age', c.age, 'at', c.at)
            ORDER BY c.at, c.id)
          FROM checkins c WHERE c.station_id = s.id AND c.volunteer_id IS NULL), '[]'),
        'groups', coalesce((
          SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id)
          FROM offers o JOIN groups g ON g.id = o.group_id WHERE o.station_id = s.id AND o.status = 'ACCEPTED'), '[]')
      ) AS list
      FROM stations s JOIN events e ON e.id = s.event_id
      WHERE s.id = ${stationId} AND s.event_id = ${eventId}`,
  );
  return row?.list;
}

/** What the counts of a station are made of: each named person's age and state, each walk-up's age. */
export interface PresenceRow {
  stationId: string;
  people: Array<{ age: number; arrived: boolean; noShow: boolean; confirmed: boolean | null }>;
  walkUps: Array<{ age: number }>;
}

/** The makings of the counts of the given stations (or all of the event's), one statement. */
export async function presence(tx: Tx, eventId: string, stationIds?: string[]): Promise<PresenceRow[]> {
  const only = stationIds
    ? sql`AND s.id IN (${sql.join(
        stationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<PresenceRow>(
    tx,
    sql`SELECT s.id AS "stationId",
        coalesce((
          SELECT json_agg(json_build_object('age', v.age, 'arrived', coalesce(NOT c.no_show, false), 'noShow', coalesce(c.no_show, false),
              'confirmed', r.confirmed))
          FROM offers o CROSS JOIN LATERAL jsonb_array_elements_text(o.attendees) a(vid)
            JOIN group_volunteers v ON v.id = a.vid::uuid
            LEFT JOIN checkins c ON c.station_id = o.station_id AND c.volunteer_id = v.id
            LEFT JOIN station_reminders r ON r.station_id = o.station_id AND r.volunteer_id = v.id
          WHERE o.station_id = s.id AND o.status = 'ACCEPTED'), '[]') AS people,
        coalesce((SELECT json_agg(json_build_object('age', c.age)) FROM checkins c
          WHERE c.station_id = s.id AND c.volunteer_id IS NULL), '[]') AS "walkUps"
      FROM stations s WHERE s.event_id = ${eventId} ${only}`,
  );
}

/** The station and its event's state, for the checks of a tap. */
export async function stationOf(
  tx: Tx,
  eventId: string,
  stationId: string,
): Promise<{ start: Date; eventStatus: Status } | undefined> {
  const [row] = await queryRows<{ start: string | Date; eventStatus: Status }>(
    tx,
    sql`SELECT s.start, e.status AS "eventStatus" FROM stations s JOIN events e ON e.id = s.event_id
      WHERE s.id = ${stationId} AND s.event_id = ${eventId}`,
  );
  return row && { start: new Date(row.start), eventStatus: row.eventStatus };
}

/**
 * Where the volunteer ($2) is named on an accepted offer of the event ($1), normally one station, as a JSON
 * array: SQL text for the named statements below.
 */
const NAMED_AT = `coalesce((SELECT json_agg(json_build_object('stationId', o.station_id, 'stationName', ns.name,
        'groupId', o.group_id, 'name', v.name) ORDER BY ns.start, ns.name)
      FROM offers o JOIN stations ns ON ns.id = o.station_id JOIN group_volunteers v ON v.id = $2::uuid
      WHERE o.event_id = $1::uuid AND o.status = 'ACCEPTED' AND o.attendees ? $2::text
        AND v.group_id = o.group_id), '[]')`;

export async function namedAt(prepared: Prepared, eventId: string, volunteerId: string): Promise<TapContext["named"]> {
  const [row] = await prepared<{ named: TapContext["named"] }>("checkin_named_at", `SELECT ${NAMED_AT} AS named`, [
    eventId,
    volunteerId,
  ]);
  return row.named;
}

// ── Taps ────────────────────────────────────────────────────────────────────────────────────────────
// A tap is two statements and no transaction: on a busy machine each round trip to the database costs more
// than the work in it (bench: 50 devices at once on the large event). The first reads everything the checks
// and the merge need; the second writes only if the person's row is still as read (compare and set), and
// the service reads again and merges again when it was not. Both are named statements: planning them took
// twice as long as running them.

/** What a tap's checks and merge need, read in one statement. */
export interface TapContext {
  /** The caller may check in here: a contact of the event, or the station's team leader (not on a DRAFT). */
  allowed: boolean;
  start: Date;
  eventStatus: Status;
  /** The answer the tap's id already got, and for which event (a repeat); null when the id is new. */
  seen: { eventId: string; answer: unknown } | null;
  /** Where the volunteer is named on an accepted offer of the event (a walk-up: empty). */
  named: Array<{ stationId: string; stationName: string; groupId: string; name: string }>;
  /** What is known of the volunteer at this station already; null when nothing (a walk-up: null). */
  known: { at: Date; noShow: boolean } | null;
  /** Whether the walk-up's group accepted the station (a named volunteer: false). */
  groupAccepted: boolean;
}

/** The columns every tap reads: $1 event, $3 station, $4 caller's id, $5 caller's e-mail, $6 tap id. */
const TAP_HEAD = `(EXISTS (SELECT 1 FROM event_contacts ec WHERE ec.event_id = e.id AND ec.user_id = $4::uuid)
      OR (s.team_leader_email = $5::text AND e.status <> 'DRAFT')) AS allowed,
    s.start, e.status AS "eventStatus",
    (SELECT json_build_object('eventId', t.event_id, 'answer', t.answer) FROM checkin_taps t WHERE t.id = $6::uuid) AS seen`;
const TAP_FROM = `FROM stations s JOIN events e ON e.id = s.event_id WHERE s.id = $3::uuid AND s.event_id = $1::uuid`;

export async function tapContext(
  prepared: Prepared,
  tap: {
    id: string;
    eventId: string;
    stationId: string;
    actor: { id: string; email: string };
  } & ({ volunteerId: string } | { groupId: string }),
): Promise<TapContext | undefined> {
  const head = [
    tap.eventId,
    "volunteerId" in tap ? tap.volunteerId : tap.groupId,
    tap.stationId,
    tap.actor.id,
    tap.actor.email,
    tap.id,
  ];
  const [row] =
    "volunteerId" in tap
      ? await prepared<TapRow>(
          "checkin_tap_named",
          `SELECT ${TAP_HEAD}, ${NAMED_AT} AS named,
            (SELECT json_build_object('at', c.at, 'noShow', c.no_show) FROM checkins c
              WHERE c.station_id = s.id AND c.volunteer_id = $2::uuid) AS known,
            false AS "groupAccepted"
          ${TAP_FROM}`,
          head,
        )
      : await prepared<TapRow>(
          "checkin_tap_walk_up",
          `SELECT ${TAP_HEAD}, '[]'::json AS named, NULL::json AS known,
            EXISTS (SELECT 1 FROM offers WHERE station_id = s.id AND group_id = $2::uuid AND status = 'ACCEPTED') AS "groupAccepted"
          ${TAP_FROM}`,
          head,
        );
  if (!row) return undefined;
  return {
    ...row,
    start: new Date(row.start),
    known: row.known && { at: new Date(row.known.at), noShow: row.known.noShow },
  };
}

type TapRow = Omit<TapContext, "start" | "known"> & { start: string | Date; known: { at: string; noShow: boolean } | null };

export interface TapWrite {
  id: string;
  eventId: string;
  stationId: string;
  groupId: string;
  by: string;
  now: Date;
  answer: unknown;
}

/** Claims the tap's id with its answer when the statement's `written` has a row ($1 id, $2 event, $3 now, $4 answer). */
const CLAIM = `claimed AS (
        INSERT INTO checkin_taps (id, event_id, created_at, answer)
        SELECT $1::uuid, $2::uuid, $3::timestamptz, $4::jsonb FROM written
        ON CONFLICT (id) DO NOTHING RETURNING 1)
      SELECT (SELECT count(*) FROM written)::int AS written`;

/**
 * Writes a named volunteer's merged state and claims the tap's id with its answer, in one statement, but
 * only if their row is still what was read (`known`, null: none yet). Answers whether it was written; when
 * not, someone wrote meanwhile (or the same tap was sent twice at once).
 */
export async function writeNamed(
  prepared: Prepared,
  w: TapWrite & { volunteerId: string; merged: { at: Date; noShow: boolean }; known: { at: Date; noShow: boolean } | null },
): Promise<boolean> {
  const [row] = await prepared<{ written: number }>(
    "checkin_write_named",
    `WITH written AS (
        INSERT INTO checkins (id, event_id, station_id, group_id, volunteer_id, at, no_show, recorded_by, recorded_at)
        VALUES ($1::uuid, $2::uuid, $5::uuid, $6::uuid, $7::uuid, $8::timestamptz, $9::boolean, $10::uuid, $3::timestamptz)
        ON CONFLICT (station_id, volunteer_id) DO UPDATE
          SET at = EXCLUDED.at, no_show = EXCLUDED.no_show, recorded_by = EXCLUDED.recorded_by, recorded_at = EXCLUDED.recorded_at
          WHERE $11::timestamptz IS NOT NULL AND checkins.at = $11::timestamptz AND checkins.no_show = $12::boolean
        RETURNING 1),
      ${CLAIM}`,
    [
      w.id,
      w.eventId,
      w.now,
      JSON.stringify(w.answer),
      w.stationId,
      w.groupId,
      w.volunteerId,
      w.merged.at,
      w.merged.noShow,
      w.by,
      w.known?.at ?? null,
      w.known?.noShow ?? false,
    ],
  );
  return row.written > 0;
}

/**
 * Keeps a tap whose merge changed nothing (an arrival later than the one known): its id and answer, so a
 * repeat answers the same. One statement.
 */
export async function keepTap(prepared: Prepared, w: Omit<TapWrite, "stationId" | "groupId" | "by">) {
  await prepared("checkin_keep_tap", `WITH written AS (SELECT 1), ${CLAIM}`, [w.id, w.eventId, w.now, JSON.stringify(w.answer)]);
}

/** A walk-up and its tap's claim, in one statement (the tap's id is the walk-up's); whether it was new. */
export async function writeWalkUp(prepared: Prepared, w: TapWrite & { name: string; age: number; at: Date }): Promise<boolean> {
  const [row] = await prepared<{ written: number }>(
    "checkin_write_walk_up",
    `WITH written AS (
        INSERT INTO checkins (id, event_id, station_id, group_id, name, age, at, recorded_by, recorded_at)
        VALUES ($1::uuid, $2::uuid, $5::uuid, $6::uuid, $7::text, $8::int, $9::timestamptz, $10::uuid, $3::timestamptz)
        ON CONFLICT (id) DO NOTHING RETURNING 1),
      ${CLAIM}`,
    [w.id, w.eventId, w.now, JSON.stringify(w.answer), w.stationId, w.groupId, w.name, w.age, w.at, w.by],
  );
  return row.written > 0;
}

/** Undoes the check-in (or "not coming") of a named volunteer, or a walk-up by its id; how many went. */
export async function undo(tx: Tx, stationId: string, personId: string): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`DELETE FROM checkins WHERE station_id = ${stationId}
        AND (volunteer_id = ${personId} OR (volunteer_id IS NULL AND id = ${personId}))
      RETURNING id`,
  );
  return rows.length;
}

// ── Passes ──────────────────────────────────────────────────────────────────────────────────────────

export interface PassRow {
  volunteerId: string;
  name: string;
  email: string;
  language: string;
  groupName: string;
  event: { id: string; name: string; date: string };
  station: { id: string; name: string; start: string; end: string; place: string; lat: number; lng: number };
  teamLeader: { name: string; phone: string } | null;
}

export const PASS_COLUMNS = sql`v.id AS "volunteerId", v.name, v.email, v.language, g.name AS "groupName",
  json_build_object('id', e.id, 'name', e.name, 'date', e.date::text) AS event,
  json_build_object('id', s.id, 'name', s.name, 'start', s.start, 'end', s."end", 'place', s.marker_location,
    'lat', s.marker_lat, 'lng', s.marker_lng) AS station,
  (SELECT json_build_object('name', u.first_name || ' ' || u.last_name, 'phone', u.phone) FROM users u
    WHERE s.team_leader_email <> '' AND u.email = s.team_leader_email) AS "teamLeader"`;

export const PASS_FROM = sql`offers o JOIN stations s ON s.id = o.station_id JOIN events e ON e.id = o.event_id
  JOIN groups g ON g.id = o.group_id
  CROSS JOIN LATERAL jsonb_array_elements_text(o.attendees) a(vid)
  JOIN group_volunteers v ON v.id = a.vid::uuid`;

/** The pass of a volunteer named at the station on an accepted offer; nothing once they are not. */
export async function passOf(
  tx: Tx,
  p: { volunteerId: string; eventId: string; stationId: string },
): Promise<PassRow | undefined> {
  const [row] = await queryRows<PassRow>(
    tx,
    sql`SELECT ${PASS_COLUMNS} FROM ${PASS_FROM}
      WHERE o.event_id = ${p.eventId} AND o.station_id = ${p.stationId} AND o.status = 'ACCEPTED'
        AND o.attendees ? ${p.volunteerId} AND v.id = ${p.volunteerId}`,
  );
  return row;
}

/** The passes of the volunteers named on the given accepted offers (`o`), by station and name. */
export async function passesWhere(tx: Tx, where: ReturnType<typeof sql>): Promise<PassRow[]> {
  return queryRows<PassRow>(
    tx,
    sql`SELECT ${PASS_COLUMNS} FROM ${PASS_FROM}
      WHERE o.status = 'ACCEPTED' AND ${where} ORDER BY s.start, s.name, v.name, v.id`,
  );
}

export interface TodayRow {
  id: string;
  name: string;
  start: string;
  end: string;
  teamLeader: { name: string; phone: string } | null;
  groups: Array<{ id: string; name: string; contacts: Array<{ name: string; phone: string }> }>;
}

/** The event's stations by start with their team leader and accepted groups' contacts: one statement. */
export async function todayRows(tx: Tx, eventId: string): Promise<TodayRow[]> {
  return queryRows<TodayRow>(
    tx,
    sql`SELECT s.id, s.name, s.start, s."end",
        (SELECT json_build_object('name', u.first_name || ' ' || u.last_name, 'phone', u.phone) FROM users u
          WHERE s.team_leader_email <> '' AND u.email = s.team_leader_email) AS "teamLeader",
        coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'contacts', coalesce((
            SELECT json_agg(json_build_object('name', u.first_name || ' ' || u.last_name, 'phone', u.phone)
              ORDER BY gc.added_at, u.id)
            FROM group_contacts gc JOIN users u ON u.id = gc.user_id WHERE gc.group_id = g.id), '[]')) ORDER BY g.name, g.id)
          FROM offers o JOIN groups g ON g.id = o.group_id WHERE o.station_id = s.id AND o.status = 'ACCEPTED'), '[]') AS groups
      FROM stations s WHERE s.event_id = ${eventId} ORDER BY s.start, s.name, s.id`,
  );
}

/** What is known today of the group's named volunteers at the event: arrived or not coming, by station. */
export async function groupCheckins(
  tx: Tx,
  groupId: string,
  eventId: string,
): Promise<Array<{ volunteerId: string; stationId: string; at: string; noShow: boolean }>> {
  return queryRows(
    tx,
    sql`SELECT volunteer_id AS "volunteerId", station_id AS "stationId", at, no_show AS "noShow" FROM checkins
      WHERE group_id = ${groupId} AND event_id = ${eventId} AND volunteer_id IS NOT NULL ORDER BY station_id, volunteer_id`,
  );
}
