import { sql } from "drizzle-orm";
import type { Language } from "#shared/account/schema";
import type { EventPayout, PayoutStatement } from "#shared/attendance/schema";
import { contactPagePath } from "#shared/contacts";
import { translate } from "#shared/i18n/index";
import {
  type ApprovedLine,
  approvedLines,
  approvedTotal,
  bankTransfers,
  changedDaysAgo,
  changesSince,
} from "#shared/payments/approval";
import { isBankDay, nextBankDay } from "#shared/payments/bank-days";
import {
  calculatedFee,
  type FeeKind,
  finalFee,
  invoiceAmounts,
  PAYMENT_TERMS_DAYS,
  startFee,
  toKronor,
  toOre,
  VAT_RATE_PERCENT,
} from "#shared/payments/fees";
import { checkBankAccount, maskedNumber, type PaymentDetails, type PaymentMethod } from "#shared/payments/numbers";
import { payoutAbilities } from "#shared/payments/rules";
import {
  type ApprovalView,
  type BankFileQuery,
  type BankFileView,
  type FeesView,
  type InvoiceView,
  type PaymentView,
  paymentMsg,
} from "#shared/payments/schema";
import { addDays, stockholmToday } from "#shared/validation";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, conflict } from "../../http/errors.ts";
import { fullName } from "../../identity/present.ts";
import type { UserRow } from "../../identity/repo.ts";
import { hitLimit } from "../../limits.ts";
import { queueMails } from "../../mail/outbox.ts";
import { type EventStatements, payoutEventOf, presentEventPayout, presentStatements } from "../attendance/present.ts";
import * as attendance from "../attendance/repo.ts";
import type { EventRow } from "../events/repo.ts";
import type { GroupRow } from "../groups/repo.ts";
import { painDocument } from "./pain001.ts";
import * as repo from "./repo.ts";

const ASKS_PER_DAY = 3;
const invalid = (what: string, fields: Record<string, string>) => new AppError("ValidationError", what, fields);

// ── A group's payment details ───────────────────────────────────────────────────────────────────────

export function presentPayment(row: repo.PaymentRow, now: Date): PaymentView {
  const account = row.method === "BANK_ACCOUNT" ? checkBankAccount(row.clearingNumber ?? "", row.accountNumber ?? "") : null;
  return {
    method: row.method as PaymentMethod,
    bankgiro: row.bankgiro,
    plusgiro: row.plusgiro,
    clearingNumber: row.clearingNumber,
    accountNumber: row.accountNumber,
    bankName: account?.ok ? account.bankName : null,
    noCheckDigit: account?.ok ? account.noCheckDigit : false,
    changedAt: row.changedAt.toISOString(),
    changedDaysAgo: changedDaysAgo(row.changedAt, now),
  };
}

const sameDetails = (a: PaymentDetails, b: PaymentDetails) =>
  a.method === b.method &&
  a.bankgiro === b.bankgiro &&
  a.plusgiro === b.plusgiro &&
  a.clearingNumber === b.clearingNumber &&
  a.accountNumber === b.accountNumber;

/**
 * Saves a group's payment details in the group's save (`undefined`: the body did not send them, they stay;
 * `null`: removed). A change is told to every contact of the group, with the numbers masked: a changed
 * account number is how invoice fraud works, and whoever did not make the change should hear of it.
 */
