import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, groupVolunteers, stations } from "../../src/server/db/schema.ts";
import { parseInstant } from "../../src/shared/time.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";

let app: TestApp;
type User = Awaited<ReturnType<typeof buildUser>>;
let anna: User;
let bertil: User;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp();
  anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson", phone: "0701111111" });
  bertil = await buildUser(app, { firstName: "Bertil", lastName: "Berg" });
  outsider = await buildUser(app);
});
afterAll(async () => {
  await app.close();
});

/** An event as the organizers' area stores it, with stations in the given municipalities. */
async function insertEvent(status: string, municipalities: string[], name = "Stadsloppet") {
  const [event] = await app.ctx.db
    .insert(events)
    .values({
      name,
      date: "2031-06-01",
      startTime: "09:00",
      city: "Stockholm",
      organizerNumber: "802000-1239",
      organizerName: "Arrangören",
      status,
    })
    .returning();
  for (const [i, municipality] of municipalities.entries()) {
    await app.ctx.db.insert(stations).values({
      eventId: event.id,
      name: `Station ${i + 1}`,
      description: "Vätska",
      start: parseInstant("2031-06-01T08:00") as Date,
      end: parseInstant("2031-06-01T18:00") as Date,
      municipality,
      markerLat: 59.3,
      markerLng: 18.0,
      officialQuantity: 10,
      officialMinimumAge: 13,
      paymentType: "NOCOMPENSATION",
    });
  }
  return event.id as string;
}

