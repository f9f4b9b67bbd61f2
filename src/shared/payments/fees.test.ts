import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculatedFee, finalFee, invoiceAmounts, invoiceLines, startFee, toKronor, toOre } from "./fees.ts";

describe("the organizer's fees (spec: 50 % at confirmation, the rest after the event)", () => {
  it("charges half the calculated cost at confirmation", () => {
    const calculated = calculatedFee(120, toOre(25));
    expect(calculated).toBe(300_000);
    expect(startFee(calculated)).toBe(150_000);
    expect(startFee(calculatedFee(3, 1))).toBe(1); // an odd öre goes to the organizer
  });
  it("charges those who came after the event, less the start fee, and never less than nothing", () => {
    expect(finalFee(100, toOre(25), 150_000)).toBe(100_000);
    expect(finalFee(40, toOre(25), 150_000)).toBe(0); // unfilled places are not charged, nor credited
    expect(finalFee(0, 0, 0)).toBe(0);
  });
  it("is 0 kr throughout the test phase", () => {
    expect(startFee(calculatedFee(500, toOre(0)))).toBe(0);
    expect(finalFee(450, toOre(0), 0)).toBe(0);
  });
  it("adds 25 % VAT, rounded once to the öre, and the gross is their sum", () => {
    expect(invoiceAmounts(150_000)).toEqual({ net: 150_000, vat: 37_500, gross: 187_500 });
    expect(invoiceAmounts(1)).toEqual({ net: 1, vat: 0, gross: 1 });
    expect(invoiceAmounts(2)).toEqual({ net: 2, vat: 1, gross: 3 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (net) => {
        const a = invoiceAmounts(net);
        expect(a.gross).toBe(a.net + a.vat);
        expect(Math.abs(a.vat * 4 - net)).toBeLessThanOrEqual(2);
      }),
    );
  });
  it("keeps kronor with öre exact", () => {
    expect(toOre(12.5)).toBe(1250);
    expect(toOre(0.1 + 0.2)).toBe(30);
    expect(toKronor(1250)).toBe(12.5);
  });
  it("never charges more in all than those who came, nor less than the start fee", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.nat(100_000), (places, attended, price) => {
        const start = startFee(calculatedFee(places, price));
        const total = start + finalFee(attended, price, start);
        expect(total).toBeGreaterThanOrEqual(start);
        expect(total).toBe(Math.max(start, attended * price));
      }),
    );
  });
});

describe("an invoice's lines", () => {
  it("is one line for the start fee, and for the final fee those who came less the start fee, summing to the net", () => {
    expect(invoiceLines({ kind: "START", quantity: 15, unitPriceOre: 2500, netOre: 18_750 })).toEqual([
      { line: "start", amount: 18_750 },
    ]);
    expect(invoiceLines({ kind: "FINAL", quantity: 100, unitPriceOre: 2500, netOre: 100_000 })).toEqual([
      { line: "final", amount: 250_000 },
      { line: "lessStart", amount: -150_000 },
    ]);
    expect(invoiceLines({ kind: "FINAL", quantity: 0, unitPriceOre: 0, netOre: 0 })).toEqual([{ line: "final", amount: 0 }]);
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.nat(100_000), (places, attended, price) => {
        const net = finalFee(attended, price, startFee(calculatedFee(places, price)));
        const lines = invoiceLines({ kind: "FINAL", quantity: attended, unitPriceOre: price, netOre: net });
        expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(net);
      }),
    );
  });
});
