import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.ts";
import { type Db, queryRows, type Tx } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import { enqueue, type JobHandler } from "./queue.ts";

/**
 * A job that runs every `intervalMs` in whichever process claims it: one run queued at a time, the next
 * queued in the same transaction as the run's work, so the chain cannot break in between. `lockKey` is any
 * constant of its own; an advisory lock under it makes check-then-insert one step across processes.
 */
export interface Periodic {
  kind: string;
  intervalMs: number;
  lockKey: number;
  /** The run's work, in its transaction; what it answers is logged when it is not empty. */
  run(tx: Tx, now: Date): Promise<unknown[]>;
  describe(done: unknown[]): string;
}

async function advisoryLock(tx: Tx, key: number) {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${key})`);
}

/** Is a run of `kind` waiting (after `after`, when given)? */
async function pending(tx: Tx, kind: string, after?: Date) {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), isNull(jobs.failedAt), after ? gt(jobs.runAt, after) : undefined))
    .limit(1);
  return !!row;
}

/** At start: queue a run now unless one is already waiting (a due one left by a previous process counts). */
export async function ensurePeriodic(db: Db, clock: Clock, p: Periodic) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await advisoryLock(tx, p.lockKey);
    if (!(await pending(tx, p.kind))) await enqueue(tx, p.kind, {}, now);
  });
}

export function periodicJob(db: Db, clock: Clock, log: FastifyBaseLogger, p: Periodic): JobHandler {
  return async () => {
    const now = clock.now();
    const done = await db.transaction(async (tx) => {
      const result = await p.run(tx, now);
      await advisoryLock(tx, p.lockKey);
      if (!(await pending(tx, p.kind, now))) await enqueue(tx, p.kind, {}, new Date(now.getTime() + p.intervalMs));
      return result;
    });
    if (done.length) log.info({ done }, p.describe(done));
  };
}
