import { type SQL, sql } from "drizzle-orm";
import type { FileView, RecipientType, SendOutStation, SendOutSummary, SendOutView } from "#shared/sendouts/schema";
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

/** The event's file of this name: the blob it shows and who uploaded it (null: the account is gone). */
export async function fileNamed(
  tx: Tx,
  eventId: string,
  name: string,
): Promise<{ blobId: string; uploadedBy: string | null } | undefined> {
  const [row] = await queryRows<{ blobId: string; uploadedBy: string | null }>(
    tx,
    sql`SELECT blob_id AS "blobId", uploaded_by AS "uploadedBy" FROM event_files WHERE event_id = ${eventId} AND name = ${name}`,
  );
  return row;
}

/** How many files the event lists and their bytes together, leaving out the one named `except`. */
export async function filesHeld(tx: Tx, eventId: string, except: string): Promise<{ count: number; bytes: number }> {
  const [row] = await queryRows<{ count: number | string; bytes: number | string }>(
    tx,
    sql`SELECT count(*) AS count, coalesce(sum(b.size), 0) AS bytes
      FROM event_files f JOIN file_blobs b ON b.id = f.blob_id
      WHERE f.event_id = ${eventId} AND f.name <> ${except}`,
  );
  return { count: Number(row.count), bytes: Number(row.bytes) };
}

export interface NewBlob {
  id: string;
  eventId: string;
  type: string;
  size: number;
  sha256: string;
  uploadedBy: string;
  createdAt: Date;
}

/** Records a blob the store keeps under its own id. */
export async function insertBlob(tx: Tx, b: NewBlob): Promise<void> {
  await tx.execute(
    sql`INSERT INTO file_blobs (id, event_id, store_key, type, size, sha256, uploaded_by, created_at)
      VALUES (${b.id}, ${b.eventId}, ${b.id}, ${b.type}, ${b.size}, ${b.sha256}, ${b.uploadedBy}, ${b.createdAt})`,
  );
}

/** Lists `blobId` as the event's file `name`, in place of the blob listed under that name before. */
export async function putFile(tx: Tx, eventId: string, name: string, blobId: string, by: string, now: Date): Promise<void> {
  await tx.execute(
    sql`INSERT INTO event_files (event_id, name, blob_id, uploaded_by, created_at)
      VALUES (${eventId}, ${name}, ${blobId}, ${by}, ${now})
      ON CONFLICT (event_id, name) DO UPDATE
      SET blob_id = EXCLUDED.blob_id, uploaded_by = EXCLUDED.uploaded_by, created_at = EXCLUDED.created_at`,
  );
}

/**
 * Removes the blob's row when nothing refers to it any more: no name of the event's list and no send-out
 * (whatever its state: a send-out's attachments stay what it carried). Answers the store key whose bytes
 * may then go, or null when the blob stays. Called under the event's lock, so no send-out can take the
 * blob meanwhile.
 */
export async function dropBlobIfUnused(tx: Tx, eventId: string, blobId: string): Promise<string | null> {
  const [row] = await queryRows<{ storeKey: string }>(
    tx,
    sql`DELETE FROM file_blobs b WHERE b.id = ${blobId} AND b.event_id = ${eventId}
        AND NOT EXISTS (SELECT 1 FROM event_files f WHERE f.blob_id = b.id)
        AND NOT EXISTS (SELECT 1 FROM send_outs s
          WHERE s.event_id = b.event_id AND s.attachments @> jsonb_build_array(jsonb_build_object('blobId', b.id::text)))
      RETURNING b.store_key AS "storeKey"`,
  );
  return row?.storeKey ?? null;
}

/** An attachment as a send-out records it: the file as it was checked, and the blob that holds it. */
export interface StoredAttachment extends FileView {
  blobId: string;
  /** Null only for a file stored before blobs existed (migration 0007). */
  sha256: string | null;
}

