import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../schema.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    startTime: text("start_time").notNull(),
    city: text("city").notNull(),
    included: jsonb("included").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    shirtSizes: jsonb("shirt_sizes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    foodOptions: jsonb("food_options").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    substitute: boolean("substitute").notNull().default(false),
    organizerNumber: text("organizer_number").notNull(),
    organizerName: text("organizer_name").notNull(),
    organizerWebsite: text("organizer_website").notNull().default(""),
    organizerEmail: text("organizer_email").notNull().default(""),
    invoiceAddress: text("invoice_address").notNull().default(""),
    /** DRAFT, CONFIRMED or HISTORIC. */
    status: text("status").notNull().default("DRAFT"),
    /** Bumped by every change; a write must name the version it read (optimistic concurrency). */
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: instant("confirmed_at"),
    confirmedBy: uuid("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    historicAt: instant("historic_at"),
    /** When the groups were told that their volunteers' data for the event will be erased (ADR 022). */
    erasureNoticeAt: instant("erasure_notice_at"),
    /** When the volunteers' data for the event (diets, shirt sizes, substitutes, guardians) was erased. */
    participationErasedAt: instant("participation_erased_at"),
    /** Texts (the day-before reminder, answers, the morning count) go out for the event; the organizer may turn them off. */
    textsEnabled: boolean("texts_enabled").notNull().default(true),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [index("events_status_date_idx").on(t.status, t.date)],
);

/** The organizer contacts of an event: they, and only they, see and change it. */
export const eventContacts = pgTable(
  "event_contacts",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The creator's entry cannot be removed. */
    creator: boolean("creator").notNull().default(false),
    addedAt: instant("added_at").notNull().defaultNow(),
    /** When the person first opened it: until then the others do not see their phone (they have not accepted). */
    seenAt: instant("seen_at"),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_contacts_user_idx").on(t.userId)],
);

export const stations = pgTable(
  "stations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Instants; the API shows them as Stockholm wall-clock time with its offset. */
    start: instant("start").notNull(),
    end: instant("end").notNull(),
    municipality: text("municipality").notNull(),
    markerLocation: text("marker_location").notNull().default(""),
    markerLat: doublePrecision("marker_lat").notNull(),
    markerLng: doublePrecision("marker_lng").notNull(),
    teamLeaderEmail: text("team_leader_email").notNull().default(""),
    officialQuantity: integer("official_quantity").notNull(),
    officialMinimumAge: integer("official_minimum_age").notNull(),
    skills: jsonb("skills").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    paymentType: text("payment_type").notNull(),
    currency: text("currency"),
    groupPayment: integer("group_payment"),
    paymentAdult: integer("payment_adult"),
    paymentChild: integer("payment_child"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Names are unique per event regardless of case: the database holds the rule even against racing writes.
    uniqueIndex("stations_event_name_key").on(t.eventId, sql`lower(${t.name})`),
    index("stations_team_leader_idx").on(t.teamLeaderEmail),
  ],
);
