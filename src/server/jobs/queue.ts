import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.ts";
import { type Db, queryRows, type Tx } from "../db/client.ts";
import { jobs } from "../db/schema.ts";

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** Jobs claimed and run at once. */
const BATCH = 20;

/**
 * How long a claimed job is ours without a word from us. While it runs, a heartbeat renews it every
 * HEARTBEAT_MS; a process that dies mid-job stops renewing, and another process takes the job once this
 * has run out (within LEASE_MS plus one poll, ADR 025). A restarted process frees its own at once (start).
 */
export const LEASE_MS = 20_000;
/** How often a running job's lease (and a send-out run's claims) is renewed. */
export const HEARTBEAT_MS = 5_000;

/** Enqueue inside the caller's transaction, so the job exists exactly when the change that caused it does. */
export async function enqueue(tx: Tx, kind: string, payload: Record<string, unknown>, runAt: Date): Promise<void> {
  await tx.insert(jobs).values({ kind, payload, runAt, createdAt: runAt });
}

/** Retry after 5 s, 10 s, 20 s … up to an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 3600);
}

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export interface WorkerOptions {
  /** The name this process's leases carry (jobs/instance.ts). */
  instanceId: string;
  /** Run once at start, before any job: frees what else this process held when it stopped. */
  onStart?: () => Promise<void>;
  pollMs?: number;
  /** How often a running job's lease is renewed (HEARTBEAT_MS). */
  heartbeatMs?: number;
}

/**
 * Polls the jobs table. Claiming uses FOR UPDATE SKIP LOCKED plus a lease in the name of this process
 * (`instanceId`), so any number of processes can run workers on one database and each job runs once at
 * a time; handlers must be idempotent because a job whose process died is run again: by that process
 * as soon as it starts again, by another once the lease has run out.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  private readonly instanceId: string;
  private readonly onStart: () => Promise<void>;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: FastifyBaseLogger,
    options: WorkerOptions,
  ) {
    this.instanceId = options.instanceId;
    this.onStart = options.onStart ?? (async () => {});
    this.pollMs = options.pollMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  /**
   * Starts polling. First the jobs this process held when it last stopped (killed, crashed) are freed, and
   * whatever `onStart` frees, so their work goes on at once; resolves when that is done.
   */
  async start(): Promise<void> {
    this.stopped = false;
    try {
      await this.releaseOwn();
      await this.onStart();
    } catch (err) {
      // Not fatal: what this process held is then taken over when its leases run out.
      this.log.error({ err }, "could not free what this process held before it started");
    }
    if (!this.stopped) this.schedule(0);
  }

  /** The leases still in this process's name: a run that ended with the process that ran it. */
  private async releaseOwn() {
    const freed = await queryRows<{ id: string }>(
      this.db,
      sql`UPDATE jobs SET locked_until = NULL, locked_by = NULL
        WHERE locked_by = ${this.instanceId} AND done_at IS NULL AND failed_at IS NULL
        RETURNING id`,
    );
    if (freed.length) this.log.info({ jobs: freed.length }, "freed the jobs this process held when it stopped");
  }

  /** Runs due jobs soon, e.g. right after a request enqueued one. */
  nudge() {
    if (!this.stopped) this.schedule(10);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job once; returns how many ran. */
  async runDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await this.claim(BATCH);
      if (batch.length === 0) return count;
      // Side by side: a mail's time is mostly the SMTP round trip, and the pooled transport has room.
      await Promise.all(batch.map((job) => this.runOne(job)));
      count += batch.length;
    }
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.running) {
        this.running.then(() => this.nudge());
        return;
      }
      this.running = this.runDue()
        .then(() => undefined)
        .catch((err) => this.log.error({ err }, "job worker failed"))
        .finally(() => {
          this.running = null;
          if (!this.stopped && !this.timer) this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private async claim(limit: number): Promise<ClaimedJob[]> {
    const now = this.clock.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    return queryRows<ClaimedJob>(
      this.db,
      sql`
      UPDATE jobs SET locked_until = ${lease}, locked_by = ${this.instanceId}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}
          AND (locked_until IS NULL OR locked_until < ${now})
        ORDER BY run_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts, max_attempts`,
    );
  }

  /** Keeps the job's lease while it runs: renewed every HEARTBEAT_MS, for as long as this process lives. */
  private heartbeat(job: ClaimedJob): () => void {
    const timer = setInterval(() => {
      const lease = new Date(this.clock.now().getTime() + LEASE_MS);
      this.db
        .execute(
          sql`UPDATE jobs SET locked_until = ${lease}
            WHERE id = ${job.id} AND locked_by = ${this.instanceId} AND done_at IS NULL AND failed_at IS NULL`,
        )
        .catch((err) => this.log.warn({ jobId: job.id, err }, "could not renew a job's lease"));
    }, this.heartbeatMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async runOne(job: ClaimedJob) {
    const handler = this.handlers[job.kind];
    const stopBeating = this.heartbeat(job);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      stopBeating();
      await this.db.execute(
        sql`UPDATE jobs SET done_at = ${this.clock.now()}, locked_until = NULL, locked_by = NULL, last_error = NULL
          WHERE id = ${job.id}`,
      );
    } catch (err) {
      stopBeating();
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = job.attempts >= job.max_attempts;
      const retryAt = new Date(this.clock.now().getTime() + backoffSeconds(job.attempts) * 1000);
      this.log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: message },
        giveUp ? "job failed for good" : "job failed, will retry",
      );
      await this.db.execute(
        giveUp
          ? sql`UPDATE jobs SET failed_at = ${this.clock.now()}, locked_until = NULL, locked_by = NULL, last_error = ${message}
              WHERE id = ${job.id}`
          : sql`UPDATE jobs SET run_at = ${retryAt}, locked_until = NULL, locked_by = NULL, last_error = ${message}
              WHERE id = ${job.id}`,
      );
    }
  }
}
