import { eventRefusal } from "#shared/offers/rules";
import { totalTooBig } from "#shared/sendouts/files";
import { canOpenAttachments, noRecipientsReason } from "#shared/sendouts/rules";
import {
  type FileView,
  type SendOutBody,
  type SendOutCreated,
  type SendOutStation,
  type SendOutSummary,
  type SendOutView,
  sendOutMsg,
} from "#shared/sendouts/schema";
import type { Status } from "#shared/status";
import type { Ctx } from "../../context.ts";
import { FileMissingError } from "../../files/store.ts";
import { AppError, forbidden, notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { enqueue } from "../../jobs/queue.ts";
import { hitLimits } from "../../limits.ts";
import type { EventRow } from "../events/repo.ts";
import { AttachmentChanged, attachment as readAttachment, SEND_OUT_JOB } from "./delivery.ts";
import * as repo from "./repo.ts";

/** Who reads or writes an event's send-outs: its contacts, or a team leader limited to `stationIds`. */
export interface Reader {
  event: EventRow;
  stationIds?: string[];
}

/**
 * Send-outs one person makes for one event (ADR 025): running an event day takes a message to a station or
 * two, a correction, a reminder in the evening; it does not take a stream of mails to the same inboxes.
 * Counted in the send-out's own transaction, so only a send-out that is made counts.
 */
export const SEND_OUTS_PER_HOUR = { name: "send-outs-hour", limit: 10, windowSeconds: 3600 } as const;
export const SEND_OUTS_PER_DAY = { name: "send-outs-day", limit: 30, windowSeconds: 24 * 3600 } as const;

/** Send-outs go out only on a CONFIRMED event: a DRAFT has no accepted groups yet, a HISTORIC one is over. */
function requireRunning(status: string) {
  const refusal = eventRefusal(status as Status);
  if (refusal === "EventNotConfirmed") throw new AppError(refusal, "The event is not confirmed yet");
  if (refusal === "EventHistoric") throw new AppError(refusal, "A historic event takes no send-outs");
}

/**
 * A send-out as of now: the recipients are resolved and stored in the same transaction (STAFFING §2), and
 * one delivery job is queued for all of them (delivery.ts).
 */
export async function createSendOut(ctx: Ctx, actor: UserRow, reader: Reader, body: SendOutBody): Promise<SendOutCreated> {
  const eventId = reader.event.id;
  requireRunning(reader.event.status);
  // A team leader sends only to stations they lead; to them, others' do not exist.
  if (reader.stationIds && body.stations.some((s) => !reader.stationIds?.includes(s))) throw notFound("Station not found");
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    requireRunning((await repo.eventStatusShared(tx, eventId)) ?? "HISTORIC");
    const known = await repo.stationsOf(tx, eventId, body.stations);
    if (known.length !== body.stations.length) throw notFound("Station not found");
    const stored = await repo.filesNamed(
      tx,
      eventId,
      body.attachments.map((a) => a.name),
    );
    const missing = Object.fromEntries(
      body.attachments.flatMap((a, i) =>
        stored.some((f) => f.name === a.name) ? [] : [[`attachments.${i}.name`, sendOutMsg.unknownFile]],
      ),
    );
    if (Object.keys(missing).length > 0)
      throw new AppError("ValidationError", "Attachments must be files uploaded for the event", missing);
    const attachments = body.attachments.map((a) => stored.find((f) => f.name === a.name) as (typeof stored)[number]);
    if (totalTooBig(attachments))
      throw new AppError("PayloadTooLarge", "The attachments together are larger than a send-out may carry");
    await hitLimits(
      tx,
      [SEND_OUTS_PER_HOUR, SEND_OUTS_PER_DAY].map((l) => ({ ...l, key: `${l.name}:${eventId}:${actor.id}` })),
      now,
    );
    const sendOut = await repo.insertSendOut(tx, {
      eventId,
      userId: actor.id,
      createdAt: now,
      stations: body.stations,
      recipientTypes: body.recipientTypes,
      subject: body.subject,
      message: body.message,
      attachments,
    });
    // A send-out to nobody is refused, saying why (its row goes with the transaction), not recorded as sent.
    if (sendOut.recipients === 0) {
      const reason = noRecipientsReason(await repo.sendOutStations(tx, eventId, body.stations), body.recipientTypes);
      throw new AppError("ValidationError", "Nobody at the chosen stations receives the send-out", {
        stations: sendOutMsg[reason ?? "noAcceptedGroups"],
      });
    }
    await enqueue(tx, SEND_OUT_JOB, { sendOutId: sendOut.id }, now);
    return sendOut;
  });
  ctx.nudgeJobs();
  return { sendOutId: created.id, recipients: created.recipients, groupsWithoutVolunteers: created.groupsWithoutVolunteers };
}

/** The stations the reader may send to, with how many a send-out would reach at each now. */
export function sendOutStations(ctx: Ctx, reader: Reader): Promise<SendOutStation[]> {
  return repo.sendOutStations(ctx.db, reader.event.id, reader.stationIds);
}

/** The event's send-outs, newest first; a team leader's are those to their stations. */
export function sendOuts(ctx: Ctx, reader: Reader): Promise<SendOutSummary[]> {
  return repo.sendOutsOf(ctx.db, reader.event.id, reader.stationIds);
}

/** Whether `actor` opens the attachments of a send-out `senderId` made (canOpenAttachments). */
const opensAttachments = (actor: UserRow, reader: Reader, senderId: string | null) =>
  canOpenAttachments(!reader.stationIds, senderId === actor.id);

export async function sendOut(ctx: Ctx, actor: UserRow, reader: Reader, sendOutId: string): Promise<SendOutView> {
  const found = await repo.sendOutOf(ctx.db, reader.event.id, sendOutId, reader.stationIds);
  if (!found) throw notFound("Send-out not found");
  const { senderId, ...view } = found;
  return { ...view, abilities: { openAttachments: opensAttachments(actor, reader, senderId) } };
}

/**
 * One attachment of a send-out, read through the file store as its delivery reads it: 404 where the
 * send-out or the attachment is not the reader's to see (or the file is gone), 403 to a team leader who
 * sees the send-out but did not send it.
 */
export async function attachment(
  ctx: Ctx,
  actor: UserRow,
  reader: Reader,
  sendOutId: string,
  name: string,
): Promise<{ file: FileView; content: Buffer }> {
  const found = await repo.sendOutOf(ctx.db, reader.event.id, sendOutId, reader.stationIds);
  if (!found) throw notFound("Send-out not found");
  if (!opensAttachments(actor, reader, found.senderId))
    throw forbidden("Only the event's contacts and the sender open the attachments");
  // The bytes the send-out carried (its blob, checked as delivery checks it), not what the name holds now.
  const file = (await repo.deliveryOf(ctx.db, sendOutId))?.attachments.find((a) => a.name === name);
  if (!file) throw notFound("Attachment not found");
  try {
    const { content } = await readAttachment(ctx, reader.event.id, file);
    return { file: { name: file.name, type: file.type, size: file.size }, content };
  } catch (err) {
    if (err instanceof FileMissingError || err instanceof AttachmentChanged) throw notFound("Attachment not found");
    throw err;
  }
}
