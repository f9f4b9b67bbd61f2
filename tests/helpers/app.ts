import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import type { RouteOptions } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type App, buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { type Database, type OpenOptions, openPglite, openPostgres } from "../../src/server/db/client.ts";
import { TestClock } from "./clock.ts";

/**
 * Embedded databases closed by the files this worker has run, emptied, for the next file to take: starting
 * one from the template takes 2–3 s, emptying one a few milliseconds. The schema is the migrations' alone and
 * they put no rows in it, so an emptied database is as fresh as a new copy of the template.
 */
const idleEmbedded: PGlite[] = [];
const KEEP_IDLE = 2;

async function release(client: PGlite) {
  if (client.closed) return;
  if (idleEmbedded.length >= KEEP_IDLE) return client.close();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
    );
    // A transaction a test left open is ended first (outside one, ROLLBACK only warns), so the TRUNCATE is
    // committed and the next file starts outside any transaction.
    await client.exec(`ROLLBACK; TRUNCATE ${rows.map((r) => r.name).join(", ")} RESTART IDENTITY CASCADE`);
    idleEmbedded.push(client);
  } catch {
    // In a state no statement gets through: not handed on.
    await client.close();
  }
}

/**
 * A fresh database for one test file: a copy of the migrated embedded template, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server, dropped again on close.
 */
/** A new, empty database on the server of `url` (TEST_DATABASE_URL); answers its URL. */
export async function createTestDatabase(url: string): Promise<string> {
  const name = `bemanna_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export async function freshDatabase(options: OpenOptions = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = idleEmbedded.pop();
    if (client) return openPglite(null, { ...options, reuse: { client, release } });
    const template = readFileSync(inject("pgliteTemplate"));
    const database = await openPglite(null, { ...options, loadDataDir: new Blob([template]) });
    const own = (database.db as unknown as { $client: PGlite }).$client;
    return { ...database, close: () => release(own) };
  }
  const target = await createTestDatabase(url);
  const name = new URL(target).pathname.slice(1);
  const database = await openPostgres(target, { ...options, max: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestApp extends App {
  clock: TestClock;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh database, with a clock the test controls. Mail goes to `smtpUrl` when given. */
export async function createTestApp(
  options: {
    smtpUrl?: string;
    env?: Record<string, string>;
    clock?: TestClock;
    webRoot?: string;
    /** Sees every route as it is registered (Fastify's onRoute hook). */
    onRoute?: (route: RouteOptions) => void;
  } & OpenOptions = {},
): Promise<TestApp> {
  const database = await freshDatabase({ onQuery: options.onQuery });
  const clock = options.clock ?? new TestClock();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SCRYPT_LOG_N: "10",
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const app = await buildApp({ config, database, clock, webRoot: options.webRoot ?? "/nonexistent", onRoute: options.onRoute });
  return {
    ...app,
    clock,
    database,
    async close() {
      await app.server.close();
      await database.close();
    },
  };
}
