/**
 * Sends hostile requests to every route of a fresh server and counts the answers; any 5xx fails the run:
 *   npm run probe                                  (a temporary embedded database)
 *   npm run probe -- postgres://user@host/db        (that PostgreSQL database, migrated first)
 *   npm run probe -- --requests 20000 --concurrency 32 --seed 42
 * The seed is printed; the same seed sends the same requests. Server errors are logged (LOG_LEVEL, default
 * error), so a 5xx can be traced in the output.
 */
import type { RouteOptions } from "fastify";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite, openPostgres } from "../src/server/db/client.ts";
import type { RouteInfo } from "./probe-requests.ts";
import { formatReport, runProbe } from "./probe-run.ts";

function options(argv: string[]) {
  const named = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    if (at < 0) return fallback;
    const value = Number(argv[at + 1]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
    return value;
  };
  const url = argv.find((a) => /^postgres(ql)?:\/\//.test(a));
  return {
    url,
    requests: named("requests", 10_000),
    concurrency: named("concurrency", 16),
    seed: named("seed", Math.floor(Math.random() * 2 ** 31)),
  };
}

async function main() {
  const args = options(process.argv.slice(2));
  // Mail is kept in the database (no SMTP_URL), where the probe reads its users' codes; hashing is cheap,
  // since the probe is about input, not passwords; the job worker does not run.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "development",
    SMTP_URL: undefined,
    DATABASE_URL: args.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
    SCRYPT_LOG_N: process.env.SCRYPT_LOG_N ?? "10",
  });
  const database = args.url ? await openPostgres(args.url) : await openPglite(null);
  const routes: RouteInfo[] = [];
  const { server } = await buildApp({
    config,
    database,
    webRoot: "/nonexistent",
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
    },
  });
  try {
    await server.listen({ host: "127.0.0.1", port: 0 });
    const address = server.server.address();
    if (!address || typeof address === "string") throw new Error("the server has no port");
    console.log(
      `Probing ${routes.length} routes on ${database.kind} with ${args.requests} requests, ${args.concurrency} at a time, seed ${args.seed}`,
    );
    const report = await runProbe({
      host: "127.0.0.1",
      port: address.port,
      routes,
      requests: args.requests,
      concurrency: args.concurrency,
      seed: args.seed,
      geocoder: Boolean(config.GEOCODER_URL),
      onProgress: (n) => console.log(`  ${n} sent`),
    });
    console.log(formatReport(report, routes.length));
    process.exitCode = report.serverErrors > 0 ? 1 : 0;
  } finally {
    await server.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error("The probe could not run:", err);
  process.exit(1);
});
