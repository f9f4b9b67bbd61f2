import { randomUUID } from "node:crypto";
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

/** What one NOTIFY says: the stations of an event that changed in the process `from`. */
interface Change {
  from: string;
  eventId: string;
  stationIds: string[];
}

/** Stations named in one NOTIFY, well within PostgreSQL's 8,000-byte payload. */
const STATIONS_PER_NOTICE = 100;

/**
 * The live stream's fan-out (issue 23). A process that commits a change says so with `changed`; its own
 * listeners hear it at once, and every other process through one NOTIFY per process and gathering moment
 * (ADR 031): a NOTIFY in the tap's own commit would serialize every commit in the database behind one lock
 * (PostgreSQL holds it through the commit's flush to disk), which is what made 50 devices tapping at once
 * wait on each other. Each process LISTENs on one connection of its own, and a change is read once per
 * process however many people listen to the event. A process killed between its commit and its word is
 * covered by reading every listened event again now and then (`resyncMs`): of that, only what differs from
 * what was last sent is sent.
 */
export class LiveHub {
  private readonly origin = randomUUID();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Stations to read again and send to this process's listeners, by event ("all": every station). */
  private readonly pending = new Map<string, Set<string> | "all">();
  /** Stations changed here that other processes have not been told of yet, by event. */
  private readonly untold = new Map<string, Set<string>>();
  /** What each event's listeners were last sent, by station: a full reading that finds the same sends nothing. */
  private readonly lastSent = new Map<string, Map<string, string>>();
  private flushing: NodeJS.Timeout | null = null;
  private telling: NodeJS.Timeout | null = null;
  private readonly resync: NodeJS.Timeout;
  private stop: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly database: Pick<Database, "listen">,
    /** Sends the payloads as NOTIFYs on the channel, in one statement. */
    private readonly notify: (channel: string, payloads: string[]) => Promise<void>,
    private readonly countsOf: CountsOf,
    private readonly log: FastifyBaseLogger,
    /** How long changes are gathered before they are read and sent, and before other processes are told. */
    private readonly gatherMs = 250,
    resyncMs = 30_000,
  ) {
    this.resync = setInterval(() => {
      for (const eventId of this.listeners.keys()) this.pending.set(eventId, "all");
      if (this.listeners.size) this.scheduleFlush();
    }, resyncMs);
    this.resync.unref();
  }

  /**
   * A change of the station's check-ins or of who is named there, committed by this process: its listeners
   * get the new counts, and the other processes are told, each within `gatherMs`.
   */
  changed(eventId: string, stationId: string) {
    this.mark(eventId, [stationId]);
    this.untell(eventId, [stationId]);
  }

  private untell(eventId: string, stationIds: Iterable<string>) {
    const stations = this.untold.get(eventId) ?? new Set<string>();
    this.untold.set(eventId, stations);
    for (const id of stationIds) stations.add(id);
    this.telling ??= setTimeout(() => void this.tell(), this.gatherMs);
  }

  /** Tells the other processes what changed here since the last time; kept for the next time if it fails. */
  private async tell() {
    this.telling = null;
    const told = [...this.untold];
    this.untold.clear();
    const payloads = told.flatMap(([eventId, stations]) => {
      const ids = [...stations];
      const chunks: string[] = [];
      for (let i = 0; i < ids.length; i += STATIONS_PER_NOTICE)
        chunks.push(
          JSON.stringify({ from: this.origin, eventId, stationIds: ids.slice(i, i + STATIONS_PER_NOTICE) } satisfies Change),
        );
      return chunks;
    });
    if (!payloads.length) return;
    try {
      await this.notify(LIVE_CHANNEL, payloads);
    } catch (err) {
      this.log.warn({ err }, "other processes could not be told of check-ins; trying again");
      for (const [eventId, stations] of told) this.untell(eventId, stations);
    }
  }

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
    // The newcomer starts from a snapshot that may be newer than what the others were last sent: the next
    // read sends every station it reads, so nobody is left on counts that a later change brought back.
    this.lastSent.delete(eventId);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(eventId) === set) {
        this.listeners.delete(eventId);
        this.lastSent.delete(eventId);
      }
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

  /** A NOTIFY from another process, or null when the listening connection was lost and made again. */
  private heard(payload: string | null) {
    if (payload === null) {
      // Whatever changed meanwhile is read again, everywhere.
      for (const eventId of this.listeners.keys()) this.pending.set(eventId, "all");
      this.scheduleFlush();
      return;
    }
    let change: Partial<Change>;
    try {
      change = JSON.parse(payload);
    } catch {
      return;
    }
    if (change.from === this.origin || typeof change.eventId !== "string" || !Array.isArray(change.stationIds)) return;
    this.mark(
      change.eventId,
      change.stationIds.filter((id): id is string => typeof id === "string"),
    );
  }

  /** Stations whose counts this process's listeners are sent within `gatherMs`. */
  private mark(eventId: string, stationIds: string[]) {
    if (!this.listeners.has(eventId)) return;
    const known = this.pending.get(eventId);
    if (known === "all") return;
    if (known) for (const id of stationIds) known.add(id);
    else this.pending.set(eventId, new Set(stationIds));
    this.scheduleFlush();
  }

  private scheduleFlush() {
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
        const last = this.lastSent.get(eventId) ?? new Map<string, string>();
        this.lastSent.set(eventId, last);
        for (const [stationId, c] of counts) {
          const json = JSON.stringify(c);
          // A change heard is always sent; reading everything again sends only what differs.
          if (stations === "all" && last.get(stationId) === json) continue;
          last.set(stationId, json);
          for (const l of listeners) if (!l.stationIds || l.stationIds.has(stationId)) l.send({ stationId, counts: c });
        }
      } catch (err) {
        this.log.warn({ err, eventId }, "live counts could not be read");
      }
    }
  }

  /** Stops listening; what changed here and was not yet told is told first. */
  async close() {
    clearInterval(this.resync);
    if (this.flushing) clearTimeout(this.flushing);
    if (this.telling) {
      clearTimeout(this.telling);
      await this.tell();
      if (this.telling) clearTimeout(this.telling);
    }
    this.listeners.clear();
    const stop = this.stop;
    this.stop = null;
    if (stop) await (await stop.catch(() => async () => {}))();
  }
}
