import { sql } from "drizzle-orm";
import type { EventStatus } from "#shared/events/schema";
import { queryRows, type Tx } from "../../db/client.ts";
import { type EventViewRow, eventView } from "../events/repo.ts";

/** An event the user leads stations of, as the database shapes it (present.ts adds what the rules decide). */
export interface LedEventRow {
  id: string;
  eventId: string;
  name: string;
  date: string;
  city: string;
  status: EventStatus;
  stations: Array<{ id: string; name: string }>;
}

/**
 * The confirmed and finished events where `email` is the team leader of at least one station, each with
 * those stations by start time: one statement, in a fixed order the service then puts in the lists' (byDateFromToday). A DRAFT is left out: it is private to its
 * contacts until they confirm it (spec 02 §4), and its stations and leaders may still change.
 */
export async function ledEvents(tx: Tx, email: string): Promise<LedEventRow[]> {
  const [row] = await queryRows<{ list: LedEventRow[] }>(
    tx,
    sql`SELECT coalesce(json_agg(x ORDER BY x.date DESC, x.name, x.id), '[]') AS list FROM (
        SELECT e.id, e.id AS "eventId", e.name, e.date, e.city, e.status,
          json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.start, s.name) AS stations
        FROM stations s JOIN events e ON e.id = s.event_id
        WHERE s.team_leader_email = ${email} AND e.status <> 'DRAFT'
        GROUP BY e.id) x`,
  );
  return row.list;
}

/** The event as its team leader `viewer` reads it: only the stations they lead; nothing when they lead none. */
export function ledEventView(tx: Tx, eventId: string, viewer: { id: string; email: string }): Promise<EventViewRow | undefined> {
  return eventView(tx, eventId, viewer.id, { leaderEmail: viewer.email });
}
