import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { lockGroup } from "../groups/repo.ts";

/** The group and event a sign-up link is asked for, and whether the group has offers there. */
export interface LinkTarget {
  eventStatus: string;
  eventDate: string;
  groupName: string;
  /** The group has an offer at the event that it has seen (not a DRAFT). */
  offered: boolean;
  accepted: boolean;
}

export async function linkTarget(tx: Tx, groupId: string, eventId: string): Promise<LinkTarget | undefined> {
  const [row] = await queryRows<LinkTarget>(
    tx,
    sql`SELECT e.status AS "eventStatus", e.date::text AS "eventDate", g.name AS "groupName",
        EXISTS (SELECT 1 FROM offers o WHERE o.event_id = e.id AND o.group_id = g.id AND o.status <> 'DRAFT') AS offered,
        EXISTS (SELECT 1 FROM offers o WHERE o.event_id = e.id AND o.group_id = g.id AND o.status = 'ACCEPTED') AS accepted
      FROM events e, groups g WHERE e.id = ${eventId} AND g.id = ${groupId}`,
  );
  return row;
}

/**
 * The link's generation, made at 1 the first time; `renew` bumps it, which kills the link given out before.
 * One statement, so two contacts asking at once get the same link.
 */
export async function putLink(tx: Tx, groupId: string, eventId: string, renew: boolean, now: Date): Promise<number> {
  const [row] = await queryRows<{ generation: number }>(
    tx,
    sql`INSERT INTO registration_links (group_id, event_id, generation, created_at)
      VALUES (${groupId}, ${eventId}, 1, ${now.toISOString()}::timestamptz)
      ON CONFLICT (group_id, event_id) DO UPDATE SET
        generation = registration_links.generation + CASE WHEN ${renew} THEN 1 ELSE 0 END,
        renewed_at = CASE WHEN ${renew} THEN ${now.toISOString()}::timestamptz ELSE registration_links.renewed_at END
      RETURNING generation`,
  );
  return row.generation;
}

export interface RegistrationStation {
  id: string;
  name: string;
  start: string;
  end: string;
  municipality: string;
  markerLocation: string;
}

/** What a sign-up link opens, read in one statement: its generation, the group, the event and its stations. */
export interface RegistrationRow {
  generation: number;
  groupName: string;
  groupStatus: string;
  event: {
    id: string;
    name: string;
    date: string;
    startTime: string;
    city: string;
    organizerName: string;
    status: string;
    included: string[];
    shirtSizes: string[];
    foodOptions: string[];
    substitute: boolean;
  };
  /** The stations of the group's accepted offers at the event. */
  stations: RegistrationStation[];
}

/**
 * The link of a group at an event, with `lock` holding the group until the transaction ends (a sign-up
 * writes it; every writer of a group's volunteers takes the group first). Read after the lock, as a statement
 * of its own, so a renewal or a withdrawn offer committed meanwhile counts: a statement that waits for a lock
 * sees the locked row as it is now, but every other row as it was when the statement began.
 */
export async function registration(tx: Tx, groupId: string, eventId: string, lock = false): Promise<RegistrationRow | undefined> {
  if (lock) await lockGroup(tx, groupId);
  const [row] = await queryRows<RegistrationRow>(
    tx,
    sql`SELECT l.generation, g.name AS "groupName", g.status AS "groupStatus",
        json_build_object('id', e.id, 'name', e.name, 'date', e.date, 'startTime', e.start_time, 'city', e.city,
          'organizerName', e.organizer_name, 'status', e.status, 'included', e.included, 'shirtSizes', e.shirt_sizes,
          'foodOptions', e.food_options, 'substitute', e.substitute) AS event,
        (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'start', s.start, 'end', s."end",
            'municipality', s.municipality, 'markerLocation', s.marker_location) ORDER BY s.start, s.name), '[]')
          FROM offers o JOIN stations s ON s.id = o.station_id
          WHERE o.event_id = e.id AND o.group_id = g.id AND o.status = 'ACCEPTED') AS stations
      FROM registration_links l JOIN groups g ON g.id = l.group_id JOIN events e ON e.id = l.event_id
      WHERE l.group_id = ${groupId} AND l.event_id = ${eventId}`,
  );
  return row;
}

