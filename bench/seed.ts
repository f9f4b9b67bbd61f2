import { eq, sql } from "drizzle-orm";
import { addDays, stockholmToday } from "#shared/validation";
import type { Ctx } from "../src/server/context.ts";
import { users } from "../src/server/db/schema.ts";
import { createEvent } from "../src/server/features/events/service.ts";
import { CHECKIN_SCENARIOS } from "./checkin.ts";
import { REGISTRATION_SCENARIOS, seedLinks } from "./registration.ts";
import { EVENT_DAY_SCENARIOS, seedRoster } from "./roster.ts";
import { benchEvent, STAFFING_SCENARIOS, seedStaffing } from "./staffing.ts";

export const BENCH_PASSWORD = "Benchmark1";
const USERS = 1000;

/** Seeds confirmed users (one real hash, shared: hashing 1000 passwords would only measure scrypt). */
export async function seed(ctx: Ctx) {
  const passwordHash = await ctx.hasher.hash(BENCH_PASSWORD);
  const rows = Array.from({ length: USERS }, (_, i) => ({
    email: `bench-${i}@example.se`,
    passwordHash,
    firstName: "Bench",
    lastName: `User ${i}`,
    phone: "+46701234567",
    status: "CONFIRMED",
    emailVerified: true,
  }));
  for (let i = 0; i < rows.length; i += 200) await ctx.db.insert(users).values(rows.slice(i, i + 200));
  const eventIds = await seedEvents(ctx);
  // The staffing data (10,000 groups, 100,000 availabilities) only when a scenario needs it.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  let staffing: Awaited<ReturnType<typeof seedStaffing>> | undefined;
  if (!only || Object.values(STAFFING_SCENARIOS).some((name) => only.test(name))) {
    const started = performance.now();
    staffing = await seedStaffing(ctx);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stderr.write(
      `Staffing data: ${staffing.groups} groups, ${staffing.availabilities} availabilities, ${staffing.offers} offers in ${seconds} s\n`,
    );
  }
  // The large event of the roster (405 accepted groups, 3,645 named volunteers) only when its scenarios run.
  let roster: Awaited<ReturnType<typeof seedRoster>> | undefined;
  const wanted = (names: string[]) => !only || names.some((name) => only.test(name));
  if (wanted([...EVENT_DAY_SCENARIOS, ...REGISTRATION_SCENARIOS, ...CHECKIN_SCENARIOS])) roster = await seedRoster(ctx);
  // Its groups' sign-up links, for the sign-up page, the sign-up and the copy of the event.
  const links = roster && wanted(REGISTRATION_SCENARIOS) ? await seedLinks(ctx, roster.eventId) : undefined;
  await ctx.db.execute(sql`ANALYZE`);
  return {
    users: USERS,
    email: "bench-0@example.se",
    password: BENCH_PASSWORD,
    eventId: eventIds[0],
    eventIds,
    staffing,
    roster,
    links,
  };
}

const EVENTS = 200;
const STATIONS = 50;
/** Events with 50 stations each: one per connection of the save scenario, so saves do not collide. */
export const FULL_EVENTS = 50;

/** bench-0 gets 200 events (for the summaries list); the first 50 have 50 stations (for reads and saves). */
async function seedEvents(ctx: Ctx): Promise<string[]> {
  const [actor] = await ctx.db.select().from(users).where(eq(users.email, "bench-0@example.se"));
  const today = stockholmToday(ctx.clock.now());
  const ids: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const date = addDays(today, 10 + (i % 300));
    const stations =
      i < FULL_EVENTS
        ? Array.from({ length: STATIONS }, (_, n) => ({
            name: `Station ${n + 1}`,
            description: "Vätskekontroll längs banan",
            start: `${date}T08:00`,
            end: `${date}T18:00`,
            municipality: "0180",
            markerLocation: `Kilometer ${n + 1}`,
            markerCoordinates: { lat: 59.3 + n / 1000, lng: 18.0 + n / 1000 },
            teamLeaderEmail: "",
            officialQuantity: 10,
            officialMiniumumAge: 15,
            skills: [],
            paymentType: "PERPERSON",
            currency: "SEK",
            groupPayment: null,
            paymentAdult: 300,
            paymentChild: 200,
          }))
        : [];
    const view = await createEvent(ctx, actor, benchEvent(ctx.clock.now(), `Benchloppet ${i + 1}`, date, stations));
    if (i < FULL_EVENTS) ids.push(view.id);
  }
  return ids;
}
