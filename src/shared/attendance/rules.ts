import type { OfferStatus } from "../offers/schema.ts";
import type { Status } from "../status.ts";
import { stockholmLocal } from "../time.ts";
import { stockholmToday } from "../validation.ts";

/**
 * Attendance (spec 02 §4, STAFFING §2): how many adults and children of an accepted group came to a
 * station. Written once for the server, which enforces it, and the screens, which are told by the offer's
 * `abilities.recordAttendance`.
 */

/** The Stockholm calendar date of a station's start, `YYYY-MM-DD`. */
export const stationDate = (start: string | Date) => stockholmLocal(start).slice(0, 10);

/**
 * Attendance opens on the station's start date in Stockholm (from midnight, whatever the hour of the start)
 * and closes when the event is finished.
 */
export function attendanceOpen(stationStart: string | Date, eventStatus: Status, now: Date): boolean {
  return eventStatus !== "HISTORIC" && stationDate(stationStart) <= stockholmToday(now);
}

/** What refuses an attendance for an offer, in the order they are checked; null when none does. */
export function attendanceRefusal(
  offer: { status: OfferStatus; volunteers: number },
  stationStart: string | Date,
  eventStatus: Status,
  now: Date,
  attendance?: { adultAttendance: number; childAttendance: number },
): "NotAccepted" | "AttendanceNotOpen" | "AttendanceExceedsVolunteers" | null {
  if (offer.status !== "ACCEPTED") return "NotAccepted";
  if (!attendanceOpen(stationStart, eventStatus, now)) return "AttendanceNotOpen";
  if (attendance && exceedsVolunteers(attendance, offer.volunteers)) return "AttendanceExceedsVolunteers";
  return null;
}

/** The event's contacts and the station's team leader record attendance of an accepted offer while it is open. */
export const canRecordAttendance = (status: OfferStatus, stationStart: string | Date, eventStatus: Status, now: Date) =>
  attendanceRefusal({ status, volunteers: 0 }, stationStart, eventStatus, now) === null;

/** More came than the group promised: adults and children together may not exceed the offer's volunteers. */
export const exceedsVolunteers = (a: { adultAttendance: number; childAttendance: number }, volunteers: number) =>
  a.adultAttendance + a.childAttendance > volunteers;

/** Has attendance been recorded for the offer (both counts are written together)? */
export const attendanceRecorded = (a: { adultAttendance: number | null; childAttendance: number | null }) =>
  a.adultAttendance !== null || a.childAttendance !== null;

/** Stations by start time (as instants, not texts: offsets differ across a daylight-saving change), then name. */
export function sortByStart<S extends { start: string; name: string }>(stations: readonly S[]): S[] {
  return [...stations].sort(
    (a, b) => new Date(a.start).getTime() - new Date(b.start).getTime() || a.name.localeCompare(b.name, "sv"),
  );
}
