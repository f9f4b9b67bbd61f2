import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readToken, signToken } from "../../src/server/identity/tokens.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { DAY } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { asUpdate, createEvent, dayFromNow, stationBody } from "../helpers/seed.ts";

// The event view and the summaries are answered from a cache while their stamp holds: every change that
// shows in them must show at once, whoever made it.
let app: TestApp;
let owner: Awaited<ReturnType<typeof buildUser>>;
let colleague: Awaited<ReturnType<typeof buildUser>>;
let leader: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  colleague = await buildUser(app, { firstName: "Kim", lastName: "Kollega" });
  leader = await buildUser(app, { firstName: "Lena", lastName: "Ledare" });
});
afterAll(async () => {
  await app.close();
});

const view = async (token: string, id: string) => (await call(app.server, "GET", `/api/events/${id}`, { token })).body;

describe("cached reads show every change", () => {
  it("shows a co-contact's save, a renamed contact and a renamed team leader", async () => {
    const date = dayFromNow(app, 20);
    const event = await createEvent(app, owner.token, {
      date,
      contactPersons: [{ email: colleague.email, name: "Kim Kollega" }],
      stations: [stationBody(date, { teamLeaderEmail: leader.email })],
    });
    expect((await view(owner.token, event.id)).stations[0].teamLeaderName).toBe("Lena Ledare");

    // The colleague saves: the owner sees it on the next read.
    const saved = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: colleague.token,
      body: asUpdate(await view(colleague.token, event.id), { name: "Nytt namn" }),
    });
    expect(saved.status).toBe(200);
    expect((await view(owner.token, event.id)).name).toBe("Nytt namn");

    // People change their names and numbers without the event's version moving.
    for (const [person, firstName] of [
      [colleague, "Kimberly"],
      [leader, "Helena"],
    ] as const) {
      const me = (await call(app.server, "GET", "/api/auth/me", { token: person.token })).body;
      const put = await call(app.server, "PUT", "/api/auth/me", {
        token: person.token,
        body: { firstName, lastName: me.lastName, phone: me.phone },
      });
      expect(put.status).toBe(200);
    }
    const after = await view(owner.token, event.id);
    expect(after.contactPersons.map((c: { name: string }) => c.name)).toContain("Kimberly Kollega");
    expect(after.stations[0].teamLeaderName).toBe("Helena Ledare");
  });

  it("does not show one contact's cached view to an outsider, and lists new and removed events", async () => {
    const event = await createEvent(app, owner.token, { date: dayFromNow(app, 25) });
    await view(owner.token, event.id);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: leader.token })).status).toBe(404);

    const before = (await call(app.server, "GET", "/api/events/summaries", { token: owner.token })).body;
    const other = await createEvent(app, owner.token, { date: dayFromNow(app, 26) });
    const listed = (await call(app.server, "GET", "/api/events/summaries", { token: owner.token })).body;
    expect(listed).toHaveLength(before.length + 1);
    expect(await call(app.server, "DELETE", `/api/events/${other.id}`, { token: owner.token })).toMatchObject({ status: 204 });
    expect((await call(app.server, "GET", "/api/events/summaries", { token: owner.token })).body).toEqual(before);
  });

  // Last in the file: it moves the clock.
  it("orders the list anew on a new day, though no event changed", async () => {
    const me = await buildUser(app);
    await createEvent(app, me.token, { name: "Snart", date: dayFromNow(app, 1) });
    await createEvent(app, me.token, { name: "Sedan", date: dayFromNow(app, 3) });
    const names = async (token: string) =>
      (await call(app.server, "GET", "/api/events/summaries", { token })).body.map((e: { name: string }) => e.name);
    expect(await names(me.token)).toEqual(["Snart", "Sedan"]);
    // Two days on, "Snart" was yesterday: past events come after the coming ones. The same session's token
    // for the new day is signed here, as a sign-in would write and so change the stamp by itself.
    const claims = await readToken(app.ctx.secret, "access", me.token, app.clock.now());
    app.clock.advance(2 * DAY);
    const token = await signToken(app.ctx.secret, "access", { sub: claims?.sub ?? "", sid: claims?.sid }, app.clock.now(), 60);
    expect(await names(token)).toEqual(["Sedan", "Snart"]);
  });
});
