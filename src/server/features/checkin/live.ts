import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { CheckinCounts } from "#shared/checkin/rules";
import type { LiveMessage } from "#shared/checkin/schema";
import type { Database } from "../../db/client.ts";
import { LIVE_CHANNEL } from "./repo.ts";

type CountsOf = (eventId: string, stationIds?: string[]) => Promise<Map<string, CheckinCounts>>;

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;

interface Listener {
  /** The stations the listener may see; all of the event's when null (its contacts). */
  stationIds: ReadonlySet<string> | null;
  send(message: LiveMessage): void;
}

/**
 * The live stream's fan-out in one process (issue 23): every commit of a check-in NOTIFYs the database,
 * every process LISTENs on one connection of its own, and a change is read once per process however many
 * people listen to the event. Changes arriving together are read together.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pending = new Map<string, Set<string> | "all">();
  private flushing: NodeJS.Timeout | null = null;
  private stop: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Pick<Database, "listen">,
    private readonly countsOf: CountsOf,
    private readonly log: FastifyBaseLogger,
    /** How long changes are gathered before they are read and sent. */
    private readonly gatherMs = 250,
  ) {}

  /** Starts sending the event's changes to `send`; the answer ends it. Listening starts with the first. */
  async subscribe(eventId: string, stationIds: string[] | null, send: (m: LiveMessage) => void): Promise<() => void> {
    this.stop ??= this.database.listen(LIVE_CHANNEL, (payload) => this.heard(payload));
    try {
      await this.stop;
    } catch (err) {
      this.stop = null;
      throw err;
    }
    const listener: Listener = { stationIds: stationIds && new Set(stationIds), send };
    const set = this.listeners.get(eventId) ?? new Set<Listener>();
    this.listeners.set(eventId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(eventId) === set) this.listeners.delete(eventId);
    };
  }

  /**
   * A listener's stream (GET /api/events/{id}/live): it listens from now on, then `serve` writes the
   * Server-Sent Events — first the counts as they are, so nothing falls between, then each change — until
   * the client goes.
   */
  async open(eventId: string, stationIds: string[] | null) {
    let out: ServerResponse | null = null;
    const send = (m: LiveMessage) => out?.write(`data: ${JSON.stringify(m)}\n\n`);
    const unsubscribe = await this.subscribe(eventId, stationIds, send);
    return {
      serve: (request: IncomingMessage, raw: ServerResponse) => {
        raw.writeHead(200, {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          Connection: "keep-alive",
          "X-Accel-Buffering": "no",
        });
        raw.write(": live\n\n");
        out = raw;
        const keepAlive = setInterval(() => raw.write(": ping\n\n"), KEEP_ALIVE_MS);
        const end = () => {
          clearInterval(keepAlive);
          unsubscribe();
        };
        request.on("close", end);
        this.snapshot(eventId, stationIds).then(
          (all) => {
            for (const m of all) send(m);
          },
          (err) => {
            this.log.warn({ err }, "live snapshot failed");
            end();
            raw.end();
          },
        );
      },
    };
  }

  /** The counts of the stations a listener may see, now: what a stream starts with. */
  async snapshot(eventId: string, stationIds: string[] | null): Promise<LiveMessage[]> {
    const counts = await this.countsOf(eventId, stationIds ?? undefined);
    return [...counts].map(([stationId, c]) => ({ stationId, counts: c }));
  }

  private heard(payload: string | null) {
    if (payload === null) {
      // The listening connection was lost: whatever changed meanwhile is read again, everywhere.
      for (const eventId of this.listeners.keys()) this.pending.set(eventId, "all");
    } else {
      let change: { eventId?: unknown; stationId?: unknown };
      try {
        change = JSON.parse(payload);
      } catch {
        return;
      }
      if (typeof change.eventId !== "string" || typeof change.stationId !== "string") return;
      if (!this.listeners.has(change.eventId)) return;
      const known = this.pending.get(change.eventId);
      if (known === "all") return;
      if (known) known.add(change.stationId);
      else this.pending.set(change.eventId, new Set([change.stationId]));
    }
    this.flushing ??= setTimeout(() => void this.flush(), this.gatherMs);
  }

  private async flush() {
    this.flushing = null;
    const work = [...this.pending];
    this.pending.clear();
    for (const [eventId, stations] of work) {
      const listeners = this.listeners.get(eventId);
      if (!listeners) continue;
      try {
        const counts = await this.countsOf(eventId, stations === "all" ? undefined : [...stations]);
        for (const [stationId, c] of counts)
          for (const l of listeners) if (!l.stationIds || l.stationIds.has(stationId)) l.send({ stationId, counts: c });
      } catch (err) {
        this.log.warn({ err, eventId }, "live counts could not be read");
      }
    }
  }

  async close() {
    if (this.flushing) clearTimeout(this.flushing);
    this.listeners.clear();
    const stop = this.stop;
    this.stop = null;
    if (stop) await (await stop.catch(() => async () => {}))();
  }
}
