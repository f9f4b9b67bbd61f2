import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../schema.ts";
import { events } from "./events.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A file uploaded for an event's send-outs (STAFFING §2). The bytes live in the file store (DATA_DIR/files
 * by default) under the event and the sanitised name; this row is what the server checked: type and size.
 * A new upload with the same name replaces the old one.
 */
export const eventFiles = pgTable(
  "event_files",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.name] })],
);

/** A message to the volunteers or group contacts of some of an event's stations. */
export const sendOuts = pgTable(
  "send_outs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    /** Station ids. */
    stations: jsonb("stations").$type<string[]>().notNull(),
    /** VOLUNTEERS and/or CONTACT_PERSONS. */
    recipientTypes: jsonb("recipient_types").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    attachments: jsonb("attachments")
      .$type<Array<{ name: string; type: string; size: number }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The number of distinct addresses it went to. */
    recipients: integer("recipients").notNull().default(0),
    /** Names of groups with an accepted offer at the chosen stations but no named volunteers. */
    groupsWithoutVolunteers: jsonb("groups_without_volunteers").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index("send_outs_event_created_idx").on(t.eventId, t.createdAt)],
);

/**
 * One address of a send-out and how its mail fared: QUEUED, SENT or FAILED. The address is the key, so an
 * address gets the send-out once; the delivery job sends only QUEUED rows it has claimed, so neither a
 * restart nor a second process sends twice.
 */
export const sendOutRecipients = pgTable(
  "send_out_recipients",
  {
    sendOutId: uuid("send_out_id")
      .notNull()
      .references(() => sendOuts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    language: text("language").notNull().default("sv"),
    /** The group volunteer behind the address, whose mail carries a link to be removed (ADR 022). */
    volunteerId: uuid("volunteer_id"),
    /** The station whose map link replaces {coordinates} in this recipient's mail. */
    stationId: uuid("station_id"),
    status: text("status").notNull().default("QUEUED"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: instant("sent_at"),
    /**
     * While QUEUED: until when one delivery run has the address (taken before its mail goes out), or when
     * its next try is due after a failure. Nobody else sends it before then (features/sendouts/delivery.ts).
     */
    claimedUntil: instant("claimed_until"),
  },
  (t) => [
    primaryKey({ columns: [t.sendOutId, t.email] }),
    index("send_out_recipients_queued_idx").on(t.sendOutId).where(sql`status = 'QUEUED'`),
  ],
);
