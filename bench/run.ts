// `npm run bench`: measures the API with autocannon against a server in its own process, on the embedded
// database and (when DATABASE_URL or BENCH_DATABASE_URL is set, or PostgreSQL answers on 127.0.0.1:5432)
// on PostgreSQL. Prints req/s, p50/p95/p99 latency and the ratio to a bare Fastify route of the same run.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";
import { updateBodyOf } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import { nextBankDay } from "#shared/payments/bank-days";
import {
  CHECKIN_CAPACITY_SCENARIO,
  CHECKIN_DEVICES,
  CHECKIN_LIST_MAX_GZIP,
  CHECKIN_LIST_MAX_STATEMENTS,
  CHECKIN_LIST_SCENARIO,
  CHECKIN_SCENARIO,
  LIVE_SCENARIO,
  listSize,
  measureCheckins,
  pacedCheckins,
} from "./checkin.ts";
import { MAIL_BUDGET_SHARE, MAIL_SCENARIO, measureMail } from "./mail.ts";
import { COPY_SCENARIO, clientAddress, type LinksInfo, SIGN_UP_PAGE_SCENARIO, SIGN_UP_SCENARIO } from "./registration.ts";
import { BANK_FILE_SCENARIO, LED_SCENARIO, PAYOUT_SCENARIO, REACH_SCENARIO, ROSTER_SCENARIO, type RosterInfo } from "./roster.ts";
import { measureSendOut, SENDOUT_ACCEPT_BUDGET_MS, SENDOUT_BUDGET_SHARE, SENDOUT_SCENARIO } from "./sendouts.ts";
import { STAFFING_SCENARIOS, type StaffingInfo } from "./staffing.ts";
import { measureTexts, TEXTS_QUEUE_BUDGET_MS, TEXTS_RATE_BUDGET, TEXTS_SCENARIO } from "./texts.ts";

interface SeedInfo {
  email: string;
  password: string;
  eventId: string;
  eventIds: string[];
  /** Present when a staffing scenario runs (the data takes a while to write). */
  staffing?: StaffingInfo;
  /** Present when the roster scenario runs. */
  roster?: RosterInfo;
  /** Present when a sign-up scenario runs: the roster event's groups' links. */
  links?: LinksInfo;
}

interface Row {
  database: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  ratio?: string;
  /** Statements per request, where counted. */
  statements?: number;
  /** Concurrent connections, where not 50. */
  connections?: number;
  /** The answer's size gzipped, where weighed. */
  gzipBytes?: number;
}

/**
 * The budgets of the design and the issue: p95 or p99 in ms per database (a database not named has no
 * latency budget), or a share of GET /api/health's req/s.
 */
