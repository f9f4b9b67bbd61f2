import { type SQL, sql } from "drizzle-orm";
import type { FileView, RecipientType, SendOutSummary, SendOutView } from "#shared/sendouts/schema";
import { formatInstant } from "#shared/time";
import { queryRows, type Tx } from "../../db/client.ts";

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Instants as the API answers them: Stockholm time with its offset. */
const iso = (at: Date | string) => formatInstant(new Date(at));

// ── Files ───────────────────────────────────────────────────────────────────────────────────────────

/** The event's status, its row locked until the transaction ends (a file lands while it is known to be open). */
export async function lockEventStatus(tx: Tx, eventId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM events WHERE id = ${eventId} FOR UPDATE`);
  return row?.status;
}

/** The event's status, its row share-locked: it cannot be finished while a send-out is being stored. */
export async function eventStatusShared(tx: Tx, eventId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM events WHERE id = ${eventId} FOR SHARE`);
  return row?.status;
}

/** Records a stored file; a new upload of the same name replaces the row as it replaced the file. */
export async function putFile(tx: Tx, eventId: string, file: FileView, by: string, now: Date): Promise<void> {
  await tx.execute(
    sql`INSERT INTO event_files (event_id, name, type, size, uploaded_by, created_at)
      VALUES (${eventId}, ${file.name}, ${file.type}, ${file.size}, ${by}, ${now})
      ON CONFLICT (event_id, name) DO UPDATE
      SET type = EXCLUDED.type, size = EXCLUDED.size, uploaded_by = EXCLUDED.uploaded_by, created_at = EXCLUDED.created_at`,
  );
}

/** The event's files of these names, as stored. */
export async function filesNamed(tx: Tx, eventId: string, names: readonly string[]): Promise<FileView[]> {
  if (names.length === 0) return [];
  return queryRows<FileView>(
    tx,
    sql`SELECT name, type, size FROM event_files WHERE event_id = ${eventId} AND name IN (${list(names)})`,
  );
}

// ── Send-outs ───────────────────────────────────────────────────────────────────────────────────────

/** Which of `ids` are stations of the event. */
export async function stationsOf(tx: Tx, eventId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM stations WHERE event_id = ${eventId} AND id::text IN (${list(ids)})`,
  );
  return rows.map((r) => r.id);
}

export interface NewSendOut {
  eventId: string;
  userId: string;
  createdAt: Date;
  stations: string[];
  recipientTypes: RecipientType[];
  subject: string;
  message: string;
  attachments: FileView[];
}

/**
 * Stores a send-out and its recipients as they are now, in two statements. The recipients come from the
 * accepted offers at the chosen stations in one INSERT … SELECT: VOLUNTEERS are the offers' named
 * volunteers, CONTACT_PERSONS the contacts of those groups. Each address once, lower-cased; where one
 * address is both, the account's language and name win (a volunteer's is the one they signed up in). A
 * volunteer's row keeps who they are, for the removal link in their mail (ADR 022). Each
 * recipient's station (for {coordinates}) is the earliest chosen one they are at.
 */
export async function insertSendOut(
  tx: Tx,
  s: NewSendOut,
): Promise<{ id: string; recipients: number; groupsWithoutVolunteers: string[] }> {
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO send_outs (event_id, user_id, created_at, stations, recipient_types, subject, message, attachments)
      VALUES (${s.eventId}, ${s.userId}, ${s.createdAt}, ${JSON.stringify(s.stations)}::jsonb,
        ${JSON.stringify(s.recipientTypes)}::jsonb, ${s.subject}, ${s.message}, ${JSON.stringify(s.attachments)}::jsonb)
      RETURNING id`,
  );
  const volunteers = s.recipientTypes.includes("VOLUNTEERS");
  const contacts = s.recipientTypes.includes("CONTACT_PERSONS");
  const [result] = await queryRows<{ recipients: number; groupsWithoutVolunteers: string[] }>(
    tx,
    sql`WITH accepted AS (
        SELECT o.group_id, o.station_id, o.attendees, st.start
        FROM offers o JOIN stations st ON st.id = o.station_id
        WHERE o.event_id = ${s.eventId} AND o.status = 'ACCEPTED' AND o.station_id::text IN (${list(s.stations)})
      ), candidates AS (
        SELECT lower(btrim(v.email)) AS email, v.name, v.language, a.station_id, a.start, 1 AS rank, v.id AS volunteer_id
        FROM accepted a JOIN group_volunteers v ON v.group_id = a.group_id AND a.attendees ? v.id::text
        WHERE ${volunteers}
        UNION ALL
        SELECT lower(u.email), btrim(u.first_name || ' ' || u.last_name), u.language, a.station_id, a.start, 0, NULL::uuid
        FROM accepted a JOIN group_contacts c ON c.group_id = a.group_id JOIN users u ON u.id = c.user_id
        WHERE ${contacts}
      ), inserted AS (
        INSERT INTO send_out_recipients (send_out_id, email, name, language, station_id, volunteer_id)
        SELECT DISTINCT ON (email) ${created.id}::uuid, email, name, language, station_id, volunteer_id
        FROM candidates WHERE email <> ''
        ORDER BY email, rank, start, station_id
        RETURNING 1
      ), unnamed AS (
        SELECT DISTINCT g.name FROM accepted a JOIN groups g ON g.id = a.group_id
        WHERE ${volunteers} AND NOT EXISTS (
          SELECT 1 FROM group_volunteers v WHERE v.group_id = a.group_id AND a.attendees ? v.id::text)
      )
      UPDATE send_outs SET
        recipients = (SELECT count(*) FROM inserted),
        groups_without_volunteers = (SELECT coalesce(jsonb_agg(name ORDER BY name), '[]'::jsonb) FROM unnamed)
      WHERE id = ${created.id}
      RETURNING recipients, groups_without_volunteers AS "groupsWithoutVolunteers"`,
  );
  return { id: created.id, ...result };
}

