// The product as the benchmark measures it: a separate process, so the load generator does not share its
// event loop. Prints "READY <port>" when listening. Adds GET /bench/bare, the bare Fastify baseline.
import { mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite, openPostgres } from "../src/server/db/client.ts";
import { seed } from "./seed.ts";

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
});
// Statements sent, for GET /bench/statements; BEGIN and COMMIT are left out (only one driver logs them).
let statements = 0;
const onQuery = (query: string) => {
  if (!/^(begin|commit)\b/i.test(query)) statements++;
};
const database = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL, { onQuery })
  : await openPglite(path.join(mkdtempSync(path.join(tmpdir(), "bemanna-bench-")), "db"), { onQuery });
const { server, ctx } = await buildApp({ config, database, webRoot: "/nonexistent" });
server.get("/bench/bare", async () => ({ ok: true }));
server.get("/bench/statements", async () => ({ statements }));
const seeded = await seed(ctx);
// BENCH_PROFILE=file.cpuprofile: a CPU profile of the measured part only (not start-up and seeding).
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await new Promise((resolve) => profiler.post("Profiler.enable", () => profiler.post("Profiler.start", resolve)));
}
await server.listen({ port: 0, host: "127.0.0.1" });
const { port } = server.server.address() as { port: number };
process.stdout.write(`READY ${port} ${JSON.stringify(seeded)}\n`);
process.on("SIGTERM", async () => {
  if (profiler)
    await new Promise<void>((resolve) =>
      profiler.post("Profiler.stop", (err, result) => {
        // Shut down even when the profile cannot be written: the run waits for this process to end.
        try {
          if (!err) writeFileSync(process.env.BENCH_PROFILE as string, JSON.stringify(result.profile));
        } catch (e) {
          console.error("The CPU profile could not be written:", e);
        } finally {
          resolve();
        }
      }),
    );
  await server.close();
  await database.close();
  process.exit(0);
});