interface Budget {
  scenario: string;
  p95?: Record<string, number>;
  p99?: Record<string, number>;
  healthShare?: number;
  /** p99 at most this many times GET /api/health's p99 in the same run. */
  healthP99Ratio?: number;
  statements?: number;
  maxGzipBytes?: number;
}
/** A real user signing in while sign-ins for made-up addresses flood the server (ADR 013). */
const SIGN_IN_FLOOD = "POST /api/auth/sign-in (1 real user, 100 unknown-user sign-ins at once)";
const SIGN_IN_QUIET = "POST /api/auth/sign-in (1 real user, quiet)";
const BUDGETS: Budget[] = [
  { scenario: SIGN_IN_FLOOD, p99: { PostgreSQL: 1000, PGlite: 1000 } },
  { scenario: "GET /api/events/{id} (50 stations)", p99: { PostgreSQL: 25, PGlite: 100 } },
  { scenario: "GET /api/events/summaries (200 events)", p99: { PostgreSQL: 25, PGlite: 100 } },
  { scenario: "GET /api/auth/me", healthShare: 0.5 },
  // The embedded database shares the event loop with the server: it gets four times the time, as for reads.
  { scenario: "PUT /api/events/{id} (1 of 50 stations)", p99: { PostgreSQL: 50, PGlite: 200 }, statements: 8 },
  // STAFFING §3: p95 ≤ 30 ms with 10,000 groups and 100,000 availabilities on PostgreSQL.
  { scenario: STAFFING_SCENARIOS.one, p95: { PostgreSQL: 30 } },
  { scenario: STAFFING_SCENARIOS.big, p95: { PostgreSQL: 30 } },
  { scenario: STAFFING_SCENARIOS.radius, p95: { PostgreSQL: 30 } },
  { scenario: STAFFING_SCENARIOS.small, p95: { PostgreSQL: 30 } },
  // The whole staffing of a very large event (1.6 MB: every named volunteer with diets and sizes), which the
  // roster, the station sheets and the match tab read; ten organizers at once. Most of its time is writing
  // the answer to the socket, so it is budgeted as a page load, not as one of the main reads.
  { scenario: ROSTER_SCENARIO, p99: { PostgreSQL: 2000, PGlite: 2000 } },
  // The pay statement and the team leaders' list are pages a person waits for: as the event reads, four times
  // the time on the embedded database, at ten readers at once.
  { scenario: PAYOUT_SCENARIO, p99: { PostgreSQL: 100, PGlite: 400 } },
  // The bank file is made once or twice per event, but a person waits for it: the pay statement's budget.
  { scenario: BANK_FILE_SCENARIO, p99: { PostgreSQL: 100, PGlite: 400 } },
  { scenario: LED_SCENARIO, p99: { PostgreSQL: 25, PGlite: 100 } },
  // The send-out form's reach per station: an aggregate over every named volunteer and contact of the event,
  // read once as the form opens, like the pay statement.
  { scenario: REACH_SCENARIO, p99: { PostgreSQL: 100, PGlite: 400 } },
  // The sign-up page is a read a person on a phone waits for: the main reads' budget, at ten at once.
  { scenario: SIGN_UP_PAGE_SCENARIO, p99: { PostgreSQL: 25, PGlite: 100 } },
  // A sign-up is a write of a few rows and a mail: the event save's budget, at ten at once.
  { scenario: SIGN_UP_SCENARIO, p99: { PostgreSQL: 50, PGlite: 200 } },
  // Copying last year's large event is done once a year and waited for like a page: one second on
  // PostgreSQL, four times that on the embedded database.
  { scenario: COPY_SCENARIO, p99: { PostgreSQL: 1000, PGlite: 4000 } },
  // The event day live (issue 23): 50 devices tapping at once answer within twice health's p99; each tap
  // reaches a listening organizer within 2 s, also with the devices flat out; a station's list of 100 people
  // is small and one or two reads. The capacity row has no budget: it says how many taps a second one
  // process takes (ADR 031).
  { scenario: CHECKIN_SCENARIO, healthP99Ratio: 2 },
  { scenario: LIVE_SCENARIO, p99: { PostgreSQL: 2000, PGlite: 2000 } },
  { scenario: CHECKIN_LIST_SCENARIO, statements: CHECKIN_LIST_MAX_STATEMENTS, maxGzipBytes: CHECKIN_LIST_MAX_GZIP },
];
/**
 * Organizers matching groups to stations: a few at a time, not 50. At 50 connections on a small machine the
 * figure would be the queue in front of the call, not its cost.
 */
const STAFFING_CONNECTIONS = Number(process.env.BENCH_STAFFING_CONNECTIONS ?? 10);

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
/** BENCH_ONLY=regex: only the scenarios whose name matches (with the baseline and health). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; info: SeedInfo }> {
  const child = spawn("node", ["--import", "tsx", "bench/server.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith("READY ")) {
      const [, port, ...rest] = line.split(" ");
      return { child, port: Number(port), info: JSON.parse(rest.join(" ")) };
    }
  }
  throw new Error("bench server did not start");
}

/** The value below which `share` of the sorted samples lie (nearest rank), to 0.1 ms. */
function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] * 10) / 10;
}

