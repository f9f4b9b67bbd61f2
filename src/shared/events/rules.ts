import { labelOfStatus } from "../status.ts";
import { formatInstant, parseInstant, stockholmLocal } from "../time.ts";
import { addDays, stockholmToday } from "../validation.ts";
import {
  type EventStatus,
  type EventUpdateInput,
  type EventView,
  type PaymentType,
  paymentFieldsOf,
  SHIRT_SIZES,
  type StationInput,
  type StationView,
} from "./schema.ts";

/** An event whose date is more than this many days ago counts as past (spec 01 §9). */
export const PAST_DAYS = 7;
/** Public calendar: from today up to this many years ahead (spec 01 §7). */
export const PUBLIC_WINDOW_YEARS = 3;
export const DEFAULT_STATION_START = "08:00";
export const DEFAULT_STATION_END = "18:00";

/** The last date that is past: events on or before it are more than 7 days ago in Stockholm. */
export function pastCutoff(now: Date): string {
  return addDays(stockholmToday(now), -PAST_DAYS - 1);
}

export function isPast(date: string, now: Date): boolean {
  return date <= pastCutoff(now);
}

// A station's times: written in time.ts, which pages without forms load without the schemas.
export { stationTime } from "../time.ts";

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A station of an event on `fromDate` moved with its event to `toDate` (the copy of STAFFING §4): each end
 * lands as many days after the new date as it was after the old one, at the same Stockholm time of day,
 * across a daylight-saving change too, so 08:00 stays 08:00 in March as in May.
 */
export function moveStation(s: { start: string; end: string }, fromDate: string, toDate: string): { start: string; end: string } {
  const shift = daysBetween(fromDate, toDate);
  const move = (at: string) => {
    const wall = stockholmLocal(at);
    return formatInstant(parseInstant(`${addDays(wall.slice(0, 10), shift)}T${wall.slice(11)}`) as Date);
  };
  return { start: move(s.start), end: move(s.end) };
}

/** A copy named as its source asks first (spec 02 §2); names differing only in case or spaces are the same. */
export const sameEventName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A new station starts 08:00 and ends 18:00 on the event's date (spec 02 §4). */
export function defaultStationTimes(eventDate: string): { start: string; end: string } {
  return { start: `${eventDate}T${DEFAULT_STATION_START}`, end: `${eventDate}T${DEFAULT_STATION_END}` };
}

const PAYMENT_FIELDS = ["currency", "groupPayment", "paymentAdult", "paymentChild"] as const;

/** The payment type decides which of currency and amounts exist; the others are cleared (spec 02 §4). */
export function normalizeStation<
  S extends {
    paymentType?: PaymentType;
    currency?: unknown;
    groupPayment?: unknown;
    paymentAdult?: unknown;
    paymentChild?: unknown;
  },
>(s: S): S {
  const keep = new Set<string>(paymentFieldsOf(s.paymentType));
  const out = { ...s };
  for (const f of PAYMENT_FIELDS) if (!keep.has(f)) (out as Record<string, unknown>)[f] = null;
  return out;
}

