import { describe, expect, it } from "vitest";
import type { Pay } from "../attendance/payout.ts";
import { type ApprovedLine, approvedTotal, bankTransfers, changedDaysAgo, changesSince, endToEndId } from "./approval.ts";
import type { PaymentDetails } from "./numbers.ts";
import { payoutAbilities } from "./rules.ts";

const sek = (amount: number): Pay => ({ kind: "amount", amount, currency: "SEK" });
const line = (groupId: string, stationId: string, pay: Pay, adults = 2): ApprovedLine => ({
  groupId,
  stationId,
  groupName: `Grupp ${groupId}`,
  stationName: `Station ${stationId}`,
  adultAttendance: adults,
  childAttendance: 0,
  pay,
});
const BG: PaymentDetails = {
  method: "BANKGIRO",
  bankgiro: "50501055",
  plusgiro: null,
  clearingNumber: null,
  accountNumber: null,
};

describe("the approved payout", () => {
  const approved = [
    line("a", "s1", sek(600)),
    line("a", "s2", sek(150.5)),
    line("b", "s1", { kind: "amount", amount: 500, currency: "EUR" }),
    line("c", "s1", sek(300)),
    line("d", "s1", { kind: "byAgreement", amount: null, currency: null }),
    line("e", "s1", { kind: "amount", amount: 0, currency: null }),
  ];

  it("totals SEK in öre, other currencies apart", () => {
    expect(approvedTotal(approved)).toBe(105_050);
  });

  it("pays each group with details one SEK transfer, and lists the others apart", () => {
    const plan = bankTransfers(7, approved, (id) => (id === "a" ? BG : undefined));
    expect(plan.transfers).toEqual([{ groupId: "a", endToEndId: "BEMANNA-A7-1", amount: 75_050, payment: BG }]);
    expect(plan.missingDetails).toEqual([{ groupId: "c", amount: 30_000 }]);
    expect(plan.otherCurrency).toEqual([{ groupId: "b", currency: "EUR", amount: 50_000 }]);
  });

  it("names each group's payment the same way in every download of one approval, whoever has details", () => {
    const before = bankTransfers(7, approved, (id) => (id === "c" ? BG : undefined));
    const after = bankTransfers(7, approved, () => BG);
    const idOf = (p: typeof before, g: string) => p.transfers.find((t) => t.groupId === g)?.endToEndId;
    expect(idOf(before, "c")).toBe(idOf(after, "c"));
    expect(new Set(after.transfers.map((t) => t.endToEndId)).size).toBe(after.transfers.length);
    expect(endToEndId(123_456_789, 9_999).length).toBeLessThanOrEqual(35);
  });

  it("sees a change of attendance or pay, a station added and one gone, and nothing else", () => {
    expect(
      changesSince(
        approved,
        approved.map((l) => ({ ...l })),
      ),
    ).toEqual([]);
    const now = [line("a", "s1", sek(900), 3), ...approved.slice(1, 5), line("f", "s1", sek(10))];
    expect(changesSince(approved, now).map((c) => [c.groupId, c.stationId, !!c.before, !!c.after])).toEqual([
      ["a", "s1", true, true],
      ["e", "s1", true, false],
      ["f", "s1", false, true],
    ]);
  });

  it("points out details changed within 30 days", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(changedDaysAgo(new Date("2026-11-27T08:00:00Z"), now)).toBe(0);
    expect(changedDaysAgo(new Date("2026-11-24T11:00:00Z"), now)).toBe(3);
    expect(changedDaysAgo(new Date("2026-10-28T12:00:00Z"), now)).toBe(30);
    expect(changedDaysAgo(new Date("2026-10-27T11:00:00Z"), now)).toBeNull();
  });
});

describe("what an event's contact may do with the payout", () => {
  it("approves a statement that exists, while unapproved or changed since", () => {
    expect(payoutAbilities(0, null).approve).toBe(false);
    expect(payoutAbilities(2, null)).toEqual({ approve: true, downloadBankFile: false, markPaid: false, askForDetails: false });
    expect(payoutAbilities(2, { changed: false, paidOn: null })).toEqual({
      approve: false,
      downloadBankFile: true,
      markPaid: true,
      askForDetails: true,
    });
    expect(payoutAbilities(2, { changed: true, paidOn: null })).toEqual({
      approve: true,
      downloadBankFile: false,
      markPaid: false,
      askForDetails: false,
    });
    expect(payoutAbilities(2, { changed: false, paidOn: "2026-11-27" }).markPaid).toBe(false);
  });
});
