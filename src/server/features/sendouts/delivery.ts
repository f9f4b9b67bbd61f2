import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Language } from "#shared/account/schema";
import { storedLanguage } from "#shared/i18n/language";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import { mails } from "../../db/schema.ts";
import { FileMissingError, type FileStore } from "../../files/store.ts";
import { backoffSeconds, enqueue, HEARTBEAT_MS, type JobHandler } from "../../jobs/queue.ts";
import { MAIL_CONNECTIONS } from "../../mail/outbox.ts";
import type { RenderedMail } from "../../mail/templates.ts";
import { renderSendOut, withRemovalLink } from "./mail.ts";
import * as repo from "./repo.ts";

/**
 * Delivering a send-out: one job per send-out, not one per mail (ADR 021).
 *
 * Each run claims its recipients in chunks (UPDATE … FOR UPDATE SKIP LOCKED, setting claimed_until),
 * renders each mail once per language and station, attaches the files read once from the store (the blobs
 * the send-out recorded, checked against their size and hash: ADR 024), and hands the mails to the pooled
 * SMTP transport several at a time. As soon as the relay accepts a mail (its 250 answer), that address is
 * marked SENT: within MARK_WINDOW_MS, in one statement with the other mails accepted meanwhile, and
 * committed before the worker that sent it takes its next address. So:
 *
 * - An address is only ever sent by the run that claimed it, and only while it is QUEUED: a second process,
 *   a retried job or a restart never takes a SENT address, nor one another run holds.
 * - When the process dies mid-send-out (killed, out of memory, power), the job and its addresses are held
 *   in that process's name (its instance id, jobs/instance.ts): restarted, it frees them at once
 *   (releaseOwnClaims, at the worker's start) and carries on; another process takes them once the dead one
 *   has stopped renewing them (CLAIM_MS, the job's LEASE_MS). The addresses already marked SENT are done;
 *   those claimed by the dead run but not marked are sent then. The mails the relay had not accepted when
 *   the process died were not delivered (SMTP hands over responsibility only with its answer), so they go
 *   out once.
 * - The one gap SMTP leaves is the moment between the relay's answer and our commit (some 10 milliseconds,
 *   at most IN_FLIGHT mails): a death exactly then sends those mails again after the restart. Their
 *   Message-ID is the same both times (send-out and address), so mail programs show each once.
 *
 * A run ends after RUN_MS and leaves the rest to a new job: mails of other kinds (sign-up codes) queue behind
 * a running job, so no send-out holds the worker for long. A failed try is retried with the queue's backoff;
 * a mail the relay refuses for good (5xx) or that has failed MAX_TRIES times is FAILED.
 */

export const SEND_OUT_JOB = "sendout.deliver";

/** Addresses one claim takes; a run claims the next chunk when the last is handed out. */
const CHUNK = 200;
/**
 * Mails handed to the transport at once: enough to keep each pooled connection busy while the workers
 * whose mails were just accepted wait for their marks.
 */
const IN_FLIGHT = MAIL_CONNECTIONS * 8;
/**
 * How long a claim holds without a word from its run: the run renews its claims every HEARTBEAT_MS while it
 * lasts, so a dead process's addresses are free again this long after its last heartbeat (ADR 025).
 */
export const CLAIM_MS = 20_000;
/**
 * A run that could not renew its claims for this long stops handing out mails: its claims may run out soon
 * and another process take the addresses.
 */
const UNRENEWED_MS = CLAIM_MS - 2 * HEARTBEAT_MS;
/** A run hands out no more addresses after this long, and a new job carries on. */
const RUN_MS = 5_000;
/**
 * How long a mark waits for others to go with it. A statement per mail would cost the embedded database
 * more time than the mail itself; a few milliseconds gather the answers of every pooled connection.
 */
const MARK_WINDOW_MS = 10;
/** Tries per address before it is given up. */
export const MAX_TRIES = 8;

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The SMTP transport; without one (development), mails are kept in the database and listed at /dev/mailbox. */
  transport: Transporter | null;
  from: string;
  files: FileStore;
  /** The link in a volunteer's mail that removes them from their group, opening in the mail's language (features/registration). */
  removalLink(volunteerId: string, language: Language): Promise<string>;
  /** True once the server is shutting down: a run then stops claiming and leaves the rest to the next start. */
  stopping(): boolean;
  /** This process's name on the addresses its runs hold (jobs/instance.ts). */
  instanceId: string;
}

/**
 * At the worker's start: the addresses this process held when it stopped (killed mid-send-out) are free
 * again, so the send-out goes on at once instead of after their claims run out.
 */
