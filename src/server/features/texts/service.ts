import { sql } from "drizzle-orm";
import type { Language } from "#shared/account/constants";
import { checkinPath } from "#shared/events/rules";
import { mapLink } from "#shared/geo/map-link";
import { translate } from "#shared/i18n/index";
import { storedLanguage, withLanguage } from "#shared/i18n/language";
import { engagementPath, eventRefusal } from "#shared/offers/rules";
import { formatPhone } from "#shared/phone";
import { canChangeTexts, dayBeforeAt, morningAt, readReply, senderNumber, textableNumber } from "#shared/sms/rules";
import type { DayBeforeResult, TextFailure, TextKind, TextsView } from "#shared/sms/schema";
import type { Status } from "#shared/status";
import { stationTime } from "#shared/time";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import type { Periodic } from "../../jobs/periodic.ts";
import { enqueue, type JobHandler } from "../../jobs/queue.ts";
import { type MailToQueue, queueMails } from "../../mail/outbox.ts";
import { queueTexts, recordDelivery, type TextToQueue } from "../../texts/outbox.ts";
import { stationDetails } from "../checkin/mail.ts";
import { passToken, passUrl } from "../checkin/pass.ts";
import { requireRunning } from "../offers/service.ts";
import { firstName } from "../registration/mail.ts";
import * as repo from "./repo.ts";

/**
 * Texts on the event day (issue 24): the day-before reminder with its JA/NEJ, the answers and what they set
 * off, the team leaders' morning count, and the organizer's view. Every text and mail is queued in the
 * transaction that causes it (texts/outbox.ts, mail/outbox.ts).
 */

const lang = storedLanguage;
const uuids = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

// ── The day-before reminder ─────────────────────────────────────────────────────────────────────────

/** Which stations of the event a reminder covers: those that have not started (or only some of them). */
function scope(eventId: string, now: Date, stationIds?: readonly string[]) {
  const parts = [sql`o.event_id = ${eventId}`, sql`e.status = 'CONFIRMED'`, sql`s.start > ${now.toISOString()}::timestamptz`];
  if (stationIds) parts.push(stationIds.length ? sql`s.id IN (${uuids(stationIds)})` : sql`false`);
  return sql.join(parts, sql` AND `);
}

/**
 * The day-before text and mail of one volunteer: when, where, whom to call, their pass, and how to answer.
 * What is the same for everyone at a station is worded once per station and language (a whole event's
 * reminder is 5,000 of these).
 */
function reminderWords(ctx: Ctx) {
  const perStation = new Map<string, Record<string, string>>();
  return (r: repo.ReminderRow, l: Language): Record<string, string> => {
    const key = `${r.station.id}/${l}`;
    let station = perStation.get(key);
    if (!station) {
      const t = (id: string, values: Record<string, string>) => translate(l, `sms.parts.${id}`, values);
      station = {
        eventName: r.event.name,
        stationName: r.station.name,
        time: stationTime(r.station),
        place: [r.station.place ? t("place", { place: r.station.place }) : "", t("map", { mapUrl: mapLink(r.station) })]
          .filter(Boolean)
          .join(" "),
        teamLeader: r.teamLeader ? t("teamLeader", { name: r.teamLeader.name, phone: formatPhone(r.teamLeader.phone) }) : "",
        details: stationDetails(l, r),
      };
      perStation.set(key, station);
    }
    const token = passToken(ctx.secret, { volunteerId: r.volunteerId, eventId: r.event.id, stationId: r.station.id });
    return {
      ...station,
      groupName: r.groupName,
      firstName: firstName(r.name),
      url: withLanguage(new URL(passUrl(ctx.config.PUBLIC_URL, token)), l).toString(),
    };
  };
}

/**
 * Reminds the named volunteers of the event's stations that have not started (or of `stationIds` among
 * them) who were not reminded of that station before: a text to each with a mobile number who has not said
 * STOPP, while texts are on for the event, and a mail to each. The texts are queued here; the mails by a job
 * queued with them (DAY_BEFORE_MAIL_JOB), so a whole event's reminder answers within a second. `dryRun`
 * only counts what it would send.
 */
