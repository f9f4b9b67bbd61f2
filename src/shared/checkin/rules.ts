import { ADULT_AGE } from "../registration/rules.ts";

/**
 * Check-in at the station on the day (issue 23). Written once for the server, which enforces it, and the
 * check-in page, which applies a tap at once while it waits to be sent.
 */

/** A tap may say it happened at most this far after the server's now (device clocks drift)… */
export const TAP_FUTURE_MS = 5 * 60 * 1000;
/** …and at most this long before the station's start (a list checked the evening before). */
export const TAP_BEFORE_START_MS = 24 * 60 * 60 * 1000;

/** Why a tap's time is refused, or null when it may stand. */
export function tapTimeRefusal(at: Date, now: Date, stationStart: Date): "future" | "early" | null {
  if (at.getTime() > now.getTime() + TAP_FUTURE_MS) return "future";
  if (at.getTime() < stationStart.getTime() - TAP_BEFORE_START_MS) return "early";
  return null;
}

/** What is known about one person at a station: arrived at `at`, or marked as not coming at `at`. */
export interface Presence {
  at: Date;
  noShow: boolean;
}

/**
 * Two devices on one person, each maybe offline for a while: an arrival beats "not coming" whenever it was
 * tapped (someone saw them there), and of two of the same kind the earliest stands. Order-free, so every
 * device and the server reach the same answer whatever order the taps arrive in.
 */
export function mergePresence(known: Presence | null, tap: Presence): Presence {
  if (!known) return tap;
  if (known.noShow !== tap.noShow) return known.noShow ? tap : known;
  return tap.at.getTime() < known.at.getTime() ? tap : known;
}

export interface CheckinCounts {
  /** Named volunteers on the station's list. */
  expected: number;
  /** Named volunteers and walk-ups who arrived. */
  arrived: number;
  noShow: number;
  /** Of those arrived: 18 or older, and younger (attendance counts them apart). */
  adults: number;
  children: number;
  /** Named volunteers who answered the day-before text JA, and NEJ (issue 24). */
  confirmed: number;
  declined: number;
}

/** The counts over a station's list: `people` are the named, `walkUps` those who came unnamed. */
export function checkinCounts(
  people: ReadonlyArray<{ age: number; arrivedAt: string | null; noShow: boolean; confirmed?: boolean | null }>,
  walkUps: ReadonlyArray<{ age: number }>,
): CheckinCounts {
  const came = [...people.filter((p) => p.arrivedAt !== null), ...walkUps];
  const adults = came.filter((p) => p.age >= ADULT_AGE).length;
  return {
    expected: people.length,
    arrived: came.length,
    noShow: people.filter((p) => p.noShow).length,
    adults,
    children: came.length - adults,
    ...answerTally(people),
  };
}

/** The answers to the day-before text among named volunteers (issue 24): JA and NEJ; the rest have none. */
export function answerTally(people: ReadonlyArray<{ confirmed?: boolean | null }>): { confirmed: number; declined: number } {
  return {
    confirmed: people.filter((p) => p.confirmed === true).length,
    declined: people.filter((p) => p.confirmed === false).length,
  };
}

/** The ids of the named volunteers who answered the day-before text NEJ. */
export const declinedIds = (attendees: ReadonlyArray<{ id: string; confirmed?: boolean | null }>) =>
  attendees.filter((a) => a.confirmed === false).map((a) => a.id);

/** Places still empty: the named who have not arrived, less the walk-ups who came in their stead. */
export const missingOf = (c: CheckinCounts) => Math.max(0, c.expected - c.arrived);

/** A station is short once its start has passed with places still empty: the live tab shows it red. */
export const stationShort = (start: Date | string, now: Date, c: CheckinCounts) =>
  missingOf(c) > 0 && new Date(start).getTime() <= now.getTime();

// ── Passes by mail ──────────────────────────────────────────────────────────────────────────────────