/** How many volunteers the group has, and whether one of them has this e-mail. */
export async function volunteerCount(tx: Tx, groupId: string, email: string): Promise<{ total: number; taken: boolean }> {
  const [row] = await queryRows<{ total: number; taken: boolean }>(
    tx,
    sql`SELECT count(*)::int AS total, coalesce(bool_or(lower(email) = ${email}), false) AS taken
      FROM group_volunteers WHERE group_id = ${groupId}`,
  );
  return row;
}

export interface NewVolunteer {
  groupId: string;
  eventId: string;
  name: string;
  email: string;
  phone: string;
  age: number;
  language: string;
  participation: Record<string, unknown>;
  guardian: { name: string; email: string } | null;
}

/** A volunteer who signed up through the link, last in the group's list; the group's version moves on. */
export async function insertVolunteer(tx: Tx, v: NewVolunteer, now: Date): Promise<string> {
  const at = now.toISOString();
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`WITH added AS (
        INSERT INTO group_volunteers (group_id, name, email, phone, age, participation, position, language,
          registered_event_id, guardian_name, guardian_email, created_at, updated_at)
        SELECT ${v.groupId}, ${v.name}, ${v.email}, ${v.phone}, ${v.age}, ${JSON.stringify([v.participation])}::jsonb,
          coalesce((SELECT max(position) + 1 FROM group_volunteers WHERE group_id = ${v.groupId}), 0), ${v.language},
          ${v.eventId}, ${v.guardian?.name ?? null}, ${v.guardian?.email ?? null}, ${at}::timestamptz, ${at}::timestamptz
        RETURNING id),
      bumped AS (UPDATE groups SET version = version + 1, updated_at = ${at}::timestamptz WHERE id = ${v.groupId})
      SELECT id FROM added`,
  );
  return row.id;
}

/** A write that a group form read before must not undo: the form's save then answers 409 (stale). */
async function bumpGroupVersion(tx: Tx, groupId: string, now: Date) {
  await tx.execute(
    sql`UPDATE groups SET version = version + 1, updated_at = ${now.toISOString()}::timestamptz WHERE id = ${groupId}`,
  );
}

/** The station of the group's only accepted offer at the event, with its minimum age; none with several or none. */
export async function onlyAcceptedStation(
  tx: Tx,
  groupId: string,
  eventId: string,
): Promise<{ stationId: string; officialMiniumumAge: number } | undefined> {
  const rows = await queryRows<{ stationId: string; officialMiniumumAge: number }>(
    tx,
    sql`SELECT o.station_id AS "stationId", s.official_minimum_age AS "officialMiniumumAge"
      FROM offers o JOIN stations s ON s.id = o.station_id
      WHERE o.event_id = ${eventId} AND o.group_id = ${groupId} AND o.status = 'ACCEPTED'`,
  );
  return rows.length === 1 ? rows[0] : undefined;
}

/**
 * Names the volunteer on `stationId` when that is still the group's only accepted offer at the event and it
 * has room (STAFFING §2). The UPDATE takes the offer's row lock and checks again once it has it, so parallel
 * sign-ups never name more than the offer's volunteers. Answers whether they were named.
 */
export async function nameOnOnlyStation(
  tx: Tx,
  groupId: string,
  eventId: string,
  stationId: string,
  volunteerId: string,
): Promise<boolean> {
  const rows = await queryRows<{ stationId: string }>(
    tx,
    sql`UPDATE offers o SET attendees = o.attendees || jsonb_build_array(${volunteerId}::text)
      WHERE o.event_id = ${eventId} AND o.group_id = ${groupId} AND o.station_id = ${stationId} AND o.status = 'ACCEPTED'
        AND jsonb_array_length(o.attendees) < o.volunteers AND NOT o.attendees ? ${volunteerId}
        AND (SELECT count(*) FROM offers x WHERE x.event_id = ${eventId} AND x.group_id = ${groupId} AND x.status = 'ACCEPTED') = 1
      RETURNING o.station_id AS "stationId"`,
  );
  return rows.length > 0;
}

