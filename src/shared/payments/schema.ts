import { z } from "zod";
import { CURRENCIES } from "../events/schema.ts";
import { crossField, isoDate, msg } from "../validation.ts";
import { FEE_KINDS } from "./fees.ts";
import { bankOf, checkBankAccount, digitsOf, isBankgiro, isPlusgiro, PAYMENT_METHODS, type PaymentDetails } from "./numbers.ts";

/** Message ids of the payment rules (texts in i18n/<lang>/groups.json and attendance.json). */
export const paymentMsg = {
  bankgiro: "groups.validation.bankgiro",
  plusgiro: "groups.validation.plusgiro",
  clearingNumber: "groups.validation.clearingNumber",
  accountNumber: "groups.validation.accountNumber",
  notApproved: "payout.validation.notApproved",
  alreadyApproved: "payout.validation.alreadyApproved",
  changedSinceApproval: "payout.validation.changedSinceApproval",
  nothingToApprove: "payout.validation.nothingToApprove",
  notBankDay: "payout.validation.notBankDay",
  pastDate: "payout.validation.pastDate",
  futurePaid: "payout.validation.futurePaid",
  nothingToPay: "payout.validation.nothingToPay",
} as const;

const typed = () => z.string().max(40, { error: msg.invalid }).nullish();

/**
 * A group's payment details as sent in the group body (issue 25): the method and its own numbers, typed
 * with or without spaces and dashes. Stored as digits; the fields of other methods are dropped.
 */
export const paymentInput = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: msg.oneOf }),
    bankgiro: typed(),
    plusgiro: typed(),
    clearingNumber: typed(),
    accountNumber: typed(),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const given = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";
    if (p.method === "BANKGIRO") {
      if (!given(p.bankgiro)) issue("bankgiro", msg.required);
      else if (!isBankgiro(p.bankgiro)) issue("bankgiro", paymentMsg.bankgiro);
    } else if (p.method === "PLUSGIRO") {
      if (!given(p.plusgiro)) issue("plusgiro", msg.required);
      else if (!isPlusgiro(p.plusgiro)) issue("plusgiro", paymentMsg.plusgiro);
    } else if (p.method === "BANK_ACCOUNT") {
      if (!given(p.clearingNumber)) issue("clearingNumber", msg.required);
      if (!given(p.accountNumber)) issue("accountNumber", msg.required);
      if (given(p.clearingNumber) && given(p.accountNumber)) {
        const check = checkBankAccount(p.clearingNumber, p.accountNumber);
        if (!check.ok) issue(check.field, paymentMsg[check.field]);
      } else if (given(p.clearingNumber) && bankOf(p.clearingNumber) === null) {
        // The clearing number can be judged alone: say so now rather than once the account is typed.
        issue("clearingNumber", paymentMsg.clearingNumber);
      }
    }
  }, crossField)
  .transform(
    (p): PaymentDetails => ({
      method: p.method,
      bankgiro: p.method === "BANKGIRO" ? digitsOf(p.bankgiro ?? "") : null,
      plusgiro: p.method === "PLUSGIRO" ? digitsOf(p.plusgiro ?? "") : null,
      clearingNumber: p.method === "BANK_ACCOUNT" ? digitsOf(p.clearingNumber ?? "") : null,
      accountNumber: p.method === "BANK_ACCOUNT" ? wholeAccount(p.clearingNumber ?? "", p.accountNumber ?? "") : null,
    }),
  );
export type PaymentInput = z.input<typeof paymentInput>;

/** The account number as stored: padded to the bank's length (checked before this runs). */
function wholeAccount(clearing: string, account: string): string {
  const check = checkBankAccount(clearing, account);
  return check.ok ? check.accountNumber : digitsOf(account);
}

const instantOut = () => z.iso.datetime({ offset: true });