export async function savePaymentDetails(
  tx: Tx,
  now: Date,
  actor: UserRow,
  group: { id: string; name: string },
  details: PaymentDetails | null | undefined,
): Promise<void> {
  if (details === undefined) return;
  const before = await repo.lockPayment(tx, group.id);
  const old = before ? repo.detailsOf(before) : null;
  if (details === null ? old === null : old !== null && sameDetails(old, details)) return;
  if (details === null) await repo.removePayment(tx, group.id);
  else await repo.savePayment(tx, group.id, details, now, actor.id);
  const contacts = await repo.contactsOfGroups(tx, [group.id]);
  const shown = (d: PaymentDetails | null, lang: Language) =>
    d === null ? translateNone(lang) : `${methodName(d, lang)} ${maskedNumber(d)}`;
  await queueMails(
    tx,
    now,
    contacts.map((c) => {
      const lang = c.language as Language;
      return {
        to: c.email,
        kind: "paymentDetailsChanged" as const,
        lang,
        values: {
          firstName: c.firstName,
          who: fullName(actor),
          group: group.name,
          before: shown(old, lang),
          after: shown(details, lang),
        },
      };
    }),
  );
}

const methodName = (d: PaymentDetails, lang: Language) => translate(lang, `groups.payment.method.${d.method}`);
const translateNone = (lang: Language) => translate(lang, "groups.payment.none");

// ── The payout's approval ───────────────────────────────────────────────────────────────────────────

/** The event's statements as they stand now (one statement), with the groups' payment details (one more). */
async function currentPayout(tx: Tx, event: EventRow) {
  const payout = presentEventPayout(payoutEventOf(event), await attendance.payoutRows(tx, attendance.ofEvent(event.id)));
  const payments = await repo.paymentsOfEvent(tx, event.id);
  return { payout, payments: new Map(payments.map((p) => [p.groupId, p])) };
}

function presentApproval(row: repo.ApprovalRow, now: readonly ApprovedLine[], names: Map<string, string>): ApprovalView {
  const changes = changesSince(row.lines, now);
  const nameOf = (id: string) => names.get(id) ?? "";
  return {
    approvedAt: row.approvedAt.toISOString(),
    approvedBy: row.approvedByName,
    total: toKronor(row.totalOre),
    paidOn: row.paidOn,
    paidBy: row.paidByName,
    changed: changes.length > 0,
    changes: changes.map((c) => ({
      groupId: c.groupId,
      groupName: nameOf(c.groupId),
      stationId: c.stationId,
      stationName: nameOf(c.stationId),
      before: c.before && { adultAttendance: c.before.adultAttendance, childAttendance: c.before.childAttendance },
      after: c.after && { adultAttendance: c.after.adultAttendance, childAttendance: c.after.childAttendance },
    })),
  };
}

/** Names of the groups and stations a payout speaks of, now or when it was approved. */
function namesOf(payout: EventStatements, approved: readonly ApprovedLine[] = []): Map<string, string> {
  const names = new Map<string, string>();
  for (const l of approved) names.set(l.groupId, l.groupName).set(l.stationId, l.stationName);
  for (const s of payout.statements) {
    names.set(s.group.id, s.group.name);
    for (const st of s.stations) names.set(st.stationId, st.name);
  }
  return names;
}

function bankFileOf(
  approval: repo.ApprovalRow,
  payments: Map<string, repo.PaymentRow>,
  names: Map<string, string>,
  now: Date,
): BankFileView {
  const plan = bankTransfers(approval.number, approval.lines, (id) => {
    const row = payments.get(id);
    return row && repo.detailsOf(row);
  });
  const unpaid = (g: { groupId: string; amount: number }, currency: "SEK" | "EUR") => ({
    groupId: g.groupId,
    name: names.get(g.groupId) ?? "",
    currency,
    amount: toKronor(g.amount),
  });
  return {
    transfers: plan.transfers.length,
    total: toKronor(plan.transfers.reduce((sum, t) => sum + t.amount, 0)),
    missingDetails: plan.missingDetails.map((g) => unpaid(g, "SEK")),
    otherCurrency: plan.otherCurrency.map((g) => unpaid(g, g.currency)),
    suggestedExecutionDate: nextBankDay(stockholmToday(now)),
  };
}

