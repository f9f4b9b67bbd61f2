import Kontonummer from "kontonummer";

/**
 * Swedish payment numbers (issue 25, FIELD-NOTES "Paying clubs"): how a club is paid, checked before it is
 * stored so a bank file never carries a number the bank would bounce. Bankgiro and plusgiro carry a mod-10
 * (Luhn) check digit; a bank account is a clearing number and an account number whose rules differ per bank
 * (Bankgirot's "Bankernas kontonummeruppbyggnad", implemented by the `kontonummer` package).
 */

export const PAYMENT_METHODS = ["BANKGIRO", "PLUSGIRO", "BANK_ACCOUNT"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The digits of a number as typed: spaces, dashes and dots are how people write them, not part of them. */
export const digitsOf = (typed: string): string => typed.replace(/[\s.\-–]/g, "");

/** Luhn: from the right, every second digit doubled (its digits summed); the total is a multiple of 10. */
export function mod10(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A bankgiro number: 7 or 8 digits, the last a mod-10 check digit. */
export const isBankgiro = (typed: string): boolean => {
  const d = digitsOf(typed);
  return /^\d{7,8}$/.test(d) && mod10(d);
};

/** A plusgiro number: 2 to 8 digits, the last a mod-10 check digit. */
export const isPlusgiro = (typed: string): boolean => {
  const d = digitsOf(typed);
  return /^\d{2,8}$/.test(d) && mod10(d);
};

/** Bankgiro as printed: 123-4567 or 1234-5678. */
export function formatBankgiro(typed: string): string {
  const d = digitsOf(typed);
  return `${d.slice(0, -4)}-${d.slice(-4)}`;
}

/** Plusgiro as printed: the check digit after a dash, the rest in pairs from the right (12 34 56-7). */
export function formatPlusgiro(typed: string): string {
  const d = digitsOf(typed);
  const body = d.slice(0, -1);
  const pairs: string[] = [];
  for (let end = body.length; end > 0; end -= 2) pairs.unshift(body.slice(Math.max(0, end - 2), end));
  return `${pairs.join(" ")}-${d.slice(-1)}`;
}

/** What the bank-account rule says of a clearing and account number. */
export type AccountCheck =
  | { ok: true; bankName: string; clearingNumber: string; accountNumber: string; noCheckDigit: boolean }
  | { ok: false; field: "clearingNumber" | "accountNumber" };

/**
 * The clearing number names the bank (4 digits; Swedbank's 8xxx-x has a fifth, its own check digit); the
 * account number then follows that bank's length and check-digit rule. Some old Swedbank and savings-bank
 * accounts were issued without a check digit and look like a wrong one: those pass with `noCheckDigit`,
 * for the form to warn about rather than refuse (the bank knows them; we cannot tell them from a typo).
 */
export function checkBankAccount(typedClearing: string, typedAccount: string): AccountCheck {
  const clearing = digitsOf(typedClearing);
  const typedDigits = digitsOf(typedAccount);
  if (!/^\d{4,5}$/.test(clearing) || (clearing.length === 5 && !clearing.startsWith("8")))
    return { ok: false, field: "clearingNumber" };
  let bank: ReturnType<typeof Kontonummer.getSortingCodeInfo>;
  try {
    // A Swedbank clearing number's fifth digit is its check digit: the bank is named by the first four.
    bank = Kontonummer.getSortingCodeInfo(clearing.slice(0, 4));
  } catch {
    return { ok: false, field: "clearingNumber" };
  }
  // Type 1: 7 digits; type 2: the bank's own lengths. Shorter type 1 accounts, and Swedbank's 10-digit ones
  // written without their leading zeros ("744 202 466-6"), are padded as the banks' own forms do, so the
  // stored number is the whole one a bank file needs.
  const [min, max] = bank.type === 2 ? [bank.accountMinLength ?? 2, bank.accountMaxLength ?? 7] : [2, 7];
  const padded = bank.type === 1 || (bank.comment === 3 && typedDigits.length >= 6);
  const account = padded ? typedDigits.padStart(bank.type === 1 ? 7 : min, "0") : typedDigits;
  if (!/^\d+$/.test(account) || account.length < min || account.length > max) return { ok: false, field: "accountNumber" };
  let parsed: Kontonummer;
  try {
    parsed = Kontonummer.parse(clearing, account, { mode: "lax" });
  } catch {
    // Left after the checks above: the five-digit form's own check digit is wrong.
    return { ok: false, field: "clearingNumber" };
  }
  const known = { ok: true as const, bankName: bank.bankName, clearingNumber: clearing, accountNumber: account };
  if (parsed.valid) return { ...known, noCheckDigit: false };
  // Comment 3: the bank has accounts without a check digit.
  if (parsed.comment === 3) return { ...known, noCheckDigit: true };
  return { ok: false, field: "accountNumber" };
}

/** The bank a clearing number names, once it is recognised (shown beside the field while typing). */
export function bankOf(typedClearing: string): string | null {
  const clearing = digitsOf(typedClearing);
  if (!/^\d{4,5}$/.test(clearing)) return null;
  try {
    return Kontonummer.getSortingCodeInfo(clearing.slice(0, 4)).bankName;
  } catch {
    return null;
  }
}

/** Stored payment details: digits only, the method's own fields set and the others null. */
export interface PaymentDetails {
  method: PaymentMethod;
  bankgiro: string | null;
  plusgiro: string | null;
  clearingNumber: string | null;
  accountNumber: string | null;
}

/** The number that identifies the payee, as printed (what a person compares with their own papers). */
export function shownNumber(p: PaymentDetails): string {
  if (p.method === "BANKGIRO") return formatBankgiro(p.bankgiro ?? "");
  if (p.method === "PLUSGIRO") return formatPlusgiro(p.plusgiro ?? "");
  return `${p.clearingNumber ?? ""}, ${p.accountNumber ?? ""}`;
}

/**
 * The number with all but its last four digits hidden, for mail: a change is told to every contact of the
 * group without the whole number travelling in a mail.
 */
export function maskedNumber(p: PaymentDetails): string {
  const digits = p.method === "BANKGIRO" ? p.bankgiro : p.method === "PLUSGIRO" ? p.plusgiro : p.accountNumber;
  const d = digits ?? "";
  const shown = d.slice(-4);
  return `${"•".repeat(Math.max(0, d.length - shown.length))}${shown}`;
}
