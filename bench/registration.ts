// The large event's sign-up links: each of its 400 accepted groups gets one, so the public page and the
// sign-up can be measured across many links (each link and client address has its own limit, ADR 022),
// and the event itself is copied with all its accepted offers.
import { sql } from "drizzle-orm";
import type { Ctx } from "../src/server/context.ts";
import { queryRows } from "../src/server/db/client.ts";
import { linkHash } from "../src/server/features/registration/service.ts";

export const SIGN_UP_PAGE_SCENARIO = "GET /api/public/self-registration/{eventId}/{hash} (400 links)";
export const SIGN_UP_SCENARIO = "POST /api/groups/addVolunteer (400 links)";
export const COPY_SCENARIO = "POST /api/events/{id}/copy (60 stations, 400 accepted offers)";
export const REGISTRATION_SCENARIOS = [SIGN_UP_PAGE_SCENARIO, SIGN_UP_SCENARIO, COPY_SCENARIO];

export interface LinksInfo {
  eventId: string;
  hashes: string[];
  /** The accepted offers a copy asks again. */
  offers: Array<{ groupId: string; stationId: string }>;
}

/** A sign-up link for every group with an accepted offer at the event. */
export async function seedLinks(ctx: Ctx, eventId: string): Promise<LinksInfo> {
  const offers = await queryRows<{ groupId: string; stationId: string }>(
    ctx.db,
    sql`SELECT group_id AS "groupId", station_id AS "stationId" FROM offers WHERE event_id = ${eventId} AND status = 'ACCEPTED'`,
  );
  const groupIds = [...new Set(offers.map((o) => o.groupId))];
  await ctx.db.execute(
    sql`INSERT INTO registration_links (group_id, event_id, generation)
      SELECT g::uuid, ${eventId}::uuid, 1 FROM unnest(${`{${groupIds.join(",")}}`}::text[]) g`,
  );
  return { eventId, hashes: groupIds.map((id) => linkHash(ctx.secret, id, eventId, 1)), offers };
}

/** A client address per request (the server trusts one proxy in the bench), so the per-address limits stay out of the figure. */
export const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
