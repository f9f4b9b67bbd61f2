import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseError, isUniqueViolation, UNIQUE_VIOLATION } from "../../src/server/db/errors.ts";
import { stations } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { createEvent, dayFromNow, stationBody } from "../helpers/seed.ts";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** The error the database raises for a second station of the event named like the first, in other case. */
async function clash(): Promise<unknown> {
  const owner = await buildUser(app);
  const date = dayFromNow(app, 30);
  const event = await createEvent(app, owner.token, { date, stations: [stationBody(date, { name: "Entrén" })] });
  const [first] = await app.ctx.db.select().from(stations).where(eq(stations.eventId, event.id));
  const { id: _id, createdAt: _c, ...copy } = first;
  try {
    await app.ctx.db.transaction((tx) => tx.insert(stations).values({ ...copy, name: "ENTRÉN" }));
  } catch (err) {
    return err;
  }
  throw new Error("the database accepted a second station of the same name");
}

describe("database errors", () => {
  it("are told by SQLSTATE and constraint name, through Drizzle's wrapping, on this driver", async () => {
    const err = await clash();
    expect(isUniqueViolation(err, "stations_event_name_key")).toBe(true);
    expect(isDatabaseError(err, UNIQUE_VIOLATION)).toBe(true);
    expect(isUniqueViolation(err, "users_email_key")).toBe(false);
    expect(isDatabaseError(err, "23503")).toBe(false);
  });

  it("are never recognised by message text", () => {
    const lookalike = new Error('duplicate key value violates unique constraint "stations_event_name_key"');
    expect(isUniqueViolation(lookalike, "stations_event_name_key")).toBe(false);
    expect(
      isUniqueViolation(
        new Error("x", { cause: { code: UNIQUE_VIOLATION, constraint: "stations_event_name_key" } }),
        "stations_event_name_key",
      ),
    ).toBe(true);
    expect(isUniqueViolation(undefined, "stations_event_name_key")).toBe(false);
  });
});
