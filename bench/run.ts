// `npm run bench`: measures the API with autocannon against a server in its own process, on the embedded
// database and (when DATABASE_URL or BENCH_DATABASE_URL is set, or PostgreSQL answers on 127.0.0.1:5432)
// on PostgreSQL. Prints req/s, p50/p99 latency and the ratio to a bare Fastify route of the same run.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";

interface SeedInfo {
  email: string;
  password: string;
  eventId: string;
}

interface Row {
  database: string;
  scenario: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  ratio?: string;
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

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

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(database: string, env: Record<string, string>): Promise<Row[]> {
  const { child, port, info } = await startServer(env);
  const base = `http://127.0.0.1:${port}`;
  const rows: Row[] = [];
  try {
    const signIn = await fetch(`${base}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: info.email, password: info.password }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const row = (scenario: string, r: autocannon.Result): Row => ({
      database,
      scenario,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    });
    const get = (path: string, headers: Record<string, string> = {}) =>
      run({ url: base + path, connections: 50, duration: DURATION, headers });

    await run({ url: `${base}/bench/bare`, connections: 10, duration: 1 }); // warm-up
    rows.push(row("GET /bench/bare (baseline)", await get("/bench/bare")));
    rows.push(row("GET /api/health", await get("/api/health")));
    const auth = { authorization: `Bearer ${accessToken}` };
    rows.push(row("GET /api/auth/me", await get("/api/auth/me", auth)));
    rows.push(row("GET /api/events/{id} (50 stations)", await get(`/api/events/${info.eventId}`, auth)));
    rows.push(row("GET /api/events/summaries (200 events)", await get("/api/events/summaries", auth)));

    // Sign-in by 20 users at once (one connection each), with health probes alongside: hashing must not
    // starve the rest of the API.
    let next = 0;
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
  } finally {
    child.kill("SIGTERM");
  }
  const bare = rows[0].reqPerSec;
  for (const r of rows) r.ratio = `${((r.reqPerSec / bare) * 100).toFixed(1)} %`;
  return rows;
}

async function postgresUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query("DROP DATABASE IF EXISTS bemanna_bench WITH (FORCE)");
    await client.query("CREATE DATABASE bemanna_bench");
    const target = new URL(url);
    target.pathname = "/bemanna_bench";
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
console.table(
  results.map((r) => ({
    database: r.database,
    scenario: r.scenario,
    "req/s": r.reqPerSec,
    "p50 ms": r.p50,
    "p99 ms": r.p99,
    "vs bare": r.ratio,
    errors: r.errors,
  })),
);