/** GET /api/events/{eventId}/payout: the statements, each group's payment details, the approval and the file. */
export async function eventPayout(ctx: Ctx, event: EventRow): Promise<EventPayout> {
  const now = ctx.clock.now();
  const { payout, payments } = await currentPayout(ctx.db, event);
  const row = await repo.approvalOf(ctx.db, event.id);
  const names = namesOf(payout, row?.lines);
  const approval = row ? presentApproval(row, approvedLines(payout.statements), names) : null;
  for (const s of payout.statements) {
    const p = payments.get(s.group.id);
    s.payment = p ? presentPayment(p, now) : null;
    // The event's approval is the view's own `approval`; 400 copies of it would only weigh.
  }
  return {
    ...payout,
    approval,
    bankFile: row ? bankFileOf(row, payments, names, now) : null,
    abilities: payoutAbilities(payout.statements.length, approval),
  };
}

/**
 * GET /api/groups/{groupId}/payout: the group's own statements, one per event where it has an accepted
 * offer, newest event first, each with the event's approval and the group's payment details.
 */
export async function groupPayout(ctx: Ctx, group: GroupRow): Promise<PayoutStatement[]> {
  const now = ctx.clock.now();
  const statements = presentStatements(await attendance.payoutRows(ctx.db, attendance.ofGroup(group.id)));
  const approvals = new Map(
    (await repo.approvalsOf(ctx.db, [...new Set(statements.map((s) => s.event.id))])).map((a) => [a.eventId, a]),
  );
  const payment = await repo.paymentOf(ctx.db, group.id);
  for (const s of statements) {
    const a = approvals.get(s.event.id);
    s.payment = payment ? presentPayment(payment, now) : null;
    // Changed for this group: its own lines differ from what was approved.
    const own = (lines: readonly ApprovedLine[]) => lines.filter((l) => l.groupId === group.id);
    s.approval = a
      ? {
          approvedAt: a.approvedAt.toISOString(),
          paidOn: a.paidOn,
          changed: changesSince(own(a.lines), approvedLines([s])).length > 0,
        }
      : null;
  }
  return statements;
}

/** POST /api/events/{eventId}/payout/approve: the statement fixed as it stands. Approving an unchanged one again changes nothing. */
export async function approve(ctx: Ctx, actor: UserRow, event: EventRow): Promise<ApprovalView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // One approval at a time per event: the event row is the lock.
    await tx.execute(sqlLockEvent(event.id));
    const { payout } = await currentPayout(tx, event);
    if (payout.statements.length === 0)
      throw conflict("No group has accepted a station: there is nothing to approve", { payout: paymentMsg.nothingToApprove });
    const lines = approvedLines(payout.statements);
    const current = await repo.approvalOf(tx, event.id);
    const names = namesOf(payout, current?.lines);
    if (current && changesSince(current.lines, lines).length === 0) return presentApproval(current, lines, names);
    const row = await repo.saveApproval(tx, event.id, {
      lines,
      totalOre: approvedTotal(lines),
      approvedAt: now,
      approvedBy: actor.id,
      approvedByName: fullName(actor),
    });
    return presentApproval(row, lines, names);
  });
}

const sqlLockEvent = (eventId: string) => sql`SELECT 1 FROM events WHERE id = ${eventId} FOR UPDATE`;

/** The approval as it stands, refused when there is none or the statement changed since. */
async function standingApproval(tx: Tx, event: EventRow) {
  const row = await repo.approvalOf(tx, event.id);
  if (!row) throw conflict("The payout is not approved", { payout: paymentMsg.notApproved });
  const { payout, payments } = await currentPayout(tx, event);
  if (changesSince(row.lines, approvedLines(payout.statements)).length > 0)
    throw conflict("The statement changed after it was approved: approve it again", { payout: paymentMsg.changedSinceApproval });
  return { row, payout, payments };
}

