import { describe, expect, it } from "vitest";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { appForFile, expectCleanError } from "../helpers/identity.ts";
import { asUpdate, createEvent, dayFromNow, eventBody, groupBody, stationBody } from "../helpers/seed.ts";

/**
 * Every answer that tells whether an address has an account draws on one budget per user, 30 a minute:
 * the lookup route, an invitation (409 for an existing address) and a save of an event or group that
 * names addresses new to it. Otherwise one save naming 200 addresses would answer 200 lookups.
 */

const file = appForFile();
type User = Awaited<ReturnType<typeof buildUser>>;

const lookup = (who: User, email: string) =>
  call(file.app.server, "GET", `/api/user/${encodeURIComponent(email)}`, { token: who.token });

/** Spends `n` of the user's lookups on the lookup route. */
async function spend(who: User, n: number) {
  for (let i = 0; i < n; i++) expect((await lookup(who, uniqueEmail("probe"))).status).toBe(404);
}

function expectLimited(res: Awaited<ReturnType<typeof lookup>>) {
  expectCleanError(res, "LimitExceededException", 429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

const stations = (app: typeof file.app, leaders: string[]) => {
  const date = dayFromNow(app, 30);
  return leaders.map((teamLeaderEmail, i) => stationBody(date, { name: `Station ${i + 1}`, teamLeaderEmail }));
};

describe("one save naming many addresses", () => {
  it("refuses an event save whose 40 new team leaders would tell who has an account: 429, nothing saved", async () => {
    const { app } = file;
    const owner = await buildUser(app);
    const known = await buildUser(app, { firstName: "Känd", lastName: "Person" });
    const event = await createEvent(app, owner.token);
    const leaders = [known.email, ...Array.from({ length: 39 }, () => uniqueEmail("guess"))];
    const res = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { stations: stations(app, leaders) }),
    });
    // Before: 400 naming every unknown address by its station, so the one left out had an account.
    expectLimited(res);
    const after = (await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body;
    expect(after.version).toBe(event.version);
    expect(after.stations).toEqual([]);
  });

  it("refuses a new event, a new group and a group save naming more new contacts than the budget holds", async () => {
    const { app } = file;
    const owner = await buildUser(app);
    const many = Array.from({ length: 31 }, () => ({ email: uniqueEmail("guess"), name: "X" }));
    const created = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { contactPersons: many }),
    });
    expectLimited(created);
    expectLimited(
      await call(app.server, "POST", "/api/groups", { token: owner.token, body: groupBody({ contactPersons: many }) }),
    );

    const other = await buildUser(app);
    const group = (await call(app.server, "POST", "/api/groups", { token: other.token, body: groupBody() })).body;
    const saved = await call(app.server, "PUT", `/api/groups/${group.id}`, {
      token: other.token,
      body: { ...group, contactPersons: [...group.contactPersons, ...many] },
    });
    expectLimited(saved);
    const after = (await call(app.server, "GET", `/api/groups/${group.id}`, { token: other.token })).body;
    expect(after.version).toBe(group.version);
  });
});

