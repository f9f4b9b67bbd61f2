import type { Language } from "#shared/account/schema";
import type { CalendarAddress } from "#shared/calendar";
import { eventPagePath, stationSheetPath } from "#shared/events/rules";
import { mapLink } from "#shared/geo/map-link";
import { findMunicipality } from "#shared/geo/municipalities";
import { translate } from "#shared/i18n/index";
import { engagementPath } from "#shared/offers/rules";
import type { Ctx } from "../../context.ts";
import { notFound } from "../../http/errors.ts";
import { addressMacMatches, addressToken, readAddressToken } from "../../identity/address-token.ts";
import type { UserRow } from "../../identity/repo.ts";
import { type CalendarEvent, serializeCalendar } from "./ical.ts";
import * as repo from "./repo.ts";

/** UIDs name the entry, not the server it came from, so a new public address does not duplicate them. */
const UID_DOMAIN = "bemanna.se";
const PRODID = "-//Bemanna//Calendar feed//EN";
/** What calendar apps are asked to keep to; most fetch less often whatever is asked. */
const REFRESH_MINUTES = 60;
/** The purpose the feed's address is signed for; it is bound to the user and their generation (ADR 018). */
const FEED = "calendar-feed";

function addressOf(ctx: Ctx, userId: string, generation: number): CalendarAddress {
  const token = addressToken(ctx.secret, FEED, userId, [generation]);
  return { url: new URL(`/api/calendar/${token}.ics`, ctx.config.PUBLIC_URL).toString() };
}

/** The user's current address; the generation is read afresh (the signed-in user may be a few seconds old). */
export async function calendarAddressOf(ctx: Ctx, actor: UserRow): Promise<CalendarAddress> {
  const owner = await repo.findFeedOwner(ctx.db, actor.id);
  if (!owner) throw notFound("User not found");
  return addressOf(ctx, owner.id, owner.generation);
}

/** A new address; the old one answers 404 from now on. */
export async function renewCalendarAddress(ctx: Ctx, actor: UserRow): Promise<CalendarAddress> {
  const generation = await repo.bumpGeneration(ctx.db, actor.id);
  if (generation === undefined) throw notFound("User not found");
  return addressOf(ctx, actor.id, generation);
}

/**
 * The feed behind a token. A token that is malformed, names nobody, or was renewed away answers the same
 * 404, which says nothing about whose it might have been.
 */
export async function calendarFeed(ctx: Ctx, token: string): Promise<string> {
  const claimed = readAddressToken(token);
  if (!claimed) throw notFound("Calendar not found");
  const owner = (await repo.findFeedOwner(ctx.db, claimed.id)) ?? null;
  const bound = owner && { id: owner.id, parts: [owner.generation] };
  if (!addressMacMatches(ctx.secret, FEED, claimed.mac, bound) || !owner) throw notFound("Calendar not found");
  const lang: Language = owner.language === "en" ? "en" : "sv";
  const entries = await repo.feedEntries(ctx.db, owner);
  return serializeCalendar({
    prodId: PRODID,
    name: translate(lang, "account.calendar.feed.name"),
    stamp: ctx.clock.now(),
    refreshMinutes: REFRESH_MINUTES,
    events: entries.map((e) => calendarEvent(ctx, lang, e)),
  });
}

function calendarEvent(ctx: Ctx, lang: Language, e: repo.FeedEntry): CalendarEvent {
  const t = (id: string, values?: Record<string, string | number>) => translate(lang, `account.calendar.feed.${id}`, values);
  const path =
    e.kind === "leader"
      ? stationSheetPath(eventPagePath(e.eventId, "teamleader"), e.stationId)
      : engagementPath({ eventId: e.eventId, groupId: e.groupId ?? "", stationId: e.stationId });
  const url = new URL(path, ctx.config.PUBLIC_URL).toString();
  const map = mapLink({ lat: e.markerLat, lng: e.markerLng });
  const place = e.markerLocation || findMunicipality(e.municipality)?.name || "";
  const role =
    e.kind === "leader"
      ? [t("roleTeamLeader")]
      : [t("roleGroupContact", { group: e.groupName ?? "" }), t("volunteers", { count: e.volunteers ?? 0 })];
  // Three paragraphs: what and where, the user's part in it, where to read more.
  const description = [
    [t("event", { name: e.eventName, date: e.eventDate }), t("station", { name: e.stationName }), e.description].filter(Boolean),
    role,
    [t("map", { url: map }), t("page", { url })],
  ]
    .map((lines) => lines.join("\n"))
    .join("\n\n");
  return {
    uid: e.kind === "leader" ? `teamleader-${e.stationId}@${UID_DOMAIN}` : `offer-${e.stationId}-${e.groupId}@${UID_DOMAIN}`,
    start: e.start,
    end: e.end,
    // A contact of two groups at one station gets two entries: the group's name tells them apart.
    summary:
      e.kind === "leader" ? `${e.stationName} — ${e.eventName}` : `${e.stationName} — ${e.eventName} (${e.groupName ?? ""})`,
    location: place || undefined,
    geo: { lat: e.markerLat, lng: e.markerLng },
    description,
    url,
    // Stations have no change stamp of their own; every change of them is a new version of their event.
    sequence: e.eventVersion,
    lastModified: e.changedAt,
  };
}