/** POST /api/events/{eventId}/payout/paid: the approved payout was paid on `paidOn`. */
export async function markPaid(ctx: Ctx, actor: UserRow, event: EventRow, paidOn: string): Promise<ApprovalView> {
  const now = ctx.clock.now();
  if (paidOn > stockholmToday(now))
    throw invalid("A payment cannot be recorded before its day", { paidOn: paymentMsg.futurePaid });
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sqlLockEvent(event.id));
    const { payout } = await standingApproval(tx, event);
    const row = (await repo.markPaid(tx, event.id, paidOn, fullName(actor))) as repo.ApprovalRow;
    return presentApproval(row, approvedLines(payout.statements), namesOf(payout, row.lines));
  });
}

/**
 * GET /api/events/{eventId}/payout.xml: the approved payout as a pain.001.001.03 credit-transfer file for
 * the organizer's bank, paid from `debtorBankgiro` on `executionDate`.
 */
export async function bankFile(ctx: Ctx, event: EventRow, query: BankFileQuery): Promise<{ xml: string; fileName: string }> {
  const now = ctx.clock.now();
  const today = stockholmToday(now);
  if (query.executionDate < today) throw invalid("The execution date has passed", { executionDate: paymentMsg.pastDate });
  if (!isBankDay(query.executionDate))
    throw invalid("Banks do not execute payments on that day", { executionDate: paymentMsg.notBankDay });
  const { row, payout, payments } = await standingApproval(ctx.db, event);
  const names = namesOf(payout, row.lines);
  const plan = bankTransfers(row.number, row.lines, (id) => {
    const p = payments.get(id);
    return p && repo.detailsOf(p);
  });
  if (plan.transfers.length === 0)
    throw conflict("No group is owed SEK with payment details: there is nothing to pay", { payout: paymentMsg.nothingToPay });
  const groupNames = new Map(payout.statements.map((s) => [s.group.id, s.group.organizationName || s.group.name]));
  const xml = painDocument({
    approvalNumber: row.number,
    createdAt: now,
    executionDate: query.executionDate,
    debtor: { name: event.organizerName, organisationNumber: event.organizerNumber, bankgiro: query.debtorBankgiro },
    eventName: event.name,
    transfers: plan.transfers.map((t) => ({
      ...t,
      creditorName: groupNames.get(t.groupId) ?? "",
      remittance: `${event.name} ${names.get(t.groupId) ?? ""}`,
    })),
  });
  return { xml, fileName: `${event.name} ${query.executionDate}.xml` };
}

/**
 * A mail to the contacts of every group that is owed SEK in the approved payout but has no payment
 * details, asking them to add them; at most ASKS_PER_DAY times a day per event.
 */
export async function askForDetails(ctx: Ctx, actor: UserRow, event: EventRow): Promise<{ mailed: number }> {
  const now = ctx.clock.now();
  const mailed = await ctx.db.transaction(async (tx) => {
    await tx.execute(sqlLockEvent(event.id));
    const row = await repo.approvalOf(tx, event.id);
    if (!row) throw conflict("The payout is not approved", { payout: paymentMsg.notApproved });
    const { payout, payments } = await currentPayout(tx, event);
    const names = namesOf(payout, row.lines);
    const missing = bankTransfers(row.number, row.lines, (id) => {
      const p = payments.get(id);
      return p && repo.detailsOf(p);
    }).missingDetails;
    if (missing.length === 0) return 0;
    // A click asks again; a few a day are plenty, and the contacts' inboxes are not the organizer's to fill.
    await hitLimit(tx, `ask-payment-details:${event.id}`, ASKS_PER_DAY, 86_400, now);
    const contacts = await repo.contactsOfGroups(
      tx,
      missing.map((m) => m.groupId),
    );
    await queueMails(
      tx,
      now,
      contacts.map((c) => ({
        to: c.email,
        kind: "paymentDetailsMissing" as const,
        lang: c.language as Language,
        values: {
          firstName: c.firstName,
          organizer: fullName(actor),
          event: event.name,
          group: names.get(c.groupId) ?? "",
          url: new URL(contactPagePath("group", c.groupId), ctx.config.PUBLIC_URL).toString(),
        },
      })),
    );
    return contacts.length;
  });
  ctx.nudgeJobs();
  return { mailed };
}

