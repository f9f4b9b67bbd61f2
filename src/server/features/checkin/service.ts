import { sql } from "drizzle-orm";
import QRCode from "qrcode";
import { checkinCounts, mergePresence, type Presence, tapTimeRefusal } from "#shared/checkin/rules";
import {
  type CheckinBody,
  type CheckinList,
  type CheckinResult,
  checkinMsg,
  type GroupCheckin,
  type PassView,
  type TodayView,
} from "#shared/checkin/schema";
import { mapLink } from "#shared/geo/map-link";
import { formatInstant } from "#shared/time";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, notFound } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import { requireRunning } from "../offers/service.ts";
import { passToken, passUrl, readPassToken } from "./pass.ts";
import * as repo from "./repo.ts";

const instant = (at: string | Date) => formatInstant(new Date(at));

/** The station's list for the check-in page: who is expected, who came, who will not (one statement). */
export async function stationList(ctx: Ctx, eventId: string, stationId: string): Promise<CheckinList> {
  const row = await repo.stationList(ctx.db, eventId, stationId);
  if (!row) throw notFound("Station not found");
  const people = row.people.map((p) => ({
    volunteerId: p.volunteerId,
    name: p.name,
    age: p.age,
    phone: p.phone,
    groupId: p.groupId,
    groupName: p.groupName,
    arrivedAt: p.at && !p.noShow ? instant(p.at) : null,
    noShow: p.noShow === true,
    confirmed: p.confirmed,
  }));
  const walkUps = row.walkUps.map((w) => ({ id: w.id, groupId: w.groupId, name: w.name, age: w.age, arrivedAt: instant(w.at) }));
  return {
    station: { ...row.station, start: instant(row.station.start), end: instant(row.station.end) },
    event: row.event,
    people,
    walkUps,
    counts: checkinCounts(people, walkUps),
    groups: row.groups,
    fetchedAt: formatInstant(ctx.clock.now()),
    abilities: { checkIn: row.event.status === "CONFIRMED" },
  };
}

/** The counts of the given stations of the event (all when none are named), by station id. */
export async function countsOf(tx: Tx, eventId: string, stationIds?: string[]) {
  const rows = await repo.presence(tx, eventId, stationIds);
  return new Map(
    rows.map((r) => [
      r.stationId,
      checkinCounts(
        r.people.map((p) => ({ age: p.age, arrivedAt: p.arrived ? "" : null, noShow: p.noShow, confirmed: p.confirmed })),
        r.walkUps,
      ),
    ]),
  );
}

const invalid = (field: string, id: string) => new AppError("ValidationError", `Invalid ${field}`, { [field]: id });

/** Who an unreadable pass names (nobody): the tap still asks whether the caller may tap here, before refusing it. */
const NO_VOLUNTEER = "00000000-0000-0000-0000-000000000000";

/** How often a tap reads and merges again when someone wrote the same person meanwhile (each round, one wins). */
const MERGE_ROUNDS = 100;

/**
 * One tap at the station, for the event's contacts and the station's team leader (404 for anyone else).
 * The same tap id again answers what it answered and changes nothing; two taps on one person merge by
 * `mergePresence`, written only if the person's row is still as read, else read and merged again — so
 * parallel devices agree, and the merge (which only ever moves towards an earlier arrival) always ends. A
 * refusal changes nothing. Two statements, no transaction (repo.ts says why).
 */
export async function checkIn(
  ctx: Ctx,
  actor: UserRow,
  eventId: string,
  stationId: string,
  body: CheckinBody,
): Promise<CheckinResult> {
  const now = ctx.clock.now();
  const pass = body.pass === undefined ? null : passRead(ctx, eventId, body.pass);
  const volunteerId = body.walkUp
    ? undefined
    : (body.volunteerId ?? (pass && "volunteerId" in pass ? pass.volunteerId : undefined));
  const seen: Presence = { at: body.at, noShow: body.noShow === true };
  for (let round = 0; round < MERGE_ROUNDS; round++) {
    const tap = await repo.tapContext(ctx.prepared, {
      id: body.id,
      eventId,
      stationId,
      actor,
      ...(body.walkUp ? { groupId: body.walkUp.groupId } : { volunteerId: volunteerId ?? NO_VOLUNTEER }),
    });
    if (!tap?.allowed) throw notFound("Station not found");
    if (pass && "refusal" in pass) throw pass.refusal;
    if (tap.seen) {
      if (tap.seen.eventId !== eventId || !tap.seen.answer)
        throw new AppError("Conflict", "This tap id was used for something else");
      return tap.seen.answer as CheckinResult;
    }
    requireRunning(tap.eventStatus);
    const late = tapTimeRefusal(body.at, now, tap.start);
    if (late) throw invalid("at", late === "future" ? checkinMsg.future : checkinMsg.early);

    if (body.walkUp) {
      if (!tap.groupAccepted) throw invalid("walkUp.groupId", checkinMsg.notAccepted);
      const answer = {
        id: body.id,
        volunteerId: null,
        walkUpId: body.id,
        name: body.walkUp.name,
        arrivedAt: instant(body.at),
        noShow: false,
      };
      if (
        await repo.writeWalkUp(ctx.prepared, {
          id: body.id,
          eventId,
          stationId,
          ...body.walkUp,
          at: body.at,
          by: actor.id,
          now,
          answer,
        })
      )
        ctx.live.changed(eventId, stationId);
      return answer;
    }
    const here = tap.named.find((n) => n.stationId === stationId);
    if (!here) {
      const right = tap.named[0];
      if (right)
        throw new AppError("WrongStation", `Named at ${right.stationName}`, undefined, undefined, {
          id: right.stationId,
          name: right.stationName,
        });
      if (body.pass) throw new AppError("PassInvalid", "The volunteer is no longer named at the station");
      throw invalid("volunteerId", checkinMsg.notOnList);
    }
    const merged = mergePresence(tap.known, seen);
    const answer: CheckinResult = {
      id: body.id,
      volunteerId: volunteerId as string,
      walkUpId: null,
      name: here.name,
      arrivedAt: merged.noShow ? null : instant(merged.at),
      noShow: merged.noShow,
    };
    const write = { id: body.id, eventId, stationId, groupId: here.groupId, by: actor.id, now, answer };
    if (tap.known && merged.at.getTime() === tap.known.at.getTime() && merged.noShow === tap.known.noShow) {
      // Nothing better than what is known: the tap is kept for its repeats; the row stays.
      await repo.keepTap(ctx.prepared, write);
      return answer;
    }
    if (await repo.writeNamed(ctx.prepared, { ...write, volunteerId: volunteerId as string, merged, known: tap.known })) {
      ctx.live.changed(eventId, stationId);
      return answer;
    }
  }
  throw new AppError("Conflict", "The volunteer was checked in by too many devices at once; try again");
}

