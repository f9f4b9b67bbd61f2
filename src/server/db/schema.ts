import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Values the server generates once and every process shares (e.g. the token signing key). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    language: text("language").notNull().default("sv"),
    /** UNCONFIRMED until the sign-up code is entered; FORCE_CHANGE_PASSWORD for invited users. */
    status: text("status").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    phoneNumberVerified: boolean("phone_number_verified").notNull().default(false),
    temporaryPasswordExpiresAt: instant("temporary_password_expires_at"),
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    lockedUntil: instant("locked_until"),
    createdBy: uuid("created_by"),
    /** Part of the calendar feed's secret address; renewing it bumps this, so the old address stops working. */
    calendarGeneration: integer("calendar_generation").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/** One-time codes (sign-up, password reset), stored as hashes. */
export const codes = pgTable(
  "codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: instant("expires_at").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    usedAt: instant("used_at"),
    /**
     * A claim of an account that was never signed in (invited or unconfirmed): the new details (password
     * hash, names, phone, language) wait here and are applied only when the code proves the address.
     */
    pending: jsonb("pending"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("codes_user_purpose_idx").on(t.userId, t.purpose)],
);

/** A signed-in device. The refresh token is `<id>.<secret>`; only the current secret's hash is kept. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refreshHash: text("refresh_hash").notNull(),
    /** The secret's hash before the last rotation: a second tab that presents it shortly after gets the same successor. */
    previousHash: text("previous_hash"),
    rotatedAt: instant("rotated_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
    lastUsedAt: instant("last_used_at").notNull().defaultNow(),
    revokedAt: instant("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Sliding-window counters for limits that must hold across processes (per account, per IP). */
export const rateEvents = pgTable(
  "rate_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    at: instant("at").notNull(),
  },
  (t) => [index("rate_events_key_at_idx").on(t.key, t.at)],
);

/** Every mail the product sends; the outbox that the mail job delivers from. */
export const mails = pgTable(
  "mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    kind: text("kind").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    sentAt: instant("sent_at"),
  },
  (t) => [index("mails_created_idx").on(t.createdAt)],
);

/** The job queue: enqueued in the same transaction as the change that causes it. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    runAt: instant("run_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    lockedUntil: instant("locked_until"),
    /** The process (its instance id) whose lease `lockedUntil` is; a restart of it frees its leases at once. */
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    doneAt: instant("done_at"),
    failedAt: instant("failed_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("jobs_due_idx").on(t.runAt).where(sql`done_at IS NULL AND failed_at IS NULL`)],
);
export * from "./tables/checkins.ts";
export * from "./tables/events.ts";
export * from "./tables/groups.ts";
export * from "./tables/offers.ts";
export * from "./tables/payments.ts";
export * from "./tables/sendouts.ts";
export * from "./tables/texts.ts";