/** A volunteer as the links in their and their guardian's mails reach them. */
export interface VolunteerRow {
  id: string;
  groupId: string;
  groupName: string;
  name: string;
  email: string;
  age: number;
  language: string;
  registeredEventId: string | null;
  guardianName: string | null;
  guardianEmail: string | null;
  guardianConfirmedAt: string | null;
}

/**
 * The volunteer, with `lock` holding their group. Read again once the group is held: whoever held it
 * before us may have removed them (a second click on the removal link) or confirmed their guardian, and
 * what we do next depends on that.
 */
export async function findVolunteer(tx: Tx, id: string, lock = false): Promise<VolunteerRow | undefined> {
  const read = () =>
    queryRows<VolunteerRow>(
      tx,
      sql`SELECT v.id, v.group_id AS "groupId", g.name AS "groupName", v.name, v.email, v.age, v.language,
          v.registered_event_id AS "registeredEventId", v.guardian_name AS "guardianName",
          v.guardian_email AS "guardianEmail", v.guardian_confirmed_at AS "guardianConfirmedAt"
        FROM group_volunteers v JOIN groups g ON g.id = v.group_id WHERE v.id = ${id}`,
    );
  const [found] = await read();
  if (!found || !lock) return found;
  await lockGroup(tx, found.groupId);
  const [row] = await read();
  return row;
}

