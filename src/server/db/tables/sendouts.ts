import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../schema.ts";
import { events } from "./events.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The bytes of one upload, as checked (ADR 024): never changed once stored. The file store keeps them under
 * the event and `store_key` (the blob's id; a file stored before blobs existed, migration 0007, keeps its
 * name). A send-out records the blobs it attaches, so a later upload cannot change what it carries.
 */
export const fileBlobs = pgTable(
  "file_blobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    storeKey: text("store_key").notNull(),
    type: text("type").notNull(),
    size: integer("size").notNull(),
    /** SHA-256 of the bytes, hex; null only for a file stored before migration 0007. */
    sha256: text("sha256"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("file_blobs_event_idx").on(t.eventId)],
);

/**
 * The event's files for send-outs (STAFFING §2) by name: each name points to the blob uploaded under it.
 * A name belongs to whoever uploaded it; only they may upload a new version of it (ADR 024).
 */
export const eventFiles = pgTable(
  "event_files",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    blobId: uuid("blob_id")
      .notNull()
      .references(() => fileBlobs.id),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.name] }), index("event_files_blob_idx").on(t.blobId)],
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
    /**
     * The process (its instance id) whose delivery run holds the address until `claimedUntil`; none while
     * `claimedUntil` only defers a retry. A restart of that process frees its claims at once.
     */
    claimedBy: text("claimed_by"),
  },
  (t) => [
    primaryKey({ columns: [t.sendOutId, t.email] }),
    index("send_out_recipients_queued_idx").on(t.sendOutId).where(sql`status = 'QUEUED'`),
  ],
);
