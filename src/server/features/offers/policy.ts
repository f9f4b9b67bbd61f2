import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { stations } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { type EventRow, findEvent, findEventOfContact } from "../events/repo.ts";

/**
 * Who reads an event's offers (ARCHITECTURE §4): its contacts all of them, a team leader those of the
 * stations they lead (`stationIds`). To anyone else the event does not exist: 404. Nor does a DRAFT for a
 * team leader: until it is confirmed it is private to its contacts (ADR 020), as in the team leaders' area.
 */
export async function eventReader(tx: Tx, actor: UserRow, eventId: string): Promise<{ event: EventRow; stationIds?: string[] }> {
  const event = await findEventOfContact(tx, eventId, actor.id);
  if (event) return { event };
  const led = await tx
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.eventId, eventId), eq(stations.teamLeaderEmail, actor.email)));
  const found = led.length > 0 ? await findEvent(tx, eventId) : undefined;
  if (!found || found.status === "DRAFT") throw notFound("Event not found");
  return { event: found, stationIds: led.map((s) => s.id) };
}

/** A team leader reads only the stations they lead; others' stations do not exist for them. */
export function requireStation(reader: { stationIds?: string[] }, stationId: string) {
  if (reader.stationIds && !reader.stationIds.includes(stationId)) throw notFound("Station not found");
}