describe("one budget for every route", () => {
  it("counts a save's new addresses with the lookups: 25 lookups leave room for 5 new ones, not 6", async () => {
    const { app } = file;
    const owner = await buildUser(app);
    const people = await Promise.all(Array.from({ length: 6 }, () => buildUser(app)));
    const event = await createEvent(app, owner.token);
    await spend(owner, 25);
    const six = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { contactPersons: people.map((p) => ({ email: p.email })) }),
    });
    expectLimited(six);
    // All or nothing: the refused six took none of the budget, so five still fit.
    const five = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { contactPersons: people.slice(0, 5).map((p) => ({ email: p.email })) }),
    });
    expect(five.status).toBe(200);
    expectLimited(await lookup(owner, people[5].email));
  });

  it("charges nothing for an unchanged save, nor for addresses the event already names or the saver's own", async () => {
    const { app } = file;
    const owner = await buildUser(app);
    const co = await buildUser(app);
    const leader = await buildUser(app);
    const date = dayFromNow(app, 30);
    const event = await createEvent(app, owner.token, {
      date,
      contactPersons: [{ email: owner.email }, { email: co.email }],
      stations: [stationBody(date, { teamLeaderEmail: leader.email })],
    });
    // The two new addresses of the creation, and these: two left.
    await spend(owner, 26);
    const unchanged = await call(app.server, "PUT", `/api/events/${event.id}`, { token: owner.token, body: asUpdate(event) });
    expect(unchanged.status).toBe(200);
    // The team leader made a contact too, and a second station led by the same person: nothing new.
    const moved = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(unchanged.body, {
        contactPersons: [...unchanged.body.contactPersons, { email: leader.email }],
        stations: [...asUpdate(unchanged.body).stations, stationBody(date, { name: "Målgången", teamLeaderEmail: leader.email })],
      }),
    });
    expect(moved.status).toBe(200);
    expect((await lookup(owner, co.email)).status).toBe(200);
    expect((await lookup(owner, co.email)).status).toBe(200);
    expectLimited(await lookup(owner, co.email));
  });

  it("counts a refused save too: unknown contacts answer 400 and still use up the budget", async () => {
    const { app } = file;
    const owner = await buildUser(app);
    const group = (await call(app.server, "POST", "/api/groups", { token: owner.token, body: groupBody() })).body;
    await spend(owner, 28);
    const refused = await call(app.server, "PUT", `/api/groups/${group.id}`, {
      token: owner.token,
      body: { ...group, contactPersons: [...group.contactPersons, { email: uniqueEmail("a") }, { email: uniqueEmail("b") }] },
    });
    expect(refused.status).toBe(400);
    expectLimited(await lookup(owner, uniqueEmail("c")));
  });

  it("counts an invitation as a lookup: its 409 tells that the address has an account", async () => {
    const { app } = file;
    const owner = await buildUser(app);
    const existing = await buildUser(app);
    await spend(owner, 29);
    const invite = await call(app.server, "POST", "/api/user", {
      token: owner.token,
      body: { email: existing.email, firstName: "Någon", lastName: "Annan", phoneNumber: "+46701234567" },
    });
    expect(invite.status).toBe(409);
    // Before: the invitation had a budget of its own, so this lookup was the 30th and passed.
    expectLimited(await lookup(owner, existing.email));
    expectLimited(
      await call(app.server, "POST", "/api/user", {
        token: owner.token,
        body: { email: uniqueEmail("new"), firstName: "Nyberg", lastName: "Person", phoneNumber: "+46701234567" },
      }),
    );
  });

  it("answers Retry-After for when a refused save would fit, counting from the lookups that must leave first", async () => {
    const { app } = file;
    const owner = await buildUser(app);
    const group = (await call(app.server, "POST", "/api/groups", { token: owner.token, body: groupBody() })).body;
    await spend(owner, 20);
    app.clock.advance(30_000);
    await spend(owner, 10);
    const naming = async (n: number) => {
      const res = await call(app.server, "PUT", `/api/groups/${group.id}`, {
        token: owner.token,
        body: { ...group, contactPersons: Array.from({ length: n }, () => ({ email: uniqueEmail("new") })) },
      });
      expectLimited(res);
      return Number(res.headers["retry-after"]);
    };
    // 15 need room: the 15th oldest lookup is one of the first 20, which leave the window in 30 s.
    expect(await naming(15)).toBeGreaterThanOrEqual(29);
    expect(await naming(15)).toBeLessThanOrEqual(30);
    // 25 need room: the 25th oldest is one of the last 10, which leave in a minute.
    expect(await naming(25)).toBeGreaterThan(55);
  });

  it("keeps one budget per user: another user's lookups are not counted against them", async () => {
    const { app } = file;
    const busy = await buildUser(app);
    const calm = await buildUser(app);
    await spend(busy, 30);
    expectLimited(await lookup(busy, calm.email));
    expect((await lookup(calm, busy.email)).status).toBe(200);
  });
});
