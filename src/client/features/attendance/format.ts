import type { TFunction } from "i18next";
import type { Money, PayoutStation } from "#shared/attendance/schema";
import { money } from "../../components/money.ts";

/** A station's pay terms in one line: `300 kr per vuxen och 150 kr per barn`. */
export function termsText(t: TFunction, s: PayoutStation, lang: string): string {
  const m = (n: number | null) => money(t, n ?? 0, s.currency, lang);
  switch (s.paymentType) {
    case "PERPERSON":
      return t("payout.terms.PERPERSON", { adult: m(s.paymentAdult), child: m(s.paymentChild) });
    case "HOURLYRATE": {
      const hours = new Intl.NumberFormat(lang === "en" ? "en-GB" : "sv-SE", { maximumFractionDigits: 2 }).format(s.minutes / 60);
      return t("payout.terms.HOURLYRATE", { adult: m(s.paymentAdult), child: m(s.paymentChild), hours });
    }
    case "GROUPPAYMENT":
      return t("payout.terms.GROUPPAYMENT", { amount: m(s.groupPayment) });
    default:
      return t(`payout.terms.${s.paymentType}`);
  }
}

/** What the station comes to: an amount, "by agreement", or that attendance is not recorded yet. */
export function payText(t: TFunction, s: PayoutStation, lang: string): string {
  if (s.pay.kind === "notRecorded") return t("payout.notRecorded");
  if (s.pay.kind === "byAgreement") return t("payout.byAgreement");
  return money(t, s.pay.amount ?? 0, s.pay.currency, lang);
}

/** Recorded attendance in words, `4 vuxna och 1 barn`; "not recorded yet" while it is not. */
export function attendanceText(t: TFunction, a: { adultAttendance: number | null; childAttendance: number | null }): string {
  if (a.adultAttendance === null && a.childAttendance === null) return t("attendance.offer.notRecorded");
  return t("attendance.count.both", {
    adults: t("attendance.count.adults", { count: a.adultAttendance ?? 0 }),
    children: t("attendance.count.children", { count: a.childAttendance ?? 0 }),
  });
}

/** Sums in their currencies, `1 500 kr + 200 euro`; nothing to sum reads as 0. */
export function totalsText(t: TFunction, totals: readonly Money[], lang: string): string {
  return totals.length ? totals.map((m) => money(t, m.amount, m.currency, lang)).join(" + ") : money(t, 0, "SEK", lang);
}
