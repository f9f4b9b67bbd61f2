// The product as the benchmark measures it: a separate process, so the load generator does not share its
// event loop. Prints "READY <port>" when listening. Adds GET /bench/bare, the bare Fastify baseline.
import { mkdtempSync } from "node:fs";
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
const database = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL)
  : await openPglite(path.join(mkdtempSync(path.join(tmpdir(), "bemanna-bench-")), "db"));
const { server, ctx } = await buildApp({ config, database, webRoot: "/nonexistent" });
server.get("/bench/bare", async () => ({ ok: true }));
const seeded = await seed(ctx);
await server.listen({ port: 0, host: "127.0.0.1" });
const { port } = server.server.address() as { port: number };
process.stdout.write(`READY ${port} ${JSON.stringify(seeded)}\n`);
process.on("SIGTERM", async () => {
  await server.close();
  await database.close();
  process.exit(0);
});
