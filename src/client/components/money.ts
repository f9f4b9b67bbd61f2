import type { TFunction } from "i18next";

/**
 * An amount as people read it (GLOSSARY): `5 000 kr` in Swedish, `SEK 5,000` in English; öre or cents only
 * when there are any (`733,33 kr`).
 */
export function money(t: TFunction, amount: number, currency: string | null, lang: string): string {
  const whole = Number.isInteger(amount);
  const number = new Intl.NumberFormat(lang === "en" ? "en-GB" : "sv-SE", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return t(`common.money.${currency === "EUR" ? "EUR" : "SEK"}`, { amount: number });
}
