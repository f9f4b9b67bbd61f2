import { allocation, staffedShare } from "./rules.ts";
import type { Allocation, OfferStatus } from "./schema.ts";

/**
 * The organizer's matching table (spec 02 §2, /match): one row per station with its allocation counters,
 * sortable, officialQuantity descending by default.
 */

export interface MatchStation {
  id: string;
  name: string;
  start: string;
  end: string;
  officialQuantity: number;
}

export interface MatchRow<S extends MatchStation = MatchStation> {
  station: S;
  allocation: Allocation;
  /** Offers whose answer-by date passed without an answer: their places are free again. */
  expired: number;
}

/** The rows of the table: every station with the counters of its offers (shared `allocation()`). */
export function matchRows<S extends MatchStation>(
  stations: readonly S[],
  offers: ReadonlyArray<{ stationId: string; status: OfferStatus; volunteers: number }>,
): MatchRow<S>[] {
  return stations.map((station) => {
    const own = offers.filter((o) => o.stationId === station.id);
    return {
      station,
      allocation: allocation(station.officialQuantity, own),
      expired: own.filter((o) => o.status === "EXPIRED").length,
    };
  });
}

export const MATCH_SORT_FIELDS = ["name", "start", "needed", "preliminary", "awaiting", "accepted", "missing", "manned"] as const;
export type MatchSortField = (typeof MATCH_SORT_FIELDS)[number];
export interface MatchSort {
  field: MatchSortField;
  /** 1 ascending, -1 descending. */
  direction: 1 | -1;
}

/** The table opens with the stations that need the most volunteers first (spec 02 §9). */
export const DEFAULT_MATCH_SORT: MatchSort = { field: "needed", direction: -1 };

/** Text and time read best A–Ö and earliest first; counts biggest first. */
export const firstDirection = (field: MatchSortField): 1 | -1 => (field === "name" || field === "start" ? 1 : -1);

/** Clicking the sorted column turns it round; another column starts in its natural direction. */
export const nextSort = (current: MatchSort, field: MatchSortField): MatchSort =>
  current.field === field ? { field, direction: current.direction === 1 ? -1 : 1 } : { field, direction: firstDirection(field) };

function key(row: MatchRow, field: MatchSortField): string | number {
  switch (field) {
    case "name":
      return row.station.name;
    case "start":
      return Date.parse(row.station.start);
    case "manned":
      // Manned, then partly staffed by how far, then unmanned: the order the column shows.
      return staffedShare(row.allocation);
    default:
      return row.allocation[field];
  }
}

/** Sorted rows; ties go by start time, then name, so the order (and previous/next) is stable. */
export function sortMatchRows<R extends MatchRow>(rows: readonly R[], sort: MatchSort): R[] {
  const compare = (a: string | number, b: string | number) =>
    typeof a === "string" && typeof b === "string" ? a.localeCompare(b, "sv") : Number(a) - Number(b);
  return [...rows].sort(
    (a, b) =>
      compare(key(a, sort.field), key(b, sort.field)) * sort.direction ||
      Date.parse(a.station.start) - Date.parse(b.station.start) ||
      a.station.name.localeCompare(b.station.name, "sv"),
  );
}

/** The station `step` places from `id` in `ids`, going round at either end (the modal's previous/next). */
export function neighbour(ids: readonly string[], id: string, step: 1 | -1): string | undefined {
  const at = ids.indexOf(id);
  if (at < 0 || ids.length === 0) return ids[0];
  return ids[(at + step + ids.length) % ids.length];
}

/** What the add-group form proposes: as many as the station misses, no more than the group has free. */
export const proposedVolunteers = (missing: number, remainingMembers: number) => Math.max(1, Math.min(missing, remainingMembers));

/** An unanswered offer freed places the station still misses: the best candidate is the suggested replacement. */
export const wantsReplacement = (row: Pick<MatchRow, "allocation" | "expired">) => row.expired > 0 && row.allocation.missing > 0;