/** A group's payment details as its contacts, and an event's contacts in the payout, read them. */
export const paymentView = z.object({
  method: z.enum(PAYMENT_METHODS),
  bankgiro: z.string().nullable(),
  plusgiro: z.string().nullable(),
  clearingNumber: z.string().nullable(),
  accountNumber: z.string().nullable(),
  /** The bank the clearing number names (bank accounts only). */
  bankName: z.string().nullable(),
  /** An old account without a check digit: the number could not be checked. */
  noCheckDigit: z.boolean(),
  changedAt: instantOut(),
  /** Whole days since the last change, while that is within RECENT_CHANGE_DAYS; else null. */
  changedDaysAgo: z.number().int().nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

// ── The payout's approval and bank file ─────────────────────────────────────────────────────────────

export const payoutChangeView = z.object({
  groupId: z.string(),
  groupName: z.string(),
  stationId: z.string(),
  stationName: z.string(),
  /** As approved; null when the station was not in the approved statement. */
  before: z.object({ adultAttendance: z.number().int().nullable(), childAttendance: z.number().int().nullable() }).nullable(),
  /** As now; null when the group no longer has the station. */
  after: z.object({ adultAttendance: z.number().int().nullable(), childAttendance: z.number().int().nullable() }).nullable(),
});
export type PayoutChange = z.infer<typeof payoutChangeView>;

/** POST /api/events/{eventId}/payout/approve: the statement fixed as it is. */
export const approvalView = z.object({
  approvedAt: instantOut(),
  /** The name of the contact who approved. */
  approvedBy: z.string(),
  /** What the approved statement pays in SEK, in kronor. */
  total: z.number(),
  paidOn: z.string().nullable(),
  paidBy: z.string().nullable(),
  /** The attendance changed after the approval ("ändrad efter attesten"): approve again before paying. */
  changed: z.boolean(),
  changes: z.array(payoutChangeView),
});
export type ApprovalView = z.infer<typeof approvalView>;

/** POST /api/events/{eventId}/payout/paid. */
export const paidBody = z.object({ paidOn: isoDate() });

/** GET /api/events/{eventId}/payout.xml?debtorBankgiro=&executionDate=. */
export const bankFileQuery = z.object({
  debtorBankgiro: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(20, { error: paymentMsg.bankgiro })
    .refine(isBankgiro, { error: paymentMsg.bankgiro })
    .transform(digitsOf),
  executionDate: isoDate(),
});
export type BankFileQuery = z.output<typeof bankFileQuery>;

/** A group that is owed an amount but cannot be in the bank file, and why. */
export const unpaidGroupView = z.object({
  groupId: z.string(),
  name: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
});

/** What the bank file of the approved statement holds, and who is left out of it. */
export const bankFileView = z.object({
  /** Transfers the file holds (groups with a SEK amount above 0 and payment details). */
  transfers: z.number().int(),
  /** Their sum in kronor. */
  total: z.number(),
  /** Owed SEK but without payment details: not in the file. */
  missingDetails: z.array(unpaidGroupView),
  /** Owed in another currency (EUR): paid apart, not in the SEK file. */
  otherCurrency: z.array(unpaidGroupView),
  /** The bank day the file would be executed on if made now. */
  suggestedExecutionDate: z.string(),
});
export type BankFileView = z.infer<typeof bankFileView>;

// ── Fees ────────────────────────────────────────────────────────────────────────────────────────────

export const invoiceView = z.object({
  number: z.number().int(),
  kind: z.enum(FEE_KINDS),
  issuedAt: instantOut(),
  dueOn: z.string(),
  /** In kronor. */
  net: z.number(),
  vat: z.number(),
  gross: z.number(),
  /** The volunteers charged for, and the price of each, in kronor. */
  quantity: z.number().int(),
  unitPrice: z.number(),
  buyer: z.object({ name: z.string(), organisationNumber: z.string(), invoiceAddress: z.string(), email: z.string() }),
  eventName: z.string(),
  eventDate: z.string(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

/** GET /api/events/{eventId}/fees. Amounts in kronor, excluding VAT unless an invoice says gross. */
export const feesView = z.object({
  pricePerVolunteer: z.number(),
  currency: z.literal("SEK"),
  vatRatePercent: z.number().int(),
  /** Places asked for at confirmation (before it, as the stations ask now) × price. */
  calculated: z.number(),
  places: z.number().int(),
  startFee: z.number(),
  /** After the event: attended × price − start fee, never below 0; null until the event is HISTORIC. */
  final: z.number().nullable(),
  attended: z.number().int().nullable(),
  invoices: z.array(invoiceView),
  seller: z.object({
    name: z.string(),
    organisationNumber: z.string(),
    address: z.string(),
    vatNumber: z.string(),
    bankgiro: z.string(),
  }),
});
export type FeesView = z.infer<typeof feesView>;
