import { describe, expect, it } from "vitest";
import { translate } from "./i18n/index.ts";
import { isOrganisationNumber } from "./organisation-number.ts";

describe("the hints' example", () => {
  it.each([
    ["sv", "events.form.organizerNumberHint"],
    ["en", "events.form.organizerNumberHint"],
    ["sv", "groups.fields.organizationNumberHint"],
    ["en", "groups.fields.organizationNumberHint"],
  ] as const)("%s %s passes the check it explains", (lang, id) => {
    const example = /\d{6}-\d{4}/.exec(translate(lang, id))?.[0];
    expect(example).toBeDefined();
    expect(isOrganisationNumber(example ?? "")).toBe(true);
  });
});

describe("isOrganisationNumber", () => {
  it("accepts the spec's four formats when the check digit is right", () => {
    expect(isOrganisationNumber("802000-1239")).toBe(true);
    expect(isOrganisationNumber("8020001239")).toBe(true);
    expect(isOrganisationNumber("168020001239")).toBe(true);
    expect(isOrganisationNumber("16802000-1239")).toBe(true);
  });

  it("refuses a wrong check digit in every format", () => {
    expect(isOrganisationNumber("802000-1238")).toBe(false);
    expect(isOrganisationNumber("8020001238")).toBe(false);
    expect(isOrganisationNumber("168020001238")).toBe(false);
    expect(isOrganisationNumber("16802000-1238")).toBe(false);
  });

  it("refuses a 12-digit form whose century prefix is not 16", () => {
    expect(isOrganisationNumber("178020001239")).toBe(false);
  });

  it("refuses a personal identity number, which the package would take as a sole trader", () => {
    // 19850709-9805 and 8507099805 are valid personnummer (check digit right, third pair a month).
    expect(isOrganisationNumber("198507099805")).toBe(false);
    expect(isOrganisationNumber("19850709-9805")).toBe(false);
    expect(isOrganisationNumber("8507099805")).toBe(false);
  });

  it("refuses other shapes the package alone would accept", () => {
    expect(isOrganisationNumber("802000+1239")).toBe(false);
    expect(isOrganisationNumber(" 802000-1239")).toBe(false);
    expect(isOrganisationNumber("80200-01239")).toBe(false);
    expect(isOrganisationNumber("")).toBe(false);
  });
});
