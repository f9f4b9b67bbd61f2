import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/server/app.ts";
import type { Database } from "../../src/server/db/client.ts";
import { mails } from "../../src/server/db/schema.ts";
import { JobWorker, LEASE_MS } from "../../src/server/jobs/queue.ts";
import { MAIL_JOB, queueMail } from "../../src/server/mail/outbox.ts";
import { freshDatabase } from "../helpers/app.ts";
import { SECOND } from "../helpers/clock.ts";
import { signUpBody, uniqueEmail } from "../helpers/factories.ts";
import {
  appOnDatabase,
  concurrently,
  FrozenClock,
  freshIp,
  type JobRow,
  mailJobs,
  mimePart,
  nthMail,
  req,
  secondPool,
} from "../helpers/identity.ts";
import { codeIn, SmtpSink } from "../helpers/smtp-sink.ts";

/**
 * One database for the file, as several server processes would share it; each test builds the app
 * processes it needs on it and leaves no mail undelivered.
 */
let database: Database;
let clock: FrozenClock;
let sink: SmtpSink;
let smtpUrl: string;
const opened: App[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  clock = new FrozenClock();
  sink = new SmtpSink();
  smtpUrl = await sink.start();
});
afterEach(async () => {
  for (const app of opened.splice(0)) await app.server.close();
});
afterAll(async () => {
  await sink.stop();
  await database.close();
});

/** An app process on the file's database; its job worker runs only if `worker` is set. */
async function process_(options: { worker?: boolean; smtp?: string; on?: Database } = {}): Promise<App> {
  const app = await appOnDatabase(options.on ?? database, clock, { SMTP_URL: options.smtp ?? smtpUrl });
  opened.push(app);
  if (options.worker) app.jobs.start();
  return app;
}

async function signUp(app: App, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await req(app, "POST", "/api/auth/sign-up", { body, ip: freshIp() });
  expect(res.status).toBe(201);
  return String(body.email);
}

const jobsFor = async (app: App, mailIds: string[]) => (await mailJobs(app)).filter((j) => mailIds.includes(j.payload.mailId));
async function mailIdsTo(app: App, to: string): Promise<string[]> {
  return (await app.ctx.db.select({ id: mails.id }).from(mails).where(eq(mails.to, to))).map((r) => r.id);
}
/** Waits a little and runs the queue once more: nothing further may arrive. */
async function settle(app: App) {
  await new Promise((r) => setTimeout(r, 300));
  await app.jobs.runDue();
}

describe("mail content", () => {
  it("sends the sign-up code in Swedish by default, as plain text and HTML", async () => {
    const app = await process_({ worker: true });
    const email = await signUp(app, { firstName: "Åsa" });
    const mail = await nthMail(sink, email, 1);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe("Din aktiveringskod till Bemanna");
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    const text = mimePart(mail.raw, "text/plain");
    const html = mimePart(mail.raw, "text/html");
    expect(text).toContain("Hej Åsa!");
    expect(text).toContain(`Din aktiveringskod: ${code}`);
    expect(text).toContain("24 timmar");
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain(code);
    expect(html).toContain("Hej Åsa!");
    expect(mail.raw).toMatch(/^from: .*no-reply@bemanna\.se/im);
    expect(mail.raw).toMatch(/^message-id: <[0-9a-f-]{36}@bemanna>/im);
  });

  it("sends it in English when the language is en", async () => {
    const app = await process_({ worker: true });
    const email = await signUp(app, { firstName: "Emma", language: "en" });
    const mail = await nthMail(sink, email, 1);
    expect(mail.subject).toBe("Your Bemanna activation code");
    const text = mimePart(mail.raw, "text/plain");
    expect(text).toContain("Hi Emma!");
    expect(text).toContain(`Your activation code: ${codeIn(mail)}`);
    expect(mimePart(mail.raw, "text/html")).toContain('<html lang="en">');
  });

  it("escapes names in the HTML part", async () => {
    const app = await process_({ worker: true });
    const email = await signUp(app, { firstName: '<img src=x onerror="alert(1)">' });
    const mail = await nthMail(sink, email, 1);
    const html = mimePart(mail.raw, "text/html") ?? "";
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mimePart(mail.raw, "text/plain")).toContain('Hej <img src=x onerror="alert(1)">!');
  });

  it("keeps every mail in the outbox with its sending time", async () => {
    const app = await process_({ worker: true });
    const email = await signUp(app);
    await nthMail(sink, email, 1);
    await settle(app);
    const [row] = await app.ctx.db.select().from(mails).where(eq(mails.to, email));
    expect(row).toMatchObject({ kind: "signUpCode", subject: "Din aktiveringskod till Bemanna" });
    expect(row.sentAt).not.toBeNull();
  });
});

