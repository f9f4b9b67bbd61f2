import { describe, expect, it } from "vitest";
import { paymentInput } from "./schema.ts";

const issues = (v: unknown) =>
  Object.fromEntries((paymentInput.safeParse(v).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("a group's payment details as sent", () => {
  it("keeps the method's own number as digits and drops the others", () => {
    expect(paymentInput.parse({ method: "BANKGIRO", bankgiro: "5050-1055", plusgiro: "90 20 03-3" })).toEqual({
      method: "BANKGIRO",
      bankgiro: "50501055",
      plusgiro: null,
      clearingNumber: null,
      accountNumber: null,
    });
    expect(paymentInput.parse({ method: "BANK_ACCOUNT", clearingNumber: "8129-9", accountNumber: "43 386 711-6" })).toMatchObject(
      {
        clearingNumber: "81299",
        accountNumber: "0433867116",
        bankgiro: null,
      },
    );
  });
  it("names the field and the rule of each refusal", () => {
    expect(issues({ method: "BANKGIRO", bankgiro: "5050-1056" })).toEqual({ bankgiro: "groups.validation.bankgiro" });
    expect(issues({ method: "BANKGIRO", bankgiro: "  " })).toEqual({ bankgiro: "validation.required" });
    expect(issues({ method: "PLUSGIRO" })).toEqual({ plusgiro: "validation.required" });
    expect(issues({ method: "PLUSGIRO", plusgiro: "1" })).toEqual({ plusgiro: "groups.validation.plusgiro" });
    expect(issues({ method: "BANK_ACCOUNT" })).toEqual({
      clearingNumber: "validation.required",
      accountNumber: "validation.required",
    });
    expect(issues({ method: "BANK_ACCOUNT", clearingNumber: "0001" })).toEqual({
      clearingNumber: "groups.validation.clearingNumber",
      accountNumber: "validation.required",
    });
    expect(issues({ method: "BANK_ACCOUNT", clearingNumber: "6789", accountNumber: "123456788" })).toEqual({
      accountNumber: "groups.validation.accountNumber",
    });
    expect(issues({ method: "SWISH" })).toEqual({ method: "validation.oneOf" });
    expect(issues({ method: "BANKGIRO", bankgiro: "1".repeat(41) })).toEqual({ bankgiro: "groups.validation.bankgiro" });
  });
  it("takes an old account without a check digit (the form warns, the server does not refuse)", () => {
    expect(
      paymentInput.safeParse({ method: "BANK_ACCOUNT", clearingNumber: "8424-4", accountNumber: "983 189 224-7" }).success,
    ).toBe(true);
  });
});
