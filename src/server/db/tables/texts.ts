import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { stations } from "./events.ts";
import { groupVolunteers } from "./groups.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Every text the product sends (issue 24): the outbox the text job delivers from, with its delivery state.
 * `purpose` makes a text exactly once per recipient and reason (a station's day-before reminder to one
 * volunteer, a team leader's morning count): a second queueing of the same purpose does nothing.
 */
export const texts = pgTable(
  "texts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** E.164. */
    to: text("to").notNull(),
    message: text("message").notNull(),
    /** dayBefore, declined, morning, offerReminder (TEXT_KINDS). */
    kind: text("kind").notNull(),
    purpose: text("purpose"),
    /**
     * The event it is about, for the organizer's counts. No foreign key: only confirmed events text, and they
     * are never deleted (their texts go with their volunteers' data, ADR 032); a checked key per row cost a
     * tenth of queueing an event's reminder.
     */
    eventId: uuid("event_id"),
    /** Whom it went to, as the organizer knows them (a volunteer's or contact's name). */
    name: text("name"),
    /** QUEUED, SENT (the provider took it), DELIVERED or FAILED (TEXT_STATUSES). */
    status: text("status").notNull().default("QUEUED"),
    /** The provider's id of the text: its delivery report names it. */
    providerId: text("provider_id"),
    /** Tries that failed so far; a text is given up after TEXT_ATTEMPTS (texts/outbox.ts). */
    attempts: integer("attempts").notNull().default(0),
    /** Why it failed, as the organizer is told (TEXT_FAILURES); `error` holds the provider's words for the log. */
    reason: text("reason"),
    error: text("error"),
    createdAt: instant("created_at").notNull().defaultNow(),
    sentAt: instant("sent_at"),
    /** When it was delivered or given up. */
    doneAt: instant("done_at"),
  },
  (t) => [
    uniqueIndex("texts_purpose_key").on(t.purpose),
    index("texts_event_idx").on(t.eventId, t.status),
    // Delivery reports name a text by the provider's id; a queued text has none yet (and costs no entry).
    index("texts_provider_idx").on(t.providerId).where(sql`provider_id IS NOT NULL`),
  ],
);

/** Numbers that answered STOPP: no text goes to them again, whatever it is about. */
export const textStops = pgTable("text_stops", {
  number: text("number").primaryKey(),
  at: instant("at").notNull(),
});

/** Every text received, by the provider's id: the provider retries until it hears 200, so an id seen is done. */
export const textsIncoming = pgTable("texts_incoming", {
  providerId: text("provider_id").primaryKey(),
  from: text("from").notNull(),
  message: text("message").notNull(),
  /** yes, no, stop or other (readReply), and whether it matched a reminder. */
  reading: text("reading").notNull(),
  matched: integer("matched").notNull().default(0),
  receivedAt: instant("received_at").notNull(),
});

/**
 * The day-before reminder of one named volunteer at one station, and their answer: one row each, so a
 * volunteer is reminded once however often it is asked, by however many processes.
 */
export const stationReminders = pgTable(
  "station_reminders",
  {
    stationId: uuid("station_id")
      .notNull()
      .references(() => stations.id, { onDelete: "cascade" }),
    volunteerId: uuid("volunteer_id")
      .notNull()
      .references(() => groupVolunteers.id, { onDelete: "cascade" }),
    /** No foreign key: the station's goes with the event (each checked key costs a whole reminder's insert). */
    eventId: uuid("event_id").notNull(),
    remindedAt: instant("reminded_at").notNull(),
    /** When its mail was queued: by a job of its own after the reminder's texts (features/texts/service.ts). */
    mailedAt: instant("mailed_at"),
    /** The number texted (E.164); a reply from it answers this reminder. Null when only mailed. */
    number: text("number"),
    /** JA (true), NEJ (false), no answer (null). */
    confirmed: boolean("confirmed"),
    answeredAt: instant("answered_at"),
    /** The last text they sent that was neither JA nor NEJ. */
    message: text("message"),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.volunteerId] }),
    index("station_reminders_number_idx").on(t.number),
    index("station_reminders_event_idx").on(t.eventId),
  ],
);
