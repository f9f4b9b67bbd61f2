import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { PASS_COLUMNS, PASS_FROM, type PassRow } from "../checkin/repo.ts";

/** A named volunteer of a station's accepted offer, with what the day-before reminder needs. */
export interface ReminderRow extends PassRow {
  phone: string;
  groupId: string;
  /** Reminded of this station already (each volunteer once per station). */
  reminded: boolean;
}

/** The named volunteers of the accepted offers `where` says (on `s`, `o`, `e`), one statement. */
export async function reminderRows(tx: Tx, where: SQL): Promise<ReminderRow[]> {
  return queryRows<ReminderRow>(
    tx,
    sql`SELECT ${PASS_COLUMNS}, v.phone, g.id AS "groupId",
        EXISTS (SELECT 1 FROM station_reminders r WHERE r.station_id = s.id AND r.volunteer_id = v.id) AS reminded
      FROM ${PASS_FROM}
      WHERE o.status = 'ACCEPTED' AND v.group_id = o.group_id AND ${where}
      ORDER BY s.start, s.name, v.name, v.id`,
  );
}

/**
 * Notes the reminders of these volunteers at these stations; answers those that were not noted before.
 * Under the primary key, two processes reminding at once note each pair once: the second waits for the
 * first's commit and finds it there.
 */
export async function noteReminded(
  tx: Tx,
  now: Date,
  rows: ReadonlyArray<{ stationId: string; volunteerId: string; number: string | null }>,
  eventId: string,
): Promise<Array<{ stationId: string; volunteerId: string }>> {
  if (rows.length === 0) return [];
  const input = rows.map((r) => ({ s: r.stationId, v: r.volunteerId, n: r.number }));
  return queryRows(
    tx,
    sql`INSERT INTO station_reminders (station_id, volunteer_id, event_id, number, reminded_at)
      SELECT x.s, x.v, ${eventId}::uuid, x.n, ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(input)}::json) AS x(s uuid, v uuid, n text)
      ON CONFLICT (station_id, volunteer_id) DO NOTHING
      RETURNING station_id AS "stationId", volunteer_id AS "volunteerId"`,
  );
}

/** Marks the event's reminders whose mail is not queued yet as mailed, locked; answers them. */
export async function takeUnmailed(
  tx: Tx,
  eventId: string,
  now: Date,
): Promise<Array<{ stationId: string; volunteerId: string }>> {
  return queryRows(
    tx,
    sql`UPDATE station_reminders SET mailed_at = ${now.toISOString()}::timestamptz
      WHERE event_id = ${eventId} AND mailed_at IS NULL
      RETURNING station_id AS "stationId", volunteer_id AS "volunteerId"`,
  );
}

/** Stations of running events that start within `until`, for the scheduler to decide which are due. */
export async function upcomingStations(
  tx: Tx,
  now: Date,
  until: Date,
): Promise<Array<{ id: string; eventId: string; start: string }>> {
  return queryRows(
    tx,
    sql`SELECT s.id, s.event_id AS "eventId", s.start FROM stations s JOIN events e ON e.id = s.event_id
      WHERE e.status = 'CONFIRMED' AND s.start > ${now.toISOString()}::timestamptz
        AND s.start <= ${until.toISOString()}::timestamptz
      ORDER BY s.start`,
  );
}

/** What a team leader's morning text says of their station: JA answers of the named, and its link. */
export interface MorningRow {
  stationId: string;
  stationName: string;
  start: string;
  end: string;
  eventId: string;
  eventName: string;
  leaderName: string;
  leaderPhone: string;
  leaderLanguage: string;
  expected: number;
  confirmed: number;
}

