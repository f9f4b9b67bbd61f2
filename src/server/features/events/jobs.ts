import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { pastCutoff } from "#shared/events/rules";
import type { Clock } from "../../clock.ts";
import type { Db, Tx } from "../../db/client.ts";
import { jobs } from "../../db/schema.ts";
import { enqueue, type JobHandler } from "../../jobs/queue.ts";
import { advisoryLock, markHistoric } from "./repo.ts";

export const HISTORIC_SWEEP_JOB = "events.historic-sweep";
/** Hourly is plenty for a rule counted in days, and cheap: one indexed UPDATE. */
export const HISTORIC_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Any constant will do; it only has to be the same in every process. */
const SWEEP_LOCK = 7_331_100;

/**
 * Makes sure exactly one future sweep is queued. Several processes may call this at once (each at start,
 * and the running sweep for its successor); the advisory lock makes check-then-insert one step.
 */
async function scheduleNext(tx: Tx, runAt: Date, after: Date) {
  await advisoryLock(tx, SWEEP_LOCK);
  const [pending] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, HISTORIC_SWEEP_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt), gt(jobs.runAt, after)))
    .limit(1);
  if (!pending) await enqueue(tx, HISTORIC_SWEEP_JOB, {}, runAt);
}

/** At start: queue a sweep now unless one is already waiting (a due one left by a previous process counts). */
export async function ensureHistoricSweep(db: Db, clock: Clock) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await advisoryLock(tx, SWEEP_LOCK);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, HISTORIC_SWEEP_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)))
      .limit(1);
    if (!pending) await enqueue(tx, HISTORIC_SWEEP_JOB, {}, now);
  });
}

/**
 * A CONFIRMED event more than 7 days past becomes HISTORIC. The sweep and the queueing of its next run
 * commit together, so the chain of runs cannot break in between.
 */
export function historicSweepJob(db: Db, clock: Clock, log: FastifyBaseLogger): JobHandler {
  return async () => {
    const now = clock.now();
    const moved = await db.transaction(async (tx) => {
      const ids = await markHistoric(tx, pastCutoff(now), now);
      await scheduleNext(tx, new Date(now.getTime() + HISTORIC_SWEEP_INTERVAL_MS), now);
      return ids;
    });
    if (moved.length) log.info({ events: moved }, `moved ${moved.length} past event(s) to HISTORIC`);
  };
}
