import type { TFunction } from "i18next";
import { asksDiets, asksShirtSize } from "#shared/offers/rules";
import type { OfferEvent, OfferStation } from "#shared/offers/schema";
import { shownInstant } from "#shared/time";
import { stockholmToday } from "#shared/validation";
import { money } from "../../components/money.ts";

/** An instant as Stockholm wall-clock time, `YYYY-MM-DD HH:mm` (spec 02 §9, list format). */
export const dateTime = shownInstant;

/** The pay terms of a station in one line: the payment type, then its amounts. */
export function payTerms(t: TFunction, s: OfferStation, lang: string): string {
  const type = t(`events.paymentTypes.${s.paymentType}`);
  const amount = (n: number | null) => (n === null ? null : money(t, n, s.currency, lang));
  const parts: string[] = [];
  // The type already says "to the group": the amount alone follows it.
  if (s.paymentType === "GROUPPAYMENT" && s.groupPayment !== null) parts.push(money(t, s.groupPayment, s.currency, lang));
  if (s.paymentType === "PERPERSON" || s.paymentType === "HOURLYRATE") {
    const hourly = s.paymentType === "HOURLYRATE" ? "Hourly" : "";
    if (s.paymentAdult !== null) parts.push(t(`groups.offers.pay.adult${hourly}`, { amount: amount(s.paymentAdult) }));
    if (s.paymentChild !== null) parts.push(t(`groups.offers.pay.child${hourly}`, { amount: amount(s.paymentChild) }));
  }
  return parts.length > 0 ? `${type}: ${parts.join(", ")}` : type;
}

/** Has the event's day passed (before today in Stockholm)? Such events sit under "previous events". */
export const isPastEvent = (e: Pick<OfferEvent, "date">, now: Date) => e.date < stockholmToday(now);

/** What a named volunteer stated for one event (only what the event asks for). */
interface Stated {
  shirtSize?: string | null;
  specialDiets?: readonly string[];
  substitute?: string | null;
}

/**
 * A named volunteer's answers for the event in one line, each only when the event asks it:
 * `tröjstorlek M · vegansk · reserv för Kim`. Empty when there is nothing to say.
 */
export function statedDetails(
  t: TFunction,
  event: Pick<OfferEvent, "included" | "shirtSizes" | "foodOptions" | "substitute">,
  stated: Stated | undefined,
): string {
  const parts: string[] = [];
  if (asksShirtSize(event) && stated?.shirtSize) parts.push(t("offers.stated.shirtSize", { size: stated.shirtSize }));
  if (asksDiets(event) && stated?.specialDiets?.length)
    parts.push(stated.specialDiets.map((d) => t(`events.foodOptions.${d}`).toLowerCase()).join(", "));
  if (event.substitute && stated?.substitute) parts.push(t("offers.stated.substitute", { name: stated.substitute }));
  return parts.join(" · ");
}
