// Send-out to 5,000 volunteers (STAFFING §2, issue of the event day): how long POST …/sendout takes to
// accept it (budget 1 s), and how many mails a second its delivery hands to a local SMTP server, beside
// plain nodemailer with the same pooled transport sending the same mails (budget: 0.8 of that rate).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type App, buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite, openPostgres, queryRows } from "../src/server/db/client.ts";
import { renderSendOut } from "../src/server/features/sendouts/mail.ts";
import { mailTransport } from "../src/server/mail/outbox.ts";
import { multipart, pdf } from "../tests/helpers/files.ts";
import { SmtpSink } from "../tests/helpers/smtp-sink.ts";

export const SENDOUT_SCENARIO = "send-out to 5,000 recipients: accepted, then delivered to a local SMTP server";
/** POST …/sendout must answer within this. */
export const SENDOUT_ACCEPT_BUDGET_MS = 1000;
/** Delivery must reach this share of plain pooled nodemailer's rate. */
export const SENDOUT_BUDGET_SHARE = 0.8;

export interface SendOutRow {
  database: string;
  recipients: number;
  acceptMs: number;
  sendOutPerSecond: number;
  plainPerSecond: number;
}

const STATIONS = 10;
const GROUPS = 50;
const PASSWORD = "Benchmark1";
const MESSAGE = "Hej!\n\nSamling 07:30 vid er station: {coordinates}\nTa med vattenflaska och legitimation. PM finns i bilagan.";

/** An organizer signed in on the bench's app: their id, and the headers of their calls. */
export async function benchOrganizer(app: Pick<App, "server" | "ctx">, email: string) {
  const passwordHash = await app.ctx.hasher.hash(PASSWORD);
  const [user] = await queryRows<{ id: string }>(
    app.ctx.db,
    sql`INSERT INTO users (email, password_hash, first_name, last_name, phone, status, email_verified)
      VALUES (${email}, ${passwordHash}, 'Bench', 'Arrangör', '+46701234567', 'CONFIRMED', true)
      ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash RETURNING id`,
  );
  const signIn = await app.server.inject({ method: "POST", url: "/api/auth/sign-in", payload: { email, password: PASSWORD } });
  return { id: user.id, headers: { authorization: `Bearer ${signIn.json().accessToken}` } };
}

