import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLICATION_NAME, queryRows } from "../../src/server/db/client.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../src/server/http/errors.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call, type Res } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import { createEvent, dayFromNow, eventBody, stationBody } from "../helpers/seed.ts";

/**
 * PostgreSQL ending the app's connections under it (a restart, a failover, an administrator): a plain read
 * is tried again on a new connection; what cannot be tried again answers 503 with Retry-After, never 500.
 * Only PostgreSQL has connections to lose.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("when PostgreSQL ends the app's connections", () => {
  let app: TestApp;
  /**
   * The test's own connections to the app's database, named apart so they are never ended: one holds a lock
   * in a transaction, the other watches and ends (outside one, so it sees pg_stat_activity as it is now).
   */
  let admin: pg.Client;
  let locker: pg.Client;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let eventId: string;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await buildUser(app);
    const date = dayFromNow(app, 30);
    eventId = (await createEvent(app, owner.token, { stations: [stationBody(date)] })).id;
    const [{ name }] = await queryRows<{ name: string }>(app.ctx.db, sql`SELECT current_database() AS name`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    admin = new pg.Client({ connectionString: url.toString(), application_name: "bemanna-test-admin" });
    locker = new pg.Client({ connectionString: url.toString(), application_name: "bemanna-test-locker" });
    await admin.connect();
    await locker.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await locker?.end();
    await app?.close();
  });

  /** Connections already ended: one may linger in pg_stat_activity for a moment while it goes. */
  const ended = new Set<number>();

  /** Waits until a live connection of the app waits for a lock: its request has reached the table. */
  async function untilWaiting(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND wait_event_type = 'Lock'`,
        [APPLICATION_NAME],
      );
      if (rows.some((r) => !ended.has(r.pid))) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the request never reached the locked table");
  }

  /** Ends every connection of the app to this database, busy or idle, as a failover would. */
  async function endAppConnections(): Promise<number> {
    const { rows } = await admin.query<{ pid: number; ended: boolean }>(
      `SELECT pid, pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1`,
      [APPLICATION_NAME],
    );
    const fresh = rows.filter((r) => r.ended && !ended.has(r.pid));
    for (const r of fresh) ended.add(r.pid);
    return fresh.length;
  }

  /**
   * Runs `request` while the events table is locked, so it is caught holding a live connection; ends the
   * app's connections `times` times (each time once it waits again), then lets go of the table.
   */
  async function withConnectionsEnded(request: () => Promise<Res>, times: number): Promise<Res> {
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE events IN ACCESS EXCLUSIVE MODE");
    const pending = request();
    try {
      for (let i = 0; i < times; i++) {
        await untilWaiting();
        expect(await endAppConnections()).toBeGreaterThan(0);
      }
    } finally {
      await locker.query("ROLLBACK");
    }
    return pending;
  }

  it("answers a read whose connection was ended, by reading again on a new one", async () => {
    const res = await withConnectionsEnded(() => call(app.server, "GET", `/api/events/${eventId}`, { token: owner.token }), 1);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(eventId);
  });

  it("answers 503 with Retry-After when the read's second connection is ended too", async () => {
    const res = await withConnectionsEnded(() => call(app.server, "GET", `/api/events/${eventId}`, { token: owner.token }), 2);
    expectCleanError(res, "ServiceUnavailable", 503);
    expect(res.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });

  it("answers 503 with Retry-After, never repeating it, when a write loses its connection", async () => {
    const before = await call(app.server, "GET", "/api/events/summaries", { token: owner.token });
    const res = await withConnectionsEnded(
      () => call(app.server, "POST", "/api/events", { token: owner.token, body: eventBody(app, { name: "Avbrutet lopp" }) }),
      1,
    );
    expectCleanError(res, "ServiceUnavailable", 503);
    expect(res.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    // The write was not made (its transaction died with the connection) and the app serves on.
    const after = await call(app.server, "GET", "/api/events/summaries", { token: owner.token });
    expect(after.status).toBe(200);
    expect(after.body).toHaveLength(before.body.length);
  });
});
