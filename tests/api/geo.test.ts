import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";

/** A stand-in for Nominatim that records what reached it. */
let fake: Server;
let fakeUrl: string;
const hits: Array<{ path: string; userAgent: string; at: number }> = [];
let failNext = false;

let app: TestApp;
let bare: TestApp;
let user: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  fake = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    hits.push({ path: url.pathname + url.search, userAgent: String(req.headers["user-agent"]), at: Date.now() });
    res.setHeader("content-type", "application/json");
    if (failNext) {
      failNext = false;
      res.statusCode = 500;
      return res.end("{}");
    }
    if (url.pathname === "/search")
      return res.end(
        JSON.stringify([
          { display_name: "Sergels torg, Stockholm", lat: "59.3326", lon: "18.0649" },
          { display_name: "Somewhere in Spain", lat: "40.4", lon: "-3.7" },
        ]),
      );
    if (url.pathname === "/reverse") {
      if (url.searchParams.get("lat")?.startsWith("68.")) return res.end(JSON.stringify({ error: "Unable to geocode" }));
      return res.end(JSON.stringify({ display_name: "Drottninggatan 1, Stockholm", lat: "59.33", lon: "18.06" }));
    }
    res.statusCode = 404;
    res.end("{}");
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
  app = await createTestApp({ env: { GEOCODER_URL: fakeUrl, PUBLIC_URL: "https://bemanna.example" } });
  bare = await createTestApp();
  user = await buildUser(app);
});
afterAll(async () => {
  await app.close();
  await bare.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe("GET /api/public/config", () => {
  it("tells the client the tile server, its attribution and whether addresses can be searched", async () => {
    const res = await call(app.server, "GET", "/api/public/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      tileAttribution: "© OpenStreetMap contributors",
      geocoder: true,
    });
    expect((await call(bare.server, "GET", "/api/public/config")).body.geocoder).toBe(false);
  });
});

describe("GET /api/geo/search", () => {
  it("passes the query on in Swedish, limited to Sweden and Norway, keeps only hits inside the map and caches", async () => {
    hits.length = 0;
    const res = await call(app.server, "GET", `/api/geo/search?q=${encodeURIComponent("Sergels torg")}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ label: "Sergels torg, Stockholm", lat: 59.3326, lng: 18.0649 }]);
    expect(hits).toHaveLength(1);
    expect(hits[0].path).toContain("countrycodes=se%2Cno");
    expect(hits[0].path).toContain("accept-language=sv");
    expect(hits[0].userAgent).toBe("Bemanna/1.0 (https://bemanna.example)");
    const again = await call(app.server, "GET", "/api/geo/search?q=sergels%20TORG", { token: user.token });
    expect(again.body).toEqual(res.body);
    expect(hits).toHaveLength(1);
  });

  it("sends at most one request per second to the geocoder", async () => {
    hits.length = 0;
    await Promise.all(
      ["Avesta", "Borlänge", "Falun"].map((q) => call(app.server, "GET", `/api/geo/search?q=${q}`, { token: user.token })),
    );
    expect(hits).toHaveLength(3);
    const gaps = hits.slice(1).map((h, i) => h.at - hits[i].at);
    // Measured on arrival, so allow for a connection set up for the first request only.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
  });

  it("keeps the pace across server processes: it is reserved in the database", async () => {
    // A second app on the same database stands in for a second process.
    const second = await buildApp({ config: app.ctx.config, database: app.database, clock: app.clock, webRoot: "/nonexistent" });
    try {
      hits.length = 0;
      const ask = (server: typeof app.server, q: string) =>
        server.inject({ method: "GET", url: `/api/geo/search?q=${q}`, headers: { authorization: `Bearer ${user.token}` } });
      const answers = await Promise.all([
        ask(app.server, "Gävle"),
        ask(second.server, "Hudiksvall"),
        ask(app.server, "Sandviken"),
        ask(second.server, "Bollnäs"),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(hits).toHaveLength(4);
      const gaps = hits.slice(1).map((h, i) => h.at - hits[i].at);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
    } finally {
      await second.server.close();
    }
  });

  it("answers 503 when the geocoder fails, and when none is configured", async () => {
    failNext = true;
    const res = await call(app.server, "GET", "/api/geo/search?q=Kiruna", { token: user.token });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("ServiceUnavailable");
    const other = await buildUser(bare);
    const none = await call(bare.server, "GET", "/api/geo/search?q=Kiruna", { token: other.token });
    expect(none.status).toBe(503);
  });

  it("refuses an empty or too short query, and callers without a token", async () => {
    expect((await call(app.server, "GET", "/api/geo/search?q=", { token: user.token })).status).toBe(400);
    expect((await call(app.server, "GET", "/api/geo/search?q=a", { token: user.token })).status).toBe(400);
    expect((await call(app.server, "GET", "/api/geo/search?q=Kiruna")).status).toBe(401);
  });
});

describe("GET /api/geo/reverse", () => {
  it("names the address at a point, keeping the clicked coordinates", async () => {
    const res = await call(app.server, "GET", "/api/geo/reverse?lat=59.3301&lng=18.0601", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ label: "Drottninggatan 1, Stockholm", lat: 59.3301, lng: 18.0601 });
  });

  it("answers 404 where there is no address, 400 outside the map, 401 without a token", async () => {
    expect((await call(app.server, "GET", "/api/geo/reverse?lat=68.1&lng=20.1", { token: user.token })).status).toBe(404);
    const outside = await call(app.server, "GET", "/api/geo/reverse?lat=40.4&lng=-3.7", { token: user.token });
    expect(outside.status).toBe(400);
    expect((await call(app.server, "GET", "/api/geo/reverse?lat=abc&lng=1", { token: user.token })).status).toBe(400);
    expect((await call(app.server, "GET", "/api/geo/reverse?lat=59.3&lng=18.0")).status).toBe(401);
  });
});
