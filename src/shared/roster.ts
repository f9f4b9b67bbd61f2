import { FOOD_OPTIONS, SHIRT_SIZES } from "./events/schema.ts";
import { asksDiets, asksShirtSize } from "./offers/rules.ts";
import type { OfferStatus } from "./offers/schema.ts";

/**
 * What the event day needs on paper, from the accepted offers: per station the volunteers promised and
 * named, the named volunteers without a shirt size while the event offers shirts, and the shirts per size
 * and special diets to order, per station and across the event. One rule for the station sheet and the
 * organizer's roster.
 */

export type ShirtSize = (typeof SHIRT_SIZES)[number];
export type FoodOption = (typeof FOOD_OPTIONS)[number];

/** What the rule reads of an offer: the shape of the offer views (offers/schema). */
export interface RosterOffer {
  stationId: string;
  groupId: string;
  groupName: string;
  status: OfferStatus;
  volunteers: number;
  /** `attendees` is absent where the reader may not see the named volunteers (a finished event). */
  group: { attendees?: ReadonlyArray<{ name: string; shirtSize: ShirtSize | null; specialDiets: readonly FoodOption[] }> };
}

export interface RosterEvent {
  included: readonly string[];
  shirtSizes: readonly string[];
  foodOptions: readonly string[];
}

export interface RosterStation {
  id: string;
  name: string;
  officialQuantity: number;
}

/** How many of one kind: a shirt size or a diet. */
export interface Tally<K extends string> {
  key: K;
  count: number;
}

interface Counts {
  /** Volunteers the accepted offers promise. */
  promised: number;
  /** Volunteers the groups have named; null where the names are not shown. */
  named: number | null;
  /** Named volunteers without a shirt size while the event offers shirts. */
  withoutShirtSize: number;
  /** Shirts per size: every size the event offers, in size order, then any other size a volunteer stated. */
  shirts: Array<Tally<ShirtSize>>;
  /** Each special diet the event offers (in the list's order), then any other a volunteer stated. */
  diets: Array<Tally<FoodOption>>;
}

export interface GroupRoster {
  groupId: string;
  groupName: string;
  promised: number;
  named: number | null;
  /** The names of the group's named volunteers who lack a shirt size while the event offers shirts. */
  withoutShirtSize: string[];
}

export interface StationRoster extends Counts {
  stationId: string;
  name: string;
  /** Volunteers the station needs (officialQuantity). */
  needed: number;
  /** The groups with an accepted offer there, by name. */
  groups: GroupRoster[];
}

export interface Roster extends Counts {
  stations: StationRoster[];
  /** Whether the event asks for shirt sizes and for diets at all; a question it does not ask has no totals. */
  asksShirtSize: boolean;
  asksDiets: boolean;
  /** False when some accepted group's named volunteers are not shown (then `named` is null). */
  namesShown: boolean;
  /** Groups whose named volunteers lack a shirt size, with the station they staff. */
  missingSizes: Array<GroupRoster & { stationId: string; stationName: string }>;
}

/** The tallies of `seen` keys: first those offered, in `order`, also when none was chosen; then the rest. */
function tally<K extends string>(order: readonly K[], offered: readonly string[], seen: readonly K[]): Array<Tally<K>> {
  const counts = new Map<K, number>();
  for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
  const keys = order.filter((k) => offered.includes(k) || counts.has(k));
  return keys.map((key) => ({ key, count: counts.get(key) ?? 0 }));
}

const byName = new Intl.Collator("sv");

/** The roster of `stations` (in the order given) from the event's offers; other stations' offers are left out. */
export function roster(event: RosterEvent, stations: readonly RosterStation[], offers: readonly RosterOffer[]): Roster {
  const shirtsAsked = asksShirtSize(event);
  const dietsAsked = asksDiets(event);
  const offered = {
    sizes: shirtsAsked ? event.shirtSizes : [],
    diets: dietsAsked ? event.foodOptions : [],
  };
  const accepted = offers.filter((o) => o.status === "ACCEPTED");

  const allSizes: ShirtSize[] = [];
  const allDiets: FoodOption[] = [];
  const perStation = stations.map((station): StationRoster => {
    const sizes: ShirtSize[] = [];
    const diets: FoodOption[] = [];
    const groups = accepted
      .filter((o) => o.stationId === station.id)
      .map((o): GroupRoster => {
        const attendees = o.group.attendees;
        const lacking = shirtsAsked ? (attendees ?? []).filter((a) => !a.shirtSize).map((a) => a.name) : [];
        for (const a of attendees ?? []) {
          if (shirtsAsked && a.shirtSize) sizes.push(a.shirtSize);
          if (dietsAsked) diets.push(...a.specialDiets);
        }
        return {
          groupId: o.groupId,
          groupName: o.groupName,
          promised: o.volunteers,
          named: attendees ? attendees.length : null,
          withoutShirtSize: lacking,
        };
      })
      .sort((a, b) => byName.compare(a.groupName, b.groupName));
    allSizes.push(...sizes);
    allDiets.push(...diets);
    return {
      stationId: station.id,
      name: station.name,
      needed: station.officialQuantity,
      groups,
      promised: sum(groups.map((g) => g.promised)),
      named: groups.some((g) => g.named === null) ? null : sum(groups.map((g) => g.named ?? 0)),
      withoutShirtSize: sum(groups.map((g) => g.withoutShirtSize.length)),
      shirts: tally(SHIRT_SIZES, offered.sizes, sizes),
      diets: tally(FOOD_OPTIONS, offered.diets, diets),
    };
  });

  const namesShown = perStation.every((s) => s.named !== null);
  return {
    stations: perStation,
    promised: sum(perStation.map((s) => s.promised)),
    named: namesShown ? sum(perStation.map((s) => s.named ?? 0)) : null,
    withoutShirtSize: sum(perStation.map((s) => s.withoutShirtSize)),
    shirts: tally(SHIRT_SIZES, offered.sizes, allSizes),
    diets: tally(FOOD_OPTIONS, offered.diets, allDiets),
    asksShirtSize: shirtsAsked,
    asksDiets: dietsAsked,
    namesShown,
    missingSizes: perStation.flatMap((s) =>
      s.groups.filter((g) => g.withoutShirtSize.length > 0).map((g) => ({ ...g, stationId: s.stationId, stationName: s.name })),
    ),
  };
}

const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);
