import { and, asc, desc, eq, gt, inArray, lt, sql, count as sqlCount } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Ctx } from "./context.ts";
import type { Db, Tx } from "./db/client.ts";
import { rateEvents } from "./db/schema.ts";
import { AppError } from "./http/errors.ts";
import type { Periodic } from "./jobs/periodic.ts";

/**
 * A sliding-window limit kept in the database, so it holds across server processes:
 * at most `limit` events per `windowSeconds` for `key`; `count` events are taken at once (all or none).
 * Over the limit: LimitExceededException with Retry-After, the time until enough earlier events have left
 * the window for these to fit (the whole window when `count` alone exceeds the limit).
 * Call it inside a transaction: a lock per key, held until the transaction ends, makes concurrent hits
 * count one after another (otherwise a burst would all see the same count and all pass).
 */
export async function hitLimit(tx: Tx, key: string, limit: number, windowSeconds: number, now: Date, count = 1): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`limit:${key}`}, 0))`);
  const since = new Date(now.getTime() - windowSeconds * 1000);
  await tx.delete(rateEvents).where(and(eq(rateEvents.key, key), lt(rateEvents.at, since)));
  const [{ n }] = await tx
    .select({ n: sqlCount() })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)));
  if (n + count > limit) {
    // The event whose leaving makes room: the (n + count - limit)-th oldest.
    const [freeing] =
      count > limit
        ? []
        : await tx
            .select({ at: rateEvents.at })
            .from(rateEvents)
            .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))
            .orderBy(asc(rateEvents.at))
            .offset(n + count - limit - 1)
            .limit(1);
    const retryAfter = freeing ? (freeing.at.getTime() + windowSeconds * 1000 - now.getTime()) / 1000 : windowSeconds;
    throw new AppError("LimitExceededException", `Limit of ${limit} per ${windowSeconds}s exceeded`, undefined, retryAfter);
  }
  await tx.insert(rateEvents).values(Array.from({ length: count }, () => ({ key, at: now })));
}

/** One of the limits a single action counts against (`hitLimits`). */
export interface LimitHit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * An action that counts against several limits at once (a day's and an hour's, a person's and a link's):
 * counted against each, and when any is spent, refused with the longest Retry-After among the spent ones,
 * the time after which the action fits all of them again. In the caller's transaction, which a refusal
 * rolls back, so nothing is counted then.
 */
export async function hitLimits(tx: Tx, hits: readonly LimitHit[], now: Date): Promise<void> {
  let refusal: AppError | null = null;
  for (const h of hits) {
    try {
      await hitLimit(tx, h.key, h.limit, h.windowSeconds, now);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "LimitExceededException") throw err;
      if ((err.retryAfterSeconds ?? 0) > (refusal?.retryAfterSeconds ?? -1)) refusal = err;
    }
  }
  if (refusal) throw refusal;
}

/**
 * Gives back one event of a limit counted by `hitLimit` that is still inside its window (after
 * `since`): the newest, to take back a try that turned out not to count, or the oldest, to free a slot.
 */
export async function releaseLimitEvent(tx: Tx, key: string, which: "newest" | "oldest", since: Date) {
  const pick = tx
    .select({ id: rateEvents.id })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))
    .orderBy(which === "newest" ? desc(rateEvents.at) : asc(rateEvents.at))
    .limit(1);
  await tx.delete(rateEvents).where(inArray(rateEvents.id, pick));
}

/**
 * The client address a request counts against: an IPv4 address as it is, an IPv6 address by its /64
 * network, which one subscriber gets whole, so stepping through it buys no fresh budget.
 */
export function clientAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, "").toLowerCase();
  if (!bare.includes(":")) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1];
  const [head, tail] = bare.split("::");
  const groups = (part?: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const [h, t] = [groups(head), groups(tail)];
  const whole = tail === undefined ? h : [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill("0"), ...t];
  return `${whole
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}

/** Who a request counts against: the signed-in user, or before sign-in the address it came from. */
const requester = (request: FastifyRequest) => (request.actor ? `user:${request.actor.id}` : `ip:${clientAddress(request.ip)}`);

/**
 * A route's limit, as a preHandler: at most `limit` requests per `windowSeconds` for each signed-in user
 * (or, before sign-in, each address), counted by `hitLimit` so it holds for all processes together.
 * `name` separates the budgets of different routes; routes that share one resource share a name.
 */
export function limitRequests(ctx: Ctx, name: string, limit: number, windowSeconds: number) {
  return async (request: FastifyRequest) => {
    const now = ctx.clock.now();
    await ctx.db.transaction((tx) => hitLimit(tx, `${name}:${requester(request)}`, limit, windowSeconds, now));
  };
}

/**
 * Every answer that tells whether an address has an account (the lookup, an invitation refused for an
 * existing address, a contact or team leader accepted by a save) draws on one budget per user, so no
 * route is a cheaper way to harvest accounts than another.
 */
export const EMAIL_LOOKUPS = { name: "email-lookup", limit: 30, windowSeconds: 60 } as const;

/** The lookup and invitation routes: one lookup each. */
export const limitEmailLookups = (ctx: Ctx) =>
  limitRequests(ctx, EMAIL_LOOKUPS.name, EMAIL_LOOKUPS.limit, EMAIL_LOOKUPS.windowSeconds);

/**
 * A save of an event or group tells whether the addresses it names have accounts: each one new to it
 * (not among what it already names, read by `known` only when needed, and not the saver's own) is a
 * lookup. Counted in a transaction of its own before the save, so the lookups count even when the save
 * then fails; an unchanged save costs nothing.
 */
export async function countNewAddresses(
  ctx: Ctx,
  saver: { id: string; email: string },
  named: Iterable<string>,
  known?: () => Promise<Iterable<string>>,
): Promise<void> {
  const fresh = new Set(named);
  fresh.delete(saver.email);
  if (fresh.size > 0 && known) for (const address of await known()) fresh.delete(address);
  if (fresh.size === 0) return;
  const { name, limit, windowSeconds } = EMAIL_LOOKUPS;
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) => hitLimit(tx, `${name}:user:${saver.id}`, limit, windowSeconds, now, fresh.size));
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

/** The longest window any limit or pace uses; a row older than this counts for nothing. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A key's old rows are deleted when that key is hit again; the keys of addresses that never come back are
 * swept here, hourly and at most 10,000 rows a run, so the table stays as small as the traffic of a day.
 */
export const limitsSweep: Periodic = {
  kind: "limits.sweep",
  intervalMs: 60 * 60 * 1000,
  lockKey: 7_331_300,
  run: async (tx, now) => {
    const stale = tx
      .select({ id: rateEvents.id })
      .from(rateEvents)
      .where(lt(rateEvents.at, new Date(now.getTime() - LONGEST_WINDOW_MS)))
      .limit(10_000);
    return tx.delete(rateEvents).where(inArray(rateEvents.id, stale)).returning({ id: rateEvents.id });
  },
  describe: (gone) => `deleted ${gone.length} stale limit row(s)`,
};
