// The staffing data of the benchmark (STAFFING.md §3's budget: 10,000 groups and 100,000 availabilities):
// CONFIRMED groups spread over Sweden's 290 municipalities by population, their availabilities around the
// bench event's date, and a season of offers (answered, attended, still open) for the ranking to weigh.
// Written with multi-row inserts in batches; the event the scenario asks about goes through the service.
import { randomUUID } from "node:crypto";
import { eq, getTableColumns, like, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type EventForm, eventForm, SKILLS } from "#shared/events/schema";
import { SWEDISH_MUNICIPALITIES } from "#shared/geo/municipality-data";
import { AGES } from "#shared/groups/schema";
import { distanceKm } from "#shared/offers/rules";
import type { OfferStatus } from "#shared/offers/schema";
import { parseInstant } from "#shared/time";
import { addDays, stockholmToday } from "#shared/validation";
import type { Ctx } from "../src/server/context.ts";
import {
  eventContacts,
  events,
  groupAvailabilities,
  groupContacts,
  groups,
  offers,
  stations,
  users,
} from "../src/server/db/schema.ts";
import { type EventRow, findEvent } from "../src/server/features/events/repo.ts";
import { confirmEvent, createEvent } from "../src/server/features/events/service.ts";

/** The benchmark's event form: a plain event of Bench IF with the given stations, checked as the API checks it. */
export function benchEvent(now: Date, name: string, date: string, stations: unknown[]): EventForm {
  return eventForm(() => now).parse({
    name,
    date,
    startTime: "09:00",
    city: "Stockholm",
    included: [],
    shirtSizes: [],
    foodOptions: [],
    substitute: false,
    organizerNumber: "802000-1239",
    organizerName: "Bench IF",
    organizerWebsite: "",
    organizerEmail: "",
    invoiceAddress: "",
    contactPersons: [],
    stations,
  });
}

export const GROUPS = 10_000;
export const AVAILABILITIES = 100_000;
/** The organizer of the staffing event: not bench-0, whose event lists the other scenarios measure. */
export const STAFFING_ORGANIZER = "bench-999@example.se";
/** The big station's municipality (Stockholm) and the small one's (Vingåker, about 9,000 people). */
const BIG = "0180";
const SMALL = "0428";

/** The scenarios that need this data; the seed is skipped when BENCH_ONLY matches none of them. */
export const STAFFING_SCENARIOS = {
  one: "GET /api/groups/available, one organizer (10k groups, 100k availabilities)",
  big: "GET /api/groups/available (10k groups, 100k availabilities)",
  radius: "GET /api/groups/available radiusKm=25 (10k groups, 100k availabilities)",
  small: "GET /api/groups/available small municipality (10k groups, 100k availabilities)",
} as const;

export interface StaffingInfo {
  email: string;
  eventId: string;
  /** A station in Stockholm, where most groups are. */
  bigStationId: string;
  /** A station in Vingåker, a small municipality. */
  smallStationId: string;
  groups: number;
  availabilities: number;
  offers: number;
}

/**
 * Population in thousands (SCB, rounded) of the 32 largest municipalities and of the small station's; the
 * other 257 hold the remaining 4.9 million, about 19,000 people each.
 */
const POPULATION: Record<string, number> = {
  "0180": 985,
  "1480": 600,
  "1280": 360,
  "0380": 245,
  "0580": 167,
  "1880": 160,
  "1980": 160,
  "1283": 152,
  "0581": 145,
  "0680": 145,
  "2480": 132,
  "1281": 128,
  "1490": 115,
  "0126": 115,
  "0182": 108,
  "0484": 107,
  "1380": 105,
  "2180": 103,
  "0181": 101,
  "2281": 99,
  "0780": 97,
  "0127": 95,
  "1780": 95,
  "0136": 90,
  "1290": 87,
  "1384": 86,
  "0184": 85,
  "0123": 85,
  "2580": 80,
  "0160": 75,
  "0163": 75,
  "2380": 64,
  "0428": 9,
};
const OTHER_POPULATION = 19;

/** A small deterministic generator (mulberry32): the same data at every run. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  /** One of the choices, each with its share (the shares add up to 1). */
  const weighted = <T>(choices: ReadonlyArray<readonly [T, number]>): T => {
    let r = next();
    for (const [choice, share] of choices) {
      r -= share;
      if (r < 0) return choice;
    }
    return choices[choices.length - 1][0];
  };
  return { next, int, pick, weighted };
}

interface Place {
  code: string;
  name: string;
  lat: number;
  lng: number;
  /** The six nearest other municipalities, nearest first: where a group also works. */
  near: string[];
}

