import { eventRefusal } from "#shared/offers/rules";
import { totalTooBig } from "#shared/sendouts/files";
import {
  type SendOutBody,
  type SendOutCreated,
  type SendOutSummary,
  type SendOutView,
  sendOutMsg,
} from "#shared/sendouts/schema";
import type { Status } from "#shared/status";
import type { Ctx } from "../../context.ts";
import { AppError, notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { enqueue } from "../../jobs/queue.ts";
import type { EventRow } from "../events/repo.ts";
import { SEND_OUT_JOB } from "./delivery.ts";
import * as repo from "./repo.ts";

/** Who reads or writes an event's send-outs: its contacts, or a team leader limited to `stationIds`. */
export interface Reader {
  event: EventRow;
  stationIds?: string[];
}

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
    if (sendOut.recipients > 0) await enqueue(tx, SEND_OUT_JOB, { sendOutId: sendOut.id }, now);
    return sendOut;
  });
  ctx.nudgeJobs();
  return { sendOutId: created.id, recipients: created.recipients, groupsWithoutVolunteers: created.groupsWithoutVolunteers };
}

/** The event's send-outs, newest first; a team leader's are those to their stations. */
export function sendOuts(ctx: Ctx, reader: Reader): Promise<SendOutSummary[]> {
  return repo.sendOutsOf(ctx.db, reader.event.id, reader.stationIds);
}

export async function sendOut(ctx: Ctx, reader: Reader, sendOutId: string): Promise<SendOutView> {
  const found = await repo.sendOutOf(ctx.db, reader.event.id, sendOutId, reader.stationIds);
  if (!found) throw notFound("Send-out not found");
  return found;
}
