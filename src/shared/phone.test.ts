import { describe, expect, it } from "vitest";
import { formatPhone, stripPhone, toStoredPhone } from "./phone.ts";

describe("phone numbers as people write them", () => {
  it("lose their spaces, dashes and brackets", () => {
    expect(stripPhone("070-123 45 67")).toBe("0701234567");
    expect(stripPhone("(08) 123\u00a045 67")).toBe("081234567");
    expect(stripPhone("070–123 45 67")).toBe("0701234567");
  });

  it.each([
    ["070-123 45 67", "+46701234567"],
    ["0701234567", "+46701234567"],
    ["+46 70 123 45 67", "+46701234567"],
    ["0047 412 34 567", "+4741234567"],
    ["+47 41234567", "+4741234567"],
  ])("%s is stored as %s", (typed, stored) => {
    expect(toStoredPhone(typed)).toBe(stored);
  });

  it.each([
    ["+46701234567", "070-123 45 67"],
    ["+4681234567", "08-123 45 67"],
    ["+46812345678", "08-123 456 78"],
    ["+4631123456", "031-12 34 56"],
    ["+46498123456", "0498-12 34 56"],
    // Stored before numbers were kept in international form: still read as Swedish.
    ["0701234567", "070-123 45 67"],
    ["0046701234567", "070-123 45 67"],
    ["+4741234567", "+47 41234567"],
    ["+99123456", "+99123456"],
    ["", ""],
    ["+4670", "070"],
  ])("%s is shown as %s", (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it("shows what a person typed the way it is stored, whichever way it was typed", () => {
    for (const typed of ["070-123 45 67", "0701234567", "+46 70 123 45 67", "070 123 45 67"])
      expect(formatPhone(toStoredPhone(typed))).toBe("070-123 45 67");
  });
});

describe("Swedish numbers in detail", () => {
  it.each([
    "010",
    "011",
    "013",
    "016",
    "018",
    "019",
    "020",
    "021",
    "023",
    "026",
    "031",
    "033",
    "035",
    "036",
    "040",
    "042",
    "044",
    "046",
    "054",
    "060",
    "063",
    "090",
  ])("%s is a three-digit area code", (area) => {
    expect(formatPhone(`+46${area.slice(1)}123456`)).toBe(`${area}-12 34 56`);
  });

  it("keeps a four-digit subscriber number whole, and a number hardly longer than its area code as it is", () => {
    expect(formatPhone("+4681234")).toBe("08-1234");
    expect(formatPhone("+4681")).toBe("081");
  });

  it("reads a national number ending in 00 as Swedish", () => {
    expect(formatPhone("0701234500")).toBe("070-123 45 00");
  });

  it("shows what is no number as it was stored, trimmed", () => {
    expect(formatPhone("(08) abc")).toBe("(08) abc");
    expect(formatPhone(" abc ")).toBe("abc");
  });
});
