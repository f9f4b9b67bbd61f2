import { z } from "zod";
import { CURRENCIES, PAYMENT_TYPES } from "../events/schema.ts";
import { UUID_PATTERN } from "../groups/schema.ts";
import { approvalView, bankFileView, paymentView } from "../payments/schema.ts";
import { STATUSES } from "../status.ts";
import { msg, wholeNumber } from "../validation.ts";
import { PAY_KINDS } from "./payout.ts";
import { exceedsVolunteers } from "./rules.ts";

/** Message ids of the attendance rules (texts in i18n/<lang>/attendance.json). */
export const attendanceMsg = {
  exceeds: "attendance.validation.exceeds",
} as const;

// ── Requests ────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/events/{eventId}/attendance/{stationId}_{groupId}: how many adults and children came. */
export const attendanceBody = z.object({
  adultAttendance: wholeNumber(0),
  childAttendance: wholeNumber(0),
});
export type AttendanceBody = z.output<typeof attendanceBody>;

/**
 * The attendance form of one offer: the same numbers, and together no more than the group's volunteers,
 * checked before anything is sent (spec 02 §5). The message sits on the whole form (path `[]`).
 */
export const attendanceForm = (volunteers: number) =>
  attendanceBody.superRefine((a, ctx) => {
    if (exceedsVolunteers(a, volunteers)) ctx.addIssue({ code: "custom", path: [], message: attendanceMsg.exceeds });
  });

const UUID = UUID_PATTERN.source.slice(1, -1);
const STATION_GROUP = new RegExp(`^(${UUID})_(${UUID})$`, "i");

/** The spec's path: the event, then the station and group ids joined by an underscore (`stationIdGroupId`). */
export const attendanceParams = z.object({
  eventId: z.string().regex(UUID_PATTERN, { error: msg.invalid }),
  stationIdGroupId: z
    .string()
    .regex(STATION_GROUP, { error: msg.invalid })
    .transform((s) => {
      const [, stationId, groupId] = STATION_GROUP.exec(s) as RegExpExecArray;
      return { stationId: stationId.toLowerCase(), groupId: groupId.toLowerCase() };
    }),
});

export const eventPayoutParams = z.object({ eventId: z.string().regex(UUID_PATTERN, { error: msg.invalid }) });
export const groupPayoutParams = z.object({ groupId: z.string().regex(UUID_PATTERN, { error: msg.invalid }) });

// ── Answers: the payout statement (beyond the spec) ─────────────────────────────────────────────────

const instantOut = () => z.iso.datetime({ offset: true });

/** What a station pays a group: an amount, "by agreement", or nothing yet because attendance is not recorded. */
export const payView = z.object({
  kind: z.enum(PAY_KINDS),
  /** In the currency's main unit (kronor, euro), to the öre/cent; null unless `kind` is "amount". */
  amount: z.number().nullable(),
  /** Null for an amount of a station without compensation (0 in no currency). */
  currency: z.enum(CURRENCIES).nullable(),
});

/** A sum in one currency. */
export const moneyView = z.object({ currency: z.enum(CURRENCIES), amount: z.number() });
export type Money = z.infer<typeof moneyView>;

/** One station of a group's statement: its pay terms, the recorded attendance and what it comes to. */
export const payoutStationView = z.object({
  stationId: z.string(),
  name: z.string(),
  start: instantOut(),
  end: instantOut(),
  /** The station's length to the minute: an hourly rate is paid for this. */
  minutes: z.number().int(),
  paymentType: z.enum(PAYMENT_TYPES),
  currency: z.enum(CURRENCIES).nullable(),
  groupPayment: z.number().int().nullable(),
  paymentAdult: z.number().int().nullable(),
  paymentChild: z.number().int().nullable(),
  volunteers: z.number().int(),
  adultAttendance: z.number().int().nullable(),
  childAttendance: z.number().int().nullable(),
  pay: payView,
});
export type PayoutStation = z.infer<typeof payoutStationView>;

/** The sums of some stations: per currency, and how many are still open or agreed elsewhere. */
const sums = {
  totals: z.array(moneyView),
  /** Stations whose attendance is not recorded yet: the totals leave them out. */
  notRecorded: z.number().int(),
  /** Stations paid as agreed between organizer and group: no amount here. */
  byAgreement: z.number().int(),
};

export const payoutEventView = z.object({ id: z.string(), name: z.string(), date: z.string(), status: z.enum(STATUSES) });
export const payoutGroupView = z.object({ id: z.string(), name: z.string(), organizationName: z.string() });

/** What one group is paid for one event: its accepted stations there, and their sums. */
export const payoutStatementView = z.object({
  event: payoutEventView,
  group: payoutGroupView,
  stations: z.array(payoutStationView),
  ...sums,
  /** How the group is paid (issue 25): for the group's contacts, and the event's while the offer is accepted. */
  payment: paymentView.nullable(),
  /**
   * The event's approval of its payout ("Attesterad för utbetalning", "Utbetald") in the group's statements;
   * null until approved, and in the event's payout, which has it once as its own `approval`.
   */
  approval: z.object({ approvedAt: z.string(), paidOn: z.string().nullable(), changed: z.boolean() }).nullable(),
});
export type PayoutStatement = z.infer<typeof payoutStatementView>;

/** GET /api/events/{eventId}/payout: every group's statement for the event, and what the event pays in all. */
export const eventPayoutView = z.object({
  event: payoutEventView,
  statements: z.array(payoutStatementView),
  ...sums,
  approval: approvalView.nullable(),
  /** What the bank file of the approval holds, and who is left out; null until approved. */
  bankFile: bankFileView.nullable(),
  abilities: z.object({
    approve: z.boolean(),
    downloadBankFile: z.boolean(),
    markPaid: z.boolean(),
    askForDetails: z.boolean(),
  }),
});
export type EventPayout = z.infer<typeof eventPayoutView>;
