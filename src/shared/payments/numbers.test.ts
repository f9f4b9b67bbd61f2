import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bankOf,
  checkBankAccount,
  formatBankgiro,
  formatPlusgiro,
  isBankgiro,
  isPlusgiro,
  maskedNumber,
  mod10,
  shownNumber,
} from "./numbers.ts";

describe("mod10 (Luhn)", () => {
  it("accepts numbers whose check digit is right and refuses every other last digit", () => {
    expect(mod10("79927398713")).toBe(true);
    for (const d of "012456789") expect(mod10(`7992739871${d}`)).toBe(false);
    expect(mod10("")).toBe(false);
    expect(mod10("12a")).toBe(false);
  });
  it("catches every single-digit typo", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,10}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (base, at, delta) => {
        // Make `base` valid by choosing its check digit, then change one digit.
        const check = [..."0123456789"].find((d) => mod10(base + d)) as string;
        const valid = base + check;
        const i = at % valid.length;
        const typo = valid.slice(0, i) + String((Number(valid[i]) + delta) % 10) + valid.slice(i + 1);
        expect(mod10(valid)).toBe(true);
        expect(mod10(typo)).toBe(false);
      }),
    );
  });
});

describe("bankgiro", () => {
  it("takes real numbers with 7 and 8 digits, as people write them", () => {
    // Bankgirot's example number, Röda Korset's and Rädda Barnen's 90-numbers.
    for (const n of ["5050-1055", "50501055", "900-8004", "902-0033", " 5050 1055 "]) expect(isBankgiro(n), n).toBe(true);
  });
  it("refuses a wrong check digit, too few or too many digits, and letters", () => {
    for (const n of ["5050-1056", "900-8005", "123456", "123456789", "5050-105S", "", "-"]) expect(isBankgiro(n), n).toBe(false);
  });
  it("prints with the dash before the last four digits", () => {
    expect(formatBankgiro("50501055")).toBe("5050-1055");
    expect(formatBankgiro("9008004")).toBe("900-8004");
  });
});

describe("plusgiro", () => {
  it("takes real numbers from 2 to 8 digits", () => {
    for (const n of ["90 08 00-4", "90 20 03-3", "4-2", "42", "1234567-4"]) expect(isPlusgiro(n), n).toBe(true);
  });
  it("refuses a wrong check digit and wrong lengths", () => {
    for (const n of ["90 08 00-5", "0", "4", "123456789-7", "abc"]) expect(isPlusgiro(n), n).toBe(false);
  });
  it("prints in pairs with the check digit after a dash", () => {
    expect(formatPlusgiro("9008004")).toBe("90 08 00-4");
    expect(formatPlusgiro("42")).toBe("4-2");
    expect(formatPlusgiro("12345674")).toBe("1 23 45 67-4");
  });
});

describe("bank accounts (Bankgirot's rules, through kontonummer)", () => {
  it("knows accounts of several banks and names the bank", () => {
    const cases: Array<[string, string, string, string]> = [
      ["6789", "123 456 789", "Handelsbanken", "123456789"], // type 2, 9 digits, mod 11
      ["3300", "000620-5124", "Nordea", "0006205124"], // a personkonto: the personnummer, mod 10
      ["9071", "417 23 83", "Multitude Bank", "4172383"], // type 1
      ["9789", "1111113", "Klarna Bank", "1111113"],
      ["1111", "1111111", "Nordea", "1111111"],
    ];
    for (const [clearing, account, bank, stored] of cases) {
      expect(checkBankAccount(clearing, account), `${clearing} ${account}`).toEqual({
        ok: true,
        bankName: bank,
        clearingNumber: clearing,
        accountNumber: stored,
        noCheckDigit: false,
      });
    }
  });
  it("takes Swedbank's five-digit clearing numbers (8xxx-x) with their own check digit", () => {
    expect(checkBankAccount("8424-4", "983 189 224-6")).toMatchObject({
      ok: true,
      bankName: "Swedbank",
      clearingNumber: "84244",
    });
    expect(checkBankAccount("8351-9", "392 242 224-5")).toMatchObject({ ok: true, noCheckDigit: false });
    // Written without the leading zero, as Swedbank prints it; stored whole.
    expect(checkBankAccount("8129-9", "43 386 711-6")).toMatchObject({ ok: true, accountNumber: "0433867116" });
    expect(checkBankAccount("8424-1", "983 189 224-6")).toEqual({ ok: false, field: "clearingNumber" });
  });
  it("warns about, but takes, a Swedbank account whose check digit does not add up (old accounts have none)", () => {
    expect(checkBankAccount("8424-4", "983 189 224-7")).toMatchObject({
      ok: true,
      noCheckDigit: true,
      accountNumber: "9831892247",
    });
  });
  it("refuses a wrong check digit where every account has one, and wrong lengths", () => {
    expect(checkBankAccount("6789", "123456788")).toEqual({ ok: false, field: "accountNumber" });
    expect(checkBankAccount("6789", "12345678")).toEqual({ ok: false, field: "accountNumber" });
    expect(checkBankAccount("3300", "0006205125")).toEqual({ ok: false, field: "accountNumber" });
    expect(checkBankAccount("9071", "4172384")).toEqual({ ok: false, field: "accountNumber" });
    expect(checkBankAccount("9071", "41723831")).toEqual({ ok: false, field: "accountNumber" });
    expect(checkBankAccount("8424-4", "12345")).toEqual({ ok: false, field: "accountNumber" });
  });
  it("refuses a clearing number no bank has, or one of the wrong length", () => {
    for (const c of ["0001", "9420", "123", "123456", "12345", "abcd", ""])
      expect(checkBankAccount(c, "1234567"), c).toEqual({ ok: false, field: "clearingNumber" });
  });
  it("names the bank from the clearing number alone, once it is recognised", () => {
    expect(bankOf("6789")).toBe("Handelsbanken");
    expect(bankOf("8327-9")).toBe("Swedbank");
    expect(bankOf("678")).toBeNull();
    expect(bankOf("0001")).toBeNull();
  });
});

describe("shown and masked numbers", () => {
  const bg = { method: "BANKGIRO" as const, bankgiro: "50501055", plusgiro: null, clearingNumber: null, accountNumber: null };
  const account = {
    method: "BANK_ACCOUNT" as const,
    bankgiro: null,
    plusgiro: null,
    clearingNumber: "6789",
    accountNumber: "123456789",
  };
  it("prints each method as people know it", () => {
    expect(shownNumber(bg)).toBe("5050-1055");
    expect(shownNumber(account)).toBe("6789, 123456789");
    expect(shownNumber({ ...bg, method: "PLUSGIRO", bankgiro: null, plusgiro: "9008004" })).toBe("90 08 00-4");
  });
  it("hides all but the last four digits of the number", () => {
    expect(maskedNumber(bg)).toBe("••••1055");
    expect(maskedNumber(account)).toBe("•••••6789");
    expect(maskedNumber({ ...bg, method: "PLUSGIRO", bankgiro: null, plusgiro: "42" })).toBe("42");
  });
});
