import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { asUpdate, createEvent, dayFromNow, stationBody } from "../helpers/seed.ts";

// How many statements a request sends does not depend on the machine, so it can be pinned in a test:
// a read is one round trip, and a save costs the same few statements however many stations the event has.
// BEGIN and COMMIT are left out of the count (one driver logs them, the other does not): two more per save.
let app: TestApp;
let statements: string[] = [];
let owner: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  app = await createTestApp({ onQuery: (query) => /^(begin|commit)\b/i.test(query) || statements.push(query) });
  owner = await buildUser(app);
});
afterAll(async () => {
  await app.close();
});

async function counted(work: () => Promise<{ status: number }>) {
  // A token seen for the first time costs one session lookup; it is remembered for the next requests.
  await call(app.server, "GET", "/api/auth/me", { token: owner.token });
  statements = [];
  const res = await work();
  return { res, statements: [...statements] };
}

async function eventWithStations(n: number) {
  const date = dayFromNow(app, 40);
  const stations = Array.from({ length: n }, (_, i) => stationBody(date, { name: `Station ${i + 1}` }));
  return createEvent(app, owner.token, { date, stations });
}

describe("statements per request", () => {
  // While nothing changed, a read is answered from the cache after asking PostgreSQL for the data's stamp;
  // the embedded database has one process only, whose own write count is the stamp.
  const stampQueries = () => (app.database.kind === "pglite" ? 0 : 1);

  it("reads an event with 30 stations in one statement, and in none but the stamp while nothing changed", async () => {
    const event = await eventWithStations(30);
    const read = await counted(() => call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token }));
    expect(read.res.status).toBe(200);
    expect(read.statements).toHaveLength(stampQueries() + 1);
    const again = await counted(() => call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token }));
    expect(again.statements).toHaveLength(stampQueries());
    expect(again.res).toMatchObject({ status: 200, body: (read.res as unknown as { body: unknown }).body });
  });

  it("reads the summaries in one statement, and in none but the stamp while nothing changed", async () => {
    const list = await counted(() => call(app.server, "GET", "/api/events/summaries", { token: owner.token }));
    expect(list.res.status).toBe(200);
    expect(list.statements).toHaveLength(stampQueries() + 1);
    const again = await counted(() => call(app.server, "GET", "/api/events/summaries", { token: owner.token }));
    expect(again.statements).toHaveLength(stampQueries());
  });

  it("saves a change to one of 30 stations in at most 8 statements (6 + BEGIN and COMMIT)", async () => {
    const event = await eventWithStations(30);
    const body = asUpdate(event);
    body.stations[7] = { ...body.stations[7], description: "Ny beskrivning" };
    const save = await counted(() => call(app.server, "PUT", `/api/events/${event.id}`, { token: owner.token, body }));
    expect(save.res.status).toBe(200);
    expect(save.statements.length).toBeLessThanOrEqual(6);
    // Only the changed station is written.
    const written = save.statements.filter((q) => /insert into "stations"/i.test(q));
    expect(written).toHaveLength(1);
  });

  it("needs no more statements for 30 changed, added and removed stations than for one", async () => {
    const event = await eventWithStations(30);
    const body = asUpdate(event);
    const date = event.date as string;
    body.stations = [
      ...body.stations.slice(5).map((s: Record<string, unknown>, i: number) => ({ ...s, name: `Omdöpt ${i}` })),
      ...Array.from({ length: 5 }, (_, i) => stationBody(date, { name: `Ny ${i}` })),
    ];
    const save = await counted(() => call(app.server, "PUT", `/api/events/${event.id}`, { token: owner.token, body }));
    expect(save.res.status).toBe(200);
    // + one DELETE of the removed stations and one temporary rename before the renamed ones are written.
    expect(save.statements.length).toBeLessThanOrEqual(8);
    const view = (save.res as unknown as { body: { stations: Array<{ name: string }> } }).body;
    expect(view.stations.map((s) => s.name).sort()).toEqual(
      [...Array.from({ length: 25 }, (_, i) => `Omdöpt ${i}`), ...Array.from({ length: 5 }, (_, i) => `Ny ${i}`)].sort(),
    );
  });
});
