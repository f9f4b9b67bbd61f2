import { describe, expect, it } from "vitest";
import type { OfferStatus } from "./offers/schema.ts";
import { type AnsweredOffer, answers } from "./roster-answers.ts";

const offer = (
  stationId: string,
  confirmed?: Array<boolean | null | undefined>,
  status: OfferStatus = "ACCEPTED",
): AnsweredOffer => ({
  stationId,
  status,
  group: confirmed ? { attendees: confirmed.map((c) => (c === undefined ? {} : { confirmed: c })) } : {},
});

describe("answers", () => {
  it("counts JA and NEJ among the named volunteers of the accepted offers at the stations asked", () => {
    const offers = [
      offer("s1", [true, true, false, null]),
      offer("s1", [true]),
      offer("s1", [true, false], "PROPOSAL"),
      offer("s1", [true], "REJECTED"),
      offer("s2", [false, null]),
    ];
    expect(answers(offers, ["s1"])).toEqual({ named: 5, confirmed: 3, declined: 1 });
    expect(answers(offers, ["s2"])).toEqual({ named: 2, confirmed: 0, declined: 1 });
    expect(answers(offers, ["s1", "s2"])).toEqual({ named: 7, confirmed: 3, declined: 2 });
  });

  it("counts nothing at a station without accepted offers", () => {
    expect(answers([offer("s1", [true], "DRAFT")], ["s1"])).toEqual({ named: 0, confirmed: 0, declined: 0 });
    expect(answers([offer("s1", [true])], ["s2"])).toEqual({ named: 0, confirmed: 0, declined: 0 });
  });

  it("counts an answer not known (kept from before the answers) as none", () => {
    expect(answers([offer("s1", [undefined, true])], ["s1"])).toEqual({ named: 2, confirmed: 1, declined: 0 });
  });

  it("is null where an accepted offer hides its named volunteers, whatever the other offers show", () => {
    expect(answers([offer("s1", [true]), offer("s1")], ["s1"])).toBeNull();
    expect(answers([offer("s1", [true]), offer("s2")], ["s1", "s2"])).toBeNull();
    // An offer not accepted hides its names anyway: it changes nothing.
    expect(answers([offer("s1", [true]), offer("s1", undefined, "PROPOSAL")], ["s1"])).toEqual({
      named: 1,
      confirmed: 1,
      declined: 0,
    });
  });
});
