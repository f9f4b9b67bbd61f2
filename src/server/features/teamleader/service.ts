import { byDateFromToday } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import type { LedEventSummary } from "#shared/teamleader/schema";
import type { Ctx } from "../../context.ts";
import { notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { presentLedEvent, presentLedSummary } from "./present.ts";
import * as repo from "./repo.ts";

/** The events the user leads stations of: today's and coming ones first, then the past (byDateFromToday). */
export async function summaries(ctx: Ctx, actor: UserRow): Promise<LedEventSummary[]> {
  const now = ctx.clock.now();
  return byDateFromToday(await repo.ledEvents(ctx.db, actor.email), now).map((row) => presentLedSummary(row, now));
}

/**
 * The event read-only, with only the stations the user leads. To whoever leads none of its stations it does
 * not exist (404), whether or not it exists or they are its contact: contacts read it at /api/events/{id}.
 */
export async function ledEvent(ctx: Ctx, actor: UserRow, eventId: string): Promise<EventView> {
  const row = await repo.ledEventView(ctx.db, eventId, actor);
  if (!row) throw notFound("Event not found");
  return presentLedEvent(row, actor.id, ctx.clock.now());
}
