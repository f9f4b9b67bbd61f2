import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggedUrl } from "../../src/server/app.ts";
import { users } from "../../src/server/db/schema.ts";
import { FEED_FETCHES } from "../../src/server/features/calendar/routes.ts";
import { mapLink } from "../../src/shared/geo/map-link.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { type Component, expectLineRules, prop, readCalendar, text } from "../helpers/ical.ts";
import { expectCleanError, freshIp, req } from "../helpers/identity.ts";
import { type OfferKey, removeOffer } from "../helpers/offers.ts";
import {
  asUpdate,
  confirmedEvent,
  confirmedGroup,
  draftEvent,
  type Json,
  makeHistoric,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * The calendar feed: a secret address per user (GET /api/user/calendar, renewed by POST …/renew) and the
 * feed behind it (GET /api/calendar/{token}.ics, no sign-in). It holds the stations the user is team leader
 * of and the stations of their groups' ACCEPTED offers, at CONFIRMED and HISTORIC events, in RFC 5545 text.
 */

let app: TestApp;
let owner: User;
let leader: User;
let anna: User;
let bertil: User;
let outsider: User;

const PUBLIC_URL = "https://bemanna.example";

beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL } });
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  leader = await buildUser(app, { firstName: "Lena", lastName: "Ledare" });
  anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson", language: "en" });
  bertil = await buildUser(app, { firstName: "Bertil", lastName: "Berg" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utanför" });
});
afterAll(async () => {
  await app.close();
});

const FEED_URL = new RegExp(`^${PUBLIC_URL}/api/calendar/([A-Za-z0-9_-]{65})\\.ics$`);

/** The user's feed address, as the profile page gets it. */
async function addressOf(user: User): Promise<string> {
  const res = await call(app.server, "GET", "/api/user/calendar", { token: user.token });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ url: expect.stringMatching(FEED_URL) });
  return res.body.url;
}

/** GET of a feed address as a calendar app would (no token, no cookie), from an address of its own. */
function fetchFeed(url: string, ip = freshIp()) {
  return req(app, "GET", new URL(url).pathname, { ip });
}

/** The feed of `user` as RFC 5545 text (status 200 checked) and its VEVENTs. */
async function feedOf(user: User): Promise<{ ics: string; calendar: Component; events: Component[] }> {
  const res = await app.server.inject({ method: "GET", url: new URL(await addressOf(user)).pathname, remoteAddress: freshIp() });
  expect(res.statusCode, res.body).toBe(200);
  expectLineRules(res.rawPayload);
  const calendar = readCalendar(res.body);
  return { ics: res.body, calendar, events: calendar.components.filter((c) => c.name === "VEVENT") };
}

const uids = (events: Component[]) => events.map((e) => prop(e, "UID")).sort();
const leaderUid = (station: string) => `teamleader-${station}@bemanna.se`;
const offerUid = (k: OfferKey) => `offer-${k.stationId}-${k.groupId}@bemanna.se`;
const byUid = (events: Component[], uid: string) => {
  const found = events.find((e) => prop(e, "UID") === uid);
  if (!found) throw new Error(`no ${uid} in ${uids(events)}`);
  return found;
};

/** `20260601T060000Z` for an instant. */
const utc = (at: string | Date) =>
  new Date(at)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");

let groupCounter = 0;
async function group(contact: User, overrides: Record<string, unknown> = {}) {
  groupCounter++;
  return confirmedGroup(app, contact, { name: `Grupp ${groupCounter} ${contact.user.firstName}`, ...overrides });
}

const key = (e: Json, g: Json, station = "S1"): OfferKey => ({ eventId: e.id, groupId: g.id, stationId: stationId(e, station) });

describe("GET /api/user/calendar", () => {
  it("needs a signed-in user: 401 without a token, for the address and its renewal", async () => {
    expectCleanError(await call(app.server, "GET", "/api/user/calendar"), "Unauthorized", 401);
    expectCleanError(await call(app.server, "POST", "/api/user/calendar/renew"), "Unauthorized", 401);
    expectCleanError(await call(app.server, "GET", "/api/user/calendar", { token: "not-a-token" }), "Unauthorized", 401);
  });

  it("gives the user's own address under PUBLIC_URL, the same on every call, and another user another one", async () => {
    const first = await addressOf(bertil);
    expect(await addressOf(bertil)).toBe(first);
    const other = await addressOf(outsider);
    expect(other).not.toBe(first);
    // The secret part differs as a whole, not only in the user id it starts with.
    const macOf = (url: string) => (FEED_URL.exec(url)?.[1] ?? "").slice(22);
    expect(macOf(other)).not.toBe(macOf(first));
  });
});