/** Shirt sizes go out in size order, whatever order they were ticked in. */
export function sortShirtSizes<T extends string>(sizes: readonly T[]): T[] {
  const order = SHIRT_SIZES as readonly string[];
  return [...new Set(sizes)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** Shirt sizes and food options only exist when clothes and food are included. */
export function normalizeIncluded<E extends { included: string[]; shirtSizes: string[]; foodOptions: string[] }>(e: E): E {
  return {
    ...e,
    shirtSizes: e.included.includes("CLOTHES") ? sortShirtSizes(e.shirtSizes) : [],
    foodOptions: e.included.includes("FOOD") ? [...new Set(e.foodOptions)] : [],
  };
}

export { canEdit } from "../status.ts";
export const canRemove = (status: EventStatus) => status === "DRAFT";
/** Matching, offers and invitations open with confirmation and close when the event is finished. */
export const canMatch = (status: EventStatus) => status === "CONFIRMED";
/** Who reads an event: one of its contacts, or the team leader of some of its stations. */
export type EventMode = "organizer" | "teamleader";

/** The event page of each: /my-pages/events/{id} for its contacts, /my-pages/teamleaders/{id} for a team leader. */
export const eventPagePath = (eventId: string, mode: EventMode) =>
  `/my-pages/${mode === "organizer" ? "events" : "teamleaders"}/${eventId}`;

/** A station's check-in page, below the event page of `mode` (the team leader's in texts to them). */
export const checkinPath = (eventId: string, stationId: string, mode: EventMode) =>
  `${eventPagePath(eventId, mode)}/checkin/${stationId}`;

/** A station's printable sheet, below an event page (`eventPage`, from eventPagePath). */
export const stationSheetPath = (eventPage: string, stationId: string) => `${eventPage}/stations/${stationId}/sheet`;

/** Send-outs go to the volunteers of accepted offers, so they open with confirmation and close when it is finished. */
export const canSendOut = (status: EventStatus) => status === "CONFIRMED";
/**
 * The event day live (issue 23): the organizer's "Idag" tab and the check-in pages open the day before the
 * event (lists are fetched while there is a connection) and close when it is finished.
 */
export const canFollowToday = (status: EventStatus, date: string, now: Date) =>
  status === "CONFIRMED" && stockholmToday(now) >= addDays(date, -1);
export const canConfirm = (status: EventStatus, stationCount: number) => status === "DRAFT" && stationCount > 0;

/** A CONFIRMED event becomes HISTORIC once it is past. */
export const shouldBecomeHistoric = (status: EventStatus, date: string, now: Date) => status === "CONFIRMED" && isPast(date, now);

/** The message id of a status label; anything unexpected is shown as unknown (spec 01 §4). */
export const statusLabel = (status: string) => labelOfStatus(status, "events.status");

/**
 * The order of every list of events (ADR 028): today's and coming events first, the soonest first, then the
 * past ones, the most recent first; on the same date by name. What is next is what people come to a list
 * for; the spec's newest-date-first put an event a year away above next week's.
 */
export function byDateFromToday<E extends { date: string; name: string }>(events: readonly E[], now: Date): E[] {
  const today = stockholmToday(now);
  return [...events].sort((a, b) => {
    const aPast = a.date < today;
    const bPast = b.date < today;
    if (aPast !== bPast) return aPast ? 1 : -1;
    return (aPast ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)) || a.name.localeCompare(b.name, "sv");
  });
}

export type SortField = "name" | "date" | "status";
export interface Sort {
  field: SortField;
  direction: 1 | -1;
}

/** Clicking a header toggles the direction of the current field, or switches to the new field ascending. */
export function nextSort(current: Sort | null, field: SortField): Sort {
  return current?.field === field ? { field, direction: current.direction === 1 ? -1 : 1 } : { field, direction: 1 };
}

/** The events by a header the person chose; with none chosen, as the server lists them (byDateFromToday). */
export function sortEvents<E extends { name: string; date: string; status: string }>(
  events: readonly E[],
  sort: Sort | null,
): E[] {
  if (!sort) return [...events];
  return [...events].sort((a, b) => {
    const primary = a[sort.field].localeCompare(b[sort.field], "sv");
    return (primary || a.date.localeCompare(b.date) || a.name.localeCompare(b.name, "sv")) * sort.direction;
  });
}

/** A station as PUT takes it back: the view without what the server derives (the team leader's name). */
export function stationInputOf({ teamLeaderName: _t, ...station }: StationView): StationInput {
  return station;
}

/**
 * The PUT /api/events/{id} body of an event as read: the view without what the server derives (status,
 * confirmation, abilities, names), at the version it was read at, with `changes` on top.
 */
export function updateBodyOf(view: EventView, changes: Partial<EventUpdateInput> = {}): EventUpdateInput {
  const { id: _i, eventId: _e, status: _s, confirmedAt: _c, confirmedBy: _b, abilities: _a, stations, ...rest } = view;
  return { ...rest, stations: stations.map(stationInputOf), ...changes };
}

/**
 * The server names a station's field errors by the station's place in the list it was sent
 * (`stations.3.name`). These are the errors, by field, of the station with `id` in `sent` (undefined: the
 * one new station, which has no id yet), found by id so that a list in another order cannot misplace them.
 */
export function stationFieldErrors(
  fields: Record<string, string>,
  sent: ReadonlyArray<{ id?: string }>,
  id: string | undefined,
): Record<string, string> {
  const mine: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^stations\.(\d+)\.([^.]+)/.exec(path);
    const station = match ? sent[Number(match[1])] : undefined;
    if (match && station && station.id === id) mine[match[2]] ??= message;
  }
  return mine;
}