/** One confirmed event of the bench user: 10 stations, 50 groups of `perGroup` named volunteers with accepted offers. */
export async function seedEvent(db: Parameters<typeof queryRows>[0], userId: string, perGroup: number) {
  const [event] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO events (name, date, start_time, city, organizer_number, organizer_name, status, created_by)
      VALUES ('Benchvarvet', (now() + interval '30 days')::date, '09:00', 'Göteborg', '802000-1239', 'Benchklubben', 'CONFIRMED', ${userId})
      RETURNING id`,
  );
  await db.execute(sql`INSERT INTO event_contacts (event_id, user_id, creator) VALUES (${event.id}, ${userId}, true)`);
  await db.execute(
    sql`INSERT INTO stations (event_id, name, description, start, "end", municipality, marker_lat, marker_lng,
        official_quantity, official_minimum_age, payment_type)
      SELECT ${event.id}, 'Station ' || n, 'Vätskekontroll', now() + interval '30 days', now() + interval '30 days 8 hours',
        '1480', 57.7 + n / 1000.0, 11.97 + n / 1000.0, 1000, 0, 'NOCOMPENSATION'
      FROM generate_series(1, ${STATIONS + 1}) n`,
  );
  await db.execute(
    sql`INSERT INTO groups (name, organization_number, organization_name, municipality, number_of_members, status)
      SELECT 'Benchgrupp ' || n, '802000-1239', 'Benchförening ' || n, '1480', 1000, 'CONFIRMED'
      FROM generate_series(1, ${GROUPS + 1}) n`,
  );
  // Groups 1–50 at stations 1–10 (five each); group 51 with five volunteers at station 11, for the warm-up.
  await db.execute(
    sql`INSERT INTO group_volunteers (group_id, name, email, phone, age, position)
      SELECT g.id, 'Funktionär ' || v, 'f-' || substr(g.name, 12) || '-' || v || '@example.se', '+46701234567', 17, v
      FROM groups g, generate_series(1, ${perGroup}) v
      WHERE g.name LIKE 'Benchgrupp %' AND (substr(g.name, 12)::int <= ${GROUPS} OR v <= 5)`,
  );
  await db.execute(
    sql`INSERT INTO offers (event_id, group_id, station_id, volunteers, status, attendees)
      SELECT ${event.id}, g.id, s.id, 1000, 'ACCEPTED',
        (SELECT jsonb_agg(v.id::text) FROM group_volunteers v WHERE v.group_id = g.id)
      FROM groups g JOIN stations s ON s.event_id = ${event.id}
        AND s.name = 'Station ' || (CASE WHEN substr(g.name, 12)::int > ${GROUPS} THEN ${STATIONS + 1}
          ELSE (substr(g.name, 12)::int - 1) / ${GROUPS / STATIONS} + 1 END)
      WHERE g.name LIKE 'Benchgrupp %'`,
  );
  await db.execute(sql`ANALYZE`);
  const stations = await queryRows<{ id: string; name: string; lat: number; lng: number }>(
    db,
    sql`SELECT id, name, marker_lat AS lat, marker_lng AS lng FROM stations WHERE event_id = ${event.id} ORDER BY name`,
  );
  return {
    eventId: event.id,
    big: stations.filter((s) => s.name !== `Station ${STATIONS + 1}`),
    warmUp: stations.find((s) => s.name === `Station ${STATIONS + 1}`) as (typeof stations)[number],
  };
}

export async function measureSendOut(database: string, databaseUrl: string | null, recipients = 5000): Promise<SendOutRow> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bemanna-bench-sendout-"));
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(null);
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    SMTP_URL: smtpUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  });
  const { server, ctx, jobs } = await buildApp({ config, database: db, webRoot: "/nonexistent" });
  try {
    const organizer = await benchOrganizer({ server, ctx }, "bench-sendout@example.se");
    const seeded = await seedEvent(db.db, organizer.id, recipients / GROUPS);
    const headers = organizer.headers;
    const attachment = pdf(10_000);
    const body = multipart([{ filename: "PM.pdf", content: attachment }]);
    const uploaded = await server.inject({
      method: "POST",
      url: `/api/events/${seeded.eventId}/files`,
      headers: { ...headers, "content-type": body.contentType },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
    const sendOut = (stations: string[]) =>
      server.inject({
        method: "POST",
        url: `/api/events/${seeded.eventId}/sendout`,
        headers,
        payload: {
          stations,
          recipientTypes: ["VOLUNTEERS"],
          subject: "Inför loppet",
          message: MESSAGE,
          attachments: [{ name: "PM.pdf" }],
        },
      });

    // Warm-up: a small send-out, accepted and delivered, so neither figure below pays for first calls.
    await sendOut([seeded.warmUp.id]);
    await jobs.runDue();
    sink.mails.length = 0;

    // Plain pooled nodemailer: the same mail with the same attachment to as many addresses, all at once.
    const mail = renderSendOut("sv", {
      subject: "Inför loppet",
      message: MESSAGE,
      recipientTypes: ["VOLUNTEERS"],
      eventName: "Benchvarvet",
      senderName: "Bench Arrangör",
      canReply: true,
      station: seeded.big[0],
    });
    const transport = mailTransport(smtpUrl);
    let start = performance.now();
    await Promise.all(
      Array.from({ length: recipients }, (_, i) =>
        transport.sendMail({
          from: config.MAIL_FROM,
          to: `plain-${i}@example.se`,
          replyTo: "bench-sendout@example.se",
          ...mail,
          attachments: [{ filename: "PM.pdf", contentType: "application/pdf", content: attachment }],
          messageId: `<plain-${i}@bemanna>`,
        }),
      ),
    );
    const plainPerSecond = recipients / ((performance.now() - start) / 1000);
    transport.close();
    sink.mails.length = 0;

    // The send-out: accepted by the API, then delivered by the job worker.
    start = performance.now();
    const accepted = await sendOut(seeded.big.map((s) => s.id));
    const acceptMs = performance.now() - start;
    if (accepted.statusCode !== 201 || accepted.json().recipients !== recipients)
      throw new Error(`send-out not accepted as expected: ${accepted.statusCode} ${accepted.body}`);
    start = performance.now();
    await jobs.runDue();
    const seconds = (performance.now() - start) / 1000;
    const [{ sent }] = await queryRows<{ sent: number | string }>(
      db.db,
      sql`SELECT count(*) AS sent FROM send_out_recipients WHERE send_out_id = ${accepted.json().sendOutId} AND status = 'SENT'`,
    );
    if (sink.mails.length !== recipients || Number(sent) !== recipients)
      throw new Error(`${sink.mails.length} mails arrived, ${sent} marked sent, of ${recipients}`);
    return {
      database,
      recipients,
      acceptMs: Math.round(acceptMs),
      sendOutPerSecond: Math.round(recipients / seconds),
      plainPerSecond: Math.round(plainPerSecond),
    };
  } finally {
    await server.close();
    await db.close();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