function places(): Place[] {
  const all = SWEDISH_MUNICIPALITIES.map(([code, name, , lat, lng]) => ({ code, name, lat, lng, near: [] as string[] }));
  for (const p of all)
    p.near = all
      .filter((o) => o.code !== p.code)
      .map((o) => ({ code: o.code, km: distanceKm(p, o) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 6)
      .map((o) => o.code);
  return all;
}

/** How many of `total` groups each municipality gets, by population (largest remainders). */
function spread(all: Place[], total: number): Map<string, number> {
  const weights = all.map((p) => POPULATION[p.code] ?? OTHER_POPULATION);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w * total) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left-- <= 0) break;
    counts[i]++;
  }
  return new Map(all.map((p, i) => [p.code, counts[i]]));
}

/**
 * Inserts rows 10,000 at a time as one JSON parameter per statement (INSERT … SELECT FROM
 * jsonb_to_recordset): building a multi-row VALUES list of 100,000 rows costs the query builder far more
 * than the database. Column names and types come from the table's definition.
 */
export async function insertMany<T extends PgTable>(ctx: Ctx, table: T, rows: ReadonlyArray<T["$inferInsert"]>) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const list = sql.raw(keys.map((k) => `"${columns[k].name}"`).join(", "));
  const types = sql.raw(keys.map((k) => `"${columns[k].name}" ${columns[k].getSQLType()}`).join(", "));
  for (let i = 0; i < rows.length; i += 10_000) {
    const batch = rows.slice(i, i + 10_000).map((r) => {
      const values = r as Record<string, unknown>;
      return Object.fromEntries(keys.map((k) => [columns[k].name, values[k] ?? null]));
    });
    await ctx.db.execute(
      sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(${types})`,
    );
  }
}

const KINDS = ["IF", "BK", "SK", "Scoutkår", "Friidrott", "Innebandy", "Simsällskap", "Skolan klass 9"] as const;

type GroupRow = typeof groups.$inferInsert & { id: string };
type OfferRow = typeof offers.$inferInsert;

export async function seedStaffing(ctx: Ctx): Promise<StaffingInfo> {
  const rng = generator(20260601);
  const now = ctx.clock.now();
  const today = stockholmToday(now);
  /** The bench event's date: a month ahead, when most groups have said they can work. */
  const day = addDays(today, 30);
  const at = (date: string, time: string) => parseInstant(`${date}T${time}`) as Date;

  const benchUsers = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(like(users.email, "bench-%"));
  const organizerId = benchUsers.find((u) => u.email === STAFFING_ORGANIZER)?.id as string;
  // Group contacts: bench-20 … bench-998 in turn (bench-0 … bench-19 sign in during the sign-in scenario).
  const numberOf = (email: string) => Number(/^bench-(\d+)@/.exec(email)?.[1] ?? -1);
  const contactIds = benchUsers.filter((u) => numberOf(u.email) >= 20 && numberOf(u.email) < 999).map((u) => u.id);

  // ── The event the scenario asks about: through the service, then confirmed ──────────────────────
  const all = places();
  const byCode = new Map(all.map((p) => [p.code, p]));
  const big = byCode.get(BIG) as Place;
  const small = byCode.get(SMALL) as Place;
  const [organizer] = await ctx.db.select().from(users).where(eq(users.email, STAFFING_ORGANIZER));
  const stationOf = (name: string, p: Place, from: string, to: string, quantity: number, age: number, skills: string[]) => ({
    name,
    description: "Funktionärer vid banan",
    start: `${day}T${from}`,
    end: `${day}T${to}`,
    municipality: p.code,
    markerLocation: p.name,
    markerCoordinates: { lat: p.lat, lng: p.lng },
    teamLeaderEmail: "",
    officialQuantity: quantity,
    officialMiniumumAge: age,
    skills,
    paymentType: "GROUPPAYMENT",
    currency: "SEK",
    groupPayment: 10000,
    paymentAdult: null,
    paymentChild: null,
  });
  const created = await createEvent(
    ctx,
    organizer,
    benchEvent(now, "Bemanningsloppet", day, [
      stationOf("Start Stockholm", big, "08:00", "16:00", 40, 15, ["DRIVING_LICENCE_B"]),
      stationOf("Vätska Vingåker", small, "09:00", "14:00", 10, 13, []),
    ]),
  );
  await confirmEvent(ctx, organizer, (await findEvent(ctx.db, created.id)) as EventRow);
  const bigStation = created.stations.find((s) => s.municipality === BIG);
  const smallStation = created.stations.find((s) => s.municipality === SMALL);
  if (!bigStation?.id || !smallStation?.id) throw new Error("the staffing event has no stations");

  // ── Groups, by population ───────────────────────────────────────────────────────────────────────
  const counts = spread(all, GROUPS);
  const groupRows: GroupRow[] = [];
  const groupsIn = new Map<string, GroupRow[]>();
  for (const p of all) {
    const here: GroupRow[] = [];
    for (let n = 0; n < (counts.get(p.code) ?? 0); n++) {
      const i = groupRows.length;
      const first = rng.int(0, AGES.length - 1);
      const ages: string[] = AGES.slice(first, first + rng.int(1, 3));
      if (!ages.includes("18+") && rng.next() < 0.3) ages.push("18+");
      const skills = SKILLS.filter(() => rng.next() < 0.06);
      const kind = rng.pick(KINDS);
      const row: GroupRow = {
        id: randomUUID(),
        name: `${p.name} ${kind} ${i + 1}`,
        organizationNumber: "802000-1239",
        organizationName: `${p.name} ${kind}`,
        municipality: p.code,
        numberOfMembers: rng.int(5, 60),
        ages,
        sport: rng.int(0, 68),
        skills,
        status: "CONFIRMED",
        createdBy: contactIds[i % contactIds.length],
        confirmedAt: now,
        createdAt: now,
        updatedAt: now,
      };
      groupRows.push(row);
      here.push(row);
    }
    groupsIn.set(p.code, here);
  }
  await insertMany(ctx, groups, groupRows);
  await insertMany(
    ctx,
    groupContacts,
    groupRows.map((g, i) => ({ groupId: g.id, userId: contactIds[i % contactIds.length], addedAt: now })),
  );
  /** Groups of a municipality and its neighbours: those an organizer there would ask. */
  const groupsAround = (code: string) => [code, ...(byCode.get(code) as Place).near].flatMap((c) => groupsIn.get(c) ?? []);

  // ── A season of other events: past ones (answered, attendance recorded) and coming ones ───────────
  const otherEvents: Array<typeof events.$inferInsert & { id: string }> = [];
  const otherStations: Array<typeof stations.$inferInsert & { id: string; date: string }> = [];
  const popular = all.filter((p) => (counts.get(p.code) ?? 0) >= 20);
  for (let e = 0; e < 40; e++) {
    // One event on the bench event's own day, in the Stockholm area: its offers hold groups' members then.
    const date = e === 0 ? day : addDays(day, -rng.int(1, 200));
    const past = date < today;
    const id = randomUUID();
    otherEvents.push({
      id,
      name: `Säsongsloppet ${e + 1}`,
      date,
      startTime: "09:00",
      city: "Bench",
      organizerNumber: "802000-1239",
      organizerName: "Bench IF",
      status: past && date < addDays(today, -7) ? "HISTORIC" : "CONFIRMED",
      createdBy: organizerId,
      confirmedAt: now,
      confirmedBy: organizerId,
      createdAt: now,
      updatedAt: now,
    });
    for (let s = 0; s < 10; s++) {
      const p = e === 0 ? (byCode.get(rng.pick([BIG, ...big.near])) as Place) : rng.pick(popular);
      otherStations.push({
        id: randomUUID(),
        date,
        eventId: id,
        name: `Station ${s + 1}`,
        description: "Funktionärer vid banan",
        start: at(date, "08:00"),
        end: at(date, "18:00"),
        municipality: p.code,
        markerLat: p.lat,
        markerLng: p.lng,
        officialQuantity: rng.int(20, 60),
        officialMinimumAge: rng.pick([0, 13, 15, 18]),
        skills: [],
        paymentType: "NOCOMPENSATION",
        createdAt: now,
      });
    }
  }
  await insertMany(ctx, events, otherEvents);
  await insertMany(
    ctx,
    eventContacts,
    otherEvents.map((e) => ({ eventId: e.id, userId: organizerId, creator: true })),
  );
  await insertMany(
    ctx,
    stations,
    otherStations.map(({ date: _, ...s }) => s),
  );

  // ── Offers: at the other events, and a few at the bench stations (those groups drop out) ─────────
  const offerRows: OfferRow[] = [];
  const DAY_MS = 86_400_000;
  /** Volunteers each group has promised on the bench event's day: no group is booked beyond its members. */
  const bookedOnDay = new Map<string, number>();
  const addOffers = (
    eventId: string,
    station: { id: string; municipality: string; officialQuantity: number; date: string },
    count: number,
    statuses: ReadonlyArray<readonly [OfferStatus, number]>,
  ) => {
    const pool = groupsAround(station.municipality);
    const taken = new Set<string>();
    const past = station.date < today;
    let held = 0;
    for (let n = 0; n < count && taken.size < pool.length; n++) {
      const group = rng.pick(pool);
      if (taken.has(group.id)) continue;
      taken.add(group.id);
      const status = rng.weighted(statuses);
      const volunteers = Math.min(rng.int(2, 8), group.numberOfMembers as number);
      const holds = status === "DRAFT" || status === "PROPOSAL" || status === "ACCEPTED";
      if (holds && held + volunteers > station.officialQuantity) continue;
      const booked = station.date === day && holds ? (bookedOnDay.get(group.id) ?? 0) : 0;
      if (booked + volunteers > (group.numberOfMembers as number)) continue;
      if (holds) held += volunteers;
      if (station.date === day && holds) bookedOnDay.set(group.id, booked + volunteers);
      const startsAt = at(station.date, "08:00").getTime();
      const sentAt = status === "DRAFT" ? null : new Date(Math.min(now.getTime(), startsAt) - rng.int(10, 40) * DAY_MS);
      const attended = status === "ACCEPTED" && past && rng.next() < 0.9 ? Math.round(volunteers * (0.5 + rng.next() / 2)) : null;
      const children = attended === null ? null : rng.int(0, attended);
      offerRows.push({
        eventId,
        groupId: group.id,
        stationId: station.id,
        volunteers,
        status,
        adultAttendance: attended === null || children === null ? null : attended - children,
        childAttendance: children,
        createdBy: organizerId,
        createdAt: sentAt ? new Date(sentAt.getTime() - DAY_MS) : now,
        sentAt,
        answeredAt:
          sentAt && (status === "ACCEPTED" || status === "REJECTED") ? new Date(sentAt.getTime() + rng.int(1, 6) * DAY_MS) : null,
        expiresAt:
          status === "PROPOSAL"
            ? new Date(Math.min(startsAt, now.getTime() + rng.int(2, 10) * DAY_MS))
            : status === "EXPIRED" && sentAt
              ? new Date(sentAt.getTime() + 7 * DAY_MS)
              : null,
      });
    }
  };
  const answered = [
    ["ACCEPTED", 0.65],
    ["REJECTED", 0.2],
    ["EXPIRED", 0.15],
  ] as const;
  const open = [
    ["DRAFT", 0.2],
    ["PROPOSAL", 0.35],
    ["ACCEPTED", 0.3],
    ["REJECTED", 0.1],
    ["EXPIRED", 0.05],
  ] as const;
  for (const s of otherStations)
    addOffers(s.eventId, s, s.eventId === otherEvents[0].id ? 40 : 8, s.date < today ? answered : open);
  addOffers(created.id, { id: bigStation.id, municipality: BIG, officialQuantity: 40, date: day }, 8, open);
  addOffers(created.id, { id: smallStation.id, municipality: SMALL, officialQuantity: 10, date: day }, 2, open);
  await insertMany(ctx, offers, offerRows);

  // ── Availabilities ─────────────────────────────────────────────────────────────────────────────
  type AvailabilityRow = typeof groupAvailabilities.$inferInsert;
  const availabilityRows: AvailabilityRow[] = [];
  // EVENT: groups around the bench event's stations name it, at the station in or nearest their municipality.
  for (const p of [BIG, SMALL]) {
    const pool = groupsAround(p);
    for (const g of pool)
      if (rng.next() < (p === BIG ? 0.1 : 0.5))
        availabilityRows.push({ groupId: g.id, type: "EVENT", eventId: created.id, location: p, position: 0, createdAt: now });
  }
  // EVENT for the season's other events, at one of their stations.
  for (let n = 0; n < 3500; n++) {
    const s = rng.pick(otherStations);
    const g = rng.pick(groupsAround(s.municipality));
    availabilityRows.push({
      groupId: g.id,
      type: "EVENT",
      eventId: s.eventId,
      location: s.municipality,
      position: 1,
      createdAt: now,
    });
  }
  // PERIOD, the rest: 1–14 days, most around the bench event's date (a triangle 120 days either side),
  // a fifth anywhere in the season; three in four in the group's own municipality, the others nearby.
  while (availabilityRows.length < AVAILABILITIES) {
    const g = groupRows[rng.int(0, groupRows.length - 1)];
    const days = rng.int(1, 14);
    const centre = rng.next() < 0.8 ? Math.round((rng.next() + rng.next() - 1) * 120) : rng.int(-200, 100);
    const startDate = addDays(day, centre - Math.floor(days / 2));
    const home = g.municipality as string;
    availabilityRows.push({
      groupId: g.id,
      type: "PERIOD",
      startDate,
      endDate: addDays(startDate, days - 1),
      location: rng.next() < 0.75 ? home : rng.pick((byCode.get(home) as Place).near),
      position: 2,
      createdAt: now,
    });
  }
  await insertMany(ctx, groupAvailabilities, availabilityRows);

  return {
    email: STAFFING_ORGANIZER,
    eventId: created.id,
    bigStationId: bigStation.id,
    smallStationId: smallStation.id,
    groups: groupRows.length,
    availabilities: availabilityRows.length,
    offers: offerRows.length,
  };
}