export async function dayBefore(
  ctx: Ctx,
  tx: Tx,
  now: Date,
  eventId: string,
  options: { dryRun?: boolean; stationIds?: readonly string[] } = {},
): Promise<DayBeforeResult> {
  const rows = await repo.reminderRows(tx, scope(eventId, now, options.stationIds));
  const fresh = rows.filter((r) => !r.reminded);
  const numberOf = new Map(fresh.map((r) => [r.phone, textableNumber(r.phone)]));
  if (options.dryRun) {
    const numbers = fresh.map((r) => numberOf.get(r.phone)).filter((n): n is string => !!n);
    const { textsEnabled, stopped } = await repo.textingState(tx, eventId, numbers);
    return {
      texted: textsEnabled ? numbers.filter((n) => !stopped.includes(n)).length : 0,
      mailed: fresh.length,
      skipped: rows.length - fresh.length,
    };
  }
  const noted = await repo.noteReminded(
    tx,
    now,
    fresh.map((r) => ({ stationId: r.station.id, volunteerId: r.volunteerId, number: numberOf.get(r.phone) ?? null })),
    eventId,
  );
  const isNew = new Set(noted.map((n) => `${n.stationId}/${n.volunteerId}`));
  const mine = fresh.filter((r) => isNew.has(`${r.station.id}/${r.volunteerId}`));
  const words = reminderWords(ctx);
  const texts: TextToQueue[] = [];
  for (const r of mine) {
    const number = numberOf.get(r.phone);
    if (!number) continue;
    const l = lang(r.language);
    texts.push({
      to: number,
      kind: "dayBefore",
      lang: l,
      values: words(r, l),
      purpose: `dayBefore/${r.station.id}/${r.volunteerId}`,
      eventId: r.event.id,
      name: r.name,
    });
  }
  const texted = await queueTexts(tx, now, texts);
  if (mine.length) await enqueue(tx, DAY_BEFORE_MAIL_JOB, { eventId }, now);
  return { texted, mailed: mine.length, skipped: rows.length - mine.length };
}

export const DAY_BEFORE_MAIL_JOB = "texts.dayBeforeMail";

/**
 * The mails of the event's day-before reminders not mailed yet, queued in one transaction that marks them
 * mailed: any number of these jobs, in any process, mail each reminder once.
 */
export function dayBeforeMailJob(ctx: Ctx): JobHandler {
  return async (payload) => {
    const eventId = String(payload.eventId);
    const now = ctx.clock.now();
    const queued = await ctx.db.transaction(async (tx) => {
      const taken = await repo.takeUnmailed(tx, eventId, now);
      if (taken.length === 0) return 0;
      const keys = new Set(taken.map((k) => `${k.stationId}/${k.volunteerId}`));
      const rows = (await repo.reminderRows(tx, sql`o.event_id = ${eventId}`)).filter((r) =>
        keys.has(`${r.station.id}/${r.volunteerId}`),
      );
      const words = reminderWords(ctx);
      await queueMails(
        tx,
        now,
        rows.map((r) => {
          const l = lang(r.language);
          return { to: r.email, kind: "dayBefore" as const, lang: l, values: words(r, l) };
        }),
      );
      return rows.length;
    });
    if (queued) ctx.nudgeJobs();
  };
}

// ── The scheduler ───────────────────────────────────────────────────────────────────────────────────

export const TEXTS_SWEEP_JOB = "texts.sweep";
/** The day-before reminder goes within this long of 18:00; the morning text within this of 06:00. */
const SWEEP_MS = 5 * 60 * 1000;
/** Stations this far ahead are looked at: the day-before reminder is due at most 30 hours before a start. */
const LOOK_AHEAD_MS = 31 * 60 * 60 * 1000;

/**
 * Every five minutes: the day-before reminder of each station from 18:00 the evening before (and of those
 * named since, until it starts), and the team leader's morning count from 06:00 on the day.
 */