/** Send-outs a team leader reads: those to at least one of their stations. */
const touching = (stationIds?: readonly string[]): SQL =>
  stationIds ? sql`AND s.stations ?| ARRAY[${list(stationIds)}]::text[]` : sql``;

/** The event's send-outs, newest first (a team leader's: those touching their stations). */
export async function sendOutsOf(tx: Tx, eventId: string, stationIds?: readonly string[]): Promise<SendOutSummary[]> {
  const rows = await queryRows<Omit<SendOutSummary, "createdAt"> & { createdAt: Date | string }>(
    tx,
    sql`SELECT s.id AS "sendOutId", s.created_at AS "createdAt", s.subject, s.recipients
      FROM send_outs s WHERE s.event_id = ${eventId} ${touching(stationIds)}
      ORDER BY s.created_at DESC, s.id LIMIT 500`,
  );
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/** One send-out with its station names, its sender and its delivery counts, in one statement. */
export async function sendOutOf(
  tx: Tx,
  eventId: string,
  sendOutId: string,
  stationIds?: readonly string[],
): Promise<SendOutView | undefined> {
  const [row] = await queryRows<SendOutView & { createdAt: Date | string; counts: Record<string, number> }>(
    tx,
    sql`SELECT s.id AS "sendOutId", s.event_id AS "eventId", s.created_at AS "createdAt",
        coalesce(btrim(u.first_name || ' ' || u.last_name), '') AS sender,
        s.stations, s.recipient_types AS "recipientTypes", s.subject, s.message, s.attachments, s.recipients,
        s.groups_without_volunteers AS "groupsWithoutVolunteers",
        (SELECT coalesce(jsonb_agg(coalesce(st.name, '') ORDER BY x.at), '[]'::jsonb)
          FROM jsonb_array_elements_text(s.stations) WITH ORDINALITY AS x(id, at)
          LEFT JOIN stations st ON st.id::text = x.id) AS "stationNames",
        (SELECT jsonb_build_object(
            'queued', count(*) FILTER (WHERE r.status = 'QUEUED'),
            'delivered', count(*) FILTER (WHERE r.status = 'SENT'),
            'failed', count(*) FILTER (WHERE r.status = 'FAILED'))
          FROM send_out_recipients r WHERE r.send_out_id = s.id) AS counts
      FROM send_outs s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.id = ${sendOutId} AND s.event_id = ${eventId} ${touching(stationIds)}`,
  );
  if (!row) return undefined;
  const { counts, ...rest } = row;
  return {
    ...rest,
    createdAt: iso(row.createdAt),
    queued: Number(counts.queued),
    delivered: Number(counts.delivered),
    failed: Number(counts.failed),
  };
}

// ── Delivery ────────────────────────────────────────────────────────────────────────────────────────

export interface Delivery {
  id: string;
  eventId: string;
  eventName: string;
  subject: string;
  message: string;
  attachments: FileView[];
  senderName: string;
  senderEmail: string | null;
  /** The chosen stations that still exist, with their places. */
  stations: Array<{ id: string; name: string; lat: number; lng: number }>;
}

/** What every mail of a send-out is made from. */
export async function deliveryOf(tx: Tx, sendOutId: string): Promise<Delivery | undefined> {
  const [row] = await queryRows<Delivery>(
    tx,
    sql`SELECT s.id, s.event_id AS "eventId", e.name AS "eventName", s.subject, s.message, s.attachments,
        coalesce(btrim(u.first_name || ' ' || u.last_name), '') AS "senderName", u.email AS "senderEmail",
        (SELECT coalesce(jsonb_agg(jsonb_build_object('id', st.id, 'name', st.name, 'lat', st.marker_lat, 'lng', st.marker_lng)), '[]'::jsonb)
          FROM stations st WHERE st.event_id = s.event_id AND s.stations ? st.id::text) AS stations
      FROM send_outs s JOIN events e ON e.id = s.event_id LEFT JOIN users u ON u.id = s.user_id
      WHERE s.id = ${sendOutId}`,
  );
  return row;
}

export interface ClaimedRecipient {
  email: string;
  name: string;
  language: string;
  stationId: string | null;
  /** A group volunteer's address: their mail carries the link that removes them. */
  volunteerId: string | null;
  attempts: number;
}

/**
 * Takes up to `limit` QUEUED recipients nobody holds, until `until`: SKIP LOCKED keeps two runs from
 * taking the same rows, and the claim keeps any other run off them until it ends.
 */
export async function claimRecipients(
  tx: Tx,
  sendOutId: string,
  now: Date,
  until: Date,
  limit: number,
): Promise<ClaimedRecipient[]> {
  return queryRows<ClaimedRecipient>(
    tx,
    sql`UPDATE send_out_recipients r SET claimed_until = ${until}, attempts = r.attempts + 1
      FROM (
        SELECT email FROM send_out_recipients
        WHERE send_out_id = ${sendOutId} AND status = 'QUEUED' AND (claimed_until IS NULL OR claimed_until <= ${now})
        ORDER BY email LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) free
      WHERE r.send_out_id = ${sendOutId} AND r.email = free.email
      RETURNING r.email, r.name, r.language, r.station_id AS "stationId", r.volunteer_id AS "volunteerId", r.attempts`,
  );
}

/** The relay took these mails. */
export async function markSent(tx: Tx, sendOutId: string, emails: readonly string[], now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE send_out_recipients SET status = 'SENT', sent_at = ${now}, claimed_until = NULL, last_error = NULL
      WHERE send_out_id = ${sendOutId} AND email IN (${list(emails)}) AND status = 'QUEUED'`,
  );
}

/** A try failed: given up on (FAILED), or back in the queue from `retryAt`. */
export async function markFailedTry(
  tx: Tx,
  sendOutId: string,
  email: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await tx.execute(
    retryAt
      ? sql`UPDATE send_out_recipients SET claimed_until = ${retryAt}, last_error = ${error}
          WHERE send_out_id = ${sendOutId} AND email = ${email} AND status = 'QUEUED'`
      : sql`UPDATE send_out_recipients SET status = 'FAILED', claimed_until = NULL, last_error = ${error}
          WHERE send_out_id = ${sendOutId} AND email = ${email} AND status = 'QUEUED'`,
  );
}

/** Claims of addresses a run took but did not hand out (it is stopping): free for the next run at once. */
export async function releaseClaims(tx: Tx, sendOutId: string, emails: readonly string[]): Promise<void> {
  await tx.execute(
    sql`UPDATE send_out_recipients SET claimed_until = NULL, attempts = greatest(attempts - 1, 0)
      WHERE send_out_id = ${sendOutId} AND email IN (${list(emails)}) AND status = 'QUEUED'`,
  );
}

/** Gives up on every address still queued (the send-out cannot be made, e.g. an attachment is gone). */
export async function failQueued(tx: Tx, sendOutId: string, error: string): Promise<void> {
  await tx.execute(
    sql`UPDATE send_out_recipients SET status = 'FAILED', claimed_until = NULL, last_error = ${error}
      WHERE send_out_id = ${sendOutId} AND status = 'QUEUED'`,
  );
}

/** How many are still queued, and when the earliest of them may be taken again (null: now). */
export async function stillQueued(tx: Tx, sendOutId: string): Promise<{ count: number; next: Date | null }> {
  const [row] = await queryRows<{ count: number | string; next: Date | string | null }>(
    tx,
    sql`SELECT count(*) AS count,
        CASE WHEN bool_or(claimed_until IS NULL) THEN NULL ELSE min(claimed_until) END AS next
      FROM send_out_recipients WHERE send_out_id = ${sendOutId} AND status = 'QUEUED'`,
  );
  return { count: Number(row.count), next: row.next ? new Date(row.next) : null };
}
