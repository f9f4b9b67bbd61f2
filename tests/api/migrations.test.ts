import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";

const folder = new URL("../../src/server/db/migrations/", import.meta.url);
const statements = (file: string) =>
  readFileSync(new URL(file, folder), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

interface Raw {
  query(sql: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** An empty database, embedded or (with TEST_DATABASE_URL) a new one on that server, without migrations. */
async function emptyDatabase(): Promise<Raw> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = new PGlite();
    await client.waitReady;
    return { query: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows, close: () => client.close() };
  }
  const name = `bemanna_migration_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  return {
    query: async (sql) => (await client.query(sql)).rows,
    async close() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe("migration 0001: station times become instants", () => {
  it("reads the stored local texts as Stockholm time, in summer, in winter and at the clock changes", async () => {
    const db = await emptyDatabase();
    try {
      for (const s of statements("0000_init.sql")) await db.query(s);
      const [{ id }] = await db.query(
        `INSERT INTO events (name, date, start_time, city, organizer_number, organizer_name)
         VALUES ('Loppet', '2026-06-01', '09:00', 'Stockholm', '802000-1234', 'Klubben') RETURNING id`,
      );
      const local = ["2026-06-01T08:00", "2026-12-01T08:00", "2026-03-29T02:30", "2026-10-25T02:30"];
      for (const [i, start] of local.entries())
        await db.query(
          `INSERT INTO stations (event_id, name, description, start, "end", municipality, marker_lat, marker_lng,
             official_quantity, official_minimum_age, payment_type)
           VALUES ('${id}', 'S${i}', 'd', '${start}', '${start}', '0180', 59.3, 18.0, 1, 0, 'NOCOMPENSATION')`,
        );
      for (const s of statements("0001_station_instants.sql")) await db.query(s);
      const rows = await db.query(
        `SELECT name, to_char(start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS start,
                to_char("end" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS "end"
           FROM stations ORDER BY name`,
      );
      expect(rows.map((r) => r.start)).toEqual([
        "2026-06-01T06:00Z",
        "2026-12-01T07:00Z",
        // The skipped hour and the repeated hour read as standard time (+01:00), as the app reads them.
        "2026-03-29T01:30Z",
        "2026-10-25T01:30Z",
      ]);
      expect(rows.map((r) => r.end)).toEqual(rows.map((r) => r.start));
    } finally {
      await db.close();
    }
  });
});
