import { describe, expect, it } from "vitest";
import { type PayTerms, paySums, stationMinutes, stationPay } from "./payout.ts";

/** A station from 08:00 to 15:30 (7 h 30 min) in summer time, paying nothing unless overridden. */
function terms(overrides: Partial<PayTerms> = {}): PayTerms {
  return {
    paymentType: "NOCOMPENSATION",
    currency: null,
    groupPayment: null,
    paymentAdult: null,
    paymentChild: null,
    start: "2027-05-16T08:00:00+02:00",
    end: "2027-05-16T15:30:00+02:00",
    ...overrides,
  };
}
const came = (adultAttendance: number, childAttendance: number) => ({ adultAttendance, childAttendance });
const notRecorded = { adultAttendance: null, childAttendance: null };

describe("stationPay", () => {
  it("PERPERSON pays adults × paymentAdult + children × paymentChild", () => {
    const t = terms({ paymentType: "PERPERSON", currency: "SEK", paymentAdult: 300, paymentChild: 150 });
    expect(stationPay(t, came(4, 2))).toEqual({ kind: "amount", amount: 1500, currency: "SEK" });
    expect(stationPay(t, came(0, 0))).toEqual({ kind: "amount", amount: 0, currency: "SEK" });
  });

  it("HOURLYRATE pays the per-person amount for each hour of the station, to the minute", () => {
    const t = terms({ paymentType: "HOURLYRATE", currency: "SEK", paymentAdult: 100, paymentChild: 50 });
    // (3 × 100 + 2 × 50) × 7.5 h
    expect(stationPay(t, came(3, 2))).toEqual({ kind: "amount", amount: 3000, currency: "SEK" });
    // 100 × 7 h 20 min = 733.333… → 733.33, rounded once to the öre.
    const twenty = { ...t, end: "2027-05-16T15:20:00+02:00" };
    expect(stationPay(twenty, came(1, 0)).amount).toBe(733.33);
    // 100 × 7 h 10 min = 716.666… → 716.67.
    expect(stationPay({ ...t, end: "2027-05-16T15:10:00+02:00" }, came(1, 0)).amount).toBe(716.67);
  });

  it("HOURLYRATE counts the real hours across a daylight-saving change (the clock's hours are not the worked ones)", () => {
    // 2027-03-28 02:00 → 03:00 in Stockholm: 00:00 to 06:00 on the wall clock is 5 hours.
    const t = terms({
      paymentType: "HOURLYRATE",
      currency: "SEK",
      paymentAdult: 100,
      paymentChild: 0,
      start: "2027-03-28T00:00:00+01:00",
      end: "2027-03-28T06:00:00+02:00",
    });
    expect(stationMinutes(t)).toBe(300);
    expect(stationPay(t, came(1, 0)).amount).toBe(500);
  });

  it("GROUPPAYMENT pays the group amount once at least one person came, and nothing for nobody", () => {
    const t = terms({ paymentType: "GROUPPAYMENT", currency: "EUR", groupPayment: 5000 });
    expect(stationPay(t, came(1, 0))).toEqual({ kind: "amount", amount: 5000, currency: "EUR" });
    expect(stationPay(t, came(0, 1))).toEqual({ kind: "amount", amount: 5000, currency: "EUR" });
    expect(stationPay(t, came(12, 3)).amount).toBe(5000);
    expect(stationPay(t, came(0, 0))).toEqual({ kind: "amount", amount: 0, currency: "EUR" });
  });

  it("COMPENSATIONBYAGREEMENT has no amount: it is agreed between organizer and group", () => {
    expect(stationPay(terms({ paymentType: "COMPENSATIONBYAGREEMENT" }), came(5, 0))).toEqual({
      kind: "byAgreement",
      amount: null,
      currency: null,
    });
  });

  it("NOCOMPENSATION pays 0, in no currency", () => {
    expect(stationPay(terms(), came(5, 5))).toEqual({ kind: "amount", amount: 0, currency: null });
  });

  it("is 'not recorded', never 0, while attendance is not recorded, whatever the payment type", () => {
    for (const paymentType of ["PERPERSON", "HOURLYRATE", "GROUPPAYMENT", "COMPENSATIONBYAGREEMENT", "NOCOMPENSATION"] as const)
      expect(
        stationPay(terms({ paymentType, currency: "SEK", groupPayment: 1, paymentAdult: 1, paymentChild: 1 }), notRecorded),
      ).toEqual({ kind: "notRecorded", amount: null, currency: null });
  });

  it("reads a missing amount in the terms as 0 rather than failing", () => {
    expect(stationPay(terms({ paymentType: "PERPERSON", currency: "SEK", paymentAdult: 200 }), came(1, 3)).amount).toBe(200);
  });
});

describe("stationMinutes", () => {
  it("is the length to the minute, and 0 for an end before the start", () => {
    expect(stationMinutes(terms())).toBe(450);
    expect(stationMinutes({ start: "2027-05-16T10:00:00+02:00", end: "2027-05-16T09:00:00+02:00" })).toBe(0);
    expect(stationMinutes({ start: new Date("2027-05-16T08:00:00Z"), end: new Date("2027-05-17T08:00:00Z") })).toBe(24 * 60);
  });
});

describe("paySums", () => {
  it("sums per currency, SEK first, and counts stations not recorded and by agreement apart", () => {
    const sums = paySums([
      { kind: "amount", amount: 10.1, currency: "EUR" },
      { kind: "amount", amount: 733.33, currency: "SEK" },
      { kind: "amount", amount: 716.67, currency: "SEK" },
      { kind: "amount", amount: 0.2, currency: "EUR" },
      { kind: "amount", amount: 0, currency: null },
      { kind: "notRecorded", amount: null, currency: null },
      { kind: "byAgreement", amount: null, currency: null },
      { kind: "notRecorded", amount: null, currency: null },
    ]);
    // Exact to the öre: 10.1 + 0.2 in floating point would be 10.299999…
    expect(sums).toEqual({
      totals: [
        { currency: "SEK", amount: 1450 },
        { currency: "EUR", amount: 10.3 },
      ],
      notRecorded: 2,
      byAgreement: 1,
    });
  });

  it("has no totals for nothing, or only for stations without an amount", () => {
    expect(paySums([])).toEqual({ totals: [], notRecorded: 0, byAgreement: 0 });
    expect(paySums([{ kind: "amount", amount: 0, currency: null }]).totals).toEqual([]);
  });

  it("keeps a currency whose stations came to 0", () => {
    expect(paySums([{ kind: "amount", amount: 0, currency: "SEK" }]).totals).toEqual([{ currency: "SEK", amount: 0 }]);
  });
});

describe("a station without compensation", () => {
  it("pays 0 in no currency even when its terms still name one", () => {
    expect(stationPay(terms({ currency: "SEK", paymentAdult: 100 }), came(2, 0))).toEqual({
      kind: "amount",
      amount: 0,
      currency: null,
    });
  });
});
