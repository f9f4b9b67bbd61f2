import { describe, expect, it } from "vitest";
import { fieldMessages as errors } from "../../../tests/helpers/fields.ts";
import { msg } from "../validation.ts";
import {
  attendanceForm,
  attendanceMsg,
  attendanceParams,
  eventPayoutParams,
  eventPayoutView,
  groupPayoutParams,
  moneyView,
  payoutStatementView,
  payView,
} from "./schema.ts";

const EVENT = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";
const GROUP = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";
const STATION = "6f1c7a52-1f0e-4f57-9b52-6f2f0b0a1c11";

describe("attendance paths", () => {
  it("answer an event id or a station_group key that is none as invalid", () => {
    expect(errors(attendanceParams.safeParse({ eventId: "e1", stationIdGroupId: `${STATION}_${GROUP}` }))).toEqual({
      eventId: msg.invalid,
    });
    expect(errors(attendanceParams.safeParse({ eventId: EVENT, stationIdGroupId: STATION }))).toEqual({
      stationIdGroupId: msg.invalid,
    });
  });

  it("name the event or the group of a payout statement", () => {
    expect(eventPayoutParams.parse({ eventId: EVENT })).toEqual({ eventId: EVENT });
    expect(errors(eventPayoutParams.safeParse({ eventId: "e1" }))).toEqual({ eventId: msg.invalid });
    expect(groupPayoutParams.parse({ groupId: GROUP })).toEqual({ groupId: GROUP });
    expect(errors(groupPayoutParams.safeParse({ groupId: "g1" }))).toEqual({ groupId: msg.invalid });
  });
});

describe("the attendance form", () => {
  it("puts too many people on the whole form as a custom issue", () => {
    const issues = attendanceForm(3).safeParse({ adultAttendance: 2, childAttendance: 2 }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ code: "custom", path: [], message: attendanceMsg.exceeds })]);
  });
});

describe("the payout answers", () => {
  const instant = "2030-06-10T08:00:00+02:00";
  const station = {
    stationId: STATION,
    name: "Entrén",
    start: instant,
    end: "2030-06-10T15:30:00+02:00",
    minutes: 450,
    paymentType: "PERPERSON",
    currency: "SEK",
    groupPayment: null,
    paymentAdult: 100,
    paymentChild: 50,
    volunteers: 4,
    adultAttendance: 2,
    childAttendance: 1,
    pay: { kind: "amount", amount: 250, currency: "SEK" },
  };
  const event = { id: EVENT, name: "Loppet", date: "2030-06-10", status: "CONFIRMED" };
  const statement = {
    event,
    group: { id: GROUP, name: "IFK P12", organizationName: "IFK" },
    stations: [station],
    totals: [{ currency: "SEK", amount: 250 }],
    notRecorded: 0,
    byAgreement: 0,
    payment: null,
    approval: { approvedAt: instant, paidOn: null, changed: false },
  };

  it("give what a station pays: an amount, by agreement, or not recorded", () => {
    expect(payView.parse(station.pay)).toEqual(station.pay);
    expect(payView.parse({ kind: "notRecorded", amount: null, currency: null })).toEqual({
      kind: "notRecorded",
      amount: null,
      currency: null,
    });
    expect(moneyView.parse({ currency: "EUR", amount: 12.5 })).toEqual({ currency: "EUR", amount: 12.5 });
  });

  it("carry a group's statement and the event's, with their sums", () => {
    expect(payoutStatementView.parse(statement)).toEqual(statement);
    expect(payoutStatementView.safeParse({ ...statement, stations: [{ ...station, start: "2030-06-10T08:00" }] }).success).toBe(
      false,
    );
    const payout = {
      event,
      statements: [statement],
      totals: [{ currency: "SEK", amount: 250 }],
      notRecorded: 1,
      byAgreement: 2,
      approval: null,
      bankFile: null,
      abilities: { approve: true, downloadBankFile: false, markPaid: false, askForDetails: false },
    };
    expect(eventPayoutView.parse(payout)).toEqual(payout);
  });
});