export async function releaseOwnClaims(d: Pick<DeliveryDeps, "db" | "log" | "instanceId">): Promise<void> {
  const freed = await repo.releaseHeldBy(d.db, d.instanceId);
  if (freed) d.log.info({ addresses: freed }, "freed the send-out addresses this process held when it stopped");
}

/** The job that delivers a send-out's queued mails. */
export function sendOutJob(deps: DeliveryDeps): JobHandler {
  return (payload) => deliver(deps, String(payload.sendOutId));
}

/** The same Message-ID every time this address gets this send-out, so a repeat is recognisable as one. */
const messageId = (sendOutId: string, email: string) =>
  `<${sendOutId}.${createHash("sha256").update(email).digest("hex").slice(0, 24)}@bemanna>`;

/** A refusal the relay means for good (5xx) is not tried again. */
const permanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

async function deliver(d: DeliveryDeps, sendOutId: string): Promise<void> {
  const sendOut = await repo.deliveryOf(d.db, sendOutId);
  if (!sendOut) return;
  let attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  try {
    attachments = await Promise.all(sendOut.attachments.map((a) => attachment(d, sendOut.eventId, a)));
  } catch (err) {
    if (!(err instanceof FileMissingError) && !(err instanceof AttachmentChanged)) throw err;
    d.log.error({ sendOutId, err: err.message }, "send-out attachment missing or changed: its mails are given up");
    await repo.failQueued(
      d.db,
      sendOutId,
      `attachment ${err instanceof AttachmentChanged ? "changed" : "missing"}: ${err.message}`,
    );
    return;
  }

  // The mails differ only by language and station: each is rendered once.
  const rendered = new Map<string, RenderedMail>();
  const mailOf = (r: repo.ClaimedRecipient): RenderedMail => {
    const key = `${r.language}|${r.stationId}`;
    let mail = rendered.get(key);
    if (!mail) {
      mail = renderSendOut(storedLanguage(r.language), {
        subject: sendOut.subject,
        message: sendOut.message,
        recipientTypes: sendOut.recipientTypes,
        eventName: sendOut.eventName,
        senderName: sendOut.senderName,
        canReply: !!sendOut.senderEmail,
        station: sendOut.stations.find((s) => s.id === r.stationId),
      });
      rendered.set(key, mail);
    }
    return mail;
  };

  const handOver = d.transport
    ? async (r: repo.ClaimedRecipient, mail: RenderedMail) => {
        await (d.transport as Transporter).sendMail({
          from: d.from,
          to: r.email,
          ...(sendOut.senderEmail ? { replyTo: sendOut.senderEmail } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments,
          messageId: messageId(sendOutId, r.email),
        });
      }
    : async (r: repo.ClaimedRecipient, mail: RenderedMail) => {
        // Development: kept where /dev/mailbox lists every mail, the attachments named below the text.
        const names = attachments.map((a) => a.filename).join(", ");
        const text = names ? `${mail.text}\n${names}\n` : mail.text;
        const now = d.clock.now();
        await d.db.insert(mails).values({ to: r.email, kind: "sendOut", ...mail, text, createdAt: now, sentAt: now });
      };

  const marks = new SentMarks(d, sendOutId);
  const started = Date.now();
  const ready: repo.ClaimedRecipient[] = [];
  let exhausted = false;
  let claiming: Promise<void> | null = null;
  /** When this run last made sure of its claims (Date.now(), as RUN_MS). */
  let renewed = Date.now();
  const claim = async () => {
    const now = d.clock.now();
    const chunk = await repo.claimRecipients(d.db, sendOutId, now, new Date(now.getTime() + CLAIM_MS), CHUNK, d.instanceId);
    if (chunk.length === 0) exhausted = true;
    ready.push(...chunk);
  };
  // The heartbeat: the addresses this run holds stay its own while it lasts, however long a relay takes.
  const heartbeat = setInterval(() => {
    const at = Date.now();
    repo
      .renewClaims(d.db, sendOutId, d.instanceId, new Date(d.clock.now().getTime() + CLAIM_MS))
      .then(() => {
        renewed = at;
      })
      .catch((err) => d.log.warn({ sendOutId, err }, "could not renew a send-out's claims"));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  /** The first error that stops the run (a mark that cannot be written, a claim that fails). */
  let broken: unknown = null;
  // The run hands out nothing more once it failed, the server stops or its time is up; what it claimed
  // and did not hand out is released below for the next run.
  const halted = () => broken !== null || d.stopping() || Date.now() - started > RUN_MS || Date.now() - renewed > UNRENEWED_MS;
  const next = async (): Promise<repo.ClaimedRecipient | undefined> => {
    while (ready.length === 0 && !exhausted) {
      if (halted()) exhausted = true;
      else {
        claiming ??= claim().finally(() => {
          claiming = null;
        });
        await claiming;
      }
    }
    return halted() ? undefined : ready.shift();
  };

  let sent = 0;
  let failed = 0;
  const worker = async () => {
    try {
      await work();
    } catch (err) {
      broken ??= err;
    }
  };
  const work = async () => {
    for (let r = await next(); r; r = await next()) {
      try {
        const mail = mailOf(r);
        await handOver(
          r,
          r.volunteerId
            ? withRemovalLink(mail, storedLanguage(r.language), await d.removalLink(r.volunteerId, storedLanguage(r.language)))
            : mail,
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const giveUp = permanent(err) || r.attempts >= MAX_TRIES;
        const retryAt = giveUp ? null : new Date(d.clock.now().getTime() + backoffSeconds(r.attempts) * 1000);
        await repo.markFailedTry(d.db, sendOutId, r.email, message.slice(0, 500), retryAt);
        if (giveUp) failed++;
        d.log.warn(
          { sendOutId, to: r.email, attempts: r.attempts, err: message },
          giveUp ? "send-out mail failed for good" : "send-out mail failed, will retry",
        );
        continue;
      }
      await marks.sent(r.email);
      sent++;
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await marks.settled();
  } finally {
    // Whatever ends the run: a heartbeat left beating would hold its addresses for as long as the process lives.
    clearInterval(heartbeat);
  }
  // The job is tried again later; what this run claimed and did not finish waits for its claim to end.
  if (broken) throw broken;

  // Claimed but not handed out: free again at once.
  if (ready.length > 0)
    await repo.releaseClaims(
      d.db,
      sendOutId,
      ready.map((r) => r.email),
    );
  const left = await repo.stillQueued(d.db, sendOutId);
  if (left.count > 0) {
    const now = d.clock.now();
    await enqueue(d.db, SEND_OUT_JOB, { sendOutId }, left.next && left.next > now ? left.next : now);
  }
  d.log.info(
    { sendOutId, sent, failed, queued: left.count, delivered: d.transport ? "smtp" : "kept" },
    left.count > 0 ? "send-out run ended, more to send" : "send-out delivered",
  );
}

/** The bytes of an attachment are not the ones checked when the send-out was made. */
export class AttachmentChanged extends Error {}

/**
 * An attachment as the send-out recorded it (ADR 024): read by its blob, which no upload changes, and
 * refused unless its size and hash are still those checked when the send-out was made. (A file stored
 * before blobs existed has no recorded hash; its size is checked.)
 */
export async function attachment(d: { files: FileStore }, eventId: string, a: repo.Delivery["attachments"][number]) {
  if (!a.storeKey) throw new FileMissingError(`${eventId}/${a.name}`);
  const content = await d.files.read(eventId, a.storeKey);
  if (content.length !== a.size || (a.sha256 && createHash("sha256").update(content).digest("hex") !== a.sha256))
    throw new AttachmentChanged(`${eventId}/${a.name}`);
  return { filename: a.name, contentType: a.type, content };
}

/**
 * Marks addresses SENT as soon as the relay has taken their mails: the first mark of a batch waits
 * MARK_WINDOW_MS for others, and marks that arrive during a write go in the next. `sent` resolves when the
 * address's mark is committed.
 */
class SentMarks {
  private waiting: Array<{ email: string; done: () => void; failed: (err: unknown) => void }> = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly d: DeliveryDeps,
    private readonly sendOutId: string,
  ) {}

  sent(email: string): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ email, done, failed });
      this.writing ??= new Promise((resolve) => setTimeout(resolve, MARK_WINDOW_MS)).then(() => this.write());
    });
  }

  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async write(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        await withRetries(() =>
          repo.markSent(
            this.d.db,
            this.sendOutId,
            batch.map((b) => b.email),
            this.d.clock.now(),
          ),
        );
        for (const b of batch) b.done();
      } catch (err) {
        // The mails went out but could not be recorded: the run stops, and the job's retry finds the
        // addresses still claimed until their claim runs out.
        for (const b of batch) b.failed(err);
      }
    }
    this.writing = null;
  }
}

/** A mark must not be lost to a passing database hiccup: three tries, a moment apart. */
async function withRetries(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
