import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "#shared/i18n/index";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call, type Res } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import {
  asUpdate,
  confirmedEvent,
  createEvent,
  dayFromNow,
  draftGroup,
  eventBody,
  groupBody,
  stationBody,
  stationId,
} from "../helpers/seed.ts";

/**
 * Input the database cannot hold is refused by the shared schemas as a field error (400 ValidationError),
 * never passed on to fail there (500): integers beyond an integer column, versions beyond one, dates outside
 * the product's years, text PostgreSQL cannot store. And a website is an http(s) address, nothing else.
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof buildUser>>;
const INT4_OVER = 2 ** 31;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
});
afterAll(() => app?.close());

type Lang = keyof typeof resources;
const lookup = (lang: Lang, id: string) =>
  id.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], resources[lang]);

/** A 400 ValidationError naming `field` with a message id that both dictionaries have. */
function expectFieldError(res: Res, field: string, id?: string) {
  expectCleanError(res, "ValidationError", 400);
  const message = res.body.fields?.[field];
  expect(message, `fields of ${JSON.stringify(res.body.fields)}`).toEqual(id ?? expect.any(String));
  for (const lang of ["sv", "en"] as const) expect(typeof lookup(lang, message), `${lang} ${message}`).toBe("string");
}

const post = (url: string, body: unknown) => call(app.server, "POST", url, { token: owner.token, body });
const put = (url: string, body: unknown) => call(app.server, "PUT", url, { token: owner.token, body });

const payments = {
  GROUPPAYMENT: { paymentType: "GROUPPAYMENT", currency: "SEK", groupPayment: 5000, paymentAdult: null, paymentChild: null },
  PERPERSON: { paymentType: "PERPERSON", currency: "SEK", groupPayment: null, paymentAdult: 400, paymentChild: 250 },
};

describe("integers of a station", () => {
  const cases: Array<[field: string, payment: keyof typeof payments]> = [
    ["officialQuantity", "GROUPPAYMENT"],
    ["officialMiniumumAge", "GROUPPAYMENT"],
    ["groupPayment", "GROUPPAYMENT"],
    ["paymentAdult", "PERPERSON"],
    ["paymentChild", "PERPERSON"],
  ];

  it.each(cases)("%s beyond an integer column answers 400 on create and on update", async (field, payment) => {
    const date = dayFromNow(app, 30);
    const station = (value: number) => stationBody(date, { ...payments[payment], [field]: value });
    for (const value of [INT4_OVER, Number.MAX_SAFE_INTEGER]) {
      expectFieldError(await post("/api/events", eventBody(app, { stations: [station(value)] })), `stations.0.${field}`);
    }
    const event = await createEvent(app, owner.token, { stations: [station(1)] });
    const update = asUpdate(event);
    update.stations[0][field] = INT4_OVER;
    expectFieldError(await put(`/api/events/${event.id}`, update), `stations.0.${field}`);
  });

  it("a minimum age beyond a person's is refused; the largest sensible ones pass", async () => {
    const date = dayFromNow(app, 30);
    const res = await post("/api/events", eventBody(app, { stations: [stationBody(date, { officialMiniumumAge: 121 })] }));
    expectFieldError(res, "stations.0.officialMiniumumAge");
    const ok = await post(
      "/api/events",
      eventBody(app, {
        stations: [stationBody(date, { officialMiniumumAge: 120, officialQuantity: 1_000_000_000, groupPayment: 1_000_000_000 })],
      }),
    );
    expect(ok.status).toBe(201);
  });
});

describe("versions", () => {
  it("beyond an integer column answer 400 on every write that takes one", async () => {
    const event = await createEvent(app, owner.token, { stations: [stationBody(dayFromNow(app, 30))] });
    const group = await draftGroup(app, owner);
    const groupUpdate = { ...groupBody(), version: INT4_OVER };
    const writes: Array<[string, () => Promise<Res>]> = [
      ["PUT /api/events/:id", () => put(`/api/events/${event.id}`, asUpdate(event, { version: INT4_OVER }))],
      ["PUT /api/groups/:id", () => put(`/api/groups/${group.id}`, groupUpdate)],
      ["POST /api/groups/:id/confirm", () => post(`/api/groups/${group.id}/confirm`, { version: INT4_OVER })],
      [
        "PUT /api/groups/:groupId/availabilities",
        () => put(`/api/groups/${group.id}/availabilities`, { version: INT4_OVER, availabilities: [] }),
      ],
    ];
    for (const [name, write] of writes) {
      const res = await write();
      expect(res.status, name).toBe(400);
      expectFieldError(res, "version");
    }
    // Nothing was written: both are still at the version they were created with.
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body.version).toBe(event.version);
    expect((await call(app.server, "GET", `/api/groups/${group.id}`, { token: owner.token })).body.version).toBe(group.version);
  });
});

