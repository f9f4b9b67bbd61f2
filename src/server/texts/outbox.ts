import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Language } from "#shared/account/schema";
import { translate } from "#shared/i18n/index";
import type { TextFailure, TextKind } from "#shared/sms/schema";
import type { Clock } from "../clock.ts";
import { type Db, queryRows, type Tx } from "../db/client.ts";
import { backoffSeconds, enqueue, type JobHandler } from "../jobs/queue.ts";
import type { TextGateway } from "./gateway.ts";
import { TextRefused } from "./gateway.ts";

export const TEXT_JOB = "text.send";
/** Tries of one text before it is shown as failed: 5 s, 10 s, 20 s, 40 s, 80 s apart (about 2.5 minutes). */
export const TEXT_ATTEMPTS = 6;
/** Texts handed to the gateway at once by one job (each still waits for its slot of the pace). */
const AT_ONCE = 20;

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
 * Stores the texts in the caller's transaction, with one delivery job for all of them, in one statement
 * however many (5,000 reminders queue in well under a second): a text is never lost, never early. A number
 * that said STOPP gets none, nor does anyone while texts are off for the event, and a purpose already
 * queued is not queued again. Answers how many were queued.
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
      job AS (
        INSERT INTO jobs (kind, payload, run_at, created_at)
        SELECT ${TEXT_JOB}, json_build_object('textIds', json_agg(id)), ${at}::timestamptz, ${at}::timestamptz
        FROM queued HAVING count(*) > 0)
      SELECT count(*)::int AS queued FROM queued`,
  );
  return row.queued;
}

interface TextRow {
  id: string;
  to: string;
  message: string;
  status: string;
  attempts: number;
  stopped: boolean;
  enabled: boolean;
}

/** What became of one try: handed over (the provider's id), failed for good (why, as the organizer is told, and the provider's words), or to be tried again. */
type Outcome =
  | { id: string; sent: string }
  | { id: string; failed: TextFailure; error: string | null }
  | { id: string; again: string }
  | null;

/**
 * Delivers the job's stored texts through the gateway, AT_ONCE at a time. Without a gateway (no SMS_URL)
 * they are kept (listed at /dev/sms). A text already handed over is skipped, so a job run again after a
 * crash does not send it again from our side; a number that said STOPP since, or an event whose texts were
 * turned off since, gets nothing. The provider refusing the text itself (a 4xx other than 401, 403, 408
 * and 429) fails it at once; any other failure is tried again by a new job after the backoff of its
 * tries, and the last try's failure is shown to the organizer. A closing server leaves the rest to a new job.
 */
export function textJob(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  gateway: TextGateway | null,
  stopping: () => boolean = () => false,
): JobHandler {
  const one = async (text: TextRow): Promise<Outcome> => {
    if (text.status !== "QUEUED") return null;
    if (text.stopped) return { id: text.id, failed: "STOPPED", error: null };
    if (!text.enabled) return { id: text.id, failed: "OFF", error: null };
    if (!gateway) {
      log.info({ textId: text.id, to: text.to, delivered: "kept" }, "text sent");
      return { id: text.id, sent: "" };
    }
    try {
      return { id: text.id, sent: (await gateway.send(text.to, text.message)).providerId };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const last = err instanceof TextRefused || text.attempts + 1 >= TEXT_ATTEMPTS;
      log.warn({ textId: text.id, attempts: text.attempts + 1, err: message }, last ? "text failed" : "text failed, will retry");
      if (last) return { id: text.id, failed: err instanceof TextRefused ? "REFUSED" : "UNREACHABLE", error: message };
      return { id: text.id, again: message };
    }
  };

  return async (payload) => {
    const ids = (payload.textIds as unknown[]).map(String);
    const again: string[] = [];
    let tries = 0;
    for (let i = 0; i < ids.length; i += AT_ONCE) {
      if (stopping()) {
        again.push(...ids.slice(i));
        break;
      }
      const texts = await queryRows<TextRow>(
        db,
        sql`SELECT t.id, t."to", t.message, t.status, t.attempts,
            EXISTS (SELECT 1 FROM text_stops s WHERE s.number = t."to") AS stopped,
            coalesce((SELECT e.texts_enabled FROM events e WHERE e.id = t.event_id), true) AS enabled
          FROM texts t WHERE t.id IN (${sql.join(
            ids.slice(i, i + AT_ONCE).map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
      );
      const outcomes = (await Promise.all(texts.map(one))).filter((o): o is NonNullable<Outcome> => o !== null);
      await record(db, clock.now(), outcomes);
      for (const o of outcomes)
        if ("again" in o) {
          again.push(o.id);
          tries = Math.max(tries, (texts.find((t) => t.id === o.id)?.attempts ?? 0) + 1);
        }
    }
    if (again.length)
      await enqueue(
        db,
        TEXT_JOB,
        { textIds: again },
        new Date(clock.now().getTime() + (tries ? backoffSeconds(tries) * 1000 : 0)),
      );
  };
}

/** Writes what became of a round of tries, in one statement. */
async function record(db: Db, now: Date, outcomes: ReadonlyArray<NonNullable<Outcome>>) {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((o) =>
    "sent" in o
      ? { id: o.id, status: "SENT", provider_id: o.sent || null, reason: null, error: null }
      : "failed" in o
        ? { id: o.id, status: "FAILED", provider_id: null, reason: o.failed, error: o.error?.slice(0, 500) ?? null }
        : { id: o.id, status: "QUEUED", provider_id: null, reason: null, error: o.again.slice(0, 500) },
  );
  await db.execute(
    sql`UPDATE texts t SET status = x.status, provider_id = coalesce(x.provider_id, t.provider_id), reason = x.reason,
        error = x.error, attempts = t.attempts + CASE WHEN x.status = 'SENT' THEN 0 ELSE 1 END,
        sent_at = CASE WHEN x.status = 'SENT' THEN ${now.toISOString()}::timestamptz ELSE t.sent_at END,
        done_at = CASE WHEN x.status = 'FAILED' THEN ${now.toISOString()}::timestamptz ELSE t.done_at END
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(id uuid, status text, provider_id text, reason text, error text)
      WHERE t.id = x.id AND t.status = 'QUEUED'`,
  );
}

/** A delivery report: the text the provider names is delivered, or failed for good. */
export async function recordDelivery(db: Db, now: Date, providerId: string, delivered: boolean) {
  await db.execute(
    delivered
      ? sql`UPDATE texts SET status = 'DELIVERED', done_at = ${now} WHERE provider_id = ${providerId} AND status = 'SENT'`
      : sql`UPDATE texts SET status = 'FAILED', reason = ${"UNDELIVERED" satisfies TextFailure}, done_at = ${now}
          WHERE provider_id = ${providerId} AND status IN ('SENT', 'DELIVERED')`,
  );
}
