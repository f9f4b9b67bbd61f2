import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../schema.ts";
import { events } from "./events.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A volunteer group: a club, team or school class with its contacts, volunteers and availability. */
export const groups = pgTable("groups", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  organizationNumber: text("organization_number").notNull(),
  organizationName: text("organization_name").notNull(),
  municipality: text("municipality").notNull(),
  numberOfMembers: integer("number_of_members").notNull(),
  ages: jsonb("ages").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** 0..68, 0 = none (the sports list in src/shared/groups/sports.ts). */
  sport: integer("sport").notNull().default(0),
  skills: jsonb("skills").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** DRAFT until confirmed, then CONFIRMED; HISTORIC is read-only. */
  status: text("status").notNull().default("DRAFT"),
  /** Bumped by every change; a write must name the version it read (optimistic concurrency). */
  version: integer("version").notNull().default(1),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  confirmedAt: instant("confirmed_at"),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/** The group's contact persons: they, and only they, see and change the group and its volunteers. */
export const groupContacts = pgTable(
  "group_contacts",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: instant("added_at").notNull().defaultNow(),
    /** When the person first opened it: until then the others do not see their phone (they have not accepted). */
    seenAt: instant("seen_at"),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_contacts_user_idx").on(t.userId)],
);

/**
 * The group's volunteers, minors among them: removed rows are deleted, never kept. E-mails are unique within
 * a group; the service checks that under the group's version lock (a unique index would refuse two
 * volunteers swapping addresses in one save).
 */
export const groupVolunteers = pgTable(
  "group_volunteers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    age: integer("age").notNull(),
    /** Per event: eventId, specialDiets, shirtSize, substitute. Erased 30 days after the event is finished (ADR 022). */
    participation: jsonb("participation").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer("position").notNull().default(0),
    /** The language of the volunteer's own mails: the one they registered in through the group's link. */
    language: text("language").notNull().default("sv"),
    /** The event whose sign-up link they joined through (no foreign key: the history outlives the event). */
    registeredEventId: uuid("registered_event_id"),
    /** A minor who joined through the link names a guardian, who must say yes before they count (ADR 022). */
    guardianName: text("guardian_name"),
    guardianEmail: text("guardian_email"),
    guardianConfirmedAt: instant("guardian_confirmed_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("group_volunteers_group_idx").on(t.groupId),
    // The erasure finds an event's participations by containment (participation @> '[{"eventId": …}]').
    index("group_volunteers_participation_idx").using("gin", sql`${t.participation} jsonb_path_ops`),
    index("group_volunteers_registered_event_idx").on(t.registeredEventId),
  ],
);

/**
 * A group's sign-up link for an event (STAFFING §2 /link). The link itself is not stored: it is a MAC of
 * (group, event, generation) under the server's key; renewing bumps the generation, which kills the old link.
 */
export const registrationLinks = pgTable(
  "registration_links",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull().default(1),
    createdAt: instant("created_at").notNull().defaultNow(),
    renewedAt: instant("renewed_at"),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.eventId] })],
);

/** When (a period) or for which event, and where, a group can work. */
export const groupAvailabilities = pgTable(
  "group_availabilities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** PERIOD or EVENT. */
    type: text("type").notNull(),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    /** No foreign key: an event's removal must not take the group's history with it. */
    eventId: uuid("event_id"),
    /** Municipality id (src/shared/geo). */
    location: text("location").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("group_availabilities_group_idx").on(t.groupId),
    index("group_availabilities_event_idx").on(t.eventId),
    index("group_availabilities_period_idx").on(t.location, t.startDate, t.endDate),
  ],
);
