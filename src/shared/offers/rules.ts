import type { Status } from "../status.ts";
import { parseInstant } from "../time.ts";
import { addDays, stockholmToday } from "../validation.ts";
import type { Allocation, OfferStatus, Reason, ReminderHold } from "./schema.ts";

/**
 * The rules of offers (STAFFING.md §1, §3), written once for the server and the screens.
 */

/** Offers that hold places: they count against a station's need and a group's members. */
export const HOLDING: readonly OfferStatus[] = ["DRAFT", "PROPOSAL", "ACCEPTED"];
export const holdsPlaces = (status: OfferStatus) => HOLDING.includes(status);

/**
 * An answer is due within this many days of sending, unless the organizer names another date; never after the
 * station's start (the send statement clamps it: repo.sendDrafts).
 */
export const DEFAULT_ANSWER_DAYS = 7;

/**
 * An answer-by date as the organizer gives it: an instant with offset, a local `YYYY-MM-DDTHH:mm`, or a bare
 * date meaning the end of that day in Stockholm. Null when it is none of these.
 */
export const parseAnswerBy = (text: string): Date | null =>
  parseInstant(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59` : text);

/** An answer-by instant that has already passed cannot be given to a group. */
export const answerByPassed = (expiresAt: Date, now: Date) => expiresAt.getTime() <= now.getTime();

/** The default answer-by instant of offers sent at `now`: the end of the day a week on, Swedish time. */
export const defaultAnswerBy = (now: Date) => parseInstant(`${addDays(stockholmToday(now), DEFAULT_ANSWER_DAYS)}T23:59`) as Date;
/** The automatic reminder goes this long before the answer-by date. */
export const REMINDER_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;
/** Inside this time before a station starts nothing happens by itself: the organizer decides. */
export const HANDS_OFF_MS = 48 * 60 * 60 * 1000;
/**
 * A group hears about an offer at most once a day: a reminder goes no sooner than this after the offer was
 * sent or last reminded of (ADR 025), whoever asks for it.
 */
export const REMINDER_GAP_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the group may be reminded of the offer at `now`: null when it may, otherwise why not and from
 * when it may (a day after the later of its sending and its last reminder).
 */
export function reminderHold(
  offer: { sentAt: Date | null; remindedAt: Date | null },
  now: Date,
): { reason: ReminderHold; from: Date } | null {
  const sent = offer.sentAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const reminded = offer.remindedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const last = Math.max(sent, reminded);
  if (now.getTime() - last >= REMINDER_GAP_MS) return null;
  return { reason: reminded >= sent ? "remindedRecently" : "sentRecently", from: new Date(last + REMINDER_GAP_MS) };
}

/**
 * The groups a reminder did not reach, each with why and from when it can be (ADR 025): of a group's offers
 * awaiting an answer, the one that can be reminded of first; a group reminded of any offer is left out.
 * Sorted by group name.
 */
export function notRemindedGroups(
  held: ReadonlyArray<{ groupId: string; groupName: string; hold: { reason: ReminderHold; from: Date } | null }>,
  reminded: ReadonlySet<string>,
): Array<{ group: string; reason: ReminderHold; from: Date }> {
  const soonest = new Map<string, { group: string; reason: ReminderHold; from: Date }>();
  for (const { groupId, groupName, hold } of held) {
    if (!hold || reminded.has(groupId)) continue;
    const known = soonest.get(groupId);
    if (!known || hold.from < known.from) soonest.set(groupId, { group: groupName, ...hold });
  }
  return [...soonest.values()].sort((a, b) => a.group.localeCompare(b.group, "sv"));
}

/** The allocation counters of a station from its offers (spec 02 §4). */
export function allocation(needed: number, offers: ReadonlyArray<{ status: OfferStatus; volunteers: number }>): Allocation {
  const sum = (status: OfferStatus) => offers.filter((o) => o.status === status).reduce((n, o) => n + o.volunteers, 0);
  const preliminary = sum("DRAFT");
  const awaiting = sum("PROPOSAL");
  const accepted = sum("ACCEPTED");
  return {
    needed,
    preliminary,
    awaiting,
    accepted,
    missing: Math.max(0, needed - preliminary - awaiting - accepted),
    manned: accepted >= needed,
  };
}

/**
 * How far a station is staffed, as the organizer reads it: manned once the accepted reach the need, partly
 * while some but not all have accepted (shown as "16 av 25"), unmanned while none has.
 */
export type Staffing = "manned" | "partly" | "unmanned";
export const staffingOf = (a: Pick<Allocation, "accepted" | "manned">): Staffing =>
  a.manned ? "manned" : a.accepted > 0 ? "partly" : "unmanned";

/** The share of a station's need that has accepted, from 0 to 1 (a station needing nobody is fully staffed). */
export const staffedShare = (a: Pick<Allocation, "accepted" | "needed">): number =>
  a.needed <= 0 ? 1 : Math.min(1, a.accepted / a.needed);

/** The places still free at a station for a new offer. */
export const unallocated = (a: Allocation) => Math.max(0, a.needed - a.preliminary - a.awaiting - a.accepted);

/** Do two time spans overlap (end exclusive: a shift ending at 12 and one starting at 12 do not)? */
export const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** Which limit an offer of `volunteers` breaks, if any, in the order the spec names them. */
export function offerLimit(
  volunteers: number,
  station: { officialQuantity: number; free: number },
  remainingMembers: number,
): "TooManyVolunteers" | "Allocated" | "TooManyRequested" | null {
  if (volunteers > station.officialQuantity) return "TooManyVolunteers";
  if (volunteers > station.free) return "Allocated";
  if (volunteers > remainingMembers) return "TooManyRequested";
  return null;
}

/** What the event's state allows for offers: they live only on a CONFIRMED event. */
export function eventRefusal(status: Status): "EventNotConfirmed" | "EventHistoric" | null {
  if (status === "DRAFT") return "EventNotConfirmed";
  if (status === "HISTORIC") return "EventHistoric";
  return null;
}

/** The organizer may delete a DRAFT or withdraw a sent offer while the event is running. */
export const canRemove = (eventStatus: Status) => eventStatus === "CONFIRMED";
/** The group answers an offer awaiting its answer, while the event is running. */
export const canAnswer = (status: OfferStatus, eventStatus: Status) => status === "PROPOSAL" && eventStatus === "CONFIRMED";
/** The group names its volunteers on an accepted offer, while the event is running. */
export const canNameAttendees = (status: OfferStatus, eventStatus: Status) =>
  status === "ACCEPTED" && eventStatus === "CONFIRMED";

/**
 * Named volunteers need a shirt size when the event offers shirts: it includes CLOTHES (STAFFING §1) and
 * names the sizes to choose from.
 */
export const asksShirtSize = (event: { included: readonly string[]; shirtSizes: readonly string[] }) =>
  event.included.includes("CLOTHES") && event.shirtSizes.length > 0;

/** The event asks each named volunteer for special diets: it offers food with diet options. */
export const asksDiets = (event: { included: readonly string[]; foodOptions: readonly string[] }) =>
  event.included.includes("FOOD") && event.foodOptions.length > 0;

/** Where a group contact reads and answers an offer: every mail and list links there. */
export const engagementPath = (o: { eventId: string; groupId: string; stationId: string }) =>
  `/my-pages/volunteers/engagement/${o.eventId}/${o.groupId}/${o.stationId}`;

/** Where the event's contacts staff the event's stations. */
export const matchPath = (eventId: string) => `/my-pages/events/${eventId}/match`;

/** What is wrong with naming `count` volunteers on an offer of `volunteers` (a key of `offerMsg`), if anything. */
export function attendeeCountProblem(count: number, volunteers: number): "notEnoughAttendees" | "tooManyAttendees" | null {
  if (count === 0) return "notEnoughAttendees";
  if (count > volunteers) return "tooManyAttendees";
  return null;
}

/**
 * Why a volunteer cannot be named on an offer at `station` (a key of `offerMsg`), if they cannot: a minor who
 * signed up through the link counts once their guardian has said yes (ADR 022), and nobody younger than the
 * station's minimum age works there.
 */
export function attendeeRefusal(
  volunteer: { age: number; awaitingGuardian: boolean },
  station: { officialMiniumumAge: number },
): "awaitingGuardian" | "belowMinimumAge" | null {
  if (volunteer.awaitingGuardian) return "awaitingGuardian";
  if (volunteer.age < station.officialMiniumumAge) return "belowMinimumAge";
  return null;
}

/**
 * How many more volunteers the group needs to fill the places it accepted: the offer's volunteers beyond
 * those in the group (0 when the group has enough). They join through the group's sign-up link.
 */
export const volunteersShort = (inGroup: number, accepted: number) => Math.max(0, accepted - inGroup);

/** Withdrawing a sent offer is news to the group; deleting a draft it never saw is not. */
export const withdrawalIsNews = (status: OfferStatus) => status === "PROPOSAL" || status === "ACCEPTED";

/** The group side's order: awaiting an answer first, then accepted, then the rest (spec 02 §2). */
const GROUP_ORDER: Record<OfferStatus, number> = { PROPOSAL: 0, ACCEPTED: 1, REJECTED: 2, EXPIRED: 3, DRAFT: 4 };
export function sortForGroup<T extends { status: OfferStatus; station: { start: string; name: string } }>(offers: readonly T[]) {
  return [...offers].sort(
    (a, b) =>
      GROUP_ORDER[a.status] - GROUP_ORDER[b.status] ||
      a.station.start.localeCompare(b.station.start) ||
      a.station.name.localeCompare(b.station.name, "sv"),
  );
}

/** Great-circle distance in km between two points. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What the ranking knows of a candidate group (STAFFING §3). */
export interface RankingInput {
  distanceKm: number;
  remainingMembers: number;
  /** The places the station still misses. */
  missing: number;
  stationSkills: readonly string[];
  groupSkills: readonly string[];
  /** Volunteers promised on offers whose attendance was recorded, and how many came. */
  promised: number;
  attended: number;
  /** Accepted places this season (calendar year of the station). */
  seasonPlaces: number;
}

/** Weights of the score's parts; they add up to 100. */
const WEIGHT = { distance: 30, size: 25, skills: 20, record: 15, fairness: 10 } as const;
/** Beyond this distance the distance part is zero. */
const FAR_KM = 100;

/**
 * A candidate's score (0–100) and the reasons an organizer can read, best reasons first. Near, large
 * enough, skilled, reliable and not yet busy this season ranks highest.
 */
export function rank(c: RankingInput): { score: number; reasons: Reason[] } {
  const reasons: Reason[] = [];
  const km = Math.round(c.distanceKm);
  const distance = WEIGHT.distance * Math.max(0, 1 - c.distanceKm / FAR_KM);
  reasons.push(c.distanceKm === 0 ? { id: "offers.reason.near" } : { id: "offers.reason.distance", values: { km } });

  const needed = Math.max(1, c.missing);
  const size = WEIGHT.size * Math.min(1, c.remainingMembers / needed);
  reasons.push(
    c.remainingMembers >= needed
      ? { id: "offers.reason.coversAll", values: { count: c.remainingMembers } }
      : { id: "offers.reason.coversPart", values: { count: c.remainingMembers, missing: needed } },
  );

  const has = c.stationSkills.filter((s) => c.groupSkills.includes(s));
  const lacks = c.stationSkills.filter((s) => !c.groupSkills.includes(s));
  const skills = c.stationSkills.length === 0 ? WEIGHT.skills : (WEIGHT.skills * has.length) / c.stationSkills.length;
  for (const skill of has) reasons.push({ id: "offers.reason.hasSkill", values: { skill } });
  for (const skill of lacks) reasons.push({ id: "offers.reason.lacksSkill", values: { skill } });

  let record: number;
  if (c.promised > 0) {
    const ratio = Math.min(1, c.attended / c.promised);
    record = WEIGHT.record * ratio;
    reasons.push({ id: "offers.reason.attendance", values: { percent: Math.round(ratio * 100) } });
  } else {
    // No record yet: neither rewarded nor punished.
    record = WEIGHT.record * (2 / 3);
    reasons.push({ id: "offers.reason.noRecord" });
  }

  const fairness = WEIGHT.fairness / (1 + c.seasonPlaces / 20);
  reasons.push(
    c.seasonPlaces === 0
      ? { id: "offers.reason.noPlacesThisSeason" }
      : { id: "offers.reason.placesThisSeason", values: { count: c.seasonPlaces } },
  );

  return { score: Math.round(distance + size + skills + record + fairness), reasons };
}
