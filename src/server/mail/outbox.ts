import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Language } from "#shared/account/schema";
import type { Clock } from "../clock.ts";
import type { Db, Tx } from "../db/client.ts";
import { mails } from "../db/schema.ts";
import type { JobHandler } from "../jobs/queue.ts";
import { type MailKind, renderMail } from "./templates.ts";

export const MAIL_JOB = "mail.send";

/** A mail to queue: to one address, of one kind, in the recipient's language. */
export interface MailToQueue {
  to: string;
  kind: MailKind;
  lang: Language;
  values: Record<string, string>;
}

/** Stores the mail and its delivery job in the caller's transaction: a mail is never lost, never early. */
export async function queueMail(tx: Tx, now: Date, to: string, kind: MailKind, lang: Language, values: Record<string, string>) {
  await queueMails(tx, now, [{ to, kind, lang, values }]);
}

/** Stores many mails and their delivery jobs in one statement (the day-before reminder of a whole event). */
export async function queueMails(tx: Tx, now: Date, list: readonly MailToQueue[]) {
  if (list.length === 0) return;
  const rows = list.map((m) => ({ to: m.to, kind: m.kind, ...renderMail(m.kind, m.lang, m.values) }));
  const at = now.toISOString();
  await tx.execute(
    sql`WITH queued AS (
        INSERT INTO mails ("to", kind, subject, text, html, created_at)
        SELECT x."to", x.kind, x.subject, x.text, x.html, ${at}::timestamptz
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x("to" text, kind text, subject text, text text, html text)
        RETURNING id)
      INSERT INTO jobs (kind, payload, run_at, created_at)
      SELECT ${MAIL_JOB}, json_build_object('mailId', id), ${at}::timestamptz, ${at}::timestamptz FROM queued`,
  );
}

/**
 * A pool of kept-open SMTP connections: a new connection (and TLS handshake) for every mail held delivery
 * to about 9 mails a second, so a sign-up code could wait minutes behind a burst of invitations.
 * A relay that stops answering fails a mail within a minute (nodemailer waits ten by default), so a
 * send-out's claim on an address (features/sendouts/delivery.ts) always outlasts its try.
 * The URL's own parameters win over these.
 */
export function mailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: MAIL_CONNECTIONS,
    maxMessages: 500,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}

/** SMTP connections kept open, and so the mails the worker delivers at once. */
export const MAIL_CONNECTIONS = 5;

/**
 * Delivers one stored mail. With a transport (SMTP_URL) it goes to the relay; without it, the mail stays in the database
 * (listed at /dev/mailbox) and only its recipient and subject are logged. A mail already sent is skipped,
 * so a job retried after a crash does not send twice from our side.
 */
export function mailJob(db: Db, clock: Clock, log: FastifyBaseLogger, transport: Transporter | null, from: string): JobHandler {
  return async (payload) => {
    const id = String(payload.mailId);
    const [mail] = await db.select().from(mails).where(eq(mails.id, id));
    if (!mail || mail.sentAt) return;
    if (transport) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@bemanna>`,
      });
    }
    log.info({ mailId: mail.id, to: mail.to, subject: mail.subject, delivered: transport ? "smtp" : "kept" }, "mail sent");
    await db.update(mails).set({ sentAt: clock.now() }).where(eq(mails.id, id));
  };
}
