/**
 * The organizer's fees (spec 01 §9, spec 02 §1, issue 25), in öre: a start fee of 50 % of the calculated
 * cost when the event is confirmed, never credited back; after the event the attended volunteers at the
 * same price, less the start fee, never below 0 (unfilled places are not charged). VAT is 25 % on top.
 */

export const VAT_RATE_PERCENT = 25;
export const FEE_KINDS = ["START", "FINAL"] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/** A price in kronor (as configured, up to two decimals) in öre. */
export const toOre = (kronor: number): number => Math.round(kronor * 100);
export const toKronor = (ore: number): number => ore / 100;

/** What confirming costs: the places asked for at the price. */
export const calculatedFee = (places: number, priceOre: number): number => places * priceOre;

/** Half the calculated cost, to the öre (an odd öre goes to the organizer). */
export const startFee = (calculatedOre: number): number => Math.floor(calculatedOre / 2);

/** After the event: those who came at the same price, less what the start fee already took. */
export const finalFee = (attended: number, priceOre: number, startFeeOre: number): number =>
  Math.max(0, attended * priceOre - startFeeOre);

/** An invoice's three amounts from its net, VAT rounded once to the öre. */
export function invoiceAmounts(netOre: number): { net: number; vat: number; gross: number } {
  const vat = Math.round((netOre * VAT_RATE_PERCENT) / 100);
  return { net: netOre, vat, gross: netOre + vat };
}

/** Days an invoice gives to pay. */
export const PAYMENT_TERMS_DAYS = 30;

/**
 * The lines of an invoice, in öre: the start fee is one line; the final fee shows those who came at the
 * price, then the start fee already invoiced taken off (what is left is the invoice's net).
 */
export function invoiceLines(i: {
  kind: FeeKind;
  quantity: number;
  unitPriceOre: number;
  netOre: number;
}): Array<{ line: "start" | "final" | "lessStart"; amount: number }> {
  if (i.kind === "START") return [{ line: "start", amount: i.netOre }];
  const charged = i.quantity * i.unitPriceOre;
  return charged > i.netOre
    ? [
        { line: "final", amount: charged },
        { line: "lessStart", amount: i.netOre - charged },
      ]
    : [{ line: "final", amount: charged }];
}
