import type { Currency, Pay } from "../attendance/payout.ts";
import type { PayoutStatement } from "../attendance/schema.ts";
import type { PaymentDetails } from "./numbers.ts";

/**
 * The payout's approval ("attest", issue 25): the statement as it stood when a contact of the event approved
 * it, kept line by line. The bank file pays what was approved; a later change of attendance shows as a
 * change until the statement is approved again.
 */

/** One station of one group as approved. */
export interface ApprovedLine {
  groupId: string;
  stationId: string;
  /** As they were named: a group whose offer is withdrawn later is still named in what changed. */
  groupName: string;
  stationName: string;
  adultAttendance: number | null;
  childAttendance: number | null;
  pay: Pay;
}

/** Details changed within this many days are pointed out beside the payout: changed numbers are how invoice fraud works. */
export const RECENT_CHANGE_DAYS = 30;

export function changedDaysAgo(changedAt: Date | string, now: Date): number | null {
  const days = Math.floor((now.getTime() - new Date(changedAt).getTime()) / 86_400_000);
  return days <= RECENT_CHANGE_DAYS ? Math.max(0, days) : null;
}

/** The lines of an event's statements, in a fixed order (group, then station): what an approval keeps. */
export function approvedLines(statements: readonly PayoutStatement[]): ApprovedLine[] {
  return (
    statements
      .flatMap((s) =>
        s.stations.map((st) => ({
          groupId: s.group.id,
          stationId: st.stationId,
          groupName: s.group.name,
          stationName: st.name,
          adultAttendance: st.adultAttendance,
          childAttendance: st.childAttendance,
          pay: st.pay,
        })),
      )
      // Ids are ASCII: a plain comparison orders them the same everywhere, and far faster than localeCompare.
      .sort((a, b) =>
        a.groupId < b.groupId
          ? -1
          : a.groupId > b.groupId
            ? 1
            : a.stationId < b.stationId
              ? -1
              : a.stationId > b.stationId
                ? 1
                : 0,
      )
  );
}

/** What each group is owed per currency in hundredths (öre, cents), in the lines' group order. */
export function owedPerGroup(lines: readonly ApprovedLine[]): Array<{ groupId: string; owed: Map<Currency, number> }> {
  const byGroup = new Map<string, Map<Currency, number>>();
  for (const l of lines) {
    const owed = byGroup.get(l.groupId) ?? new Map<Currency, number>();
    byGroup.set(l.groupId, owed);
    if (l.pay.kind === "amount" && l.pay.currency && l.pay.amount)
      owed.set(l.pay.currency, (owed.get(l.pay.currency) ?? 0) + Math.round(l.pay.amount * 100));
  }
  return [...byGroup].map(([groupId, owed]) => ({ groupId, owed }));
}

/** The approved SEK total in öre. */
export const approvedTotal = (lines: readonly ApprovedLine[]): number =>
  owedPerGroup(lines).reduce((sum, g) => sum + (g.owed.get("SEK") ?? 0), 0);

const key = (l: { groupId: string; stationId: string }) => `${l.groupId}/${l.stationId}`;
const same = (a: ApprovedLine, b: ApprovedLine) =>
  a.adultAttendance === b.adultAttendance &&
  a.childAttendance === b.childAttendance &&
  a.pay.kind === b.pay.kind &&
  a.pay.amount === b.pay.amount &&
  a.pay.currency === b.pay.currency;

/** Lines that differ between the approval and now: changed attendance or pay, stations added or gone. */
export function changesSince(
  approved: readonly ApprovedLine[],
  now: readonly ApprovedLine[],
): Array<{ groupId: string; stationId: string; before: ApprovedLine | null; after: ApprovedLine | null }> {
  const before = new Map(approved.map((l) => [key(l), l]));
  const after = new Map(now.map((l) => [key(l), l]));
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  return keys.flatMap((k) => {
    const b = before.get(k) ?? null;
    const a = after.get(k) ?? null;
    if (b && a && same(b, a)) return [];
    const { groupId, stationId } = (a ?? b) as ApprovedLine;
    return [{ groupId, stationId, before: b, after: a }];
  });
}

/** One credit transfer of the bank file. */
export interface Transfer {
  groupId: string;
  endToEndId: string;
  /** In öre. */
  amount: number;
  payment: PaymentDetails;
}

/**
 * The transfers an approval pays in SEK, and the groups left out: owed SEK without payment details, or owed
 * another currency (a SEK file cannot carry it). Each transfer's EndToEndId is the approval's and the
 * group's place in the approved lines, so every download of one approval names each payment the same way
 * and a bank can tell a file sent twice.
 */
export function bankTransfers(
  approvalNumber: number,
  lines: readonly ApprovedLine[],
  paymentOf: (groupId: string) => PaymentDetails | undefined,
): {
  transfers: Transfer[];
  missingDetails: Array<{ groupId: string; amount: number }>;
  otherCurrency: Array<{ groupId: string; currency: Currency; amount: number }>;
} {
  const transfers: Transfer[] = [];
  const missingDetails: Array<{ groupId: string; amount: number }> = [];
  const otherCurrency: Array<{ groupId: string; currency: Currency; amount: number }> = [];
  owedPerGroup(lines).forEach(({ groupId, owed }, index) => {
    for (const [currency, amount] of owed) {
      if (amount <= 0) continue;
      if (currency !== "SEK") otherCurrency.push({ groupId, currency, amount });
      else {
        const payment = paymentOf(groupId);
        if (payment) transfers.push({ groupId, endToEndId: endToEndId(approvalNumber, index), amount, payment });
        else missingDetails.push({ groupId, amount });
      }
    }
  });
  return { transfers, missingDetails, otherCurrency };
}

/** At most 35 characters (pain.001): "BEMANNA-A{approval}-{group's place}". */
export const endToEndId = (approvalNumber: number, index: number) => `BEMANNA-A${approvalNumber}-${index + 1}`;
