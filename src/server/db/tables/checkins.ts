import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../schema.ts";
import { events, stations } from "./events.ts";
import { groups } from "./groups.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Who came to a station on the day (issue 23): one row per named volunteer checked in or marked as not
 * coming, and one per walk-up (a member of an accepted group who was not named; no volunteer row behind
 * them). Removing the event, station or group removes its check-ins.
 */
export const checkins = pgTable(
  "checkins",
  {
    /** The id of the tap that first wrote the row (made by the device). */
    id: uuid("id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    stationId: uuid("station_id")
      .notNull()
      .references(() => stations.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** A named volunteer (group_volunteers); null for a walk-up. No foreign key: an erased volunteer's count stays. */
    volunteerId: uuid("volunteer_id"),
    /** A walk-up's name and age, as the team leader typed them. */
    name: text("name"),
    age: integer("age"),
    /** When the tap happened on the device; the earliest of several stands. */
    at: instant("at").notNull(),
    /** Marked as not coming instead of arrived. */
    noShow: boolean("no_show").notNull().default(false),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: instant("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("checkins_station_volunteer_key").on(t.stationId, t.volunteerId),
    index("checkins_event_idx").on(t.eventId),
  ],
);

/**
 * Every tap a device sent, by the id it made: the same id again answers what it answered the first time
 * and changes nothing (a device that lost the answer sends it again).
 */
export const checkinTaps = pgTable("checkin_taps", {
  id: uuid("id").primaryKey(),
  eventId: uuid("event_id")
    .notNull()
    .references(() => events.id, { onDelete: "cascade" }),
  answer: jsonb("answer").$type<unknown>(),
  createdAt: instant("created_at").notNull().defaultNow(),
});