export function textsSweep(ctx: Ctx): Periodic {
  return {
    kind: TEXTS_SWEEP_JOB,
    intervalMs: SWEEP_MS,
    lockKey: 7_331_124,
    async run(tx, now) {
      const upcoming = await repo.upcomingStations(tx, now, new Date(now.getTime() + LOOK_AHEAD_MS));
      const due = upcoming.filter((s) => dayBeforeAt(s.start).getTime() <= now.getTime());
      const done: unknown[] = [];
      for (const eventId of new Set(due.map((s) => s.eventId))) {
        const stationIds = due.filter((s) => s.eventId === eventId).map((s) => s.id);
        const result = await dayBefore(ctx, tx, now, eventId, { stationIds });
        if (result.mailed) done.push({ eventId, ...result });
      }
      const mornings = upcoming.filter((s) => morningAt(s.start).getTime() <= now.getTime()).map((s) => s.id);
      const morningTexts = await morningCounts(ctx, tx, now, mornings);
      if (morningTexts) done.push({ morning: morningTexts });
      if (done.length) ctx.nudgeJobs();
      return done;
    },
    describe: (done) => `texts: ${done.length} reminders or morning counts queued`,
  };
}

/** The team leaders' morning texts of these stations ("12 av 15 har svarat JA"), each once. */
async function morningCounts(ctx: Ctx, tx: Tx, now: Date, stationIds: readonly string[]): Promise<number> {
  const rows = await repo.morningRows(tx, stationIds);
  const texts: TextToQueue[] = [];
  for (const r of rows) {
    const number = textableNumber(r.leaderPhone);
    if (!number) continue;
    const l = lang(r.leaderLanguage);
    const url = withLanguage(new URL(checkinPath(r.eventId, r.stationId, "teamleader"), ctx.config.PUBLIC_URL), l);
    texts.push({
      to: number,
      kind: "morning",
      lang: l,
      values: {
        eventName: r.eventName,
        stationName: r.stationName,
        time: stationTime(r),
        confirmed: String(r.confirmed),
        expected: String(r.expected),
        url: url.toString(),
      },
      purpose: `morning/${r.stationId}`,
      eventId: r.eventId,
      name: r.leaderName,
    });
  }
  return queueTexts(tx, now, texts);
}

// ── Incoming texts ──────────────────────────────────────────────────────────────────────────────────

export interface Incoming {
  id: string;
  from: string;
  message: string;
}

/**
 * A text to our number. The provider's id is kept first: one seen before changes nothing (providers retry
 * until they hear 200). STOPP stops every text to the number; JA/NEJ answers the reminders texted to it
 * whose station has not ended (a parent's number answers for each child reminded); anything else is kept
 * beside those reminders and mailed to the group's contacts. Answers the stations whose counts changed.
 */
export async function receive(ctx: Ctx, text: Incoming): Promise<Array<{ eventId: string; stationId: string }>> {
  const now = ctx.clock.now();
  const number = senderNumber(text.from);
  const reading = readReply(text.message);
  const changed = await ctx.db.transaction(async (tx) => {
    if (!(await repo.keepIncoming(tx, { ...text, reading, receivedAt: now })) || !number) return [];
    if (reading === "stop") {
      await repo.stop(tx, number, now);
      return [];
    }
    const open = await repo.openReminders(tx, number, now);
    await repo.noteMatched(tx, text.id, open.length);
    if (open.length === 0) return [];
    if (reading === "other") {
      await repo.answer(tx, now, open, { message: text.message.slice(0, 1000) });
      await tellContactsOfMessage(ctx, tx, now, open, text.message.slice(0, 1000));
      return [];
    }
    const confirmed = reading === "yes";
    await repo.answer(tx, now, open, { confirmed });
    // A NEJ tells whom it concerns once, when it is news (a second NEJ, or a NEJ after an earlier one, is not).
    if (!confirmed) for (const r of open.filter((o) => o.confirmed !== false)) await tellOfDecline(ctx, tx, now, r);
    return open.filter((o) => o.confirmed !== confirmed);
  });
  for (const c of changed) ctx.live.changed(c.eventId, c.stationId);
  if (changed.length) ctx.nudgeJobs();
  return changed;
}

