import { COUNTRY_CODES } from "./account/constants.ts";

/**
 * Mobile numbers, one rule for every form (sign-up, profile, invited users, volunteers, contacts): people
 * write them with spaces, dashes and brackets ("070-123 45 67"); those are removed before the rule applies,
 * the number is stored in international form (+46701234567) and shown the way people write it.
 * No zod here: the shell and every list that shows a number use these without loading it.
 */

/** Spaces (any kind), dashes (any kind) and brackets: how people group a number, not part of it. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212()[\]]/g;

export const stripPhone = (text: string) => text.replace(SEPARATORS, "");

/** What is left once the separators are gone: an optional plus, then digits only. */
export const PHONE_PATTERN = /^\+?\d+$/;

/** The longest number we keep (E.164 allows 15 digits; room for a national form with its prefix). */
export const PHONE_MAX_DIGITS = 20;

export const DEFAULT_COUNTRY_CODE = COUNTRY_CODES[0];

/**
 * The number beside a country code, joined: a leading 0 is dropped before the code is prefixed (spec 01
 * §5). A number written with its own plus already is international and is kept as it is.
 */
export function joinPhone(countryCode: string, number: string): string {
  const p = stripPhone(number);
  return p.startsWith("+") ? p : `${countryCode}${p.replace(/^0/, "")}`;
}

/**
 * A number typed in one field (no country code beside it) in the form it is stored in: an international
 * number (+… or 00…) as it is, any other as a number of `countryCode` (Swedish by default).
 */
export function toStoredPhone(text: string, countryCode: string = DEFAULT_COUNTRY_CODE): string {
  const p = stripPhone(text);
  if (p.startsWith("+")) return p;
  if (p.startsWith("00")) return `+${p.slice(2)}`;
  return joinPhone(countryCode, p);
}

/** Splits a stored phone into the country code we offer and the rest, for the profile form. */
export function splitPhone(full: string): { countryCode: string; phone: string } {
  const known = [...COUNTRY_CODES].sort((a, b) => b.length - a.length).find((c) => full.startsWith(c));
  if (known) return { countryCode: known, phone: full.slice(known.length) };
  return { countryCode: COUNTRY_CODES[0], phone: full.replace(/^\+/, "") };
}

/** Swedish area codes of three digits (with the 0); 08 has two, mobile numbers (07x) three, the rest four. */
const THREE_DIGIT_AREAS = new Set([
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
]);

/** The subscriber part grouped as Swedes write it: 123 45, 12 34 56, 123 45 67, 123 456 78. */
function groupDigits(d: string): string {
  if (d.length <= 4) return d;
  if (d.length === 8) return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
  const head = d.length % 2 === 1 ? 3 : 2;
  return [d.slice(0, head), ...(d.slice(head).match(/\d{2}/g) ?? [])].join(" ");
}

function swedishNational(n: string): string {
  const area = n.startsWith("08") ? 2 : n.startsWith("07") || THREE_DIGIT_AREAS.has(n.slice(0, 3)) ? 3 : 4;
  if (n.length <= area + 1) return n;
  return `${n.slice(0, area)}-${groupDigits(n.slice(area))}`;
}

/**
 * A stored number as people read it: a Swedish one in the national form ("070-123 45 67"), another
 * country's with its code apart ("+47 41234567"). Numbers stored before the international form (a plain
 * "0701234567") read the same way; anything else is shown as it was stored.
 */
export function formatPhone(stored: string): string {
  const p = stripPhone(stored);
  if (!PHONE_PATTERN.test(p)) return stored.trim();
  if (p.startsWith("+46")) return swedishNational(`0${p.slice(3)}`);
  if (p.startsWith("0046")) return swedishNational(`0${p.slice(4)}`);
  if (p.startsWith("0") && !p.startsWith("00")) return swedishNational(p);
  if (p.startsWith("+")) {
    const code = [...COUNTRY_CODES].sort((a, b) => b.length - a.length).find((c) => p.startsWith(c));
    return code ? `${code} ${p.slice(code.length)}` : p;
  }
  return p;
}
