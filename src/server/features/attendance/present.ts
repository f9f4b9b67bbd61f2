import { type Currency, type PayTerms, paySums, stationMinutes, stationPay } from "#shared/attendance/payout";
import type { EventPayout, PayoutStatement, PayoutStation } from "#shared/attendance/schema";
import type { PaymentType } from "#shared/events/schema";
import type { Status } from "#shared/status";
import { formatInstant } from "#shared/time";
import type { EventRow } from "../events/repo.ts";
import type { PayoutRow } from "./repo.ts";

/** Swedish order for group and event names; built once, used for every comparison. */
const byName = new Intl.Collator("sv");

function presentStation(r: PayoutRow): PayoutStation {
  const terms: PayTerms = {
    paymentType: r.paymentType as PaymentType,
    currency: r.currency as Currency | null,
    groupPayment: r.groupPayment,
    paymentAdult: r.paymentAdult,
    paymentChild: r.paymentChild,
    start: new Date(r.start),
    end: new Date(r.end),
  };
  return {
    stationId: r.stationId,
    name: r.stationName,
    start: formatInstant(new Date(r.start)),
    end: formatInstant(new Date(r.end)),
    minutes: stationMinutes(terms),
    paymentType: terms.paymentType,
    currency: terms.currency,
    groupPayment: r.groupPayment,
    paymentAdult: r.paymentAdult,
    paymentChild: r.paymentChild,
    volunteers: r.volunteers,
    adultAttendance: r.adultAttendance,
    childAttendance: r.childAttendance,
    pay: stationPay(terms, r),
  };
}

/**
 * One statement per event and group, newest event first, groups by name; each statement's stations by
 * start time, with their sums.
 */
export function presentStatements(rows: readonly PayoutRow[]): PayoutStatement[] {
  const sorted = [...rows].sort(
    (a, b) =>
      b.eventDate.localeCompare(a.eventDate) ||
      byName.compare(a.eventName, b.eventName) ||
      a.eventId.localeCompare(b.eventId) ||
      byName.compare(a.groupName, b.groupName) ||
      a.groupId.localeCompare(b.groupId) ||
      new Date(a.start).getTime() - new Date(b.start).getTime() ||
      byName.compare(a.stationName, b.stationName),
  );
  const statements: PayoutStatement[] = [];
  let current: PayoutStatement | undefined;
  for (const r of sorted) {
    if (current?.event.id !== r.eventId || current.group.id !== r.groupId) {
      current = {
        event: { id: r.eventId, name: r.eventName, date: r.eventDate, status: r.eventStatus },
        group: { id: r.groupId, name: r.groupName, organizationName: r.organizationName },
        stations: [],
        totals: [],
        notRecorded: 0,
        byAgreement: 0,
        payment: null,
        approval: null,
      };
      statements.push(current);
    }
    current.stations.push(presentStation(r));
  }
  for (const s of statements) Object.assign(s, paySums(s.stations.map((st) => st.pay)));
  return statements;
}

/** The event as a payout names it. */
export const payoutEventOf = (event: EventRow): EventPayout["event"] => ({
  id: event.id,
  name: event.name,
  date: event.date,
  status: event.status as Status,
});

/** An event's payout without its approval: what the CSV and the approval are made from. */
export type EventStatements = Pick<EventPayout, "event" | "statements" | "totals" | "notRecorded" | "byAgreement">;

/** The event's payout: its groups' statements and the sums over all of them (approval and payment details apart). */
export function presentEventPayout(event: EventPayout["event"], rows: readonly PayoutRow[]): EventStatements {
  const statements = presentStatements(rows);
  return { event, statements, ...paySums(statements.flatMap((s) => s.stations.map((st) => st.pay))) };
}
