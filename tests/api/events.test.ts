import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { asUpdate, createEvent, dayFromNow, eventBody, stationBody } from "../helpers/seed.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof buildUser>>;
let outsider: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  outsider = await buildUser(app);
});
afterAll(async () => {
  await app.close();
});

describe("POST /api/events", () => {
  it("creates a DRAFT with the creator as its locked contact, sorted shirt sizes and stations", async () => {
    const date = dayFromNow(app, 30);
    const res = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { date, stations: [stationBody(date)] }),
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("DRAFT");
    expect(res.body.version).toBe(1);
    expect(res.body.eventId).toBe(res.body.id);
    expect(res.body.shirtSizes).toEqual(["S", "M", "XL"]);
    // FOOD was not ticked, so its options are not kept.
    expect(res.body.foodOptions).toEqual([]);
    expect(res.body.contactPersons).toEqual([
      {
        id: owner.user.id ?? expect.any(String),
        email: owner.email,
        name: "Olle Organisatör",
        phone: "+46701234567",
        creator: true,
      },
    ]);
    expect(res.body.stations).toHaveLength(1);
    expect(res.body.stations[0]).toMatchObject({ name: "Entrén", groupPayment: 5000, paymentAdult: null, municipality: "0180" });
    expect(res.body.abilities).toEqual({ edit: true, confirm: true, remove: true, match: false, sendOut: false, today: false });
  });

  it("adds contact persons by e-mail and drops the ones marked toBeDeleted", async () => {
    const co = await buildUser(app, { firstName: "Cecilia", lastName: "Kontakt" });
    const gone = await buildUser(app);
    const res = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, {
        contactPersons: [
          { email: co.email.toUpperCase(), name: "x" },
          { email: gone.email, name: "y", toBeDeleted: true },
        ],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.contactPersons.map((c: { email: string }) => c.email).sort()).toEqual([co.email, owner.email].sort());
    // The added contact sees and may change it too.
    const seen = await call(app.server, "GET", `/api/events/${res.body.id}`, { token: co.token });
    expect(seen.status).toBe(200);
    const other = await call(app.server, "GET", `/api/events/${res.body.id}`, { token: gone.token });
    expect(other.status).toBe(404);
  });

  it("refuses an unknown contact person", async () => {
    const res = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { contactPersons: [{ email: "nobody-here@example.se", name: "N" }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ contactPersons: "events.validation.contactUnknown" });
  });

  it.each([
    ["name", "", "validation.required"],
    ["name", "Ab", "validation.min3"],
    ["name", "x".repeat(251), "validation.max250"],
    ["date", "", "validation.required"],
    ["date", "2020-01-01", "validation.futureDate"],
    ["date", "2030-02-30", "validation.dateFormat"],
    ["startTime", "", "validation.required"],
    ["startTime", "25:00", "events.validation.time"],
    ["city", "", "validation.required"],
    ["city", "y".repeat(251), "validation.max250"],
    ["organizerNumber", "", "validation.required"],
    ["organizerNumber", "12345", "validation.organisationNumber"],
    ["organizerName", " ", "validation.required"],
    ["organizerEmail", "not-an-address", "validation.email"],
    ["included", ["SHOES_AND_SOCKS"], "validation.oneOf"],
  ])("refuses %s = %j with %s", async (field, value, message) => {
    const res = await call(app.server, "POST", "/api/events", { token: owner.token, body: eventBody(app, { [field]: value }) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("ValidationError");
    expect(Object.entries(res.body.fields).find(([k]) => k.startsWith(field))?.[1]).toBe(message);
  });

  it("refuses an organizer number whose check digit is wrong, in every format, as a group's number is", async () => {
    for (const organizerNumber of ["802000-1238", "8020001238", "168020001238", "16802000-1238", "19850709-9805"]) {
      const res = await call(app.server, "POST", "/api/events", {
        token: owner.token,
        body: eventBody(app, { organizerNumber }),
      });
      expect(res.status, organizerNumber).toBe(400);
      expect(res.body.code).toBe("ValidationError");
      expect(res.body.fields).toEqual({ organizerNumber: "validation.organisationNumber" });
    }
  });

  it("accepts every organisation number format and today's date", async () => {
    for (const organizerNumber of ["802000-1239", "8020001239", "168020001239", "16802000-1239"]) {
      const res = await call(app.server, "POST", "/api/events", {
        token: owner.token,
        body: eventBody(app, { organizerNumber, date: dayFromNow(app, 0) }),
      });
      expect(res.status, organizerNumber).toBe(201);
    }
  });

  it.each([
    ["name", { name: "" }, "validation.required"],
    ["description", { description: "" }, "validation.required"],
    ["start", { start: "" }, "validation.required"],
    ["end", { end: "2030-01-01 25:00" }, "events.validation.dateTime"],
    ["end", { start: "DATET10:00", end: "DATET09:59" }, "events.validation.endBeforeStart"],
    ["municipality", { municipality: "" }, "validation.required"],
    ["municipality", { municipality: "9999" }, "validation.oneOf"],
    ["markerCoordinates", { markerCoordinates: null }, "events.validation.locationMissing"],
    ["markerCoordinates", { markerCoordinates: { lat: 40.4, lng: -3.7 } }, "events.validation.locationMissing"],
    ["officialQuantity", { officialQuantity: "" }, "validation.required"],
    ["officialQuantity", { officialQuantity: -1 }, "validation.min0"],
    ["officialQuantity", { officialQuantity: 2.5 }, "validation.integer"],
    ["officialMiniumumAge", { officialMiniumumAge: null }, "validation.required"],
    ["paymentType", { paymentType: "BARTER" }, "validation.required"],
    ["currency", { currency: null }, "validation.required"],
    ["groupPayment", { groupPayment: null }, "validation.required"],
    ["paymentAdult", { paymentType: "PERPERSON", paymentAdult: null, paymentChild: 10 }, "validation.required"],
    ["paymentChild", { paymentType: "HOURLYRATE", paymentAdult: 10, paymentChild: "" }, "validation.required"],
    ["skills", { skills: ["JUGGLING"] }, "validation.oneOf"],
    ["teamLeaderEmail", { teamLeaderEmail: "no-at-sign" }, "validation.email"],
  ])("refuses a station whose %s is wrong (%j)", async (field, overrides, message) => {
    const date = dayFromNow(app, 30);
    const patched = Object.fromEntries(
      Object.entries(overrides).map(([k, v]) => [k, typeof v === "string" ? v.replace("DATE", date) : v]),
    );
    const res = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { date, stations: [stationBody(date, patched)] }),
    });
    expect(res.status).toBe(400);
    expect(Object.entries(res.body.fields).find(([k]) => k.startsWith(`stations.0.${field}`))?.[1]).toBe(message);
  });

  it("refuses two stations with the same name, whatever the case", async () => {
    const date = dayFromNow(app, 30);
    const res = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { date, stations: [stationBody(date), stationBody(date, { name: "ENTRÉN" })] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields["stations.1.name"]).toBe("events.validation.stationNameExists");
  });

  it("refuses a list of stations with what is not a station in it, on POST and on PUT, and keeps the event", async () => {
    const date = dayFromNow(app, 30);
    for (const bad of [null, 7, "A1", [stationBody(date)]]) {
      const res = await call(app.server, "POST", "/api/events", {
        token: owner.token,
        body: eventBody(app, { date, stations: [stationBody(date), bad] }),
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(["stations.1"]);
    }
    const event = await createEvent(app, owner.token, { date, stations: [stationBody(date)] });
    const put = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { stations: [null] }),
    });
    expect(put.status).toBe(400);
    expect(Object.keys(put.body.fields)).toEqual(["stations.0"]);
    const kept = await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token });
    expect(kept.body.stations).toHaveLength(1);
  });

  it("refuses a team leader without an account, and accepts one with", async () => {
    const date = dayFromNow(app, 30);
    const bad = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { date, stations: [stationBody(date, { teamLeaderEmail: "ghost@example.se" })] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ "stations.0.teamLeaderEmail": "events.validation.teamLeaderUnknown" });
    const leader = await buildUser(app, { firstName: "Lena", lastName: "Lagledare" });
    const ok = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { date, stations: [stationBody(date, { teamLeaderEmail: leader.email })] }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.stations[0]).toMatchObject({ teamLeaderEmail: leader.email, teamLeaderName: "Lena Lagledare" });
  });

  it("clears the payment fields the payment type does not use", async () => {
    const date = dayFromNow(app, 30);
    const all = { currency: "EUR", groupPayment: 100, paymentAdult: 20, paymentChild: 10 };
    const res = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, {
        date,
        stations: [
          stationBody(date, { name: "A", paymentType: "NOCOMPENSATION", ...all }),
          stationBody(date, { name: "B", paymentType: "GROUPPAYMENT", ...all }),
          stationBody(date, { name: "C", paymentType: "PERPERSON", ...all }),
          stationBody(date, { name: "D", paymentType: "COMPENSATIONBYAGREEMENT", ...all }),
        ],
      }),
    });
    expect(res.status).toBe(201);
    const byName = Object.fromEntries(res.body.stations.map((s: Record<string, unknown>) => [s.name, s]));
    expect(byName.A).toMatchObject({ currency: null, groupPayment: null, paymentAdult: null, paymentChild: null });
    expect(byName.B).toMatchObject({ currency: "EUR", groupPayment: 100, paymentAdult: null, paymentChild: null });
    expect(byName.C).toMatchObject({ currency: "EUR", groupPayment: null, paymentAdult: 20, paymentChild: 10 });
    expect(byName.D).toMatchObject({ currency: null, groupPayment: null, paymentAdult: null, paymentChild: null });
  });

  it("takes the substitute box as the spec's form sends it ('active') as well as a boolean", async () => {
    for (const [sent, kept] of [
      ["active", true],
      ["", false],
      [true, true],
      [false, false],
    ] as const) {
      const res = await call(app.server, "POST", "/api/events", {
        token: owner.token,
        body: eventBody(app, { substitute: sent }),
      });
      expect(res.status).toBe(201);
      expect(res.body.substitute).toBe(kept);
    }
    const bad = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { substitute: "yes" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.substitute).toBe("validation.oneOf");
  });

  it("answers 401 without a token, before looking at the body", async () => {
    const res = await call(app.server, "POST", "/api/events", { body: {} });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("Unauthorized");
  });
});