/** An autocannon run, with the p95 autocannon does not report, from every response's time. */
function run(opts: autocannon.Options): Promise<autocannon.Result & { p95: number }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(opts, (err, result) =>
      err
        ? reject(err)
        : resolve({
            ...result,
            p95: percentile(
              times.sort((a, b) => a - b),
              0.95,
            ),
          }),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function measure(database: string, env: Record<string, string>): Promise<Row[]> {
  const profileDir = process.env.BENCH_PROFILE_DIR;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const { child, port, info } = await startServer({
    ...env,
    // The sign-in flood comes from many addresses (X-Forwarded-For), as a spread-out attack would: from one
    // address the per-IP limit would stop it before the hasher and measure only the limit.
    TRUST_PROXY: "1",
    ...(profileDir ? { BENCH_PROFILE: `${profileDir}/${database}.cpuprofile` } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    const signIn = await fetch(`${base}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: info.email, password: info.password }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const row = (scenario: string, r: autocannon.Result & { p95: number }): Row => ({
      database,
      scenario,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p95: r.p95,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    });
    const get = (path: string, headers: Record<string, string> = {}, connections = 50) =>
      run({ url: base + path, connections, duration: DURATION, headers });

    await run({ url: `${base}/bench/bare`, connections: 10, duration: 1 }); // warm-up
    rows.push(row("GET /bench/bare (baseline)", await get("/bench/bare")));
    rows.push(row("GET /api/health", await get("/api/health")));
    const auth = { authorization: `Bearer ${accessToken}` };
    const scenario = async (name: string, measure: () => Promise<Row>) => {
      if (!ONLY || ONLY.test(name)) rows.push(await measure());
    };
    await scenario("GET /api/auth/me", async () => row("GET /api/auth/me", await get("/api/auth/me", auth)));
    await scenario("GET /api/events/{id} (50 stations)", async () =>
      row("GET /api/events/{id} (50 stations)", await get(`/api/events/${info.eventId}`, auth)),
    );
    await scenario("GET /api/events/summaries (200 events)", async () =>
      row("GET /api/events/summaries (200 events)", await get("/api/events/summaries", auth)),
    );
    await scenario("PUT /api/events/{id} (1 of 50 stations)", async () => {
      // Saves: each request changes one station of one of 50 events (never two at once on one event, so no
      // save is refused as stale), carrying the version the previous save of that event answered.
      const json = { ...auth, "content-type": "application/json" };
      const idle = await Promise.all(
        info.eventIds.map(async (id) => {
          const view = (await (await fetch(`${base}/api/events/${id}`, { headers: auth })).json()) as EventView;
          return { id, body: updateBodyOf(view), saves: 0 };
        }),
      );
      const statementsSoFar = async () =>
        ((await (await fetch(`${base}/bench/statements`)).json()) as { statements: number }).statements;
      const save = (e: (typeof idle)[number]) => {
        e.saves++;
        const stations = e.body.stations ?? [];
        stations[e.saves % stations.length].description = `Ändrad ${e.saves}`;
        return JSON.stringify(e.body);
      };
      // The fewest of five: the job worker's polling may fall into one of them.
      let perSave = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const one = idle[0];
        await fetch(`${base}/api/auth/me`, { headers: auth }); // the session is known, as during the load
        const before = await statementsSoFar();
        const res = await fetch(`${base}/api/events/${one.id}`, { method: "PUT", headers: json, body: save(one) });
        one.body.version = ((await res.json()) as { version: number }).version;
        perSave = Math.min(perSave, (await statementsSoFar()) - before + 2); // + BEGIN and COMMIT
      }
      const saves = await run({
        url: base,
        connections: 50,
        duration: DURATION,
        requests: [
          {
            method: "PUT",
            headers: json,
            setupRequest: (req, context) => {
              const e = idle.shift();
              if (!e) throw new Error("more connections than events");
              (context as { event?: unknown }).event = e;
              return { ...req, path: `/api/events/${e.id}`, body: save(e) };
            },
            onResponse: (status, body, context) => {
              const e = (context as { event?: unknown }).event as (typeof idle)[number];
              if (status === 200) e.body.version = (JSON.parse(body) as { version: number }).version;
              idle.push(e);
            },
          },
        ],
      });
      return { ...row("PUT /api/events/{id} (1 of 50 stations)", saves), statements: perSave };
    });

    // Ranked candidates for a station of a CONFIRMED event of the staffing organizer: in Stockholm (most
    // groups), the same within 25 km, and in a small municipality.
    if (info.staffing) {
      const s = info.staffing;
      const staffingSignIn = await fetch(`${base}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: s.email, password: info.password }),
      });
      const organizer = { authorization: `Bearer ${((await staffingSignIn.json()) as { accessToken: string }).accessToken}` };
      const available = (name: string, stationId: string, query = "", connections = STAFFING_CONNECTIONS) =>
        scenario(name, async () => {
          const path = `/api/groups/available?eventId=${s.eventId}&stationId=${stationId}${query}`;
          const first = await fetch(base + path, { headers: organizer });
          const body = await first.text();
          const count = first.ok ? (JSON.parse(body) as unknown[]).length : `status ${first.status}`;
          console.log(`${database}: ${name}: ${count} candidates, ${(body.length / 1024).toFixed(0)} kB`);
          const measured = await get(path, organizer, connections);
          return { ...row(name, measured), connections };
        });
      // One organizer at a time (what a person waits for), then ten at once.
      await available(STAFFING_SCENARIOS.one, s.bigStationId, "", 1);
      await available(STAFFING_SCENARIOS.big, s.bigStationId);
      await available(STAFFING_SCENARIOS.radius, s.bigStationId, "&radiusKm=25");
      await available(STAFFING_SCENARIOS.small, s.smallStationId);
    }

    // The roster of a large event: every accepted offer with its group's contacts and named volunteers, in
    // one answer. Organizers open it a few at a time, as they open matching.
    if (info.roster) {
      const r = info.roster;
      const signedIn = await fetch(`${base}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: r.email, password: info.password }),
      });
      const organizer = { authorization: `Bearer ${((await signedIn.json()) as { accessToken: string }).accessToken}` };
      const eventDay = (name: string, path: string, what: (answer: unknown) => string, read = JSON.parse) =>
        scenario(name, async () => {
          const first = await fetch(base + path, { headers: organizer });
          const body = await first.text();
          console.log(
            `${database}: ${name}: ${first.ok ? what(read(body)) : `status ${first.status}`}, ${(body.length / 1024).toFixed(0)} kB`,
          );
          return { ...row(name, await get(path, organizer, STAFFING_CONNECTIONS)), connections: STAFFING_CONNECTIONS };
        });
      await eventDay(ROSTER_SCENARIO, `/api/events/${r.eventId}/offers`, (a) => `${(a as unknown[]).length} offers`);
      await eventDay(
        PAYOUT_SCENARIO,
        `/api/events/${r.eventId}/payout`,
        (a) => `${(a as { statements: unknown[] }).statements.length} groups`,
      );
      await eventDay(
        BANK_FILE_SCENARIO,
        `/api/events/${r.eventId}/payout.xml?debtorBankgiro=5050-1055&executionDate=${nextBankDay(new Date().toISOString().slice(0, 10))}`,
        (a) => `${String(a).match(/<CdtTrfTxInf>/g)?.length ?? 0} transfers`,
        String,
      );
      await eventDay(LED_SCENARIO, "/api/teamleader/events/summaries", (a) => `${(a as unknown[]).length} events`);
      await eventDay(REACH_SCENARIO, `/api/events/${r.eventId}/sendout/stations`, (a) => `${(a as unknown[]).length} stations`);

      // The event day live: the station's list as the check-in page fetches it, then 50 devices checking
      // in at once while the organizer follows the live stream.
      await scenario(CHECKIN_LIST_SCENARIO, async () => {
        const statementsSoFar = async () =>
          ((await (await fetch(`${base}/bench/statements`)).json()) as { statements: number }).statements;
        const size = await listSize(base, organizer, r, statementsSoFar);
        console.log(
          `${database}: ${CHECKIN_LIST_SCENARIO}: ${size.people} people, ${(size.gzipBytes / 1024).toFixed(1)} kB gzip`,
        );
        const measured = await get(size.path, organizer, STAFFING_CONNECTIONS);
        return {
          ...row(CHECKIN_LIST_SCENARIO, measured),
          connections: STAFFING_CONNECTIONS,
          statements: size.statements,
          gzipBytes: size.gzipBytes,
        };
      });
      if (!ONLY || ONLY.test(CHECKIN_SCENARIO)) {
        const m = await pacedCheckins(base, organizer, r, DURATION);
        rows.push({
          database,
          scenario: CHECKIN_SCENARIO,
          reqPerSec: Math.round(m.times.length / DURATION),
          p50: Math.round(percentile(m.times, 0.5)),
          p95: Math.round(percentile(m.times, 0.95)),
          p99: Math.round(percentile(m.times, 0.99)),
          errors: m.errors,
          connections: CHECKIN_DEVICES,
        });
      }
      // The same devices flat out: how many taps a second one process takes, and the live stream under that.
      if (!ONLY || ONLY.test(CHECKIN_CAPACITY_SCENARIO) || ONLY.test(LIVE_SCENARIO)) {
        const m = await measureCheckins(base, organizer, r, DURATION);
        rows.push({
          ...row(CHECKIN_CAPACITY_SCENARIO, { ...m.result, p95: percentile(m.times, 0.95) }),
          connections: CHECKIN_DEVICES,
        });
        rows.push({
          database,
          scenario: LIVE_SCENARIO,
          reqPerSec: 0,
          p50: Math.round(percentile(m.delivery, 0.5)),
          p95: Math.round(percentile(m.delivery, 0.95)),
          p99: Math.round(percentile(m.delivery, 0.99)),
          errors: m.delivery.filter((d) => !Number.isFinite(d)).length,
        });
      }

      // Volunteers signing up through their groups' links: each request through another group's link and
      // from another address, as a club's members do from their phones.
      if (info.links) {
        const l = info.links;
        let n = 0;
        const json = { "content-type": "application/json" };
        const pageOf = (i: number) => `/api/public/self-registration/${l.eventId}/${l.hashes[i % l.hashes.length]}`;
        await scenario(SIGN_UP_PAGE_SCENARIO, async () => {
          const first = await fetch(base + pageOf(0), { headers: { "x-forwarded-for": clientAddress(0) } });
          console.log(
            `${database}: ${SIGN_UP_PAGE_SCENARIO}: ${first.status}, ${((await first.text()).length / 1024).toFixed(1)} kB`,
          );
          const measured = await run({
            url: base,
            connections: STAFFING_CONNECTIONS,
            duration: DURATION,
            requests: [
              {
                method: "GET",
                setupRequest: (req) => ({ ...req, path: pageOf(n), headers: { "x-forwarded-for": clientAddress(n++) } }),
              },
            ],
          });
          return { ...row(SIGN_UP_PAGE_SCENARIO, measured), connections: STAFFING_CONNECTIONS };
        });
        await scenario(SIGN_UP_SCENARIO, async () => {
          const measured = await run({
            url: `${base}/api/groups/addVolunteer`,
            connections: STAFFING_CONNECTIONS,
            duration: DURATION,
            requests: [
              {
                method: "POST",
                setupRequest: (req) => {
                  const i = n++;
                  return {
                    ...req,
                    headers: { ...json, "x-forwarded-for": clientAddress(i) },
                    body: JSON.stringify({
                      hash: l.hashes[i % l.hashes.length],
                      eventId: l.eventId,
                      volunteer: {
                        name: `Anmäld ${i}`,
                        email: `anmald-${i}@example.se`,
                        phone: "0701234567",
                        age: 30,
                        participation: { specialDiets: [], shirtSize: "M" },
                      },
                    }),
                  };
                },
              },
            ],
          });
          return { ...row(SIGN_UP_SCENARIO, measured), connections: STAFFING_CONNECTIONS };
        });
        // One organizer copying the event with all its accepted offers, each copy to a day of its own.
        let copies = 0;
        await scenario(COPY_SCENARIO, async () => {
          const measured = await run({
            url: `${base}/api/events/${l.eventId}/copy`,
            connections: 1,
            duration: DURATION,
            requests: [
              {
                method: "POST",
                headers: { ...organizer, ...json },
                setupRequest: (req) => ({
                  ...req,
                  body: JSON.stringify({
                    name: `Stora stadsloppet, kopia ${++copies}`,
                    date: new Date(Date.now() + (60 + copies) * 86_400_000).toISOString().slice(0, 10),
                    city: "Stockholm",
                    startTime: "09:00",
                    offers: l.offers,
                  }),
                }),
              },
            ],
          });
          console.log(`${database}: ${COPY_SCENARIO}: ${copies} copies`);
          return { ...row(COPY_SCENARIO, measured), connections: 1 };
        });
      }
    }

    // Sign-in by 20 users at once (one connection each), with health probes alongside: hashing must not
    // starve the rest of the API.
    let next = 0;
    if (!ONLY || ONLY.test("POST /api/auth/sign-in")) {
      const [signIns, healthUnderLoad] = await Promise.all([
        run({
          url: `${base}/api/auth/sign-in`,
          connections: 20,
          duration: DURATION,
          requests: [
            {
              method: "POST",
              headers: { "content-type": "application/json" },
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ email: `bench-${next++ % 20}@example.se`, password: info.password }),
              }),
            },
          ],
        }),
        run({ url: `${base}/api/health`, connections: 5, duration: DURATION }),
      ]);
      rows.push(row("POST /api/auth/sign-in (20 concurrent)", signIns));
      rows.push(row("GET /api/health during sign-ins", healthUnderLoad));
    }

    // One user signing in, one request at a time: first on a quiet server, then while 100 connections keep
    // signing in with made-up addresses, each request from an address of its own. The flood's answers
    // (404, or 503 once the hasher's queue is full) are counted apart, not as errors.
    if (!ONLY || ONLY.test(SIGN_IN_FLOOD)) {
      const json = { "content-type": "application/json" };
      const realUser = JSON.stringify({ email: "bench-1@example.se", password: info.password });
      /** The real user's sign-ins, one after another while `more()` holds; the last one is waited for. */
      const signInsWhile = async (more: () => boolean) => {
        const times: number[] = [];
        let failed = 0;
        const started = performance.now();
        while (more()) {
          const t = performance.now();
          const res = await fetch(`${base}/api/auth/sign-in`, { method: "POST", headers: json, body: realUser });
          await res.arrayBuffer();
          times.push(performance.now() - t);
          if (res.status !== 200) failed++;
        }
        times.sort((a, b) => a - b);
        const seconds = (performance.now() - started) / 1000;
        return { times, failed, seconds };
      };
      const rowOf = (scenario: string, m: Awaited<ReturnType<typeof signInsWhile>>): Row => ({
        database,
        scenario,
        reqPerSec: Math.round((m.times.length / m.seconds) * 10) / 10,
        p50: percentile(m.times, 0.5),
        p95: percentile(m.times, 0.95),
        p99: percentile(m.times, 0.99),
        errors: m.failed,
        connections: 1,
      });
      let quietCount = 0;
      rows.push(rowOf(SIGN_IN_QUIET, await signInsWhile(() => quietCount++ < 5)));

      let flooded = 0;
      let flooding = true;
      const flood = run({
        url: `${base}/api/auth/sign-in`,
        connections: 100,
        duration: DURATION,
        requests: [
          {
            method: "POST",
            setupRequest: (req) => {
              const n = flooded++;
              return {
                ...req,
                headers: { ...json, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
                body: JSON.stringify({ email: `nobody-${n}@example.se`, password: "Gissning1" }),
              };
            },
          },
        ],
      }).finally(() => {
        flooding = false;
      });
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the flood fills the queue first
      const real = await signInsWhile(() => flooding);
      const done = await flood;
      const statuses = Object.entries(done.statusCodeStats ?? {})
        .map(([status, s]) => `${s.count ?? 0} × ${status}`)
        .join(", ");
      console.log(
        `${database}: sign-in flood: ${done.requests.total} answered (${statuses}), ${done.errors} errors; ` +
          `the real user signed in ${real.times.length} times`,
      );
      rows.push({ ...rowOf(SIGN_IN_FLOOD, real), connections: 101 });
    }
  } finally {
    const exited = child.exitCode === null ? new Promise((resolve) => child.once("exit", resolve)) : null;
    child.kill("SIGTERM");
    await exited;
  }
  const bare = rows[0].reqPerSec;
  for (const r of rows) r.ratio = `${((r.reqPerSec / bare) * 100).toFixed(1)} %`;
  return rows;
}

/** The database the run makes (and drops first); BENCH_DATABASE_NAME keeps two runs on one server apart. */
const BENCH_DATABASE = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DATABASE_NAME ?? "")
  ? (process.env.BENCH_DATABASE_NAME as string)
  : "bemanna_bench";

async function postgresUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${BENCH_DATABASE}`);
    const target = new URL(url);
    target.pathname = `/${BENCH_DATABASE}`;
    return target.toString();
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const results: Row[] = [];
const pgUrl = await postgresUrl();
if (pgUrl) results.push(...(await measure("PostgreSQL", { DATABASE_URL: pgUrl })));
else console.log("PostgreSQL not reachable: measuring the embedded database only.");
results.push(...(await measure("PGlite", { DATABASE_URL: "" })));

console.log(`\nBemanna API benchmark (${DURATION} s per scenario, autocannon, 50 connections unless noted)\n`);
const budgetOf = (r: Row) => BUDGETS.find((b) => b.scenario === r.scenario);
const healthOf = (r: Row) => results.find((h) => h.database === r.database && h.scenario === "GET /api/health") as Row;
console.table(
  results.map((r) => {
    const b = budgetOf(r);
    const budget = [
      b?.p95?.[r.database] ? `p95 ≤ ${b.p95[r.database]} ms` : "",
      b?.p99?.[r.database] ? `p99 ≤ ${b.p99[r.database]} ms` : "",
      b?.healthShare ? `≥ ${b.healthShare * 100} % of health` : "",
      b?.statements ? `≤ ${b.statements} statements` : "",
      b?.healthP99Ratio ? `p99 ≤ ${b.healthP99Ratio} × health's` : "",
      b?.maxGzipBytes ? `≤ ${b.maxGzipBytes / 1024} kB gzip` : "",
    ]
      .filter(Boolean)
      .join(", ");
    return {
      database: r.database,
      scenario: r.scenario,
      "req/s": r.reqPerSec,
      "p50 ms": r.p50,
      "p95 ms": r.p95,
      "p99 ms": r.p99,
      "vs bare": r.ratio,
      ...(r.connections ? { connections: r.connections } : {}),
      ...(r.statements ? { statements: r.statements } : {}),
      ...(r.gzipBytes ? { "kB gzip": Math.round(r.gzipBytes / 102.4) / 10 } : {}),
      errors: r.errors,
      budget,
    };
  }),
);

// One verdict line per budget and database.
let missed = 0;
for (const r of results) {
  const b = budgetOf(r);
  if (!b) continue;
  const checks: Array<[string, boolean]> = [];
  const p95 = b.p95?.[r.database];
  const p99 = b.p99?.[r.database];
  if (p95 !== undefined) checks.push([`p95 ${r.p95} ms ≤ ${p95} ms`, r.p95 <= p95]);
  if (p99 !== undefined) checks.push([`p99 ${r.p99} ms ≤ ${p99} ms`, r.p99 <= p99]);
  if (b.healthShare) {
    const share = r.reqPerSec / healthOf(r).reqPerSec;
    checks.push([`${(share * 100).toFixed(0)} % of health's req/s ≥ ${b.healthShare * 100} %`, share >= b.healthShare]);
  }
  if (b.statements && r.statements) checks.push([`${r.statements} statements ≤ ${b.statements}`, r.statements <= b.statements]);
  if (b.healthP99Ratio) {
    const limit = b.healthP99Ratio * healthOf(r).p99;
    checks.push([`p99 ${r.p99} ms ≤ ${b.healthP99Ratio} × health's ${healthOf(r).p99} ms`, r.p99 <= limit]);
  }
  if (b.maxGzipBytes && r.gzipBytes)
    checks.push([`${(r.gzipBytes / 1024).toFixed(1)} kB gzip ≤ ${b.maxGzipBytes / 1024} kB`, r.gzipBytes <= b.maxGzipBytes]);
  if (r.errors) checks.push([`${r.errors} errors`, false]);
  for (const [what, met] of checks) {
    if (!met) missed++;
    console.log(`${met ? "MET    " : "MISSED "} ${r.database.padEnd(10)} ${r.scenario}: ${what}`);
  }
}

// Mail: the outbox's delivery rate beside plain pooled nodemailer, on each database.
if (!ONLY || ONLY.test(MAIL_SCENARIO)) {
  const mailRows = [...(pgUrl ? [await measureMail("PostgreSQL", pgUrl)] : []), await measureMail("PGlite", null)];
  console.log(`\n${MAIL_SCENARIO}\n`);
  console.table(
    mailRows.map((m) => ({
      database: m.database,
      mails: m.mails,
      "outbox mails/s": m.outboxPerSecond,
      "plain nodemailer mails/s": m.plainPerSecond,
      share: `${((m.outboxPerSecond / m.plainPerSecond) * 100).toFixed(0)} %`,
      budget: `≥ ${MAIL_BUDGET_SHARE * 100} % of plain`,
    })),
  );
  for (const m of mailRows) {
    const met = m.outboxPerSecond >= MAIL_BUDGET_SHARE * m.plainPerSecond;
    if (!met) missed++;
    console.log(
      `${met ? "MET    " : "MISSED "} ${m.database.padEnd(10)} ${MAIL_SCENARIO}: ${m.outboxPerSecond}/s ≥ ${MAIL_BUDGET_SHARE * 100} % of ${m.plainPerSecond}/s`,
    );
  }
}
// Send-outs: a 5,000-recipient send-out accepted, then delivered beside plain pooled nodemailer, on each database.
if (!ONLY || ONLY.test(SENDOUT_SCENARIO)) {
  const sendOutRows = [...(pgUrl ? [await measureSendOut("PostgreSQL", pgUrl)] : []), await measureSendOut("PGlite", null)];
  console.log(`\n${SENDOUT_SCENARIO}\n`);
  console.table(
    sendOutRows.map((m) => ({
      database: m.database,
      recipients: m.recipients,
      "accepted in ms": m.acceptMs,
      "accept budget": `≤ ${SENDOUT_ACCEPT_BUDGET_MS} ms`,
      "send-out mails/s": m.sendOutPerSecond,
      "plain nodemailer mails/s": m.plainPerSecond,
      share: `${((m.sendOutPerSecond / m.plainPerSecond) * 100).toFixed(0)} %`,
      "delivery budget": `≥ ${SENDOUT_BUDGET_SHARE * 100} % of plain`,
    })),
  );
  for (const m of sendOutRows) {
    const checks: Array<[string, boolean]> = [
      [`accepted in ${m.acceptMs} ms ≤ ${SENDOUT_ACCEPT_BUDGET_MS} ms`, m.acceptMs <= SENDOUT_ACCEPT_BUDGET_MS],
      [
        `${m.sendOutPerSecond}/s ≥ ${SENDOUT_BUDGET_SHARE * 100} % of ${m.plainPerSecond}/s`,
        m.sendOutPerSecond >= SENDOUT_BUDGET_SHARE * m.plainPerSecond,
      ],
    ];
    for (const [what, met] of checks) {
      if (!met) missed++;
      console.log(`${met ? "MET    " : "MISSED "} ${m.database.padEnd(10)} ${SENDOUT_SCENARIO}: ${what}`);
    }
  }
}
// Texts: the day-before reminder of 5,000 volunteers queued, then handed to a local gateway, on each database.
if (!ONLY || ONLY.test(TEXTS_SCENARIO)) {
  const textRows = [...(pgUrl ? [await measureTexts("PostgreSQL", pgUrl)] : []), await measureTexts("PGlite", null)];
  console.log(`\n${TEXTS_SCENARIO}\n`);
  console.table(
    textRows.map((m) => ({
      database: m.database,
      texts: m.texts,
      "queued in ms": m.queueMs,
      "queue budget": `≤ ${TEXTS_QUEUE_BUDGET_MS} ms`,
      "texts/s": m.textsPerSecond,
      "rate budget": `≥ ${TEXTS_RATE_BUDGET}/s`,
    })),
  );
  for (const m of textRows) {
    const checks: Array<[string, boolean]> = [
      [`queued in ${m.queueMs} ms ≤ ${TEXTS_QUEUE_BUDGET_MS} ms`, m.queueMs <= TEXTS_QUEUE_BUDGET_MS],
      [`${m.textsPerSecond}/s ≥ ${TEXTS_RATE_BUDGET}/s`, m.textsPerSecond >= TEXTS_RATE_BUDGET],
    ];
    for (const [what, met] of checks) {
      if (!met) missed++;
      console.log(`${met ? "MET    " : "MISSED "} ${m.database.padEnd(10)} ${TEXTS_SCENARIO}: ${what}`);
    }
  }
}
console.log(missed ? `\n${missed} budget(s) missed.` : "\nEvery budget met.");
