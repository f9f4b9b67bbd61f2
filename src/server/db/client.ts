import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { isConnectionLost } from "./errors.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repos accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * The embedded database only: how many writes have been sent to it. Only this process can open it (the
   * folder lock), so when the number has not moved, nothing in it has changed.
   */
  writes?: () => number;
  /** A hot read as a named statement, planned once per connection (see Prepared). */
  prepared: Prepared;
  /**
   * Hears NOTIFY on `channel` from every process on the database. `onMessage(null)` means notifications may
   * have been missed (the listening connection was lost and made again): whoever listens reads afresh.
   */
  listen(channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Runs `text` (with $1… placeholders) as the named statement `name`: PostgreSQL plans it once per
 * connection instead of at every call. For the few reads that run on every request, outside transactions.
 */
export type Prepared = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

/** Migrations sit beside this file in the source tree and beside the bundle in dist/server. */
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export class DatabaseLockedError extends Error {}

/**
 * PGlite does not lock its folder, and two processes on one folder corrupt it: take a lock file holding
 * our pid; a lock left by a dead process is taken over.
 */
function lockDataFolder(dir: string): () => void {
  const lockFile = path.join(dir, "bemanna.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(lockFile, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The database folder ${dir} is in use by another Bemanna process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the database folder ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface OpenOptions {
  /** Called with every statement sent, BEGIN and COMMIT included: the benchmark and tests count them. */
  onQuery?: (query: string) => void;
}

const queryLogger = (options: OpenOptions) => (options.onQuery ? { logQuery: options.onQuery } : false);
const READ = /^\s*select\b/i;

interface PgliteOptions extends OpenOptions {
  loadDataDir?: Blob;
  /**
   * An instance already open instead of a new one, and what closing the database does with it instead of
   * closing it (the tests hand a worker's instances on from file to file, emptied, instead of starting a new
   * one for each: starting one takes seconds).
   */
  reuse?: { client: PGlite; release(client: PGlite): Promise<void> };
}

/** Opens an embedded database in `dir` (created if missing) or in memory, and migrates it. */
export async function openPglite(dir: string | null, options: PgliteOptions = {}): Promise<Database> {
  let unlock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    unlock = lockDataFolder(dir);
  }
  try {
    const client = options.reuse?.client ?? new PGlite(dir ?? undefined, { loadDataDir: options.loadDataDir });
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    let writes = 0;
    const logQuery = (query: string) => {
      // Anything but a plain SELECT may change data (a WITH may hold an INSERT): counted as a write.
      if (!READ.test(query)) writes++;
      options.onQuery?.(query);
    };
    const db = drizzlePglite(client, { schema, logger: { logQuery } }) as unknown as Db;
    return {
      db,
      kind: "pglite",
      writes: () => writes,
      // PGlite has one session and no named statements through its query API: a plain query.
      prepared: async <T>(_name: string, text: string, values: unknown[]) => {
        logQuery(text);
        return (await client.query<T>(text, values)).rows;
      },
      // One process owns the embedded database, so its own notifications are all there are.
      listen: (channel, onMessage) => client.listen(channel, (payload) => onMessage(payload)),
      async close() {
        await (options.reuse ? options.reuse.release(client) : client.close());
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** How the app's connections name themselves to PostgreSQL (pg_stat_activity) unless the URL names them. */
export const APPLICATION_NAME = "bemanna";

/** A request waits at most this long for a connection (all in use, or the server not answering), then 503. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The pool, except that a plain read whose connection dropped under it (the server restarted, a failover,
 * an administrator ended it) is tried once more on a new connection of its own: the pool's other idle
 * connections may be dead too and not yet known to be. Writes are never repeated (they may have
 * happened), and transactions check out a client instead of coming here.
 */
class RetryingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this passes them all through
  override query(...args: any[]): any {
    const [config, values, callback] = args;
    const text: unknown = typeof config === "string" ? config : config?.text;
    const read = typeof text === "string" && READ.test(text);
    if (!read || typeof values === "function" || typeof callback === "function") return super.query(...(args as [string]));
    return super.query(config, values).catch(async (err: unknown) => {
      if (!isConnectionLost(err)) throw err;
      const client = new pg.Client(this.options);
      // The server may end this one too; its error is the query's, not the process's.
      client.on("error", () => {});
      try {
        await client.connect();
        return await client.query(config, values);
      } finally {
        client.end().catch(() => {});
      }
    });
  }
}

/** Connects to PostgreSQL and migrates under an advisory lock, so N processes can start at once. */
export async function openPostgres(url: string, options: OpenOptions & { max?: number } = {}): Promise<Database> {
  const pool = new RetryingPool({
    connectionString: url,
    max: options.max ?? 10,
    fallback_application_name: APPLICATION_NAME,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection that the server ends (restart, failover, a dropped database) must not crash the
  // process: the pool replaces it on the next query.
  pool.on("error", (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  // A connection that drops while checked out (in a transaction) reports on its client, where nobody listens:
  // unheard, that error would end the process. The query in flight fails anyway, and the pool drops the client.
  pool.on("connect", (client) => client.on("error", () => {}));
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7331001)");
    try {
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock(7331001)");
    }
  } finally {
    client.release();
  }
  const db = drizzleNodePg(pool, { schema, logger: queryLogger(options) }) as unknown as Db;
  const prepared: Prepared = async <T>(name: string, text: string, values: unknown[]) => {
    options.onQuery?.(text);
    return (await pool.query({ name, text, values })).rows as T[];
  };
  const listen = (channel: string, onMessage: (payload: string | null) => void) => listenPostgres(url, channel, onMessage);
  return { db, kind: "postgres", prepared, listen, close: () => pool.end() };
}

/** How long a lost listening connection waits before it is made again. */
const RELISTEN_MS = 1000;

/**
 * A connection of its own that LISTENs (a pooled one would be handed to others): when it is lost it is
 * made again, and the listener told that it may have missed something.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string | null) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (again: boolean) => {
    const c = new pg.Client({
      connectionString: url,
      fallback_application_name: APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    c.on("notification", (n) => {
      if (n.channel === channel) onMessage(n.payload ?? "");
    });
    c.on("error", () => retry());
    c.on("end", () => retry());
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      c.removeAllListeners("end");
      c.end().catch(() => {});
      if (!again) throw err;
      return retry();
    }
    if (stopped) return void c.end().catch(() => {});
    client = c;
    if (again) onMessage(null);
  };
  const retry = () => {
    if (stopped || timer) return;
    client = null;
    timer = setTimeout(() => {
      timer = undefined;
      void connect(true);
    }, RELISTEN_MS);
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners("end");
      await c.end().catch(() => {});
    }
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
