import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, jobs, stations } from "../../src/server/db/schema.ts";
import { HISTORIC_SWEEP_JOB } from "../../src/server/features/events/jobs.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { DAY, HOUR } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { asUpdate, createEvent, dayFromNow, stationBody } from "../helpers/seed.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof buildUser>>;
let outsider: Awaited<ReturnType<typeof buildUser>>;

/** A fresh token: moving the clock by days outlives the one from sign-up. */
async function token(user: { email: string; password: string }) {
  const res = await call(app.server, "POST", "/api/auth/sign-in", { body: { email: user.email, password: user.password } });
  return res.body.accessToken as string;
}

async function confirmedEvent(date: string, name = "Göteborgsvarvet") {
  const event = await createEvent(app, owner.token, { date, name, stations: [stationBody(date)] });
  const res = await call(app.server, "POST", `/api/events/${event.id}/confirm`, { token: owner.token });
  if (res.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  outsider = await buildUser(app);
});
afterAll(async () => {
  await app.close();
});

describe("POST /api/events/{id}/confirm", () => {
  it("needs at least one station", async () => {
    const event = await createEvent(app, owner.token);
    expect(event.abilities.confirm).toBe(false);
    const res = await call(app.server, "POST", `/api/events/${event.id}/confirm`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ stations: "events.validation.noStations" });
  });

  it("confirms a draft, recording when and by whom, and refuses a second confirmation", async () => {
    const event = await createEvent(app, owner.token, {
      stations: [stationBody(dayFromNow(app, 30))],
      date: dayFromNow(app, 30),
    });
    const res = await call(app.server, "POST", `/api/events/${event.id}/confirm`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("CONFIRMED");
    expect(res.body.confirmedBy).toBe("Olle Organisatör");
    expect(Math.abs(Date.parse(res.body.confirmedAt) - app.clock.now().getTime())).toBeLessThan(5000);
    expect(res.body.version).toBe(event.version + 1);
    expect(res.body.abilities).toEqual({ edit: true, confirm: false, remove: false, match: true, sendOut: true, today: false });
    const again = await call(app.server, "POST", `/api/events/${event.id}/confirm`, { token: owner.token });
    expect(again.status).toBe(409);
  });

  it("answers 404 to an outsider (still DRAFT afterwards) and 401 without a token", async () => {
    const date = dayFromNow(app, 30);
    const event = await createEvent(app, owner.token, { date, stations: [stationBody(date)] });
    expect((await call(app.server, "POST", `/api/events/${event.id}/confirm`, { token: outsider.token })).status).toBe(404);
    expect((await call(app.server, "POST", `/api/events/${event.id}/confirm`)).status).toBe(401);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body.status).toBe("DRAFT");
  });
});

describe("DELETE /api/events/{id}", () => {
  it("removes a draft with everything of it", async () => {
    const date = dayFromNow(app, 30);
    const event = await createEvent(app, owner.token, { date, stations: [stationBody(date)] });
    const res = await call(app.server, "DELETE", `/api/events/${event.id}`, { token: owner.token });
    expect(res.status).toBe(204);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).status).toBe(404);
    expect(await app.ctx.db.select().from(stations).where(eq(stations.eventId, event.id))).toEqual([]);
  });

  it("refuses to remove a confirmed event", async () => {
    const event = await confirmedEvent(dayFromNow(app, 30));
    const res = await call(app.server, "DELETE", `/api/events/${event.id}`, { token: owner.token });
    expect(res.status).toBe(409);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).status).toBe(200);
  });

  it("answers 404 to an outsider (nothing removed) and 401 without a token", async () => {
    const event = await createEvent(app, owner.token);
    expect((await call(app.server, "DELETE", `/api/events/${event.id}`, { token: outsider.token })).status).toBe(404);
    expect((await call(app.server, "DELETE", `/api/events/${event.id}`)).status).toBe(401);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).status).toBe(200);
  });
});

