import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Language } from "#shared/account/schema";
import { translate } from "#shared/i18n/index";
import type { TextFailure, TextKind } from "#shared/sms/schema";
import type { Clock } from "../clock.ts";
import { type Db, queryRows, type Tx } from "../db/client.ts";
import type { JobHandler } from "../jobs/queue.ts";
import type { TextGateway } from "./gateway.ts";
import { TextRefused } from "./gateway.ts";

export const TEXT_JOB = "text.send";
/** Tries of one text before it is shown as failed: 5 s, 10 s, 20 s, 40 s, 80 s apart (about 2.5 minutes). */
export const TEXT_ATTEMPTS = 6;

/** A text to queue: to an E.164 number, about an event, for one purpose (null: no other text is the same). */
export interface TextToQueue {
  to: string;
  kind: TextKind;
  lang: Language;
  values: Record<string, string>;
  purpose: string | null;
  eventId: string | null;
  /** Whom it goes to, as the organizer knows them (shown beside a failed text). */
  name: string | null;
}

/** A text in its recipient's language: every one names Bemanna and the event (the message ids say how). */
export const renderText = (kind: TextKind, lang: Language, values: Record<string, string>) =>
  translate(lang, `sms.${kind}`, values);

/**
 * Stores the texts and their delivery jobs in the caller's transaction, in one statement however many
 * (5,000 reminders queue in well under a second): a text is never lost, never early. A number that said
 * STOPP gets none, nor does anyone while texts are off for the event, and a purpose already queued is not
 * queued again. Answers how many were queued.
 */
export async function queueTexts(tx: Tx, now: Date, list: readonly TextToQueue[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = list.map((t) => ({
    to: t.to,
    message: renderText(t.kind, t.lang, t.values),
    kind: t.kind,
    purpose: t.purpose,
    event_id: t.eventId,
    name: t.name,
  }));
  const at = now.toISOString();
  const [row] = await queryRows<{ queued: number }>(
    tx,
    sql`WITH input AS (
        SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json)
          AS x("to" text, message text, kind text, purpose text, event_id uuid, name text)),
      queued AS (
        INSERT INTO texts ("to", message, kind, purpose, event_id, name, created_at)
        SELECT i."to", i.message, i.kind, i.purpose, i.event_id, i.name, ${at}::timestamptz FROM input i
        WHERE NOT EXISTS (SELECT 1 FROM text_stops s WHERE s.number = i."to")
          AND (i.event_id IS NULL OR EXISTS (SELECT 1 FROM events e WHERE e.id = i.event_id AND e.texts_enabled))
        ON CONFLICT (purpose) DO NOTHING
        RETURNING id),
      jobs AS (
        INSERT INTO jobs (kind, payload, run_at, created_at, max_attempts)
        SELECT ${TEXT_JOB}, json_build_object('textId', id), ${at}::timestamptz, ${at}::timestamptz, ${TEXT_ATTEMPTS} FROM queued
        RETURNING 1)
      SELECT count(*)::int AS queued FROM jobs`,
  );
  return row.queued;
}

interface TextRow {
  id: string;
  to: string;
  message: string;
  status: string;
  stopped: boolean;
  enabled: boolean;
}

/** Why a text failed, as the organizer is told (TEXT_FAILURES); the provider's words follow for the log. */
const failure = (reason: TextFailure, detail = "") => (detail ? `${reason}: ${detail}` : reason).slice(0, 500);

/**
 * Delivers one stored text through the gateway. Without one (no SMS_URL) the text is kept (listed at
 * /dev/sms). A text already handed over is skipped, so a job run again after a crash does not send it again
 * from our side; a number that said STOPP since it was queued gets nothing. The provider refusing the text
 * itself (a 4xx other than 401, 403, 408 and 429) fails it at once; anything else is tried again, and the
 * last try's failure is shown to the organizer.
 */
export function textJob(db: Db, clock: Clock, log: FastifyBaseLogger, gateway: TextGateway | null): JobHandler {
  return async (payload, job) => {
    const id = String(payload.textId);
    const [text] = await queryRows<TextRow>(
      db,
      sql`SELECT t.id, t."to", t.message, t.status,
          EXISTS (SELECT 1 FROM text_stops s WHERE s.number = t."to") AS stopped,
          coalesce((SELECT e.texts_enabled FROM events e WHERE e.id = t.event_id), true) AS enabled
        FROM texts t WHERE t.id = ${id}`,
    );
    if (text?.status !== "QUEUED") return;
    if (text.stopped) return fail(db, clock, id, failure("STOPPED"));
    if (!text.enabled) return fail(db, clock, id, failure("OFF"));
    if (!gateway) {
      log.info({ textId: id, to: text.to, delivered: "kept" }, "text sent");
      await db.execute(sql`UPDATE texts SET status = 'SENT', sent_at = ${clock.now()} WHERE id = ${id} AND status = 'QUEUED'`);
      return;
    }
    try {
      const { providerId } = await gateway.send(text.to, text.message);
      await db.execute(
        sql`UPDATE texts SET status = 'SENT', provider_id = ${providerId}, sent_at = ${clock.now()}, error = NULL
          WHERE id = ${id} AND status = 'QUEUED'`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof TextRefused || job.attempts >= job.maxAttempts) {
        log.warn({ textId: id, err: message }, "text failed");
        return fail(db, clock, id, failure(err instanceof TextRefused ? "REFUSED" : "UNREACHABLE", message));
      }
      await db.execute(sql`UPDATE texts SET error = ${message} WHERE id = ${id}`);
      throw err;
    }
  };
}

async function fail(db: Db, clock: Clock, id: string, error: string) {
  await db.execute(
    sql`UPDATE texts SET status = 'FAILED', error = ${error}, done_at = ${clock.now()}
      WHERE id = ${id} AND status IN ('QUEUED', 'SENT')`,
  );
}

/** A delivery report: the text the provider names is delivered, or failed for good. */
export async function recordDelivery(db: Db, now: Date, providerId: string, delivered: boolean) {
  await db.execute(
    delivered
      ? sql`UPDATE texts SET status = 'DELIVERED', done_at = ${now} WHERE provider_id = ${providerId} AND status = 'SENT'`
      : sql`UPDATE texts SET status = 'FAILED', error = ${failure("UNDELIVERED")}, done_at = ${now}
          WHERE provider_id = ${providerId} AND status IN ('SENT', 'DELIVERED')`,
  );
}
