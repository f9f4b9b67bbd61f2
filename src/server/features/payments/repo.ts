import { and, eq, inArray, sql } from "drizzle-orm";
import type { ApprovedLine } from "#shared/payments/approval";
import type { FeeKind } from "#shared/payments/fees";
import type { PaymentDetails, PaymentMethod } from "#shared/payments/numbers";
import { queryRows, type Tx } from "../../db/client.ts";
import { groupPayments, invoices, offers, payoutApprovals } from "../../db/schema.ts";

export type PaymentRow = typeof groupPayments.$inferSelect;
export type ApprovalRow = typeof payoutApprovals.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

export const detailsOf = (row: PaymentRow): PaymentDetails => ({
  method: row.method as PaymentMethod,
  bankgiro: row.bankgiro,
  plusgiro: row.plusgiro,
  clearingNumber: row.clearingNumber,
  accountNumber: row.accountNumber,
});

export async function paymentOf(tx: Tx, groupId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.groupId, groupId));
  return row;
}

/** The payment details of the groups with an accepted offer at the event: those its payout may show. */
export async function paymentsOfEvent(tx: Tx, eventId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(groupPayments)
    .where(
      inArray(
        groupPayments.groupId,
        tx
          .select({ id: offers.groupId })
          .from(offers)
          .where(and(eq(offers.eventId, eventId), eq(offers.status, "ACCEPTED"))),
      ),
    );
}

/** The details as they were, locked: two contacts saving at once are told of each other's change in order. */
export async function lockPayment(tx: Tx, groupId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(groupPayments).where(eq(groupPayments.groupId, groupId)).for("update");
  return row;
}

export async function savePayment(tx: Tx, groupId: string, details: PaymentDetails, now: Date, by: string) {
  const values = { ...details, changedAt: now, changedBy: by };
  await tx
    .insert(groupPayments)
    .values({ groupId, ...values })
    .onConflictDoUpdate({ target: groupPayments.groupId, set: values });
}

export async function removePayment(tx: Tx, groupId: string) {
  await tx.delete(groupPayments).where(eq(groupPayments.groupId, groupId));
}

export async function approvalOf(tx: Tx, eventId: string): Promise<ApprovalRow | undefined> {
  const [row] = await tx.select().from(payoutApprovals).where(eq(payoutApprovals.eventId, eventId));
  return row;
}

/** Approves (again): the lines replace those of an earlier approval, under a new number, and it is unpaid. */
export async function saveApproval(
  tx: Tx,
  eventId: string,
  a: { lines: ApprovedLine[]; totalOre: number; approvedAt: Date; approvedBy: string; approvedByName: string },
): Promise<ApprovalRow> {
  const values = { ...a, number: sql<number>`nextval('payout_approval_numbers')`, paidOn: null, paidByName: null };
  const [row] = await tx
    .insert(payoutApprovals)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: payoutApprovals.eventId, set: values })
    .returning();
  return row;
}

export async function markPaid(tx: Tx, eventId: string, paidOn: string, paidByName: string): Promise<ApprovalRow | undefined> {
  const [row] = await tx
    .update(payoutApprovals)
    .set({ paidOn, paidByName })
    .where(eq(payoutApprovals.eventId, eventId))
    .returning();
  return row;
}

/** The approvals of several events (a group's payout lists its events). */
export async function approvalsOf(tx: Tx, eventIds: string[]): Promise<ApprovalRow[]> {
  if (eventIds.length === 0) return [];
  return tx.select().from(payoutApprovals).where(inArray(payoutApprovals.eventId, eventIds));
}

export async function invoicesOf(tx: Tx, eventId: string): Promise<InvoiceRow[]> {
  return tx.select().from(invoices).where(eq(invoices.eventId, eventId)).orderBy(invoices.number);
}

export async function invoiceOf(tx: Tx, eventId: string, kind: FeeKind): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.eventId, eventId), eq(invoices.kind, kind)));
  return row;
}

/** The places an event's stations ask for, and the volunteers who came (accepted offers' recorded attendance). */
export async function eventCounts(tx: Tx, eventId: string): Promise<{ places: number; attended: number }> {
  const [row] = await queryRows<{ places: number; attended: number }>(
    tx,
    sql`SELECT
        (SELECT COALESCE(SUM(official_quantity), 0)::int FROM stations WHERE event_id = ${eventId}) AS places,
        (SELECT COALESCE(SUM(COALESCE(adult_attendance, 0) + COALESCE(child_attendance, 0)), 0)::int
           FROM offers WHERE event_id = ${eventId} AND status = 'ACCEPTED') AS attended`,
  );
  return row;
}

/**
 * The next invoice number. The counter's one row is written (made on first use) and so locked until the
 * transaction ends: concurrent issues on any process take numbers one after the other, and a transaction
 * that rolls back gives its number back. No gaps, which a sequence would leave.
 */
export async function takeInvoiceNumber(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`INSERT INTO invoice_numbers (id, last) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET last = invoice_numbers.last + 1
      RETURNING last`,
  );
  return row.last;
}

export async function insertInvoice(tx: Tx, invoice: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  return row;
}

/** The contacts of these groups, with what a mail to them needs. */
export async function contactsOfGroups(
  tx: Tx,
  groupIds: string[],
): Promise<Array<{ groupId: string; email: string; firstName: string; language: string }>> {
  if (groupIds.length === 0) return [];
  return queryRows(
    tx,
    sql`SELECT gc.group_id AS "groupId", u.email, u.first_name AS "firstName", u.language
      FROM group_contacts gc JOIN users u ON u.id = gc.user_id
      WHERE gc.group_id IN (${sql.join(
        groupIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY u.email`,
  );
}