/** The volunteer a pass names when it is ours and for this event, else why it is refused (once the caller may know). */
function passRead(ctx: Ctx, eventId: string, token: string): { volunteerId: string } | { refusal: AppError } {
  const subject = readPassToken(ctx.secret, token);
  if (!subject) return { refusal: new AppError("PassInvalid", "Not a pass") };
  if (subject.eventId !== eventId) return { refusal: new AppError("WrongEvent", "The pass is for another event") };
  return { volunteerId: subject.volunteerId };
}

/** Undoes a check-in or a "not coming"; a walk-up is undone by its id. */
export async function undo(ctx: Ctx, eventId: string, stationId: string, personId: string): Promise<void> {
  const gone = await ctx.db.transaction(async (tx) => {
    const station = await repo.stationOf(tx, eventId, stationId);
    if (!station) throw notFound("Station not found");
    requireRunning(station.eventStatus);
    return repo.undo(tx, stationId, personId);
  });
  if (gone > 0) ctx.live.changed(eventId, stationId);
  // Undoing what is already undone is done (a device may send it twice); someone never on the list is not.
  else if (!(await repo.namedAt(ctx.prepared, eventId, personId)).some((n) => n.stationId === stationId))
    throw notFound("Nobody by that id at the station");
}

// ── Passes ──────────────────────────────────────────────────────────────────────────────────────────

/** A pass as its page shows it, with the QR code of its own address. */
export async function presentPass(ctx: Ctx, row: repo.PassRow): Promise<PassView> {
  const token = passToken(ctx.secret, { volunteerId: row.volunteerId, eventId: row.event.id, stationId: row.station.id });
  const url = passUrl(ctx.config.PUBLIC_URL, token);
  return {
    name: row.name,
    groupName: row.groupName,
    event: row.event,
    station: {
      ...row.station,
      start: instant(row.station.start),
      end: instant(row.station.end),
      mapUrl: mapLink(row.station),
    },
    teamLeader: row.teamLeader,
    url,
    qr: await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  };
}

/** The pass a token opens: 404 PassInvalid when it is not ours or its volunteer is no longer named there. */
export async function passByToken(ctx: Ctx, token: string): Promise<PassView> {
  const subject = readPassToken(ctx.secret, token);
  const row = subject && (await repo.passOf(ctx.db, subject));
  if (!row) throw new AppError("PassInvalid", "No such pass");
  return presentPass(ctx, row);
}

/** The organizer's live tab: the stations with their counts and whom to call (two statements). */
export async function today(ctx: Ctx, event: { id: string; name: string; date: string; status: string }): Promise<TodayView> {
  const [rows, counts] = await Promise.all([repo.todayRows(ctx.db, event.id), countsOf(ctx.db, event.id)]);
  return {
    event: { id: event.id, name: event.name, date: event.date, status: event.status },
    stations: rows.map((s) => ({
      ...s,
      start: instant(s.start),
      end: instant(s.end),
      counts: counts.get(s.id) ?? checkinCounts([], []),
    })),
  };
}

/** Every pass of the group's named volunteers at the event, for the group's contacts to print. */
export async function groupPasses(ctx: Ctx, groupId: string, eventId: string): Promise<PassView[]> {
  const rows = await repo.passesWhere(ctx.db, sql`o.group_id = ${groupId} AND o.event_id = ${eventId}`);
  return Promise.all(rows.map((r) => presentPass(ctx, r)));
}

/** The group's check-ins at the event, for its contacts to see who is missing and send a stand-in. */
export async function groupCheckins(ctx: Ctx, groupId: string, eventId: string): Promise<GroupCheckin[]> {
  return (await repo.groupCheckins(ctx.db, groupId, eventId)).map((r) => ({
    volunteerId: r.volunteerId,
    stationId: r.stationId,
    arrivedAt: r.noShow ? null : instant(r.at),
    noShow: r.noShow,
  }));
}