describe("dates outside the product's years (2000–2100)", () => {
  const period = (startDate: string, endDate: string) => ({ type: "PERIOD", startDate, endDate, location: "0180" });

  it("a PERIOD availability from year 0000 or to 9999 answers 400, through every call that takes one", async () => {
    const group = await draftGroup(app, owner);
    for (const [start, end, field] of [
      ["0000-01-01", "0000-02-01", "startDate"],
      ["1999-12-31", "2026-02-01", "startDate"],
      ["2030-01-01", "9999-02-01", "endDate"],
      ["2030-01-01", "2101-01-01", "endDate"],
    ]) {
      const availabilities = [period(start, end)];
      expectFieldError(
        await put(`/api/groups/${group.id}/availabilities`, { version: group.version, availabilities }),
        `availabilities.0.${field}`,
      );
      expectFieldError(await post("/api/groups", groupBody({ availabilities })), `availabilities.0.${field}`);
      expectFieldError(
        await put(`/api/groups/${group.id}`, { ...groupBody({ availabilities }), version: group.version }),
        `availabilities.0.${field}`,
      );
    }
    const edges = await put(`/api/groups/${group.id}/availabilities`, {
      version: group.version,
      availabilities: [period("2000-01-01", "2100-12-31")],
    });
    expect(edges.status).toBe(200);
  });

  it("an event date, a station's start or end, and an answer-by date", async () => {
    expectFieldError(await post("/api/events", eventBody(app, { date: "9999-12-31" })), "date");
    expectFieldError(await post("/api/events", eventBody(app, { date: "2101-01-01" })), "date");
    const date = dayFromNow(app, 30);
    expectFieldError(
      await post("/api/events", eventBody(app, { stations: [stationBody(date, { start: "0000-12-31T23:00" })] })),
      "stations.0.start",
    );
    expectFieldError(
      await post("/api/events", eventBody(app, { stations: [stationBody(date, { end: "9999-12-31T23:59:59+14:00" })] })),
      "stations.0.end",
    );
    const event = await confirmedEvent(app, owner);
    expectFieldError(await post(`/api/offers/${event.id}/confirm`, { expiresAt: "0000-01-01" }), "expiresAt");
  });

  it("in query strings", async () => {
    expectFieldError(await call(app.server, "GET", "/api/public/events?startDate=0000-01-01"), "startDate");
    expectFieldError(await call(app.server, "GET", "/api/public/events?endDate=9999-12-31"), "endDate");
    const event = await confirmedEvent(app, owner);
    const res = await call(
      app.server,
      "GET",
      `/api/groups/available?eventId=${event.id}&stationId=${stationId(event)}&startDate=0000-01-01`,
      { token: owner.token },
    );
    expectFieldError(res, "startDate");
  });
});

describe("text PostgreSQL cannot store", () => {
  it("half of a surrogate pair anywhere in a body answers 400, before any route runs", async () => {
    const volunteer = {
      name: "Kim Berg",
      email: "kim@example.se",
      phone: "0701234567",
      age: 16,
      participation: [{ eventId: "00000000-0000-4000-8000-000000000000", substitute: "\ud800" }],
    };
    expectFieldError(
      await post("/api/groups", groupBody({ volunteers: [volunteer] })),
      "volunteers.0.participation.0.substitute",
    );
    expectFieldError(await post("/api/events", eventBody(app, { name: "Lopp \udfff" })), "name");
    // A whole pair is a character like any other.
    expect((await post("/api/events", eventBody(app, { name: "Loppet 🏃" }))).status).toBe(201);
  });
});

describe("the organizer's website", () => {
  it("is an http or https address; other schemes and bare names get the field's message", async () => {
    for (const website of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "ftp://example.se",
      "mailto:info@example.se",
      "example.se",
      "//example.se",
      "http://",
      "https://exa mple.se",
    ])
      expectFieldError(
        await post("/api/events", eventBody(app, { organizerWebsite: website })),
        "organizerWebsite",
        "validation.url",
      );
    for (const website of ["https://example.se/lopp?id=1", "http://example.se", "HTTPS://EXAMPLE.SE", ""]) {
      const res = await post("/api/events", eventBody(app, { organizerWebsite: website }));
      expect(res.status, website).toBe(201);
    }
  });

  it("is checked on update too", async () => {
    const event = await createEvent(app, owner.token);
    const res = await put(`/api/events/${event.id}`, asUpdate(event, { organizerWebsite: "javascript:alert(document.cookie)" }));
    expectFieldError(res, "organizerWebsite", "validation.url");
  });
});