/**
 * The volunteers named now who were not before. A volunteer gets their pass by mail when they are named;
 * naming again with one more must not mail the pass anew to those who stay.
 */
export function newlyNamed(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return [...new Set(after)].filter((id) => !had.has(id));
}

/** What a station's named volunteers have been told of it: when it is and where. */
export interface StationTimeAndPlace {
  start: Date;
  end: Date;
  /** The place's name; none is the empty name, as stored. */
  markerLocation?: string;
  markerLat: number;
  markerLng: number;
}

/**
 * Whether a change of a station is news to the volunteers named there, who are mailed their pass again:
 * its times or its place, never its description, pay or anything else they were not told of.
 */
export const timeOrPlaceChanged = (before: StationTimeAndPlace, after: StationTimeAndPlace) =>
  before.start.getTime() !== after.start.getTime() ||
  before.end.getTime() !== after.end.getTime() ||
  (before.markerLocation ?? "") !== (after.markerLocation ?? "") ||
  before.markerLat !== after.markerLat ||
  before.markerLng !== after.markerLng;

/**
 * What the check-ins say one group's attendance was (the attendance form starts from it): its named
 * volunteers and walk-ups who arrived, adults and children apart.
 */
export function groupAttendance(
  list: {
    people: ReadonlyArray<{ groupId: string; age: number; arrivedAt: string | null; noShow: boolean }>;
    walkUps: ReadonlyArray<{ groupId: string; age: number }>;
  },
  groupId: string,
): { adultAttendance: number; childAttendance: number } {
  const c = checkinCounts(
    list.people.filter((p) => p.groupId === groupId),
    list.walkUps.filter((w) => w.groupId === groupId),
  );
  return { adultAttendance: c.adults, childAttendance: c.children };
}

/**
 * Stand-ins (issue 23): once a station has started, the group's contact sees who of theirs has not arrived
 * and may name another member in their place, until the event is finished. A volunteer who answered the
 * day-before text NEJ opens it earlier (issue 24): the place is known to be empty the evening before.
 */
export const standInsOpen = (stationStart: Date | string, eventStatus: string, now: Date, anyDeclined = false) =>
  eventStatus === "CONFIRMED" && (anyDeclined || stationStarted(stationStart, now));

/** Whether a station has started at `now`: stand-ins then cover everyone not arrived, not only a NEJ. */
export const stationStarted = (stationStart: Date | string, now: Date) => new Date(stationStart).getTime() <= now.getTime();

/**
 * The named volunteers to stand in for, in the order they were named: before the start those who answered
 * NEJ; from the start everyone who has not arrived (those not coming among them).
 */
export function missingAttendees(
  attendees: readonly string[],
  checkins: ReadonlyArray<{ volunteerId: string; arrivedAt: string | null }>,
  declined: readonly string[] = [],
  started = true,
): string[] {
  const arrived = new Set(checkins.filter((c) => c.arrivedAt !== null).map((c) => c.volunteerId));
  const no = new Set(declined);
  return attendees.filter((id) => !arrived.has(id) && (started || no.has(id)));
}

/**
 * Whom to suggest in the place of `missing`: the members not named who said, for this event, that they
 * stand in for them (their "Ersätter vem?" names them, first name or whole), else none.
 */
export function suggestedStandIn<M extends { id: string; participation?: { substitute?: string } }>(
  missingName: string,
  candidates: readonly M[],
): M | undefined {
  const whole = missingName.trim().toLocaleLowerCase("sv");
  const first = whole.split(/\s+/)[0] ?? "";
  const names = (m: M) => (m.participation?.substitute ?? "").toLocaleLowerCase("sv");
  return (
    candidates.find((m) => whole !== "" && names(m).includes(whole)) ??
    candidates.find(
      (m) =>
        first.length > 1 &&
        names(m)
          .split(/[^\p{L}]+/u)
          .includes(first),
    )
  );
}
