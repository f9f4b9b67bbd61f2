import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { type Database, openPglite, openPostgres, queryRows } from "../../src/server/db/client.ts";
import { CLAIM_MS } from "../../src/server/features/sendouts/delivery.ts";
import { claimRecipients } from "../../src/server/features/sendouts/repo.ts";
import { LEASE_MS } from "../../src/server/jobs/queue.ts";
import { createTestApp, createTestDatabase, type TestApp } from "../helpers/app.ts";
import { SECOND, TestClock } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { pdf, upload } from "../helpers/files.ts";
import { nameAttendees } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, offerAt, stationId } from "../helpers/seed.ts";
import { postSendOut, sendOutBody, sendOutScene } from "../helpers/sendouts.ts";
import { SmtpSink } from "../helpers/smtp-sink.ts";

/**
 * A send-out survives its process being killed mid-delivery: the server runs in a child process, the SMTP
 * sink answers the first mails and then holds the next ones unanswered, and the child is killed with
 * SIGKILL while they wait. Everything the relay accepted is already marked SENT; after a restart the rest
 * goes out, and every address has exactly one mail.
 */

const RECIPIENTS = 30;
const ACCEPTED_BEFORE_KILL = 10;

const dataDir = mkdtempSync(path.join(tmpdir(), "bemanna-restart-"));
const sink = new SmtpSink();
let child: ChildProcess | null = null;
/** The PostgreSQL database of this file when TEST_DATABASE_URL is set (the embedded one lives in dataDir). */
let postgresUrl: string | null = null;

afterAll(async () => {
  child?.kill("SIGKILL");
  await sink.stop();
  if (postgresUrl && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(postgresUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The file's database, opened in this process (the child must not be running on an embedded one). */
async function openDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite(path.join(dataDir, "db"));
  postgresUrl ??= await createTestDatabase(url);
  return openPostgres(postgresUrl, { max: 3 });
}

/** The app on the file's database, without its job worker: what it queues stays queued. */
async function appOn(database: Database): Promise<TestApp> {
  const clock = new TestClock();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SCRYPT_LOG_N: "10", DATA_DIR: dataDir });
  const app = await buildApp({ config, database, clock, webRoot: "/nonexistent" });
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

/** The server in a child process on the file's database, delivering to the sink. */
async function startChild(smtpUrl: string): Promise<ChildProcess> {
  const started = spawn("node", ["--import", "tsx", "tests/helpers/server-process.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: postgresUrl ?? "",
      SMTP_URL: smtpUrl,
      SCRYPT_LOG_N: "10",
      LOG_LEVEL: process.env.CHILD_LOG_LEVEL ?? "error",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: started.stdout as NodeJS.ReadableStream });
  for await (const line of lines) if (line.startsWith("READY ")) return started;
  throw new Error("the server process did not start");
}

async function until(what: string, test: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${sink.mails.length} mails, ${sink.held} held)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const statuses = (database: Database, sendOutId: string) =>
  queryRows<{ status: string; count: number | string }>(
    database.db,
    sql`SELECT status, count(*) AS count FROM send_out_recipients WHERE send_out_id = ${sendOutId} GROUP BY status ORDER BY status`,
  ).then((rows) => Object.fromEntries(rows.map((r) => [r.status, Number(r.count)])));

/** The send-out's delivery job and the addresses claimed for it, with whose and until when. */
async function leases(database: Database, sendOutId: string) {
  const [job] = await queryRows<{ lockedBy: string | null; lockedUntil: Date; attempts: number; doneAt: Date | null }>(
    database.db,
    sql`SELECT locked_by AS "lockedBy", locked_until AS "lockedUntil", attempts, done_at AS "doneAt" FROM jobs
      WHERE kind = 'sendout.deliver' AND payload->>'sendOutId' = ${sendOutId} ORDER BY created_at LIMIT 1`,
  );
  const claims = await queryRows<{ email: string; claimedBy: string; claimedUntil: Date }>(
    database.db,
    sql`SELECT email, claimed_by AS "claimedBy", claimed_until AS "claimedUntil" FROM send_out_recipients
      WHERE send_out_id = ${sendOutId} AND status = 'QUEUED' AND claimed_by IS NOT NULL`,
  );
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    job: { ...job, lockedUntil: at(job.lockedUntil) as Date, doneAt: at(job.doneAt), attempts: Number(job.attempts) },
    claims: claims.map((c) => ({ ...c, claimedUntil: new Date(c.claimedUntil) })),
  };
}

describe("a send-out whose server is killed mid-delivery", () => {
  it("reaches every address exactly once after a restart", async () => {
    const smtpUrl = await sink.start();

    // ── A send-out to 30 volunteers, queued while no worker runs ───────────────────────────────────
    const app = await appOn(await openDatabase());
    const owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
    const contact = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
    const event = await confirmedEvent(app, owner, { stations: [{ officialQuantity: 40 }], event: { included: [] } });
    const volunteers = Array.from({ length: RECIPIENTS }, (_, i) => ({
      name: `Funktionär ${i + 1}`,
      email: `funktionar-${i + 1}@example.se`,
      phone: "0701234567",
      age: 17,
      participation: [],
    }));
    const group = await confirmedGroup(app, contact, { numberOfMembers: 40, volunteers });
    const key = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
    await offerAt(app, owner, contact, key, { volunteers: RECIPIENTS, to: "ACCEPTED" });
    const named = await nameAttendees(app, contact.token, key, { attendees: group.volunteers.map((v: { id: string }) => v.id) });
    expect(named.status).toBe(200);
    expect((await upload(app, owner.token, event.id, { filename: "PM.pdf", content: pdf(20_000) })).status).toBe(201);
    await app.jobs.runDue(); // the set-up's own mail (codes, offers), kept: the child is to send only the send-out
    const created = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([key.stationId], { subject: "Inför dagen", attachments: [{ name: "PM.pdf" }] }),
    );
    expect(created.body.recipients).toBe(RECIPIENTS);
    const sendOutId = created.body.sendOutId as string;
    await app.close();

    // ── The server delivers; the relay takes 10 mails and leaves the next ones unanswered; SIGKILL ───
    const ours = () => sink.mails.filter((m) => m.subject === "Inför dagen");
    sink.holdAfter(ACCEPTED_BEFORE_KILL);
    child = await startChild(smtpUrl);
    await until("the first mails and a held one", () => ours().length === ACCEPTED_BEFORE_KILL && sink.held > 0);
    // Long enough for any mark still being written; nothing else can happen while the relay is silent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const killed = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGKILL");
    await killed;
    child = null;

    // Exactly the mails the relay accepted are SENT; the held ones and the rest are still to be sent.
    let database = await openDatabase();
    expect(await statuses(database, sendOutId)).toEqual({
      QUEUED: RECIPIENTS - ACCEPTED_BEFORE_KILL,
      SENT: ACCEPTED_BEFORE_KILL,
    });
    // The dead process still holds the job and the addresses it was sending, in its name, for a while.
    const held = await leases(database, sendOutId);
    expect(held.job).toMatchObject({ lockedBy: expect.any(String), attempts: 1 });
    expect(held.job.lockedUntil.getTime()).toBeGreaterThan(Date.now());
    expect(held.claims.length).toBeGreaterThan(0);
    expect(held.claims.every((c) => c.claimedBy === held.job.lockedBy)).toBe(true);
    // Had they ten minutes still to run, the restarted process would not wait for them: it frees what it held.
    const tenMinutes = new Date(Date.now() + 10 * 60_000);
    await database.db.execute(sql`UPDATE jobs SET locked_until = ${tenMinutes} WHERE locked_by = ${held.job.lockedBy}`);
    await database.db.execute(
      sql`UPDATE send_out_recipients SET claimed_until = ${tenMinutes} WHERE claimed_by = ${held.job.lockedBy}`,
    );
    await database.close();

    // ── Restarted, the server sends the rest at once: every address exactly once ───────────────────
    sink.holdAfter(Number.POSITIVE_INFINITY);
    child = await startChild(smtpUrl);
    await until("a mail to every address", () => new Set(ours().map((m) => m.to.join())).size === RECIPIENTS);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // anything sent twice would arrive by now
    const stopped = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    await stopped;
    child = null;

    const perAddress = new Map<string, number>();
    for (const m of ours()) perAddress.set(m.to.join(), (perAddress.get(m.to.join()) ?? 0) + 1);
    expect([...perAddress.keys()].sort()).toEqual(volunteers.map((v) => v.email).sort());
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);

    database = await openDatabase();
    expect(await statuses(database, sendOutId)).toEqual({ SENT: RECIPIENTS });
    await database.close();
  }, 120_000);
});

