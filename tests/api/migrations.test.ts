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

describe("migration 0007: files become blobs", () => {
  it("makes a blob of every stored file, under its old name, and points the send-outs' attachments at them", async () => {
    const db = await emptyDatabase();
    try {
      for (const file of [
        "0000_init.sql",
        "0001_station_instants.sql",
        "0002_offers.sql",
        "0003_hardening.sql",
        "0004_event_day.sql",
        "0005_sendout_claims.sql",
        "0006_registration_and_copies.sql",
      ])
        for (const s of statements(file)) await db.query(s);
      const [{ id }] = await db.query(
        `INSERT INTO events (name, date, start_time, city, organizer_number, organizer_name)
         VALUES ('Loppet', '2026-06-01', '09:00', 'Stockholm', '802000-1234', 'Klubben') RETURNING id`,
      );
      await db.query(
        `INSERT INTO event_files (event_id, name, type, size) VALUES
           ('${id}', 'PM.pdf', 'application/pdf', 1200), ('${id}', 'karta.png', 'image/png', 300)`,
      );
      await db.query(
        `INSERT INTO send_outs (event_id, stations, recipient_types, subject, message, attachments) VALUES
           ('${id}', '[]', '["VOLUNTEERS"]', 'Med bilagor', 'Hej',
            '[{"name":"karta.png","type":"image/png","size":300},{"name":"PM.pdf","type":"application/pdf","size":1200}]'),
           ('${id}', '[]', '["VOLUNTEERS"]', 'Utan', 'Hej', '[]')`,
      );
      for (const s of statements("0007_file_blobs.sql")) await db.query(s);

      const blobs = await db.query(
        `SELECT f.name, b.store_key, b.type, b.size, b.sha256, b.id::text AS id
           FROM event_files f JOIN file_blobs b ON b.id = f.blob_id ORDER BY b.size`,
      );
      // The bytes stay where they are (DATA_DIR/files/{eventId}/{name}): the old name is the store key.
      expect(blobs.map(({ id: _, ...b }) => b)).toEqual([
        { name: "karta.png", store_key: "karta.png", type: "image/png", size: 300, sha256: null },
        { name: "PM.pdf", store_key: "PM.pdf", type: "application/pdf", size: 1200, sha256: null },
      ]);
      const blobOf = (name: string) => blobs.find((b) => b.name === name)?.id;
      const sent = await db.query("SELECT subject, attachments FROM send_outs ORDER BY subject");
      expect(sent).toEqual([
        {
          subject: "Med bilagor",
          attachments: [
            { name: "karta.png", type: "image/png", size: 300, blobId: blobOf("karta.png") },
            { name: "PM.pdf", type: "application/pdf", size: 1200, blobId: blobOf("PM.pdf") },
          ],
        },
        { subject: "Utan", attachments: [] },
      ]);
      const columns = await db.query(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'event_files' ORDER BY column_name",
      );
      expect(columns.map((c) => c.column_name)).toEqual(["blob_id", "created_at", "event_id", "name", "uploaded_by"]);
    } finally {
      await db.close();
    }
  });
});
