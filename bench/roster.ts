// A large event on its day, for the roster and the station sheets: 60 stations, 400 groups that have accepted,
// each naming its volunteers with shirt size and diets. GET /api/events/{id}/offers answers all of it in one
// request (the organizer's roster tab). The event goes through the service; groups, volunteers and offers are
// written in batches.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { FOOD_OPTIONS, SHIRT_SIZES } from "#shared/events/schema";
import { stockholmToday } from "#shared/validation";
import type { Ctx } from "../src/server/context.ts";
import { groupContacts, groupPayments, groups, groupVolunteers, offers, users } from "../src/server/db/schema.ts";
import { type EventRow, findEvent } from "../src/server/features/events/repo.ts";
import { confirmEvent, createEvent } from "../src/server/features/events/service.ts";
import { approve } from "../src/server/features/payments/service.ts";
import { benchEvent, insertMany } from "./staffing.ts";

export const ROSTER_SCENARIO = "GET /api/events/{id}/offers (60 stations, 400 accepted groups, 3,600 named volunteers)";
/** The same event's other event-day reads: the organizer's pay statement, and the list of a team leader of all 60 stations. */
export const PAYOUT_SCENARIO = "GET /api/events/{id}/payout (60 stations, 400 accepted groups)";
export const LED_SCENARIO = "GET /api/teamleader/events/summaries (team leader of 60 stations)";
/** Whom a send-out would reach at each station, counted before it is sent (ADR 026). */
export const REACH_SCENARIO = "GET /api/events/{id}/sendout/stations (60 stations, 3,600 named volunteers)";
/** The approved pay statement of the same event as a bank file: 400 transfers (issue 25). */
export const BANK_FILE_SCENARIO = "GET /api/events/{id}/payout.xml (400 transfers, pain.001)";
export const EVENT_DAY_SCENARIOS = [ROSTER_SCENARIO, PAYOUT_SCENARIO, BANK_FILE_SCENARIO, LED_SCENARIO, REACH_SCENARIO];
/** The roster event's organizer: not bench-0 (the event lists) nor bench-999 (staffing). */
export const ROSTER_ORGANIZER = "bench-997@example.se";

const STATIONS = 60;
/** 400 groups spread over the stations, and 5 more at the first: a station with over 100 named (issue 23). */
const GROUPS = 405;
const SPREAD = 400;
const VOLUNTEERS_PER_GROUP = 10;

export interface RosterInfo {
  email: string;
  eventId: string;
  offers: number;
  named: number;
  /** Check-in: every named volunteer with their station, and the station with the most of them. */
  people: Array<[stationId: string, volunteerId: string]>;
  bigStationId: string;
}