describe("mail is never lost", () => {
  it("a mail queued by a process that died before sending it is sent by the next process, exactly once", async () => {
    const first = await process_({ worker: false });
    const email = await signUp(first);
    const ids = await mailIdsTo(first, email);
    expect(ids).toHaveLength(1);
    expect((await jobsFor(first, ids))[0]).toMatchObject({ attempts: 0, done_at: null });
    // The process goes away without its worker ever running.
    await first.server.close();
    expect(sink.count(email)).toBe(0);

    const second = await process_({ worker: true });
    const mail = await nthMail(sink, email, 1);
    expect(mail.subject).toBe("Din aktiveringskod till Bemanna");
    await settle(second);
    expect(sink.count(email)).toBe(1);
    const [job] = await jobsFor(second, ids);
    expect(job.done_at).not.toBeNull();
    expect(job.attempts).toBe(1);
    // The code in it still confirms the account.
    const confirmed = await req(second, "POST", "/api/auth/confirm-sign-up", { body: { email, code: codeIn(mail) } });
    expect(confirmed.status).toBe(200);
  });

  it("a mail whose process died while sending it is sent again once its lease has run out", async () => {
    const first = await process_({ worker: false });
    const email = await signUp(first);
    const ids = await mailIdsTo(first, email);
    // A worker takes the job and never finishes, nor renews its lease: the process was killed in the middle
    // of sending.
    const dying = new JobWorker(first.ctx.db, clock, { [MAIL_JOB]: () => new Promise<void>(() => {}) }, first.server.log, {
      instanceId: "killed",
      heartbeatMs: 24 * 3600 * SECOND,
    });
    void dying.runDue();
    await expect.poll(async () => (await jobsFor(first, ids))[0].attempts, { timeout: 10_000 }).toBe(1);
    await first.server.close();

    const second = await process_({ worker: false });
    expect(await second.jobs.runDue()).toBe(0);
    expect(sink.count(email)).toBe(0);
    clock.advance(LEASE_MS + SECOND);
    expect(await second.jobs.runDue()).toBe(1);
    await nthMail(sink, email, 1);
    await settle(second);
    expect(sink.count(email)).toBe(1);
    expect((await jobsFor(second, ids))[0]).toMatchObject({ attempts: 2 });
  });

  it("a failing SMTP relay leads to retries with growing backoff, and delivery once it is back", async () => {
    const relay = new SmtpSink();
    const relayUrl = await relay.start();
    await relay.stop();
    const app = await process_({ worker: false, smtp: relayUrl });
    const email = await signUp(app);
    const ids = await mailIdsTo(app, email);
    const job = async (): Promise<JobRow> => (await jobsFor(app, ids))[0];

    const t0 = clock.now().getTime();
    expect(await app.jobs.runDue()).toBe(1);
    let row = await job();
    expect(row).toMatchObject({ attempts: 1, done_at: null, failed_at: null, locked_until: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.run_at.getTime()).toBe(t0 + 5 * SECOND);

    // Not due again before the backoff has passed.
    expect(await app.jobs.runDue()).toBe(0);
    clock.advance(5 * SECOND);
    expect(await app.jobs.runDue()).toBe(1);
    row = await job();
    expect(row.attempts).toBe(2);
    expect(row.run_at.getTime()).toBe(t0 + 5 * SECOND + 10 * SECOND);

    // The relay comes back where it was.
    const back = new SmtpSink();
    await back.start(relay.port);
    try {
      expect(await app.jobs.runDue()).toBe(0);
      clock.advance(10 * SECOND);
      expect(await app.jobs.runDue()).toBe(1);
      const mail = await nthMail(back, email, 1);
      expect(mail.subject).toBe("Din aktiveringskod till Bemanna");
      row = await job();
      expect(row).toMatchObject({ attempts: 3, failed_at: null, last_error: null });
      expect(row.done_at).not.toBeNull();
      await settle(app);
      expect(back.count(email)).toBe(1);
    } finally {
      await back.stop();
    }
  });

  it("two workers on one database deliver every queued mail exactly once", async () => {
    const a = await process_({ worker: false });
    const b = await process_({ worker: false });
    const recipients = Array.from({ length: 12 }, () => uniqueEmail("many"));
    await a.ctx.db.transaction(async (tx) => {
      for (const to of recipients)
        await queueMail(tx, clock.now(), to, "signUpCode", "sv", { firstName: "Many", code: "123456" });
    });
    const counts = await Promise.all([a.jobs.runDue(), b.jobs.runDue(), a.jobs.runDue(), b.jobs.runDue()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(recipients.length);
    for (const to of recipients) await nthMail(sink, to, 1);
    await settle(a);
    for (const to of recipients) expect(sink.count(to), to).toBe(1);
  });

  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  it.runIf(onPostgres)(
    "two server processes with their own connection pools deliver N queued mails exactly once each (PostgreSQL only: PGlite is one in-process connection that a second process cannot open)",
    async () => {
      const a = await process_({ worker: false });
      const otherPool = await secondPool(database);
      try {
        const b = await process_({ worker: false, on: otherPool });
        const recipients = Array.from({ length: 30 }, () => uniqueEmail("pool"));
        // Queued through the API, each in its own request and transaction.
        await concurrently(recipients.length, (i) => signUp(i % 2 ? a : b, { email: recipients[i] }));
        const counts = await Promise.all([a.jobs.runDue(), b.jobs.runDue(), a.jobs.runDue(), b.jobs.runDue()]);
        expect(counts.reduce((x, y) => x + y, 0)).toBe(recipients.length);
        for (const to of recipients) await nthMail(sink, to, 1);
        await settle(b);
        for (const to of recipients) expect(sink.count(to), to).toBe(1);
        const jobs = await mailJobs(a);
        const ours = jobs.filter((j) => j.attempts > 0 && j.done_at);
        expect(ours.length).toBeGreaterThanOrEqual(recipients.length);
        expect(jobs.filter((j) => !j.done_at)).toEqual([]);
        // With workers running on both, the same holds.
        const more = Array.from({ length: 10 }, () => uniqueEmail("live"));
        a.jobs.start();
        b.jobs.start();
        await concurrently(more.length, (i) => signUp(i % 2 ? a : b, { email: more[i] }));
        for (const to of more) await nthMail(sink, to, 1);
        await new Promise((r) => setTimeout(r, 1500));
        for (const to of more) expect(sink.count(to), to).toBe(1);
        await b.server.close();
      } finally {
        await otherPool.close();
      }
    },
  );
});
