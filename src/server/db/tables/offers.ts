import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../schema.ts";
import { events, stations } from "./events.ts";
import { groups } from "./groups.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One group asked to staff one station (STAFFING.md §1). The key is the triple: a group has at most one
 * offer per station. Removing the event, station or group removes its offers.
 */
export const offers = pgTable(
  "offers",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    stationId: uuid("station_id")
      .notNull()
      .references(() => stations.id, { onDelete: "cascade" }),
    /** The number of volunteers asked for. */
    volunteers: integer("volunteers").notNull(),
    /** DRAFT, PROPOSAL, ACCEPTED, REJECTED or EXPIRED. */
    status: text("status").notNull().default("DRAFT"),
    /** Volunteer ids (group_volunteers) the group named for the station. */
    attendees: jsonb("attendees").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    adultAttendance: integer("adult_attendance"),
    childAttendance: integer("child_attendance"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    sentAt: instant("sent_at"),
    remindedAt: instant("reminded_at"),
    answeredAt: instant("answered_at"),
    expiresAt: instant("expires_at"),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.groupId, t.stationId] }),
    index("offers_station_idx").on(t.stationId),
    index("offers_group_idx").on(t.groupId),
    // The scheduler's sweep: PROPOSALs by answer-by date.
    index("offers_due_idx").on(t.expiresAt).where(sql`status = 'PROPOSAL'`),
    // Where a volunteer is named (attendees ? id): every check-in and pass asks it.
    index("offers_attendees_idx").using("gin", t.attendees),
  ],
);