describe("HISTORIC", () => {
  it("moves a confirmed event more than 7 days past to HISTORIC by the scheduled job, not before", async () => {
    const date = dayFromNow(app, 1);
    const event = await confirmedEvent(date, "Sweep-loppet");
    const draft = await createEvent(app, owner.token, { date, name: "Ett utkast" });

    // The day after the event plus 7 days: not yet more than 7 days past.
    app.clock.advance(8 * DAY);
    await app.jobs.runDue();
    let t = await token(owner);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: t })).body.status).toBe("CONFIRMED");

    app.clock.advance(1 * DAY + HOUR);
    await app.jobs.runDue();
    t = await token(owner);
    const after = await call(app.server, "GET", `/api/events/${event.id}`, { token: t });
    expect(after.body.status).toBe("HISTORIC");
    expect(after.body.abilities).toEqual({
      edit: false,
      confirm: false,
      remove: false,
      match: false,
      sendOut: false,
      today: false,
    });
    // Drafts are never moved.
    expect((await call(app.server, "GET", `/api/events/${draft.id}`, { token: t })).body.status).toBe("DRAFT");

    // The job queued its own next run, exactly once.
    const pending = await app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, HISTORIC_SWEEP_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)));
    expect(pending).toHaveLength(1);
    expect(pending[0].runAt.getTime()).toBeGreaterThan(app.clock.now().getTime());

    // A historic event is read-only.
    const put = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: t,
      body: asUpdate(after.body, { city: "Borås" }),
    });
    expect(put.status).toBe(409);
    expect((await call(app.server, "DELETE", `/api/events/${event.id}`, { token: t })).status).toBe(409);
    expect((await call(app.server, "POST", `/api/events/${event.id}/confirm`, { token: t })).status).toBe(409);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: t })).body.city).toBe("Stockholm");
    owner.token = t;
    outsider.token = await token(outsider);
  });

  it("PUT /historic moves a past confirmed event, and refuses drafts and events not yet past", async () => {
    const [row] = await app.ctx.db
      .insert(events)
      .values({
        name: "Gammalt lopp",
        date: dayFromNow(app, -10),
        startTime: "10:00",
        city: "Malmö",
        organizerNumber: "8020001239",
        organizerName: "Klubben",
        status: "CONFIRMED",
      })
      .returning();
    const { eventContacts, users } = await import("../../src/server/db/schema.ts");
    const [me] = await app.ctx.db.select().from(users).where(eq(users.email, owner.email));
    await app.ctx.db.insert(eventContacts).values({ eventId: row.id, userId: me.id, creator: true });

    expect((await call(app.server, "PUT", `/api/events/${row.id}/historic`, { token: outsider.token })).status).toBe(404);
    expect((await call(app.server, "PUT", `/api/events/${row.id}/historic`)).status).toBe(401);
    const res = await call(app.server, "PUT", `/api/events/${row.id}/historic`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("HISTORIC");
    // Asking again changes nothing.
    expect((await call(app.server, "PUT", `/api/events/${row.id}/historic`, { token: owner.token })).status).toBe(200);

    const future = await confirmedEvent(dayFromNow(app, 5), "Framtida lopp");
    expect((await call(app.server, "PUT", `/api/events/${future.id}/historic`, { token: owner.token })).status).toBe(409);
    const draft = await createEvent(app, owner.token);
    expect((await call(app.server, "PUT", `/api/events/${draft.id}/historic`, { token: owner.token })).status).toBe(409);
  });
});

describe("public events", () => {
  it("lists confirmed events from today up to three years ahead, without personal data", async () => {
    const soon = await confirmedEvent(dayFromNow(app, 20), "Publikt lopp");
    const draft = await createEvent(app, owner.token, { name: "Hemligt utkast", date: dayFromNow(app, 20) });
    const res = await call(
      app.server,
      "GET",
      `/api/public/events?startDate=${dayFromNow(app, -30)}&endDate=${dayFromNow(app, 5000)}`,
    );
    expect(res.status).toBe(200);
    const ids = res.body.map((e: { id: string }) => e.id);
    expect(ids).toContain(soon.id);
    expect(ids).not.toContain(draft.id);
    const shown = res.body.find((e: { id: string }) => e.id === soon.id);
    expect(Object.keys(shown).sort()).toEqual(["city", "date", "id", "name", "organizerName", "organizerWebsite", "startTime"]);
    expect(JSON.stringify(res.body)).not.toContain(owner.email);

    const narrow = await call(
      app.server,
      "GET",
      `/api/public/events?startDate=${dayFromNow(app, 21)}&endDate=${dayFromNow(app, 30)}`,
    );
    expect(narrow.body.map((e: { id: string }) => e.id)).not.toContain(soon.id);
    const bad = await call(app.server, "GET", "/api/public/events?startDate=tomorrow");
    expect(bad.status).toBe(400);
    expect(bad.body.fields.startDate).toBe("validation.dateFormat");
  });

  it("shows one confirmed event with its stations but not drafts, markers or team leaders", async () => {
    const leader = await buildUser(app);
    const date = dayFromNow(app, 25);
    const event = await createEvent(app, owner.token, {
      date,
      stations: [stationBody(date, { teamLeaderEmail: leader.email })],
    });
    expect((await call(app.server, "GET", `/api/public/events/${event.id}`)).status).toBe(404);
    await call(app.server, "POST", `/api/events/${event.id}/confirm`, { token: owner.token });
    const res = await call(app.server, "GET", `/api/public/events/${event.id}`);
    expect(res.status).toBe(200);
    expect(res.body.stations).toHaveLength(1);
    expect(Object.keys(res.body.stations[0]).sort()).toEqual(["description", "end", "id", "municipality", "name", "start"]);
    expect(JSON.stringify(res.body)).not.toContain(leader.email);
    expect(JSON.stringify(res.body)).not.toContain("802000");
    expect((await call(app.server, "GET", "/api/public/events/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("scheduling the sweep", () => {
  it("keeps exactly one pending sweep when several processes start at once", async () => {
    const { historicSweep } = await import("../../src/server/features/events/jobs.ts");
    const { ensurePeriodic } = await import("../../src/server/jobs/periodic.ts");
    await Promise.all([1, 2, 3].map(() => ensurePeriodic(app.ctx.db, app.clock, historicSweep(app.ctx))));
    const pending = await app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, HISTORIC_SWEEP_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)));
    expect(pending).toHaveLength(1);
  });
});
