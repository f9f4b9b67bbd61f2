import { addDays } from "../validation.ts";

/**
 * Swedish bank days: the days a bank executes a payment. Not Saturdays, Sundays, public holidays, nor the
 * eves banks keep closed (midsummer, Christmas and New Year's Eve). Dates are calendar dates, YYYY-MM-DD.
 */

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** Easter Sunday (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** The weekdays of `year` on which Swedish banks are closed. */
export function bankHolidays(year: number): Set<string> {
  const easter = easterSunday(year);
  // Midsummer Eve: the Friday between 19 and 25 June.
  const midsummerEve = [19, 20, 21, 22, 23, 24, 25]
    .map((d) => iso(year, 6, d))
    .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 5);
  return new Set([
    iso(year, 1, 1), // Nyårsdagen
    iso(year, 1, 6), // Trettondedag jul
    addDays(easter, -2), // Långfredagen
    addDays(easter, 1), // Annandag påsk
    iso(year, 5, 1), // Första maj
    addDays(easter, 39), // Kristi himmelsfärdsdag
    iso(year, 6, 6), // Sveriges nationaldag
    midsummerEve as string, // Midsommarafton
    iso(year, 12, 24), // Julafton
    iso(year, 12, 25), // Juldagen
    iso(year, 12, 26), // Annandag jul
    iso(year, 12, 31), // Nyårsafton
  ]);
}

export function isBankDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** The first bank day after `date` (the earliest a file made today can be executed). */
export function nextBankDay(date: string): string {
  let d = addDays(date, 1);
  while (!isBankDay(d)) d = addDays(d, 1);
  return d;
}
