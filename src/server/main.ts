import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { type Database, DatabaseLockedError, openPglite, openPostgres } from "./db/client.ts";

/** The folder holding package.json, whether we run from src/ (tsx) or from the bundle in dist/. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

async function main() {
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(path.resolve(config.DATA_DIR, "db"));
  const { server, jobs } = await buildApp({ config, database, webRoot: path.join(projectRoot(), "dist/client") });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await server.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      server.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await server.listen({ port: config.PORT, host: config.HOST });
  if (config.JOBS) await jobs.start();
  server.log.info(`Bemanna is running at ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(err.message);
  } else {
    console.error("Bemanna could not start:", err);
  }
  process.exit(1);
});