describe("GET /api/events/summaries and /api/events/{id}", () => {
  it("lists only the caller's events, as summaries", async () => {
    const mine = await createEvent(app, outsider.token, { name: "Utomståendes lopp" });
    const res = await call(app.server, "GET", "/api/events/summaries", { token: outsider.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: mine.id, eventId: mine.id, name: "Utomståendes lopp", date: mine.date, city: mine.city, status: "DRAFT" },
    ]);
    const ownerList = await call(app.server, "GET", "/api/events/summaries", { token: owner.token });
    expect(ownerList.body.some((e: { id: string }) => e.id === mine.id)).toBe(false);
  });

  it("lists today's and coming events first, soonest first, then past ones, most recent first", async () => {
    const me = await buildUser(app);
    const made: Record<string, string> = {};
    for (const [name, days] of [
      ["Nästa år", 365],
      ["I dag", 0],
      ["Nästa vecka", 7],
      ["I går", -1],
      ["Förra året", -365],
      ["Förra veckan", -7],
    ] as const) {
      const event = await createEvent(app, me.token, { name, date: dayFromNow(app, Math.max(days, 1)) });
      // Past dates cannot be given through the API: as if each had been saved before its date passed.
      await app.ctx.db
        .update(events)
        .set({ date: dayFromNow(app, days) })
        .where(eq(events.id, event.id));
      made[name] = event.id;
    }
    const res = await call(app.server, "GET", "/api/events/summaries", { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.map((e: { name: string }) => e.name)).toEqual([
      "I dag",
      "Nästa vecka",
      "Nästa år",
      "I går",
      "Förra veckan",
      "Förra året",
    ]);
  });

  it("answers 401 without a token", async () => {
    expect((await call(app.server, "GET", "/api/events/summaries")).status).toBe(401);
  });

  it("shows the event to a contact, 404 to an outsider and for a missing id, 401 without a token", async () => {
    const event = await createEvent(app, owner.token);
    const ok = await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe("Stockholm Stadslopp");
    const other = await call(app.server, "GET", `/api/events/${event.id}`, { token: outsider.token });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("NotFound");
    const missing = await call(app.server, "GET", "/api/events/00000000-0000-4000-8000-000000000000", { token: owner.token });
    expect(missing.status).toBe(404);
    expect((await call(app.server, "GET", `/api/events/${event.id}`)).status).toBe(401);
  });
});

