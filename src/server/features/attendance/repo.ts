import { type SQL, sql } from "drizzle-orm";
import type { OfferStatus } from "#shared/offers/schema";
import type { Status } from "#shared/status";
import { queryRows, type Tx } from "../../db/client.ts";
import type { OfferKey } from "../offers/repo.ts";

/** An offer with what its attendance rule needs: the station's start and the event's status. */
export interface LockedOffer {
  status: OfferStatus;
  volunteers: number;
  start: Date;
  eventStatus: Status;
}

/**
 * The offer, locked until the transaction ends: attendance written at the same moment by the event's
 * contact and the team leader is written one after the other, and an offer withdrawn meanwhile is not
 * written at all.
 */
export async function lockOffer(tx: Tx, key: OfferKey): Promise<LockedOffer | undefined> {
  const [row] = await queryRows<Omit<LockedOffer, "start"> & { start: Date | string }>(
    tx,
    sql`SELECT o.status, o.volunteers, s.start, e.status AS "eventStatus"
      FROM offers o JOIN stations s ON s.id = o.station_id JOIN events e ON e.id = o.event_id
      WHERE o.event_id = ${key.eventId} AND o.group_id = ${key.groupId} AND o.station_id = ${key.stationId}
      FOR UPDATE OF o`,
  );
  return row && { ...row, start: new Date(row.start) };
}

export async function setAttendance(tx: Tx, key: OfferKey, a: { adultAttendance: number; childAttendance: number }) {
  await queryRows(
    tx,
    sql`UPDATE offers SET adult_attendance = ${a.adultAttendance}, child_attendance = ${a.childAttendance}
      WHERE event_id = ${key.eventId} AND group_id = ${key.groupId} AND station_id = ${key.stationId}`,
  );
}

/** One accepted offer with its station's pay terms, its event and its group: one line of a payout statement. */
export interface PayoutRow {
  eventId: string;
  eventName: string;
  eventDate: string;
  eventStatus: Status;
  groupId: string;
  groupName: string;
  organizationName: string;
  stationId: string;
  stationName: string;
  start: Date | string;
  end: Date | string;
  paymentType: string;
  currency: string | null;
  groupPayment: number | null;
  paymentAdult: number | null;
  paymentChild: number | null;
  volunteers: number;
  adultAttendance: number | null;
  childAttendance: number | null;
}

/** The accepted offers matching `where` (on `o`), in one statement. */
export async function payoutRows(tx: Tx, where: SQL): Promise<PayoutRow[]> {
  return queryRows<PayoutRow>(
    tx,
    sql`SELECT o.event_id AS "eventId", e.name AS "eventName", e.date::text AS "eventDate", e.status AS "eventStatus",
        o.group_id AS "groupId", g.name AS "groupName", g.organization_name AS "organizationName",
        o.station_id AS "stationId", s.name AS "stationName", s.start, s."end", s.payment_type AS "paymentType",
        s.currency, s.group_payment AS "groupPayment", s.payment_adult AS "paymentAdult", s.payment_child AS "paymentChild",
        o.volunteers, o.adult_attendance AS "adultAttendance", o.child_attendance AS "childAttendance"
      FROM offers o
        JOIN stations s ON s.id = o.station_id
        JOIN events e ON e.id = o.event_id
        JOIN groups g ON g.id = o.group_id
      WHERE o.status = 'ACCEPTED' AND ${where}`,
  );
}

export const ofEvent = (eventId: string) => sql`o.event_id = ${eventId}`;
export const ofGroup = (groupId: string) => sql`o.group_id = ${groupId}`;
