// The product in a process of its own, for tests that stop it the hard way (SIGKILL): the database from
// DATABASE_URL or DATA_DIR/db, mail to SMTP_URL, its job worker running. Prints "READY <port>" when listening
// and its worker has freed what the process held before a restart.
import path from "node:path";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openPglite, openPostgres } from "../../src/server/db/client.ts";

const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", PORT: "0" });
const database = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL)
  : await openPglite(path.resolve(config.DATA_DIR, "db"));
const { server, jobs } = await buildApp({ config, database, webRoot: "/nonexistent" });
await server.listen({ port: 0, host: "127.0.0.1" });
await jobs.start();
process.stdout.write(`READY ${(server.server.address() as { port: number }).port}\n`);
process.on("SIGTERM", async () => {
  await server.close();
  await database.close();
  process.exit(0);
});
