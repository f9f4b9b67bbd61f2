import type { PaymentType } from "../events/schema.ts";
import { attendanceRecorded } from "./rules.ts";

/**
 * The payout statement (beyond the spec): what an organizer pays a group for its stations, from the
 * stations' pay terms and the recorded attendance. One rule for the server's answers and CSV and for nothing
 * else to recompute.
 *
 * - PERPERSON: adults × paymentAdult + children × paymentChild.
 * - HOURLYRATE: the same per hour, times the station's length (end − start, to the minute).
 * - GROUPPAYMENT: groupPayment, once the group came (attendance recorded with at least one person).
 * - COMPENSATIONBYAGREEMENT: no amount; the organizer and the group have agreed it between them.
 * - NOCOMPENSATION: 0.
 * A station whose attendance is not recorded yet has no amount at all ("not recorded"), never 0: a total
 * that silently counted it as nothing would understate what is owed.
 */

export const PAY_KINDS = ["amount", "byAgreement", "notRecorded"] as const;
export type PayKind = (typeof PAY_KINDS)[number];
export type Currency = "SEK" | "EUR";
/** The currencies in the order totals list them. */
const CURRENCY_ORDER: readonly Currency[] = ["SEK", "EUR"];

export interface PayTerms {
  paymentType: PaymentType;
  currency: Currency | null;
  groupPayment: number | null;
  paymentAdult: number | null;
  paymentChild: number | null;
  start: string | Date;
  end: string | Date;
}

export interface RecordedAttendance {
  adultAttendance: number | null;
  childAttendance: number | null;
}

export interface Pay {
  kind: PayKind;
  /** In the currency's main unit, rounded to the öre/cent; null unless `kind` is "amount". */
  amount: number | null;
  currency: Currency | null;
}

/** A station's length in whole minutes (never negative). */
export function stationMinutes(terms: Pick<PayTerms, "start" | "end">): number {
  const ms = new Date(terms.end).getTime() - new Date(terms.start).getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms / 60_000)) : 0;
}

/**
 * The amount in hundredths (öre, cents), so sums are exact: an hourly rate over 7 h 20 min is the one
 * place a fraction appears, and it is rounded once, per station, to the nearest hundredth.
 */
function hundredths(terms: PayTerms, adults: number, children: number): number {
  const perPerson = adults * (terms.paymentAdult ?? 0) + children * (terms.paymentChild ?? 0);
  switch (terms.paymentType) {
    case "PERPERSON":
      return perPerson * 100;
    case "HOURLYRATE":
      return Math.round((perPerson * stationMinutes(terms) * 100) / 60);
    case "GROUPPAYMENT":
      return adults + children >= 1 ? (terms.groupPayment ?? 0) * 100 : 0;
    default:
      return 0;
  }
}

/** What one station pays the group, given its terms and the attendance recorded there. */
export function stationPay(terms: PayTerms, attendance: RecordedAttendance): Pay {
  if (!attendanceRecorded(attendance)) return { kind: "notRecorded", amount: null, currency: null };
  if (terms.paymentType === "COMPENSATIONBYAGREEMENT") return { kind: "byAgreement", amount: null, currency: null };
  const currency = terms.paymentType === "NOCOMPENSATION" ? null : terms.currency;
  const amount = hundredths(terms, attendance.adultAttendance ?? 0, attendance.childAttendance ?? 0) / 100;
  return { kind: "amount", amount, currency };
}

export interface PaySums {
  /** One sum per currency that has an amount, SEK first; amounts without a currency (0) add nothing. */
  totals: Array<{ currency: Currency; amount: number }>;
  notRecorded: number;
  byAgreement: number;
}

/** The sums of several stations' pay (a group's statement, or a whole event). */
export function paySums(pays: readonly Pay[]): PaySums {
  const byCurrency = new Map<Currency, number>();
  let notRecorded = 0;
  let byAgreement = 0;
  for (const p of pays) {
    if (p.kind === "notRecorded") notRecorded++;
    else if (p.kind === "byAgreement") byAgreement++;
    else if (p.currency !== null && p.amount !== null)
      byCurrency.set(p.currency, (byCurrency.get(p.currency) ?? 0) + Math.round(p.amount * 100));
  }
  const totals = CURRENCY_ORDER.filter((c) => byCurrency.has(c)).map((currency) => ({
    currency,
    amount: (byCurrency.get(currency) ?? 0) / 100,
  }));
  return { totals, notRecorded, byAgreement };
}
