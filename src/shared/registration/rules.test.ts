import { describe, expect, it } from "vitest";
import {
  ADULT_AGE,
  awaitsGuardian,
  canShareLink,
  ERASE_AFTER_MS,
  ERASURE_NOTICE_MS,
  GUARDIAN_CONSENT_PATH,
  needsGuardian,
  participationIssues,
  plannedErasureDate,
  selfRegistrationPath,
  VOLUNTEER_REMOVAL_PATH,
} from "./rules.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("guardians (ADR 022)", () => {
  it("asks a guardian of a volunteer under 18, and of nobody from 18", () => {
    expect(ADULT_AGE).toBe(18);
    expect(needsGuardian(17)).toBe(true);
    expect(needsGuardian(18)).toBe(false);
    expect(needsGuardian(40)).toBe(false);
  });

  it("waits for a guardian who has not said yes, and for nobody when there is no guardian", () => {
    expect(awaitsGuardian({ guardian: { confirmed: false } })).toBe(true);
    expect(awaitsGuardian({ guardian: { confirmed: true } })).toBe(false);
    expect(awaitsGuardian({ guardian: null })).toBe(false);
  });
});

describe("the sign-up link (spec 02 §6)", () => {
  // 10 June 2030, noon in Stockholm: the last past date is 2 June (more than 7 days ago).
  const now = new Date("2030-06-10T10:00:00Z");

  it("is shared while the offer is accepted and the event confirmed and not past", () => {
    expect(canShareLink("ACCEPTED", "CONFIRMED", "2030-06-03", now)).toBe(true);
    expect(canShareLink("ACCEPTED", "CONFIRMED", "2030-07-01", now)).toBe(true);
  });

  it("is not shared for an offer not accepted, an event not confirmed, or a past event", () => {
    expect(canShareLink("PROPOSAL", "CONFIRMED", "2030-07-01", now)).toBe(false);
    expect(canShareLink("", "CONFIRMED", "2030-07-01", now)).toBe(false);
    expect(canShareLink("ACCEPTED", "DRAFT", "2030-07-01", now)).toBe(false);
    expect(canShareLink("ACCEPTED", "HISTORIC", "2030-07-01", now)).toBe(false);
    expect(canShareLink("ACCEPTED", "CONFIRMED", "2030-06-02", now)).toBe(false);
  });

  it("leads to the public sign-up page with the group's name encoded", () => {
    expect(selfRegistrationPath("IFK Å/B", "e1", "h1")).toBe("/self-registration/IFK%20%C3%85%2FB/e1/h1");
  });

  it("and the mails lead to the guardian's and the removal pages", () => {
    expect(GUARDIAN_CONSENT_PATH).toBe("/guardian-consent");
    expect(VOLUNTEER_REMOVAL_PATH).toBe("/volunteer-removal");
  });
});

describe("how long a volunteer's data is kept", () => {
  it("is erased 30 days after the event is finished, which is 8 days after its date", () => {
    // 2030-06-01 + 7 past days + 1 + 30 = 2030-07-09.
    expect(plannedErasureDate("2030-06-01")).toBe("2030-07-09");
  });

  it("tells the contacts 7 days before, in milliseconds as the sweep counts", () => {
    expect(ERASURE_NOTICE_MS).toBe(7 * DAY_MS);
    expect(ERASE_AFTER_MS).toBe(30 * DAY_MS);
  });
});

describe("a volunteer's answers to the event's questions (spec 02 §5)", () => {
  const all = { shirtSizes: ["S", "M"], foodOptions: ["VEGAN", "VEGETARIAN"], substitute: true };
  const none = { shirtSizes: [], foodOptions: [], substitute: false };

  it("are fine when they fit the event", () => {
    expect(
      participationIssues({ shirtSize: "M", specialDiets: ["VEGAN"], substituteTicked: true, substitute: "Ada" }, all),
    ).toEqual({});
    expect(participationIssues({ shirtSize: "M" }, all)).toEqual({});
    expect(participationIssues({}, none)).toEqual({});
  });

  it("require a shirt size when the event offers shirts, and one it offers", () => {
    expect(participationIssues({}, all)).toEqual({ shirtSize: "validation.required" });
    expect(participationIssues({ shirtSize: "" }, all)).toEqual({ shirtSize: "validation.required" });
    expect(participationIssues({ shirtSize: "XXL" }, all)).toEqual({ shirtSize: "validation.oneOf" });
    expect(participationIssues({ shirtSize: "XXL" }, none)).toEqual({});
  });

  it("take diets only among the event's food options", () => {
    expect(participationIssues({ shirtSize: "S", specialDiets: ["VEGAN", "GLUTEN_FREE"] }, all)).toEqual({
      specialDiets: "validation.oneOf",
    });
    expect(participationIssues({ specialDiets: ["VEGAN"] }, none)).toEqual({ specialDiets: "validation.oneOf" });
  });

  it("require the substitute's name once the box is ticked, when the event asks", () => {
    const sized = { shirtSize: "S" };
    expect(participationIssues({ ...sized, substituteTicked: true, substitute: "  " }, all)).toEqual({
      substitute: "validation.required",
    });
    expect(participationIssues({ ...sized, substituteTicked: true, substitute: null }, all)).toEqual({
      substitute: "validation.required",
    });
    expect(participationIssues({ ...sized, substituteTicked: false, substitute: "" }, all)).toEqual({});
    expect(participationIssues({ substituteTicked: true, substitute: "" }, none)).toEqual({});
  });
});
