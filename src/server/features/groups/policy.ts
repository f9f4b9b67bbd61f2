import { UUID_PATTERN } from "#shared/groups/schema";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { findGroup, type GroupRow, isContact } from "./repo.ts";

/**
 * Only the group's contact persons see or change a group. Everyone else gets the same 404 as for a group
 * that does not exist, so ids cannot be probed.
 */
export async function authorizeGroup(tx: Tx, actor: UserRow, groupId: string): Promise<GroupRow> {
  const group = UUID_PATTERN.test(groupId) ? await findGroup(tx, groupId) : undefined;
  if (!group || !(await isContact(tx, group.id, actor.id))) throw notFound("Group not found");
  return group;
}
