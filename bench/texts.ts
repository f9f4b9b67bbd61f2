// The day-before reminder of 5,000 named volunteers (issue 24): how long POST …/day-before takes to queue
// their texts (and mails) — budget 1 s — and how many texts a second the outbox hands to a local stand-in
// for the gateway's HTTP API — budget at least 100 a second.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite, openPostgres } from "../src/server/db/client.ts";
import { dayBefore } from "../src/server/features/texts/service.ts";
import { FakeSmsProvider } from "../tests/helpers/sms.ts";
import { benchOrganizer, seedEvent } from "./sendouts.ts";

export const TEXTS_SCENARIO = "day-before reminder of 5,000 volunteers: texts queued, then handed to a local gateway";
/** POST …/day-before must have queued every text within this. */
export const TEXTS_QUEUE_BUDGET_MS = 1000;
/** Texts handed to the gateway a second, at least. */
export const TEXTS_RATE_BUDGET = 100;

export interface TextsRow {
  database: string;
  texts: number;
  queueMs: number;
  textsPerSecond: number;
}

export async function measureTexts(database: string, databaseUrl: string | null, volunteers = 5000): Promise<TextsRow> {
  const provider = await new FakeSmsProvider().start();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bemanna-bench-texts-"));
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(null);
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    SMS_URL: provider.url,
    SMS_FROM: "+46766861004",
  });
  const { server, ctx, jobs } = await buildApp({ config, database: db, webRoot: "/nonexistent" });
  try {
    await jobs.stop();
    const organizer = await benchOrganizer({ server, ctx }, "bench-texts@example.se");
    const seeded = await seedEvent(db.db, organizer.id, volunteers / 50);
    // Each volunteer a mobile number of their own.
    await db.db.execute(
      sql`UPDATE group_volunteers v SET phone = '+4670' || lpad((1000000 + r.n)::text, 7, '0')
        FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM group_volunteers) r WHERE r.id = v.id`,
    );
    const headers = organizer.headers;

    // Warm-up: the small station's reminder, queued and delivered, so the figures below pay for no first calls.
    await db.db.transaction((tx) => dayBefore(ctx, tx, new Date(), seeded.eventId, { stationIds: [seeded.warmUp.id] }));
    await jobs.runDue();
    provider.texts.length = 0;

    let start = performance.now();
    const answer = await server.inject({ method: "POST", url: `/api/events/${seeded.eventId}/day-before`, headers });
    const queueMs = performance.now() - start;
    const texted = answer.json().texted;
    if (answer.statusCode !== 200 || texted !== volunteers)
      throw new Error(`day-before not queued as expected: ${answer.statusCode} ${answer.body}`);
    start = performance.now();
    // The mails of the same reminder are queued too; only the texts' rate is measured, the mails run beside.
    await jobs.runDue();
    const seconds = (performance.now() - start) / 1000;
    if (provider.texts.length !== volunteers) throw new Error(`${provider.texts.length} of ${volunteers} texts arrived`);
    return { database, texts: volunteers, queueMs: Math.round(queueMs), textsPerSecond: Math.round(volunteers / seconds) };
  } finally {
    await server.close();
    await db.close();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
