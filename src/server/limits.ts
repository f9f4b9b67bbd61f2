import { and, asc, count, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Ctx } from "./context.ts";
import type { Db, Tx } from "./db/client.ts";
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

/**
 * A route's limit, as a preHandler: at most `limit` requests per `windowSeconds` for each signed-in user
 * (or, before sign-in, each address), counted by `hitLimit` so it holds for all processes together.
 * `name` separates the budgets of different routes; routes that share one resource share a name.
 */
export function limitRequests(ctx: Ctx, name: string, limit: number, windowSeconds: number) {
  return async (request: FastifyRequest) => {
    const who = request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`;
    const now = ctx.clock.now();
    await ctx.db.transaction((tx) => hitLimit(tx, `${name}:${who}`, limit, windowSeconds, now));
  };
}

/**
 * A pace shared by all processes: each call reserves the next start slot for `key`, at least `intervalMs`
 * after the one before, and resolves when that slot has come. The reservation is one short transaction;
 * the wait holds no connection. Real time, not the app's clock: the pace is kept towards another service.
 */
export async function awaitPace(db: Db, key: string, intervalMs: number): Promise<void> {
  const name = `pace:${key}`;
  const wait = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
    const now = Date.now();
    const [last] = await tx
      .select({ at: rateEvents.at })
      .from(rateEvents)
      .where(eq(rateEvents.key, name))
      .orderBy(desc(rateEvents.at))
      .limit(1);
    const slot = Math.max(now, last ? last.at.getTime() + intervalMs : now);
    await tx.delete(rateEvents).where(and(eq(rateEvents.key, name), lt(rateEvents.at, new Date(now - intervalMs))));
    await tx.insert(rateEvents).values({ key: name, at: new Date(slot) });
    return slot - now;
  });
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