describe("a send-out another process was delivering when it died", () => {
  it("is taken over within 30 s of that process's last word, and not before its leases run out", async () => {
    const app = await createTestApp();
    try {
      const scene = await sendOutScene(app);
      await app.jobs.runDue(); // the set-up's own mails, and the periodic jobs' first runs
      const created = await postSendOut(app, scene.owner.token, scene.event.id, sendOutBody([scene.s1, scene.s2]));
      expect(created.status).toBe(201);
      const sendOutId = created.body.sendOutId as string;

      // Another process took the job and a chunk of the addresses, renewed them a last time, and died.
      const now = app.clock.now();
      const elsewhere = "other-host:3000:/srv/bemanna";
      await app.ctx.db.execute(
        sql`UPDATE jobs SET locked_by = ${elsewhere}, locked_until = ${new Date(now.getTime() + LEASE_MS)}, attempts = 1
          WHERE kind = 'sendout.deliver' AND done_at IS NULL`,
      );
      const taken = await claimRecipients(app.ctx.db, sendOutId, now, new Date(now.getTime() + CLAIM_MS), 2, elsewhere);
      expect(taken.length).toBeGreaterThan(0);

      // This process leaves them alone while they may still be in hand…
      expect(await app.jobs.runDue()).toBe(0);
      app.clock.advance(LEASE_MS - SECOND);
      expect(await app.jobs.runDue()).toBe(0);
      expect(await statuses(app.database, sendOutId)).toEqual({ QUEUED: created.body.recipients });
      // …and within 30 s of the last heartbeat it has sent every address, the dead process's chunk too.
      app.clock.advance(30 * SECOND - (LEASE_MS - SECOND));
      expect(await app.jobs.runDue()).toBeGreaterThanOrEqual(1);
      expect(await statuses(app.database, sendOutId)).toEqual({ SENT: created.body.recipients });
    } finally {
      await app.close();
    }
  }, 60_000);
});