export async function seedRoster(ctx: Ctx): Promise<RosterInfo> {
  const now = ctx.clock.now();
  // Today: the event day is live, so its stations take check-ins (from 24 hours before their start).
  const day = stockholmToday(now);
  const [organizer] = await ctx.db.select().from(users).where(eq(users.email, ROSTER_ORGANIZER));
  const contacts = await ctx.db.select({ id: users.id }).from(users).limit(400);

  const form = benchEvent(
    now,
    "Stora stadsloppet",
    day,
    Array.from({ length: STATIONS }, (_, n) => ({
      name: `Station ${n + 1}`,
      description: "Funktionärer längs banan",
      start: `${day}T${String(7 + (n % 6)).padStart(2, "0")}:00`,
      end: `${day}T16:00`,
      municipality: "0180",
      markerLocation: `Kilometer ${n + 1}`,
      markerCoordinates: { lat: 59.3 + n / 1000, lng: 18.0 + n / 1000 },
      // The organizer leads every station too, so the team leaders' list has a large event to show.
      teamLeaderEmail: ROSTER_ORGANIZER,
      officialQuantity: n === 0 ? 120 : 70,
      officialMiniumumAge: 13,
      skills: [],
      paymentType: "PERPERSON",
      currency: "SEK",
      groupPayment: null,
      paymentAdult: 300,
      paymentChild: 200,
    })),
  );
  form.included = ["CLOTHES", "FOOD"];
  form.shirtSizes = [...SHIRT_SIZES];
  form.foodOptions = [...FOOD_OPTIONS];
  form.substitute = true;
  const created = await createEvent(ctx, organizer, form);
  await confirmEvent(ctx, organizer, (await findEvent(ctx.db, created.id)) as EventRow);

  const groupRows = Array.from({ length: GROUPS }, (_, i) => ({
    id: randomUUID(),
    name: `Förening ${i + 1}`,
    organizationNumber: "802000-1239",
    organizationName: `Förening ${i + 1}`,
    municipality: "0180",
    numberOfMembers: 30,
    ages: ["14", "15", "18+"],
    sport: i % 69,
    skills: [],
    status: "CONFIRMED",
    confirmedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  await insertMany(ctx, groups, groupRows);
  await insertMany(
    ctx,
    groupContacts,
    groupRows.flatMap((g, i) => [
      { groupId: g.id, userId: contacts[i % contacts.length].id, addedAt: now, seenAt: now },
      { groupId: g.id, userId: contacts[(i + 1) % contacts.length].id, addedAt: now },
    ]),
  );

  // Ten volunteers a group; nine of them named, most with a size and a third with a diet.
  const volunteerRows = groupRows.flatMap((g, i) =>
    Array.from({ length: VOLUNTEERS_PER_GROUP }, (_, v) => {
      const n = i * VOLUNTEERS_PER_GROUP + v;
      return {
        id: randomUUID(),
        groupId: g.id,
        name: `Funktionär ${n + 1}`,
        email: `funktionar-${n + 1}@example.se`,
        phone: "+46701234567",
        age: 14 + (n % 10),
        position: v,
        participation: [
          {
            eventId: created.id,
            shirtSize: n % 17 === 0 ? null : SHIRT_SIZES[n % SHIRT_SIZES.length],
            specialDiets: n % 3 === 0 ? [FOOD_OPTIONS[n % FOOD_OPTIONS.length]] : [],
            substitute: n % 25 === 0 ? "Funktionär 1" : null,
          },
        ],
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  await insertMany(ctx, groupVolunteers, volunteerRows);

  // Every group paid to a bankgiro, a tenth of them changed this week (the payout points those out).
  await insertMany(
    ctx,
    groupPayments,
    groupRows.map((g, i) => ({
      groupId: g.id,
      method: "BANKGIRO",
      bankgiro: "50501055",
      changedAt: new Date(now.getTime() - (i % 10 === 0 ? 3 : 90) * 86_400_000),
    })),
  );

  const offerRows = groupRows.map((g, i) => ({
    eventId: created.id,
    groupId: g.id,
    stationId: created.stations[i < SPREAD ? i % STATIONS : 0].id as string,
    volunteers: VOLUNTEERS_PER_GROUP,
    status: "ACCEPTED",
    attendees: volunteerRows.slice(i * VOLUNTEERS_PER_GROUP, (i + 1) * VOLUNTEERS_PER_GROUP - 1).map((v) => v.id),
    createdBy: organizer.id,
    createdAt: now,
    sentAt: now,
    answeredAt: now,
    // Attendance recorded and the statement approved, so the bank file can be made.
    adultAttendance: 8,
    childAttendance: 1,
  }));
  await insertMany(ctx, offers, offerRows);
  await approve(ctx, organizer, (await findEvent(ctx.db, created.id)) as EventRow);

  return {
    email: ROSTER_ORGANIZER,
    eventId: created.id,
    offers: offerRows.length,
    named: offerRows.reduce((n, o) => n + o.attendees.length, 0),
    people: offerRows.flatMap((o) => o.attendees.map((v): [string, string] => [o.stationId, v])),
    bigStationId: created.stations[0].id as string,
  };
}