describe("PUT /api/events/{id}", () => {
  it("saves changes, bumps the version, and edits, adds and deletes stations", async () => {
    const date = dayFromNow(app, 40);
    const event = await createEvent(app, owner.token, {
      date,
      stations: [stationBody(date, { name: "A" }), stationBody(date, { name: "B" })],
    });
    const [a, b] = event.stations;
    const res = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, {
        city: "Solna",
        // A takes the name of B, which goes; C is new.
        stations: [
          { ...asUpdate(event).stations[0], name: "B", officialQuantity: 3 },
          stationBody(date, { name: "C", municipality: "NO-0301", markerCoordinates: { lat: 59.91, lng: 10.75 } }),
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
    expect(res.body.city).toBe("Solna");
    const names = res.body.stations.map((s: { id: string; name: string }) => [s.id === a.id, s.name]);
    expect(names).toEqual(
      expect.arrayContaining([
        [true, "B"],
        [false, "C"],
      ]),
    );
    expect(res.body.stations.some((s: { id: string }) => s.id === b.id)).toBe(false);
  });

  it("lets two stations swap names in one save", async () => {
    const date = dayFromNow(app, 40);
    const event = await createEvent(app, owner.token, {
      date,
      stations: [stationBody(date, { name: "Norr" }), stationBody(date, { name: "Söder" })],
    });
    const body = asUpdate(event);
    const res = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: {
        ...body,
        stations: [
          { ...body.stations[0], name: body.stations[1].name },
          { ...body.stations[1], name: body.stations[0].name },
        ],
      },
    });
    expect(res.status).toBe(200);
  });

  it("refuses a stale write with 409 Conflict and keeps the first change", async () => {
    const event = await createEvent(app, owner.token);
    const first = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { city: "Uppsala" }),
    });
    expect(first.status).toBe(200);
    const stale = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { city: "Lund" }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("Conflict");
    const now = await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token });
    expect(now.body.city).toBe("Uppsala");
  });

  it("keeps the creator as a contact even when the form leaves them out, and removes others", async () => {
    const co = await buildUser(app);
    const event = await createEvent(app, owner.token, { contactPersons: [{ email: co.email, name: "C" }] });
    const res = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: co.token,
      body: asUpdate(event, {
        contactPersons: event.contactPersons.map((c: { email: string }) => ({ ...c, toBeDeleted: true })),
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.contactPersons.map((c: { email: string }) => c.email)).toEqual([owner.email]);
    // The co-organizer removed themselves, so the event is gone for them.
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: co.token })).status).toBe(404);
  });

  it("keeps the stored date even when it is now past, but refuses moving to another past date", async () => {
    const created = await createEvent(app, owner.token);
    // As if the event had been saved days ago, before its date passed.
    const past = dayFromNow(app, -3);
    await app.ctx.db.update(events).set({ date: past }).where(eq(events.id, created.id));
    const event = (await call(app.server, "GET", `/api/events/${created.id}`, { token: owner.token })).body;
    const same = await call(app.server, "PUT", `/api/events/${event.id}`, { token: owner.token, body: asUpdate(event) });
    expect(same.status).toBe(200);
    expect(same.body.date).toBe(past);
    const moved = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(same.body, { date: dayFromNow(app, -1) }),
    });
    expect(moved.status).toBe(400);
    expect(moved.body.fields).toEqual({ date: "validation.futureDate" });
  });

  it("refuses a body without version, and station names that clash", async () => {
    const event = await createEvent(app, owner.token);
    const { version: _v, ...noVersion } = asUpdate(event) as Record<string, unknown>;
    const res = await call(app.server, "PUT", `/api/events/${event.id}`, { token: owner.token, body: noVersion });
    expect(res.status).toBe(400);
    expect(res.body.fields.version).toBe("validation.required");
    const date = event.date;
    const clash = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { stations: [stationBody(date, { name: "X" }), stationBody(date, { name: "x" })] }),
    });
    expect(clash.status).toBe(400);
    expect(clash.body.fields["stations.1.name"]).toBe("events.validation.stationNameExists");
  });

  it("answers 404 to an outsider (and changes nothing) and 401 without a token", async () => {
    const event = await createEvent(app, owner.token);
    const res = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: outsider.token,
      body: asUpdate(event, { name: "Kapad" }),
    });
    expect(res.status).toBe(404);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body.name).toBe(
      "Stockholm Stadslopp",
    );
    expect((await call(app.server, "PUT", `/api/events/${event.id}`, { body: asUpdate(event) })).status).toBe(401);
  });
});

