import { eq, sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";

export interface FeedOwner {
  id: string;
  email: string;
  language: string;
  generation: number;
}

export async function findFeedOwner(tx: Tx, userId: string): Promise<FeedOwner | undefined> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, language: users.language, generation: users.calendarGeneration })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function bumpGeneration(tx: Tx, userId: string): Promise<number | undefined> {
  const [row] = await tx
    .update(users)
    .set({ calendarGeneration: sql`${users.calendarGeneration} + 1` })
    .where(eq(users.id, userId))
    .returning({ generation: users.calendarGeneration });
  return row?.generation;
}

/** One entry of the feed: a station the user leads, or a station of an offer their group accepted. */
export interface FeedEntry {
  kind: "leader" | "offer";
  eventId: string;
  eventName: string;
  eventDate: string;
  /** The event's version and last change: every change of the event or its stations moves them. */
  eventVersion: number;
  changedAt: Date;
  stationId: string;
  stationName: string;
  description: string;
  start: Date;
  end: Date;
  municipality: string;
  markerLocation: string;
  markerLat: number;
  markerLng: number;
  /** Offers only. */
  groupId: string | null;
  groupName: string | null;
  volunteers: number | null;
}

type Row = Omit<FeedEntry, "start" | "end" | "changedAt"> & {
  start: Date | string;
  end: Date | string;
  changedAt: Date | string;
};

/**
 * The feed's entries in one query: the stations whose team leader is `email`, and the ACCEPTED offers of the
 * groups `userId` is a contact of, each with its station and event. Only published events (CONFIRMED, and
 * HISTORIC so past entries stay in the calendar); a DRAFT event's stations are not settled yet.
 */
export async function feedEntries(tx: Tx, owner: { id: string; email: string }): Promise<FeedEntry[]> {
  const rows = await queryRows<Row>(
    tx,
    sql`SELECT 'leader' AS kind, e.id AS "eventId", e.name AS "eventName", e.date::text AS "eventDate",
          e.version AS "eventVersion", e.updated_at AS "changedAt",
          s.id AS "stationId", s.name AS "stationName", s.description, s.start, s."end", s.municipality,
          s.marker_location AS "markerLocation", s.marker_lat AS "markerLat", s.marker_lng AS "markerLng",
          NULL::uuid AS "groupId", NULL::text AS "groupName", NULL::int AS volunteers
        FROM stations s JOIN events e ON e.id = s.event_id
        WHERE s.team_leader_email = ${owner.email} AND e.status IN ('CONFIRMED', 'HISTORIC')
      UNION ALL
      SELECT 'offer', e.id, e.name, e.date::text, e.version, greatest(e.updated_at, o.answered_at),
          s.id, s.name, s.description, s.start, s."end", s.municipality,
          s.marker_location, s.marker_lat, s.marker_lng,
          g.id, g.name, o.volunteers
        FROM group_contacts gc
          JOIN offers o ON o.group_id = gc.group_id AND o.status = 'ACCEPTED'
          JOIN groups g ON g.id = o.group_id
          JOIN stations s ON s.id = o.station_id
          JOIN events e ON e.id = o.event_id
        WHERE gc.user_id = ${owner.id} AND e.status IN ('CONFIRMED', 'HISTORIC')
      ORDER BY start, "stationId", "groupId" NULLS FIRST`,
  );
  return rows.map((r) => ({ ...r, start: new Date(r.start), end: new Date(r.end), changedAt: new Date(r.changedAt) }));
}