export async function confirmGuardian(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE group_volunteers SET guardian_confirmed_at = ${now.toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      WHERE id = ${id} AND guardian_confirmed_at IS NULL`,
  );
}

/** The event and the group's accepted stations there, as the guardian's page names them. */
export async function eventWithStations(tx: Tx, eventId: string, groupId: string) {
  const [row] = await queryRows<{ name: string; date: string; stations: Array<{ name: string; start: string; end: string }> }>(
    tx,
    sql`SELECT e.name, e.date::text AS date,
        (SELECT coalesce(json_agg(json_build_object('name', s.name, 'start', s.start, 'end', s."end") ORDER BY s.start, s.name), '[]')
          FROM offers o JOIN stations s ON s.id = o.station_id
          WHERE o.event_id = e.id AND o.group_id = ${groupId} AND o.status = 'ACCEPTED') AS stations
      FROM events e WHERE e.id = ${eventId}`,
  );
  return row;
}

/**
 * Removes the volunteer from the group for good, and from the offers that named them (their counts and
 * recorded attendance stay). The group's version moves on, so a form read before cannot add them back.
 * Answers whether there was anyone to remove.
 */
export async function deleteVolunteer(tx: Tx, v: { id: string; groupId: string }, now: Date): Promise<boolean> {
  const gone = await queryRows<{ id: string }>(tx, sql`DELETE FROM group_volunteers WHERE id = ${v.id} RETURNING id`);
  if (gone.length === 0) return false;
  await tx.execute(
    sql`UPDATE offers SET attendees = attendees - ${v.id}::text WHERE group_id = ${v.groupId} AND attendees ? ${v.id}`,
  );
  await bumpGroupVersion(tx, v.groupId, now);
  return true;
}

export async function groupNames(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`SELECT id::text AS id, name FROM groups WHERE id::text IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ── Erasure (ADR 022) ───────────────────────────────────────────────────────────────────────────────

/** Volunteers who stated something for the event `e` (an SQL expression) or signed up through its link. */
const touchedBy = (e: ReturnType<typeof sql>) =>
  sql`(v.participation @> jsonb_build_array(jsonb_build_object('eventId', (${e})::text)) OR v.registered_event_id = ${e})`;

/**
 * Finished events whose volunteers' data is due to go within a week and that were not announced yet:
 * marked announced, at most `limit`, skipping those another process holds. With each, the groups whose
 * volunteers stated something for it or signed up through its link.
 */
export async function announceErasures(tx: Tx, historicBefore: Date, now: Date, limit: number) {
  return queryRows<{ id: string; name: string; date: string; historicAt: string; groupIds: string[] }>(
    tx,
    sql`WITH due AS (
        SELECT id FROM events
        WHERE status = 'HISTORIC' AND erasure_notice_at IS NULL AND participation_erased_at IS NULL
          AND historic_at <= ${historicBefore.toISOString()}::timestamptz
        ORDER BY historic_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      UPDATE events e SET erasure_notice_at = ${now.toISOString()}::timestamptz FROM due WHERE e.id = due.id
      RETURNING e.id, e.name, e.date::text AS date, e.historic_at AS "historicAt",
        (SELECT coalesce(array_agg(DISTINCT v.group_id::text), '{}') FROM group_volunteers v
          WHERE ${touchedBy(sql`e.id`)}) AS "groupIds"`,
  );
}

/**
 * Erases what volunteers stated for finished events whose time has come (`historicBefore`) and whose
 * groups were told at least a week before (`noticeBefore`), at most `limit` events a call: each
 * volunteer's participation for the event, and the guardian of those who signed up through its link.
 * A minor whose guardian never said yes never counted: they are removed. The groups' versions move on,
 * so a form read before cannot write the data back. Counts and attendance on the offers stay.
 */
export async function eraseDue(tx: Tx, historicBefore: Date, noticeBefore: Date, now: Date, limit: number) {
  const at = now.toISOString();
  const due = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM events
      WHERE status = 'HISTORIC' AND participation_erased_at IS NULL
        AND erasure_notice_at <= ${noticeBefore.toISOString()}::timestamptz
        AND historic_at <= ${historicBefore.toISOString()}::timestamptz
      ORDER BY historic_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  const done: Array<{ eventId: string; erased: number; removed: number }> = [];
  for (const { id } of due) {
    const removed = await queryRows<{ groupId: string }>(
      tx,
      sql`DELETE FROM group_volunteers v
        WHERE v.registered_event_id = ${id} AND v.guardian_email IS NOT NULL AND v.guardian_confirmed_at IS NULL
        RETURNING v.group_id AS "groupId"`,
    );
    const erased = await queryRows<{ groupId: string }>(
      tx,
      sql`UPDATE group_volunteers v SET updated_at = ${at}::timestamptz,
          participation = (SELECT coalesce(jsonb_agg(p), '[]'::jsonb) FROM jsonb_array_elements(v.participation) p
            WHERE p->>'eventId' <> ${id}::text),
          guardian_name = CASE WHEN v.registered_event_id = ${id} THEN NULL ELSE v.guardian_name END,
          guardian_email = CASE WHEN v.registered_event_id = ${id} THEN NULL ELSE v.guardian_email END
        WHERE ${touchedBy(sql`${id}::uuid`)}
        RETURNING v.group_id AS "groupId"`,
    );
    const groups = [...new Set([...removed, ...erased].map((r) => r.groupId))];
    if (groups.length)
      await tx.execute(
        sql`UPDATE groups SET version = version + 1, updated_at = ${at}::timestamptz
          WHERE id::text IN (${sql.join(
            groups.map((g) => sql`${g}`),
            sql`, `,
          )})`,
      );
    // The texts of the event name numbers and people; their answers go with them (ADR 032).
    await tx.execute(sql`DELETE FROM texts WHERE event_id = ${id}`);
    await tx.execute(sql`UPDATE station_reminders SET number = NULL, message = NULL WHERE event_id = ${id}`);
    await tx.execute(sql`UPDATE events SET participation_erased_at = ${at}::timestamptz WHERE id = ${id}`);
    done.push({ eventId: id, erased: erased.length, removed: removed.length });
  }
  return done;
}
