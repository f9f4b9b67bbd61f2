import { canEdit, type Status } from "#shared/status";
import type { Tx } from "../../db/client.ts";
import { historicConflict } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { eventOfContact } from "../events/policy.ts";
import { authorizeGroup } from "../groups/policy.ts";
import type { ContactTarget } from "./service.ts";

/** An event or group someone is invited to, as the invitation names it. */
export type InvitationTarget = ContactTarget & { date?: string };

/**
 * The saved event or group named as the context of an invitation (POST /api/user), checked as a change to
 * it is: only its contacts may add people (anyone else gets the 404 of one that does not exist, so ids
 * cannot be probed), and a finished one is read-only (409). Undefined without a context.
 */
export async function invitationTarget(
  tx: Tx,
  actor: UserRow,
  context: { eventId?: string; groupId?: string },
): Promise<InvitationTarget | undefined> {
  if (context.eventId) {
    const event = await eventOfContact(tx, actor, context.eventId);
    if (!canEdit(event.status as Status)) throw historicConflict("event");
    return { kind: "event", id: event.id, name: event.name, date: event.date };
  }
  if (context.groupId) {
    const group = await authorizeGroup(tx, actor, context.groupId);
    if (!canEdit(group.status as Status)) throw historicConflict("group");
    return { kind: "group", id: group.id, name: group.name };
  }
  return undefined;
}