async function createGroup(user: User, overrides: Record<string, unknown> = {}) {
  const res = await call(app.server, "POST", "/api/groups", {
    token: user.token,
    body: {
      name: "IFK Exempel P12",
      organizationNumber: "802000-1239",
      organizationName: "IFK Exempel",
      municipality: "0180",
      numberOfMembers: 24,
      ages: ["12"],
      sport: 0,
      skills: [],
      contactPersons: [],
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

const period = { type: "PERIOD", startDate: "2031-05-01", endDate: "2031-05-31", location: "0180" };

function putAvailabilities(user: User | null, groupId: string, body: unknown) {
  return call(app.server, "PUT", `/api/groups/${groupId}/availabilities`, { token: user?.token, body });
}

describe("GET /api/groups/{groupId}/availabilities", () => {
  it("lists the group's availabilities in the order saved", async () => {
    const g = await createGroup(anna, {
      availabilities: [period, { ...period, startDate: "2031-07-01", endDate: "2031-07-02" }],
    });
    const res = await call(app.server, "GET", `/api/groups/${g.id}/availabilities`, { token: anna.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(String), ...period, eventId: null },
      { id: expect.any(String), ...period, startDate: "2031-07-01", endDate: "2031-07-02", eventId: null },
    ]);
  });

  it("answers 404 to an outsider and 401 without a token", async () => {
    const g = await createGroup(anna, { availabilities: [period] });
    expect((await call(app.server, "GET", `/api/groups/${g.id}/availabilities`, { token: outsider.token })).status).toBe(404);
    expect((await call(app.server, "GET", `/api/groups/${g.id}/availabilities`)).status).toBe(401);
  });
});

describe("PUT /api/groups/{groupId}/availabilities", () => {
  it("replaces the list, bumps the group's version and answers the new list", async () => {
    const g = await createGroup(anna, { availabilities: [period] });
    const res = await putAvailabilities(anna, g.id, {
      version: g.version,
      availabilities: [
        { ...period, location: "1480" },
        { ...period, location: "NO-0301" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(g.version + 1);
    expect(res.body.availabilities.map((a: { location: string }) => a.location)).toEqual(["1480", "NO-0301"]);
    const group = await call(app.server, "GET", `/api/groups/${g.id}`, { token: anna.token });
    expect(group.body.availabilities).toEqual(res.body.availabilities);
    expect(group.body.version).toBe(g.version + 1);
  });

  it("accepts an empty list", async () => {
    const g = await createGroup(anna, { availabilities: [period] });
    const res = await putAvailabilities(anna, g.id, { version: g.version, availabilities: [] });
    expect(res.status).toBe(200);
    expect(res.body.availabilities).toEqual([]);
  });

  it.each([
    ["availabilities.0.type", { ...period, type: "" }, "validation.required"],
    ["availabilities.0.type", { ...period, type: "SOMETIMES" }, "validation.required"],
    ["availabilities.0.location", { ...period, location: "" }, "validation.required"],
    ["availabilities.0.location", { ...period, location: "0000" }, "validation.oneOf"],
    ["availabilities.0.startDate", { ...period, startDate: undefined }, "validation.required"],
    ["availabilities.0.endDate", { ...period, endDate: "2031-13-01" }, "validation.dateFormat"],
    [
      "availabilities.0.endDate",
      { ...period, startDate: "2031-05-02", endDate: "2031-05-01" },
      "groups.validation.endBeforeStart",
    ],
    ["availabilities.0.eventId", { type: "EVENT", location: "0180" }, "groups.validation.eventRequired"],
    ["availabilities.0.eventId", { type: "EVENT", eventId: "not-an-id", location: "0180" }, "groups.validation.eventNotFound"],
  ])("refuses an invalid %s (%j) and changes nothing", async (field, entry, message) => {
    const g = await createGroup(anna, { availabilities: [period] });
    const res = await putAvailabilities(anna, g.id, { version: g.version, availabilities: [entry] });
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    const after = await call(app.server, "GET", `/api/groups/${g.id}/availabilities`, { token: anna.token });
    expect(after.body).toEqual(g.availabilities);
  });

  it("needs the version and refuses a stale one with 409", async () => {
    const g = await createGroup(anna, { contactPersons: [{ email: bertil.email, name: "Bertil" }] });
    expect((await putAvailabilities(anna, g.id, { availabilities: [period] })).status).toBe(400);
    expect((await putAvailabilities(bertil, g.id, { version: g.version, availabilities: [period] })).status).toBe(200);
    const stale = await putAvailabilities(anna, g.id, { version: g.version, availabilities: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("Conflict");
    const after = await call(app.server, "GET", `/api/groups/${g.id}/availabilities`, { token: anna.token });
    expect(after.body).toHaveLength(1);
  });

  it("answers 404 to an outsider and 401 without a token", async () => {
    const g = await createGroup(anna);
    expect((await putAvailabilities(outsider, g.id, { version: g.version, availabilities: [period] })).status).toBe(404);
    expect((await putAvailabilities(null, g.id, { version: g.version, availabilities: [period] })).status).toBe(401);
    const after = await call(app.server, "GET", `/api/groups/${g.id}/availabilities`, { token: anna.token });
    expect(after.body).toEqual([]);
  });
});

describe("EVENT availability", () => {
  it("takes a published event at one of its stations' municipalities", async () => {
    const eventId = await insertEvent("CONFIRMED", ["0180", "0114"]);
    const g = await createGroup(anna);
    const res = await putAvailabilities(anna, g.id, {
      version: g.version,
      availabilities: [{ type: "EVENT", eventId, location: "0114" }],
    });
    expect(res.status).toBe(200);
    expect(res.body.availabilities).toEqual([
      { id: expect.any(String), type: "EVENT", eventId, startDate: null, endDate: null, location: "0114" },
    ]);
  });

  it("refuses a location where the event has no station", async () => {
    const eventId = await insertEvent("CONFIRMED", ["0180"]);
    const g = await createGroup(anna);
    const res = await putAvailabilities(anna, g.id, {
      version: g.version,
      availabilities: [{ type: "EVENT", eventId, location: "1480" }],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ "availabilities.0.location": "groups.validation.locationNotAtEvent" });
  });

  it("refuses an event that does not exist, or is still a private draft", async () => {
    const draft = await insertEvent("DRAFT", ["0180"]);
    const g = await createGroup(anna);
    for (const eventId of [draft, "00000000-0000-4000-8000-000000000000"]) {
      const res = await putAvailabilities(anna, g.id, {
        version: g.version,
        availabilities: [{ type: "EVENT", eventId, location: "0180" }],
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ "availabilities.0.eventId": "groups.validation.eventNotFound" });
    }
  });

  it("is checked the same way when the group is created or saved whole", async () => {
    const eventId = await insertEvent("CONFIRMED", ["0180"]);
    const res = await call(app.server, "POST", "/api/groups", {
      token: anna.token,
      body: {
        name: "IFK Exempel P12",
        organizationNumber: "802000-1239",
        organizationName: "IFK Exempel",
        municipality: "0180",
        numberOfMembers: 24,
        ages: ["12"],
        availabilities: [period, { type: "EVENT", eventId, location: "1280" }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ "availabilities.1.location": "groups.validation.locationNotAtEvent" });
  });
});

describe("GET /api/groups/{id}/export.csv", () => {
  it("exports the group's data as UTF-8 CSV with BOM and semicolons, in the user's language", async () => {
    const eventId = await insertEvent("CONFIRMED", ["0180"], "Vårruset");
    const otherEventId = await insertEvent("CONFIRMED", ["0180"], "Midnattsloppet");
    const g = await createGroup(anna, {
      name: "Åby BK; F12",
      volunteers: [
        {
          name: "Kim Berg",
          email: "kim@example.se",
          phone: "+46701234567",
          age: 13,
          participation: [
            { eventId, shirtSize: "M", specialDiets: ["VEGAN", "GLUTEN_FREE"], substitute: "Sam Ek" },
            { eventId: otherEventId, specialDiets: [] },
          ],
        },
        { name: '=HYPERLINK("x")', email: "ali@example.se", phone: "0707654321", age: 12 },
        { name: "Elin Holm", email: "elin@example.se", phone: "0701112233", age: 15 },
      ],
      availabilities: [period, { type: "EVENT", eventId, location: "0180" }],
    });
    // Minors who joined through the sign-up link name a guardian (only that call sets one): one has said yes.
    const volunteerId = (email: string) => g.volunteers.find((v: { email: string }) => v.email === email).id;
    await app.ctx.db
      .update(groupVolunteers)
      .set({ guardianName: "Eva Holm", guardianEmail: "eva@example.se" })
      .where(eq(groupVolunteers.id, volunteerId("elin@example.se")));
    await app.ctx.db
      .update(groupVolunteers)
      .set({ guardianName: "Per Berg", guardianEmail: "per@example.se", guardianConfirmedAt: new Date() })
      .where(eq(groupVolunteers.id, volunteerId("kim@example.se")));
    const res = await app.server.inject({
      method: "GET",
      url: `/api/groups/${g.id}/export.csv`,
      headers: { authorization: `Bearer ${anna.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="aby-bk-f12.csv"');
    expect(res.headers["cache-control"]).toBe("no-store");
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Grupp");
    expect(lines[1]).toBe('Gruppens namn;"Åby BK; F12"');
    expect(text).toContain("Kommun;Stockholm");
    expect(text).toContain("Åldrar;12 år");
    expect(text).toContain("Status;Obekräftad");
    expect(text).toContain(`Anna Andersson;${anna.email};070-111 11 11`);
    expect(lines).toContain(
      "Namn;E-postadress;Mobilnummer;Ålder;Vårdnadshavare;Vårdnadshavarens e-postadress;Vårdnadshavaren har sagt ja",
    );
    expect(lines).toContain("Kim Berg;kim@example.se;070-123 45 67;13;Per Berg;per@example.se;Ja");
    expect(lines).toContain("Elin Holm;elin@example.se;070-111 22 33;15;Eva Holm;eva@example.se;Nej");
    // A name that a spreadsheet would run as a formula is defused.
    expect(lines).toContain(`"'=HYPERLINK(""x"")";ali@example.se;070-765 43 21;12;;;`);
    // What each volunteer stated per event: the part the erasure notice asks contacts to keep.
    const participation = lines.indexOf("Funktionärernas uppgifter per evenemang");
    expect(participation).toBeGreaterThan(lines.indexOf("Funktionärer"));
    expect(lines.slice(participation + 1, participation + 4)).toEqual([
      "Namn;E-postadress;Evenemang;Tröjstorlek;Specialkost;Ersätter vem?",
      "Kim Berg;kim@example.se;Vårruset (2031-06-01);M;Vegansk, Glutenfri;Sam Ek",
      "Kim Berg;kim@example.se;Midnattsloppet (2031-06-01);;;",
    ]);
    expect(lines[participation + 4]).toBe("");
    expect(text).toContain("Under en period;2031-05-01;2031-05-31;;Stockholm");
    expect(text).toContain("Till ett visst evenemang;;;Vårruset (2031-06-01);Stockholm");
  });

  it("uses English headers for an English-speaking contact", async () => {
    const english = await buildUser(app, { language: "en" });
    const g = await createGroup(english);
    const res = await app.server.inject({
      method: "GET",
      url: `/api/groups/${g.id}/export.csv`,
      headers: { authorization: `Bearer ${english.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Group name;IFK Exempel P12");
    expect(res.body).toContain("Status;Unconfirmed");
    expect(res.body).toContain("Name;E-mail address;Mobile number;Age;Guardian;Guardian's e-mail address;Guardian has said yes");
    expect(res.body).toContain(
      "Volunteers' details per event\r\nName;E-mail address;Event;Shirt size;Special diets;Replacing whom?",
    );
  });

  it("answers 404 to an outsider and 401 without a token", async () => {
    const g = await createGroup(anna, {
      volunteers: [{ name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: 13 }],
    });
    const outside = await call(app.server, "GET", `/api/groups/${g.id}/export.csv`, { token: outsider.token });
    expect(outside.status).toBe(404);
    expect(JSON.stringify(outside.body)).not.toContain("kim@example.se");
    expect((await call(app.server, "GET", `/api/groups/${g.id}/export.csv`)).status).toBe(401);
  });
});

describe("period dates", () => {
  it("round-trip as calendar dates, never shifted by a time zone", async () => {
    const g = await createGroup(anna, { availabilities: [{ ...period, startDate: "2031-01-01", endDate: "2031-01-01" }] });
    expect(g.availabilities[0]).toMatchObject({ startDate: "2031-01-01", endDate: "2031-01-01" });
    const listed = await call(app.server, "GET", `/api/groups/${g.id}/availabilities`, { token: anna.token });
    expect(listed.body[0]).toMatchObject({ startDate: "2031-01-01", endDate: "2031-01-01" });
  });
});