// ── Fees ────────────────────────────────────────────────────────────────────────────────────────────

function presentInvoice(i: repo.InvoiceRow): InvoiceView {
  return {
    number: i.number,
    kind: i.kind as FeeKind,
    issuedAt: i.issuedAt.toISOString(),
    dueOn: i.dueOn,
    net: toKronor(i.netOre),
    vat: toKronor(i.vatOre),
    gross: toKronor(i.grossOre),
    quantity: i.quantity,
    unitPrice: toKronor(i.unitPriceOre),
    buyer: { name: i.buyerName, organisationNumber: i.buyerNumber, invoiceAddress: i.buyerAddress, email: i.buyerEmail },
    eventName: i.eventName,
    eventDate: i.eventDate,
  };
}

/**
 * Issues the START (at confirmation) or FINAL (when the event becomes HISTORIC) invoice of each event, in
 * the transaction that changes its status: a number is taken only when the change commits.
 */
export async function issueInvoices(ctx: Ctx, tx: Tx, kind: FeeKind, events: readonly EventRow[], now: Date): Promise<void> {
  for (const event of events) {
    const counts = await repo.eventCounts(tx, event.id);
    const start = kind === "FINAL" ? await repo.invoiceOf(tx, event.id, "START") : undefined;
    // The price is fixed at confirmation; an event confirmed before invoices existed pays today's.
    const price = start?.unitPriceOre ?? toOre(ctx.config.PRICE_PER_VOLUNTEER);
    const quantity = kind === "START" ? counts.places : counts.attended;
    const net =
      kind === "START" ? startFee(calculatedFee(quantity, price)) : finalFee(quantity, price, start ? Number(start.netOre) : 0);
    const number = await repo.takeInvoiceNumber(tx);
    const amounts = invoiceAmounts(net);
    await repo.insertInvoice(tx, {
      number,
      eventId: event.id,
      kind,
      issuedAt: now,
      dueOn: addDays(stockholmToday(now), PAYMENT_TERMS_DAYS),
      quantity,
      unitPriceOre: price,
      netOre: amounts.net,
      vatOre: amounts.vat,
      grossOre: amounts.gross,
      buyerName: event.organizerName,
      buyerNumber: event.organizerNumber,
      buyerAddress: event.invoiceAddress,
      buyerEmail: event.organizerEmail,
      eventName: event.name,
      eventDate: event.date,
    });
  }
}

/** GET /api/events/{eventId}/fees. */
export async function fees(ctx: Ctx, event: EventRow): Promise<FeesView> {
  const invoices = await repo.invoicesOf(ctx.db, event.id);
  const start = invoices.find((i) => i.kind === "START");
  const final = invoices.find((i) => i.kind === "FINAL");
  const price = start?.unitPriceOre ?? toOre(ctx.config.PRICE_PER_VOLUNTEER);
  // Before confirmation: what confirming would cost, as the stations ask now.
  const places = start?.quantity ?? (await repo.eventCounts(ctx.db, event.id)).places;
  const calculated = calculatedFee(places, price);
  const c = ctx.config;
  return {
    pricePerVolunteer: toKronor(price),
    currency: "SEK",
    vatRatePercent: VAT_RATE_PERCENT,
    calculated: toKronor(calculated),
    places,
    startFee: toKronor(start ? Number(start.netOre) : startFee(calculated)),
    final: final ? toKronor(Number(final.netOre)) : null,
    attended: final ? final.quantity : null,
    invoices: invoices.map(presentInvoice),
    seller: {
      name: c.SELLER_NAME,
      organisationNumber: c.SELLER_ORGANISATION_NUMBER,
      address: c.SELLER_ADDRESS,
      vatNumber: c.SELLER_VAT_NUMBER,
      bankgiro: c.SELLER_BANKGIRO,
    },
  };
}