/** The group's contacts and the station's team leader hear at once that a volunteer cannot come. */
async function tellOfDecline(ctx: Ctx, tx: Tx, now: Date, key: repo.AnsweredReminder) {
  const n = await repo.declineNotice(tx, key);
  if (!n) return;
  const mails: MailToQueue[] = [];
  const texts: TextToQueue[] = [];
  for (const p of n.recipients) {
    const l = lang(p.language);
    // The group's contact acts on the offer (names a stand-in); the team leader's list shows the gap.
    const path =
      p.role === "contact"
        ? engagementPath({ eventId: n.eventId, groupId: n.groupId, stationId: n.stationId })
        : checkinPath(n.eventId, n.stationId, "teamleader");
    const values = {
      firstName: p.firstName,
      name: n.volunteerName,
      groupName: n.groupName,
      stationName: n.stationName,
      eventName: n.eventName,
      time: stationTime(n),
      url: withLanguage(new URL(path, ctx.config.PUBLIC_URL), l).toString(),
      action: translate(l, p.role === "contact" ? "sms.parts.standIn" : "sms.parts.list"),
    };
    mails.push({ to: p.email, kind: "volunteerDeclined", lang: l, values });
    const number = textableNumber(p.phone);
    if (number)
      texts.push({
        to: number,
        kind: "declined",
        lang: l,
        values,
        purpose: `declined/${n.stationId}/${key.volunteerId}/${p.email}`,
        eventId: n.eventId,
        name: p.firstName,
      });
  }
  await queueMails(tx, now, mails);
  await queueTexts(tx, now, texts);
}

/** A reply that is neither JA nor NEJ reaches the volunteer's group contacts by mail. */
async function tellContactsOfMessage(ctx: Ctx, tx: Tx, now: Date, open: repo.AnsweredReminder[], message: string) {
  const mails: MailToQueue[] = [];
  for (const r of open) {
    const n = await repo.declineNotice(tx, r);
    if (!n) continue;
    for (const p of n.recipients.filter((x) => x.role === "contact")) {
      const l = lang(p.language);
      mails.push({
        to: p.email,
        kind: "volunteerMessage",
        lang: l,
        values: {
          firstName: p.firstName,
          name: n.volunteerName,
          stationName: n.stationName,
          eventName: n.eventName,
          message,
          url: withLanguage(
            new URL(engagementPath({ eventId: n.eventId, groupId: n.groupId, stationId: n.stationId }), ctx.config.PUBLIC_URL),
            l,
          ).toString(),
        },
      });
    }
  }
  await queueMails(tx, now, mails);
}

/** A delivery report from the provider: delivered, or failed for good (the organizer sees it). */
export async function delivered(ctx: Ctx, providerId: string, status: string) {
  if (status === "delivered" || status === "failed")
    await recordDelivery(ctx.db, ctx.clock.now(), providerId, status === "delivered");
}

// ── The organizer's view ────────────────────────────────────────────────────────────────────────────

type EventState = { id: string; status: string; textsEnabled: boolean };

export async function textsOf(ctx: Ctx, event: EventState): Promise<TextsView> {
  const row = await repo.eventTexts(ctx.db, event.id);
  const n = (status: string) => row.counts[status] ?? 0;
  return {
    enabled: event.textsEnabled,
    counts: { queued: n("QUEUED"), sent: n("SENT"), delivered: n("DELIVERED"), failed: n("FAILED") },
    failed: row.failed.map((f) => ({
      id: f.id,
      to: formatPhone(f.to),
      name: f.name,
      kind: f.kind as TextKind,
      reason: (f.reason ?? "UNREACHABLE") as TextFailure,
      at: new Date(f.at).toISOString(),
    })),
    abilities: { change: canChangeTexts(event.status), remind: eventRefusal(event.status as Status) === null },
  };
}

/** Texts on or off for the event: none is queued while they are off, and one queued before is not sent (outbox.ts). */
export async function setTexts(ctx: Ctx, event: EventState, enabled: boolean): Promise<TextsView> {
  if (!canChangeTexts(event.status)) requireRunning(event.status);
  await repo.setTextsEnabled(ctx.db, event.id, enabled);
  return textsOf(ctx, { ...event, textsEnabled: enabled });
}

/** What "remind every volunteer now" would send, counted and not sent. */
export const preview = (ctx: Ctx, eventId: string) =>
  ctx.db.transaction((tx) => dayBefore(ctx, tx, ctx.clock.now(), eventId, { dryRun: true }));

/** The day-before reminder by hand, on a running event. */
export async function remindNow(ctx: Ctx, event: { id: string; status: string }): Promise<DayBeforeResult> {
  requireRunning(event.status);
  const result = await ctx.db.transaction((tx) => dayBefore(ctx, tx, ctx.clock.now(), event.id));
  ctx.nudgeJobs();
  return result;
}