export async function morningRows(tx: Tx, stationIds: readonly string[]): Promise<MorningRow[]> {
  if (stationIds.length === 0) return [];
  return queryRows<MorningRow>(
    tx,
    sql`SELECT s.id AS "stationId", s.name AS "stationName", s.start, s."end", e.id AS "eventId", e.name AS "eventName",
        u.first_name || ' ' || u.last_name AS "leaderName", u.phone AS "leaderPhone", u.language AS "leaderLanguage",
        (SELECT count(*)::int FROM offers o CROSS JOIN LATERAL jsonb_array_elements_text(o.attendees) a(vid)
          WHERE o.station_id = s.id AND o.status = 'ACCEPTED') AS expected,
        (SELECT count(*)::int FROM offers o CROSS JOIN LATERAL jsonb_array_elements_text(o.attendees) a(vid)
          JOIN station_reminders r ON r.station_id = s.id AND r.volunteer_id = a.vid::uuid
          WHERE o.station_id = s.id AND o.status = 'ACCEPTED' AND r.confirmed) AS confirmed
      FROM stations s JOIN events e ON e.id = s.event_id
        JOIN users u ON u.email = s.team_leader_email AND s.team_leader_email <> ''
      WHERE s.id IN (${sql.join(
        stationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
}

/** A reminder a reply from `number` answers: of a station that has not ended, at a running event. */
export interface AnsweredReminder {
  stationId: string;
  volunteerId: string;
  eventId: string;
  confirmed: boolean | null;
}

/** The reminders texted to `number` whose station has not ended, locked until the transaction ends. */
export async function openReminders(tx: Tx, number: string, now: Date): Promise<AnsweredReminder[]> {
  return queryRows<AnsweredReminder>(
    tx,
    sql`SELECT r.station_id AS "stationId", r.volunteer_id AS "volunteerId", r.event_id AS "eventId",
        r.confirmed
      FROM station_reminders r JOIN stations s ON s.id = r.station_id JOIN events e ON e.id = r.event_id
      WHERE r.number = ${number} AND s."end" > ${now.toISOString()}::timestamptz AND e.status = 'CONFIRMED'
      ORDER BY s.start
      FOR UPDATE OF r`,
  );
}

/** Records an answer (JA/NEJ) or a message on the reminders. */
export async function answer(
  tx: Tx,
  now: Date,
  keys: ReadonlyArray<{ stationId: string; volunteerId: string }>,
  change: { confirmed: boolean } | { message: string },
) {
  if (keys.length === 0) return;
  const which = sql.join(
    keys.map((k) => sql`(station_id = ${k.stationId} AND volunteer_id = ${k.volunteerId})`),
    sql` OR `,
  );
  await tx.execute(
    "confirmed" in change
      ? sql`UPDATE station_reminders SET confirmed = ${change.confirmed}, answered_at = ${now.toISOString()}::timestamptz WHERE ${which}`
      : sql`UPDATE station_reminders SET message = ${change.message} WHERE ${which}`,
  );
}

/** Whom to tell that a volunteer cannot come: their group's contacts and the station's team leader. */
export interface DeclineNotice {
  volunteerName: string;
  groupId: string;
  groupName: string;
  stationId: string;
  stationName: string;
  start: string;
  end: string;
  eventId: string;
  eventName: string;
  recipients: Array<{ email: string; firstName: string; phone: string; language: string; role: "contact" | "leader" }>;
}

export async function declineNotice(tx: Tx, key: { stationId: string; volunteerId: string }): Promise<DeclineNotice | undefined> {
  const [row] = await queryRows<DeclineNotice>(
    tx,
    sql`SELECT v.name AS "volunteerName", g.id AS "groupId", g.name AS "groupName", s.id AS "stationId",
        s.name AS "stationName", s.start, s."end", e.id AS "eventId", e.name AS "eventName",
        coalesce((SELECT json_agg(x) FROM (
          SELECT u.email, u.first_name AS "firstName", u.phone, u.language, 'contact' AS role
            FROM group_contacts c JOIN users u ON u.id = c.user_id WHERE c.group_id = g.id
          UNION
          SELECT u.email, u.first_name, u.phone, u.language, 'leader'
            FROM users u WHERE s.team_leader_email <> '' AND u.email = s.team_leader_email) x), '[]') AS recipients
      FROM group_volunteers v JOIN groups g ON g.id = v.group_id, stations s JOIN events e ON e.id = s.event_id
      WHERE v.id = ${key.volunteerId} AND s.id = ${key.stationId}`,
  );
  return row;
}

/** Whether the event texts, and which of `numbers` said STOPP: what a reminder's preview needs. */
export async function textingState(tx: Tx, eventId: string, numbers: readonly string[]) {
  const [row] = await queryRows<{ textsEnabled: boolean; stopped: string[] }>(
    tx,
    sql`SELECT e.texts_enabled AS "textsEnabled",
        coalesce((SELECT json_agg(s.number) FROM text_stops s
          WHERE s.number IN (SELECT json_array_elements_text(${JSON.stringify(numbers)}::json))), '[]') AS stopped
      FROM events e WHERE e.id = ${eventId}`,
  );
  return row ?? { textsEnabled: false, stopped: [] };
}

export async function setTextsEnabled(tx: Tx, eventId: string, enabled: boolean) {
  await tx.execute(sql`UPDATE events SET texts_enabled = ${enabled} WHERE id = ${eventId}`);
}

/** Keeps an incoming text by the provider's id; false when that id was seen before (a retry). */
export async function keepIncoming(
  tx: Tx,
  t: { id: string; from: string; message: string; reading: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`INSERT INTO texts_incoming (provider_id, "from", message, reading, received_at)
      VALUES (${t.id}, ${t.from}, ${t.message}, ${t.reading}, ${t.receivedAt.toISOString()}::timestamptz)
      ON CONFLICT (provider_id) DO NOTHING RETURNING 1`,
  );
  return rows.length > 0;
}

/** How many reminders an incoming text answered. */
export async function noteMatched(tx: Tx, providerId: string, matched: number) {
  await tx.execute(sql`UPDATE texts_incoming SET matched = ${matched} WHERE provider_id = ${providerId}`);
}

/** No text goes to `number` again (STOPP). */
export async function stop(tx: Tx, number: string, at: Date) {
  await tx.execute(
    sql`INSERT INTO text_stops (number, at) VALUES (${number}, ${at.toISOString()}::timestamptz) ON CONFLICT DO NOTHING`,
  );
}

/** The organizer's counts of the event's texts by state, and the failed ones, newest first. */
export async function eventTexts(tx: Tx, eventId: string) {
  const [row] = await queryRows<{
    counts: Record<string, number>;
    failed: Array<{ id: string; to: string; name: string | null; kind: string; reason: string | null; at: string }>;
  }>(
    tx,
    sql`SELECT
        (SELECT coalesce(json_object_agg(status, n), '{}') FROM (
          SELECT status, count(*)::int AS n FROM texts WHERE event_id = ${eventId} GROUP BY status) c) AS counts,
        coalesce((SELECT json_agg(f) FROM (
          SELECT id, "to", name, kind, reason, coalesce(done_at, created_at) AS at FROM texts
          WHERE event_id = ${eventId} AND status = 'FAILED' ORDER BY done_at DESC NULLS LAST, id LIMIT 100) f), '[]') AS failed`,
  );
  return row;
}