/** The event's files of these names, each with the blob it shows now. */
export async function filesNamed(tx: Tx, eventId: string, names: readonly string[]): Promise<StoredAttachment[]> {
  if (names.length === 0) return [];
  return queryRows<StoredAttachment>(
    tx,
    sql`SELECT f.name, b.type, b.size, b.id AS "blobId", b.sha256
      FROM event_files f JOIN file_blobs b ON b.id = f.blob_id
      WHERE f.event_id = ${eventId} AND f.name IN (${list(names)})`,
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
  attachments: StoredAttachment[];
}

/**
 * Who a send-out at the event's stations can reach, as two named subqueries (`accepted`, `candidates`) for a
 * WITH: the accepted offers at `stations` (all the event's when not given), and per offer its named
 * volunteers (kind VOLUNTEERS, rank 1) and its group's contacts (kind CONTACT_PERSONS, rank 0), each
 * address lower-cased. One definition for a send-out's recipients and the form's counts.
 */
function recipientSources(eventId: string, stations?: readonly string[]): SQL {
  return sql`accepted AS (
      SELECT o.group_id, o.station_id, o.attendees, st.start
      FROM offers o JOIN stations st ON st.id = o.station_id
      WHERE o.event_id = ${eventId} AND o.status = 'ACCEPTED'
        ${stations ? sql`AND o.station_id::text IN (${list(stations)})` : sql``}
    ), candidates AS (
      SELECT lower(btrim(v.email)) AS email, v.name, v.language, a.station_id, a.start, 1 AS rank, v.id AS volunteer_id,
        'VOLUNTEERS' AS kind
      FROM accepted a JOIN group_volunteers v ON v.group_id = a.group_id AND a.attendees ? v.id::text
      UNION ALL
      SELECT lower(u.email), btrim(u.first_name || ' ' || u.last_name), u.language, a.station_id, a.start, 0, NULL::uuid,
        'CONTACT_PERSONS'
      FROM accepted a JOIN group_contacts c ON c.group_id = a.group_id JOIN users u ON u.id = c.user_id
    )`;
}

/**
 * The stations a reader may send to (`stationIds`, a team leader's; all the event's when not given), by start
 * time, with how many a send-out would reach at each now: one statement.
 */
export async function sendOutStations(tx: Tx, eventId: string, stationIds?: readonly string[]): Promise<SendOutStation[]> {
  if (stationIds?.length === 0) return [];
  const rows = await queryRows<Omit<SendOutStation, "start"> & { start: Date | string }>(
    tx,
    // Counted once per station in one pass over each source (a count per station and kind in subqueries
    // read the whole of `candidates` again for every station).
    sql`WITH ${recipientSources(eventId, stationIds)}, reach AS (
        SELECT station_id,
          count(DISTINCT email) FILTER (WHERE kind = 'VOLUNTEERS')::int AS volunteers,
          count(DISTINCT email) FILTER (WHERE kind = 'CONTACT_PERSONS')::int AS contact_persons,
          count(DISTINCT email)::int AS everyone
        FROM candidates WHERE email <> '' GROUP BY station_id
      ), groups_at AS (
        SELECT station_id, count(DISTINCT group_id)::int AS n FROM accepted GROUP BY station_id
      )
      SELECT s.id, s.name, s.start, coalesce(g.n, 0) AS "acceptedGroups", coalesce(r.volunteers, 0) AS volunteers,
        coalesce(r.contact_persons, 0) AS "contactPersons", coalesce(r.everyone, 0) AS everyone
      FROM stations s
        LEFT JOIN reach r ON r.station_id = s.id
        LEFT JOIN groups_at g ON g.station_id = s.id
      WHERE s.event_id = ${eventId} ${stationIds ? sql`AND s.id::text IN (${list(stationIds)})` : sql``}
      ORDER BY s.start, s.name`,
  );
  return rows.map((r) => ({ ...r, start: iso(r.start) }));
}

/**
 * Stores a send-out and its recipients as they are now, in two statements. The recipients come from the
 * accepted offers at the chosen stations in one INSERT … SELECT (recipientSources): VOLUNTEERS are the
 * offers' named volunteers, CONTACT_PERSONS the contacts of those groups. Each address once, lower-cased;
 * where one address is both, the account's language and name win (a volunteer's is the one they signed up
 * in). A volunteer's row keeps who they are, for the removal link in their mail (ADR 022). Each recipient's
 * station (for {coordinates}) is the earliest chosen one they are at.
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
  const [result] = await queryRows<{ recipients: number; groupsWithoutVolunteers: string[] }>(
    tx,
    sql`WITH ${recipientSources(s.eventId, s.stations)}, inserted AS (
        INSERT INTO send_out_recipients (send_out_id, email, name, language, station_id, volunteer_id)
        SELECT DISTINCT ON (email) ${created.id}::uuid, email, name, language, station_id, volunteer_id
        FROM candidates WHERE email <> '' AND kind IN (${list(s.recipientTypes)})
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

/** A send-out as read back: the view without what the rules add, and who sent it (null once the account is gone). */
export type SentOut = Omit<SendOutView, "abilities"> & { senderId: string | null };

/** One send-out with its station names, its sender and its delivery counts, in one statement. */
export async function sendOutOf(
  tx: Tx,
  eventId: string,
  sendOutId: string,
  stationIds?: readonly string[],
): Promise<SentOut | undefined> {
  const [row] = await queryRows<SentOut & { createdAt: Date | string; counts: Record<string, number> }>(
    tx,
    sql`SELECT s.id AS "sendOutId", s.event_id AS "eventId", s.created_at AS "createdAt", s.user_id AS "senderId",
        coalesce(btrim(u.first_name || ' ' || u.last_name), '') AS sender,
        s.stations, s.recipient_types AS "recipientTypes", s.subject, s.message, s.recipients,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('name', x.a->'name', 'type', x.a->'type', 'size', x.a->'size')
            ORDER BY x.at), '[]'::jsonb)
          FROM jsonb_array_elements(s.attachments) WITH ORDINALITY AS x(a, at)) AS attachments,
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
  recipientTypes: RecipientType[];
  /** With the store key of each blob; null when the blob is gone. */
  attachments: Array<StoredAttachment & { storeKey: string | null }>;
  senderName: string;
  senderEmail: string | null;
  /** The chosen stations that still exist, with their places. */
  stations: Array<{ id: string; name: string; lat: number; lng: number }>;
}

/** What every mail of a send-out is made from. */
export async function deliveryOf(tx: Tx, sendOutId: string): Promise<Delivery | undefined> {
  const [row] = await queryRows<Delivery>(
    tx,
    sql`SELECT s.id, s.event_id AS "eventId", e.name AS "eventName", s.subject, s.message, s.recipient_types AS "recipientTypes",
        (SELECT coalesce(jsonb_agg(x.a || jsonb_build_object('storeKey', b.store_key) ORDER BY x.at), '[]'::jsonb)
          FROM jsonb_array_elements(s.attachments) WITH ORDINALITY AS x(a, at)
          LEFT JOIN file_blobs b ON b.id::text = x.a->>'blobId' AND b.event_id = s.event_id) AS attachments,
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
 * Takes up to `limit` QUEUED recipients nobody holds, until `until`, in the name of process `holder`:
 * SKIP LOCKED keeps two runs from taking the same rows, and the claim keeps any other run off them until
 * it ends (renewed while the run lasts, renewClaims).
 */
export async function claimRecipients(
  tx: Tx,
  sendOutId: string,
  now: Date,
  until: Date,
  limit: number,
  holder: string,
): Promise<ClaimedRecipient[]> {
  return queryRows<ClaimedRecipient>(
    tx,
    sql`UPDATE send_out_recipients r SET claimed_until = ${until}, claimed_by = ${holder}, attempts = r.attempts + 1
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
    sql`UPDATE send_out_recipients SET status = 'SENT', sent_at = ${now}, claimed_until = NULL, claimed_by = NULL,
        last_error = NULL
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
      ? sql`UPDATE send_out_recipients SET claimed_until = ${retryAt}, claimed_by = NULL, last_error = ${error}
          WHERE send_out_id = ${sendOutId} AND email = ${email} AND status = 'QUEUED'`
      : sql`UPDATE send_out_recipients SET status = 'FAILED', claimed_until = NULL, claimed_by = NULL, last_error = ${error}
          WHERE send_out_id = ${sendOutId} AND email = ${email} AND status = 'QUEUED'`,
  );
}

/** Claims of addresses a run took but did not hand out (it is stopping): free for the next run at once. */
export async function releaseClaims(tx: Tx, sendOutId: string, emails: readonly string[]): Promise<void> {
  await tx.execute(
    sql`UPDATE send_out_recipients SET claimed_until = NULL, claimed_by = NULL, attempts = greatest(attempts - 1, 0)
      WHERE send_out_id = ${sendOutId} AND email IN (${list(emails)}) AND status = 'QUEUED'`,
  );
}

/** Gives up on every address still queued (the send-out cannot be made, e.g. an attachment is gone). */
export async function failQueued(tx: Tx, sendOutId: string, error: string): Promise<void> {
  await tx.execute(
    sql`UPDATE send_out_recipients SET status = 'FAILED', claimed_until = NULL, claimed_by = NULL, last_error = ${error}
      WHERE send_out_id = ${sendOutId} AND status = 'QUEUED'`,
  );
}

/** A running delivery's heartbeat: the addresses `holder` still holds of the send-out are its until `until`. */
export async function renewClaims(tx: Tx, sendOutId: string, holder: string, until: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE send_out_recipients SET claimed_until = ${until}
      WHERE send_out_id = ${sendOutId} AND claimed_by = ${holder} AND status = 'QUEUED'`,
  );
}

/**
 * At start: the addresses this process (`holder`) held when it stopped are free again at once. Their
 * tries count (a mail may have been on its way when the process died).
 */
export async function releaseHeldBy(tx: Tx, holder: string): Promise<number> {
  const freed = await queryRows<{ email: string }>(
    tx,
    sql`UPDATE send_out_recipients SET claimed_until = NULL, claimed_by = NULL
      WHERE claimed_by = ${holder} AND status = 'QUEUED' RETURNING email`,
  );
  return freed.length;
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
