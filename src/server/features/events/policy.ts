import type { Tx } from "../../db/client.ts";
import { notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { type EventRow, findEventOfContact } from "./repo.ts";

/**
 * Contacts of an event may do everything on it (ARCHITECTURE §4); to anyone else it does not exist,
 * so the answer is the same 404 whether the event is missing or someone else's.
 */
export async function eventOfContact(tx: Tx, actor: UserRow, eventId: string): Promise<EventRow> {
  const event = await findEventOfContact(tx, eventId, actor.id);
  if (!event) throw notFound("Event not found");
  return event;
}
