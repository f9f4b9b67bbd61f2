import { answerTally } from "./checkin/rules.ts";
import type { OfferStatus } from "./offers/schema.ts";

/**
 * The answers to the day-before text (issue 24) on the organizer's roster: of the volunteers the accepted
 * groups have named at some stations, how many answered JA and how many NEJ.
 */

/** What the count reads of an offer: the shape of the offer views (offers/schema). */
export interface AnsweredOffer {
  stationId: string;
  status: OfferStatus;
  /** `attendees` is absent where the reader may not see the named volunteers (a finished event). */
  group: { attendees?: ReadonlyArray<{ confirmed?: boolean | null }> };
}

export interface Answers {
  /** Volunteers named by the accepted offers. */
  named: number;
  /** Of them, those who answered JA, and those who answered NEJ; the rest have not answered. */
  confirmed: number;
  declined: number;
}

/**
 * The answers at `stationIds` (one station, or all of the event's for its total); null where some accepted
 * offer there does not show its named volunteers. An answer kept from before (`confirmed` missing) counts
 * as none.
 */
export function answers(offers: readonly AnsweredOffer[], stationIds: readonly string[]): Answers | null {
  const here = offers.filter((o) => o.status === "ACCEPTED" && stationIds.includes(o.stationId));
  if (here.some((o) => o.group.attendees === undefined)) return null;
  const named = here.flatMap((o) => o.group.attendees ?? []);
  return { named: named.length, ...answerTally(named) };
}
