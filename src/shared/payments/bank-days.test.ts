import { describe, expect, it } from "vitest";
import { bankHolidays, easterSunday, isBankDay, nextBankDay } from "./bank-days.ts";

describe("Swedish bank days", () => {
  it("knows Easter Sunday", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });
  it("knows the holidays and eves of 2026 on which banks are closed", () => {
    expect([...bankHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-01-06",
      "2026-04-03", // Långfredagen
      "2026-04-06", // Annandag påsk
      "2026-05-01",
      "2026-05-14", // Kristi himmelsfärdsdag
      "2026-06-06",
      "2026-06-19", // Midsommarafton
      "2026-12-24",
      "2026-12-25",
      "2026-12-26",
      "2026-12-31",
    ]);
  });
  it("counts weekends and holidays out", () => {
    expect(isBankDay("2026-11-27")).toBe(true); // a Friday
    expect(isBankDay("2026-11-28")).toBe(false); // Saturday
    expect(isBankDay("2026-11-29")).toBe(false); // Sunday
    expect(isBankDay("2026-06-19")).toBe(false); // Midsommarafton
    expect(isBankDay("2027-06-25")).toBe(false); // Midsommarafton 2027
    expect(isBankDay("2027-06-24")).toBe(true);
  });
  it("suggests the first bank day after a date", () => {
    expect(nextBankDay("2026-11-26")).toBe("2026-11-27");
    expect(nextBankDay("2026-11-27")).toBe("2026-11-30"); // over the weekend
    expect(nextBankDay("2026-12-23")).toBe("2026-12-28"); // over Christmas
    expect(nextBankDay("2026-12-30")).toBe("2027-01-04"); // New Year's Eve, Day, then the weekend
    expect(nextBankDay("2026-04-02")).toBe("2026-04-07"); // over Easter
    expect(nextBankDay("2027-01-05")).toBe("2027-01-07"); // Trettondedag jul
  });
});