describe("GET /api/calendar/{token}.ics — a team leader's stations", () => {
  let confirmed: Json;
  let historic: Json;
  let draft: Json;

  beforeAll(async () => {
    confirmed = await confirmedEvent(app, owner, {
      stations: [
        {
          teamLeaderEmail: leader.email,
          markerLocation: "Sergels torg, Stockholm",
          markerCoordinates: { lat: 59.3326, lng: 18.0649 },
        },
        { teamLeaderEmail: "" },
        { teamLeaderEmail: leader.email, markerLocation: "", municipality: "1480", markerCoordinates: { lat: 57.7, lng: 11.97 } },
        { teamLeaderEmail: owner.email },
      ],
      event: { name: "Stockholm Stadslopp" },
    });
    historic = await confirmedEvent(app, owner, {
      days: 20,
      stations: [{ teamLeaderEmail: leader.email }],
      event: { name: "Vårruset" },
    });
    await makeHistoric(app, historic.id);
    draft = await draftEvent(app, owner, { stations: [{ teamLeaderEmail: leader.email }], event: { name: "Utkastloppet" } });
  });

  it("holds exactly the stations they lead at CONFIRMED and HISTORIC events, not a DRAFT event's, not others'", async () => {
    const { events } = await feedOf(leader);
    expect(uids(events)).toEqual(
      [leaderUid(stationId(confirmed, "S1")), leaderUid(stationId(confirmed, "S3")), leaderUid(stationId(historic, "S1"))].sort(),
    );
    expect(JSON.stringify(events)).not.toContain(stationId(draft, "S1"));
  });

  it("describes each station: times in UTC, summary, place, map, role and the station sheet in Bemanna", async () => {
    const { calendar, events } = await feedOf(leader);
    expect(prop(calendar, "VERSION")).toBe("2.0");
    expect(prop(calendar, "METHOD")).toBe("PUBLISH");
    expect(prop(calendar, "CALSCALE")).toBe("GREGORIAN");
    expect(prop(calendar, "PRODID")).toEqual(expect.any(String));
    expect(text(calendar, "X-WR-CALNAME")).toBe("Bemanna – mina stationer");

    const station = confirmed.stations.find((s: Json) => s.name === "S1");
    const e = byUid(events, leaderUid(station.id));
    expect(prop(e, "DTSTART")).toBe(utc(station.start));
    expect(prop(e, "DTEND")).toBe(utc(station.end));
    expect(prop(e, "DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(text(e, "SUMMARY")).toBe("S1 — Stockholm Stadslopp");
    expect(text(e, "LOCATION")).toBe("Sergels torg, Stockholm");
    expect(prop(e, "GEO")).toBe("59.332600;18.064900");
    const sheet = `${PUBLIC_URL}/my-pages/teamleaders/${confirmed.id}/stations/${station.id}/sheet`;
    expect(prop(e, "URL")).toBe(sheet);
    const description = text(e, "DESCRIPTION") ?? "";
    expect(description).toContain(`Evenemang: Stockholm Stadslopp, ${confirmed.date}`);
    expect(description).toContain("Station: S1");
    expect(description).toContain(station.description);
    expect(description).toContain("Du är stationsansvarig.");
    expect(description).toContain(mapLink({ lat: 59.3326, lng: 18.0649 }));
    expect(description).toContain(sheet);
    expect(Number(prop(e, "SEQUENCE"))).toBeGreaterThanOrEqual(0);
    expect(prop(e, "LAST-MODIFIED")).toMatch(/^\d{8}T\d{6}Z$/);

    // Without a place of its own, the station is in its municipality.
    expect(text(byUid(events, leaderUid(stationId(confirmed, "S3"))), "LOCATION")).toBe("Göteborg");
  });

  it("shows changed station times at the next fetch, as an update of the same entry", async () => {
    const before = byUid((await feedOf(leader)).events, leaderUid(stationId(confirmed, "S1")));
    const view = (await call(app.server, "GET", `/api/events/${confirmed.id}`, { token: owner.token })).body;
    const body = asUpdate(view);
    const s1 = body.stations.find((s: Json) => s.name === "S1");
    s1.start = `${confirmed.date}T10:15`;
    s1.end = `${confirmed.date}T19:45`;
    const saved = await call(app.server, "PUT", `/api/events/${confirmed.id}`, { token: owner.token, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const moved = saved.body.stations.find((s: Json) => s.name === "S1");

    const after = byUid((await feedOf(leader)).events, leaderUid(moved.id));
    expect(prop(after, "DTSTART")).toBe(utc(moved.start));
    expect(prop(after, "DTEND")).toBe(utc(moved.end));
    expect(prop(after, "DTSTART")).not.toBe(prop(before, "DTSTART"));
    expect(Number(prop(after, "SEQUENCE"))).toBeGreaterThan(Number(prop(before, "SEQUENCE")));
    expect(prop(after, "LAST-MODIFIED")! >= prop(before, "LAST-MODIFIED")!).toBe(true);
    confirmed = saved.body;
  });

  it("drops a station whose team leader is changed to someone else", async () => {
    const view = (await call(app.server, "GET", `/api/events/${confirmed.id}`, { token: owner.token })).body;
    const body = asUpdate(view);
    body.stations.find((s: Json) => s.name === "S3").teamLeaderEmail = owner.email;
    const saved = await call(app.server, "PUT", `/api/events/${confirmed.id}`, { token: owner.token, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(uids((await feedOf(leader)).events)).toEqual(
      [leaderUid(stationId(confirmed, "S1")), leaderUid(stationId(historic, "S1"))].sort(),
    );
    expect(uids((await feedOf(owner)).events)).toEqual(
      [leaderUid(stationId(confirmed, "S3")), leaderUid(stationId(confirmed, "S4"))].sort(),
    );
  });
});

describe("GET /api/calendar/{token}.ics — a group contact's accepted offers", () => {
  let e: Json;
  let mine: Json;
  let second: Json;
  let others: Json;

  beforeAll(async () => {
    e = await confirmedEvent(app, owner, {
      stations: [{}, {}, {}, {}, {}],
      event: { name: "Göteborgsvarvet" },
    });
    mine = await group(anna);
    second = await group(anna);
    others = await group(bertil);
    await offerAt(app, owner, anna, key(e, mine, "S1"), { to: "ACCEPTED", volunteers: 4 });
    await offerAt(app, owner, anna, key(e, mine, "S2"), { to: "REJECTED" });
    await offerAt(app, owner, anna, key(e, mine, "S3"), { to: "PROPOSAL" });
    await offerAt(app, owner, anna, key(e, mine, "S4"), { to: "DRAFT" });
    await offerAt(app, owner, anna, key(e, second, "S1"), { to: "ACCEPTED", volunteers: 1 });
    await offerAt(app, owner, bertil, key(e, others, "S5"), { to: "ACCEPTED" });
  });

  it("holds one entry per ACCEPTED offer of the user's groups: not REJECTED, PROPOSAL or DRAFT ones, not another group's", async () => {
    const { events } = await feedOf(anna);
    expect(uids(events)).toEqual([offerUid(key(e, mine, "S1")), offerUid(key(e, second, "S1"))].sort());
    expect(uids((await feedOf(bertil)).events)).toEqual([offerUid(key(e, others, "S5"))]);
  });

  it("describes the offer in the user's language: group, volunteers, map and the engagement page", async () => {
    const { calendar, events } = await feedOf(anna);
    expect(text(calendar, "X-WR-CALNAME")).toBe("Bemanna – my stations");
    const k = key(e, mine, "S1");
    const entry = byUid(events, offerUid(k));
    const station = e.stations.find((s: Json) => s.id === k.stationId);
    // Two of the user's groups at one station: the entries differ by the group's name.
    expect(text(entry, "SUMMARY")).toBe(`S1 — Göteborgsvarvet (${mine.name})`);
    expect(text(byUid(events, offerUid(key(e, second, "S1"))), "SUMMARY")).toBe(`S1 — Göteborgsvarvet (${second.name})`);
    expect(prop(entry, "DTSTART")).toBe(utc(station.start));
    expect(prop(entry, "DTEND")).toBe(utc(station.end));
    const page = `${PUBLIC_URL}/my-pages/volunteers/engagement/${e.id}/${mine.id}/${k.stationId}`;
    expect(prop(entry, "URL")).toBe(page);
    const description = text(entry, "DESCRIPTION") ?? "";
    expect(description).toContain(`Event: Göteborgsvarvet, ${e.date}`);
    expect(description).toContain(`You are a group contact of ${mine.name}.`);
    expect(description).toContain("Volunteers: 4");
    expect(description).toContain(mapLink(station.markerCoordinates));
    expect(description).toContain(page);
    expect(text(byUid(events, offerUid(key(e, second, "S1"))), "DESCRIPTION")).toContain("Volunteers: 1");
  });

  it("loses an offer once it is withdrawn", async () => {
    const k = key(e, second, "S1");
    expect((await removeOffer(app, owner.token, k)).status).toBe(204);
    expect(uids((await feedOf(anna)).events)).toEqual([offerUid(key(e, mine, "S1"))]);
  });

  it("keeps the offers of a HISTORIC event", async () => {
    const past = await confirmedEvent(app, owner, { days: 20, event: { name: "Blodomloppet" } });
    const k = key(past, mine);
    await offerAt(app, owner, anna, k, { to: "ACCEPTED" });
    await makeHistoric(app, past.id);
    expect(uids((await feedOf(anna)).events)).toContain(offerUid(k));
  });

  it("gives an outsider an empty, still valid calendar", async () => {
    const { calendar, events } = await feedOf(outsider);
    expect(events).toEqual([]);
    expect(prop(calendar, "VERSION")).toBe("2.0");
  });
});

describe("the feed's HTTP answer", () => {
  it("is text/calendar in UTF-8, never stored, with no cookie needed or set", async () => {
    const res = await fetchFeed(await addressOf(bertil));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("keeps RFC 5545's line rules with long texts, every special character and multi-byte letters", async () => {
    const description =
      "Vätskekontroll; ta med vattendunkar, muggar och sopsäckar.\nSamling vid tältet\\grinden 07:30 — 🏃‍♀️🥤 ".repeat(4);
    const ev = await confirmedEvent(app, owner, {
      stations: [
        {
          name: "Vätska, kilometer 12; östra sidan — Ålidhem",
          description,
          markerLocation: "Östra Strandgatan 12, 903 33 Umeå; vid bron, nära ån",
          teamLeaderEmail: outsider.email,
        },
      ],
      days: 40,
      event: { name: "Umeå Midnattslopp — Ålidhem–Öst 🏃" },
    });
    const { ics, events } = await feedOf(outsider);
    // Folded, since these lines are far longer than 75 octets.
    expect(ics).toMatch(/\r\n [^\r]/);
    const entry = byUid(events, leaderUid(stationId(ev, "Vätska, kilometer 12; östra sidan — Ålidhem")));
    expect(text(entry, "SUMMARY")).toBe("Vätska, kilometer 12; östra sidan — Ålidhem — Umeå Midnattslopp — Ålidhem–Öst 🏃");
    expect(text(entry, "LOCATION")).toBe("Östra Strandgatan 12, 903 33 Umeå; vid bron, nära ån");
    expect(text(entry, "DESCRIPTION")).toContain(description.trim());
  });
});

describe("renewing the address", () => {
  it("gives a new address at once; the old one answers 404, the new one the feed", async () => {
    const user = await buildUser(app, { firstName: "Rut", lastName: "Renew" });
    const old = await addressOf(user);
    expect((await fetchFeed(old)).status).toBe(200);

    const renewed = await call(app.server, "POST", "/api/user/calendar/renew", { token: user.token });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toEqual({ url: expect.stringMatching(FEED_URL) });
    expect(renewed.body.url).not.toBe(old);
    expect(await addressOf(user)).toBe(renewed.body.url);

    const gone = await fetchFeed(old);
    expectCleanError(gone, "NotFound", 404);
    expect((await fetchFeed(renewed.body.url)).status).toBe(200);

    // Renewing once more kills the second address too; the first stays dead.
    const again = await call(app.server, "POST", "/api/user/calendar/renew", { token: user.token });
    expect((await fetchFeed(renewed.body.url)).status).toBe(404);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(again.body.url)).status).toBe(200);
  });

  it("renews only the caller's own address", async () => {
    const before = await addressOf(bertil);
    await call(app.server, "POST", "/api/user/calendar/renew", { token: outsider.token });
    expect(await addressOf(bertil)).toBe(before);
    expect((await fetchFeed(before)).status).toBe(200);
  });
});

describe("a token that is not a live one", () => {
  const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const flip = (c: string) => (c === "A" ? "B" : "A");
  /** The id's last character with its lowest bit flipped: one of the 4 bits past the id's 128, which decoding ignores. */
  const spareBit = (c: string) => BASE64URL[BASE64URL.indexOf(c) ^ 1];

  it.each([
    ["the MAC's last character changed", (t: string) => t.slice(0, -1) + flip(t.slice(-1))],
    ["the MAC's first character changed", (t: string) => t.slice(0, 22) + flip(t[22]) + t.slice(23)],
    ["the user id changed", (t: string) => flip(t[0]) + t.slice(1)],
    ["one character short", (t: string) => t.slice(0, -1)],
    ["one character more", (t: string) => `${t}A`],
    ["a character outside base64url", (t: string) => `${t.slice(0, -1)}=`],
    [
      "the id spelt another way (its last character's spare bits set)",
      (t: string) => t.slice(0, 21) + spareBit(t[21]) + t.slice(22),
    ],
    ["only the user id", (t: string) => t.slice(0, 22)],
    ["empty", () => ""],
    ["far too long", (t: string) => t.repeat(5)],
  ])("answers 404 NotFound in the API's format for %s, naming nobody", async (_, tamper) => {
    const url = await addressOf(leader);
    const token = FEED_URL.exec(url)?.[1] ?? "";
    const res = await req(app, "GET", `/api/calendar/${encodeURIComponent(tamper(token))}.ics`, { ip: freshIp() });
    expectCleanError(res, "NotFound", 404);
    const said = JSON.stringify(res.body);
    for (const personal of [leader.email, "Lena", "Ledare", "Stockholm Stadslopp"]) expect(said).not.toContain(personal);
  });

  it("answers a path that is not valid percent-encoding in the API's format too (400)", async () => {
    expectCleanError(await req(app, "GET", "/api/calendar/%E0%A4%A.ics", { ip: freshIp() }), "ValidationError", 400);
  });

  it("cannot be made from one's own address for another user (the outsider case)", async () => {
    const mine = FEED_URL.exec(await addressOf(outsider))?.[1] ?? "";
    const theirs = FEED_URL.exec(await addressOf(leader))?.[1] ?? "";
    const forged = theirs.slice(0, 22) + mine.slice(22);
    expectCleanError(await req(app, "GET", `/api/calendar/${forged}.ics`, { ip: freshIp() }), "NotFound", 404);
    expect((await req(app, "GET", `/api/calendar/${theirs}`, { ip: freshIp() })).status).toBe(404);
  });

  it("answers 404 for the address of a user who is gone", async () => {
    const user = await buildUser(app);
    const url = await addressOf(user);
    await app.ctx.db.delete(users).where(eq(users.email, user.email));
    expectCleanError(await fetchFeed(url), "NotFound", 404);
  });
});

describe("the feed's rate limit", () => {
  it(`answers 429 with Retry-After after ${FEED_FETCHES.limit} fetches a minute from one address, valid or not; other addresses go on`, async () => {
    const url = await addressOf(bertil);
    const ip = freshIp();
    for (let i = 0; i < FEED_FETCHES.limit; i++) {
      const res = await (i % 2 ? fetchFeed(url, ip) : req(app, "GET", "/api/calendar/wrong.ics", { ip }));
      expect(res.status, `fetch ${i + 1}`).toBe(i % 2 ? 200 : 404);
    }
    const refused = await fetchFeed(url, ip);
    expectCleanError(refused, "LimitExceededException", 429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await fetchFeed(url)).status).toBe(200);

    app.clock.advance(FEED_FETCHES.windowSeconds * 1000 + 1000);
    expect((await fetchFeed(url, ip)).status).toBe(200);
  });
});

describe("the request log", () => {
  it("names the feed's route but never its secret token", () => {
    expect(loggedUrl("/api/calendar/AbC-123_x.ics")).toBe("/api/calendar/[redacted]");
    expect(loggedUrl("/api/calendar/AbC.ics?x=1")).toBe("/api/calendar/[redacted]?x=1");
    expect(loggedUrl("/api/events/1")).toBe("/api/events/1");
  });
});