describe("station times are instants", () => {
  it("take an offset on POST and PUT and answer with the Stockholm time and its offset", async () => {
    const summer = "2030-06-14";
    const winter = "2030-12-13";
    const created = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, {
        stations: [stationBody(summer, { start: `${summer}T06:00:00Z`, end: `${summer}T18:00:00+02:00` })],
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body.stations[0]).toMatchObject({ start: `${summer}T08:00:00+02:00`, end: `${summer}T18:00:00+02:00` });

    const view = created.body;
    const put = await call(app.server, "PUT", `/api/events/${view.id}`, {
      token: owner.token,
      body: asUpdate(view, {
        stations: [
          ...asUpdate(view).stations,
          stationBody(winter, { name: "Vinter", start: `${winter}T09:30:00+01:00`, end: `${winter}T16:00:00.000Z` }),
        ],
      }),
    });
    expect(put.status).toBe(200);
    expect(put.body.stations.map((s: { start: string; end: string }) => [s.start, s.end])).toEqual([
      [`${summer}T08:00:00+02:00`, `${summer}T18:00:00+02:00`],
      [`${winter}T09:30:00+01:00`, `${winter}T17:00:00+01:00`],
    ]);
    const read = await call(app.server, "GET", `/api/events/${view.id}`, { token: owner.token });
    expect(read.body.stations).toEqual(put.body.stations);
  });

  it("read a local time as Stockholm time and answer with the offset in force then", async () => {
    const res = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, {
        stations: [
          stationBody("2030-06-14", { name: "Sommar", start: "2030-06-14T08:00", end: "2030-06-14T18:30" }),
          stationBody("2030-12-13", { name: "Vinter", start: "2030-12-13T08:00", end: "2030-12-13T18:30" }),
        ],
      }),
    });
    expect(res.status).toBe(201);
    const times = Object.fromEntries(
      res.body.stations.map((s: { name: string; start: string; end: string }) => [s.name, [s.start, s.end]]),
    );
    expect(times).toEqual({
      Sommar: ["2030-06-14T08:00:00+02:00", "2030-06-14T18:30:00+02:00"],
      Vinter: ["2030-12-13T08:00:00+01:00", "2030-12-13T18:30:00+01:00"],
    });
  });

  it("compare instants, not texts, and refuse a time that is not one", async () => {
    const date = "2030-06-14";
    // 09:00 at +00:00 is 11:00 in Stockholm: after 10:00 there, though its text sorts before.
    const later = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { stations: [stationBody(date, { start: `${date}T10:00`, end: `${date}T09:00:00Z` })] }),
    });
    expect(later.status).toBe(201);
    const earlier = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { stations: [stationBody(date, { start: `${date}T10:00:00+02:00`, end: `${date}T09:59:00+02:00` })] }),
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.fields["stations.0.end"]).toBe("events.validation.endBeforeStart");
    const garbage = await call(app.server, "POST", "/api/events", {
      token: owner.token,
      body: eventBody(app, { stations: [stationBody(date, { start: `${date}T08:00+1` })] }),
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.fields["stations.0.start"]).toBe("events.validation.dateTime");
  });
});
