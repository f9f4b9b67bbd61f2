import { bigint, date, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ApprovedLine } from "#shared/payments/approval";
import { users } from "../schema.ts";
import { events } from "./events.ts";
import { groups } from "./groups.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * How a group is paid (issue 25): one method and its numbers, as digits. A table of its own, so no read of
 * a group for anyone else (matching, offers, rosters) can carry it by accident.
 */
export const groupPayments = pgTable("group_payments", {
  groupId: uuid("group_id")
    .primaryKey()
    .references(() => groups.id, { onDelete: "cascade" }),
  /** BANKGIRO, PLUSGIRO or BANK_ACCOUNT (PAYMENT_METHODS). */
  method: text("method").notNull(),
  bankgiro: text("bankgiro"),
  plusgiro: text("plusgiro"),
  clearingNumber: text("clearing_number"),
  accountNumber: text("account_number"),
  changedAt: instant("changed_at").notNull(),
  changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
});

/** Approvals are numbered across the service: the number names the bank file's payments (EndToEndId). */
export const payoutApprovalNumbers = pgSequence("payout_approval_numbers");

/**
 * An event's approved payout: the statement's lines as approved, who approved and when, and when it was
 * paid. Approving again replaces it with a new number.
 */
export const payoutApprovals = pgTable("payout_approvals", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  number: bigint("number", { mode: "number" }).notNull(),
  lines: jsonb("lines").$type<ApprovedLine[]>().notNull(),
  /** The SEK total in öre. */
  totalOre: bigint("total_ore", { mode: "number" }).notNull(),
  approvedAt: instant("approved_at").notNull(),
  approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "set null" }),
  /** The approver's name as it was: the approval keeps its meaning if the account goes. */
  approvedByName: text("approved_by_name").notNull(),
  paidOn: date("paid_on", { mode: "string" }),
  paidByName: text("paid_by_name"),
});

/**
 * The service's invoices to organizers. Numbers run without gaps across the whole service (Swedish
 * bookkeeping): taken from `invoice_numbers` under a row lock in the transaction that issues the invoice, so
 * a rolled-back issue takes its number back. An invoice outlives its event (bookkeeping keeps it for seven
 * years), so it keeps the buyer and event as they were.
 */
export const invoices = pgTable(
  "invoices",
  {
    number: integer("number").primaryKey(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    /** START at confirmation, FINAL when the event becomes HISTORIC (FEE_KINDS). */
    kind: text("kind").notNull(),
    issuedAt: instant("issued_at").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceOre: integer("unit_price_ore").notNull(),
    netOre: bigint("net_ore", { mode: "number" }).notNull(),
    vatOre: bigint("vat_ore", { mode: "number" }).notNull(),
    grossOre: bigint("gross_ore", { mode: "number" }).notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerNumber: text("buyer_number").notNull(),
    buyerAddress: text("buyer_address").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    eventName: text("event_name").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
  },
  (t) => [uniqueIndex("invoices_event_kind_key").on(t.eventId, t.kind)],
);

/** The one counter invoice numbers come from: a single row, locked while a number is taken. */
export const invoiceNumbers = pgTable("invoice_numbers", {
  id: integer("id").primaryKey(),
  last: integer("last").notNull(),
});
