// Mail delivery: how many mails a second the outbox (stored mail, job queue, pooled SMTP) hands to a local
// SMTP server, beside plain nodemailer with the same pooled transport sending the same mails straight away.
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { systemClock } from "../src/server/clock.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/client.ts";
import { JobWorker } from "../src/server/jobs/queue.ts";
import { MAIL_JOB, mailJob, mailTransport, queueMail } from "../src/server/mail/outbox.ts";
import { SmtpSink } from "../tests/helpers/smtp-sink.ts";

export const MAIL_SCENARIO = "mail delivery to a local SMTP server";
/** The outbox's rate must be at least this share of plain nodemailer's. */
export const MAIL_BUDGET_SHARE = 0.8;

export interface MailRow {
  database: string;
  mails: number;
  outboxPerSecond: number;
  plainPerSecond: number;
}

const FROM = "Bemanna <no-reply@bemanna.se>";

async function plainRate(url: string, sink: SmtpSink, mails: number): Promise<number> {
  const transport = mailTransport(url);
  const start = performance.now();
  await Promise.all(
    Array.from({ length: mails }, (_, i) =>
      transport.sendMail({ from: FROM, to: `plain-${i}@example.se`, subject: "Kod", text: `Din kod är ${i}` }),
    ),
  );
  const seconds = (performance.now() - start) / 1000;
  transport.close();
  sink.mails.length = 0;
  return mails / seconds;
}

async function outboxRate(database: Database, url: string, sink: SmtpSink, mails: number): Promise<number> {
  const now = systemClock.now();
  await database.db.execute(sql`DELETE FROM jobs`); // only the mails measured
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < mails; i++)
      await queueMail(tx, now, `outbox-${i}@example.se`, "signUpCode", "sv", { firstName: "Bench", code: String(i) });
  });
  const log = Fastify({ logger: { level: "warn" } }).log;
  const transport = mailTransport(url);
  const worker = new JobWorker(
    database.db,
    systemClock,
    { [MAIL_JOB]: mailJob(database.db, systemClock, log, transport, FROM) },
    log,
    { instanceId: "bench-mail" },
  );
  const start = performance.now();
  await worker.runDue();
  const seconds = (performance.now() - start) / 1000;
  transport.close();
  if (sink.mails.length < mails) throw new Error(`only ${sink.mails.length} of ${mails} mails arrived`);
  sink.mails.length = 0;
  return mails / seconds;
}

export async function measureMail(database: string, databaseUrl: string | null, mails = 1000): Promise<MailRow> {
  const sink = new SmtpSink();
  const url = await sink.start();
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(null);
  try {
    const plainPerSecond = await plainRate(url, sink, mails);
    const outboxPerSecond = await outboxRate(db, url, sink, mails);
    return { database, mails, outboxPerSecond: Math.round(outboxPerSecond), plainPerSecond: Math.round(plainPerSecond) };
  } finally {
    await db.close();
    await sink.stop();
  }
}
