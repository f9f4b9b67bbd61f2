import { and, asc, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Tx } from "./db/client.ts";
import { rateEvents } from "./db/schema.ts";
import { AppError } from "./http/errors.ts";

/**
 * A sliding-window limit kept in the database, so it holds across server processes:
 * at most `limit` events per `windowSeconds` for `key`. Over the limit: LimitExceededException with Retry-After.
 * Call it inside a transaction: a lock per key, held until the transaction ends, makes concurrent hits
 * count one after another (otherwise a burst would all see the same count and all pass).
 */
export async function hitLimit(tx: Tx, key: string, limit: number, windowSeconds: number, now: Date): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`limit:${key}`}, 0))`);
  const since = new Date(now.getTime() - windowSeconds * 1000);
  await tx.delete(rateEvents).where(and(eq(rateEvents.key, key), lt(rateEvents.at, since)));
  const [{ n }] = await tx
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)));
  if (n >= limit) {
    const [oldest] = await tx
      .select({ at: rateEvents.at })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))
      .orderBy(asc(rateEvents.at))
      .limit(1);
    const retryAfter = oldest ? (oldest.at.getTime() + windowSeconds * 1000 - now.getTime()) / 1000 : windowSeconds;
    throw new AppError("LimitExceededException", `Limit of ${limit} per ${windowSeconds}s exceeded`, undefined, retryAfter);
  }
  await tx.insert(rateEvents).values({ key, at: now });
}
