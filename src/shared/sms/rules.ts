import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { stripPhone, toStoredPhone } from "../phone.ts";
import { parseInstant, stockholmLocal } from "../time.ts";
import { addDays } from "../validation.ts";

/**
 * Texts (issue 24): who may be texted, what a reply means, and when the scheduler texts. The server alone
 * uses these (the browser never decides whom to text), so the phone library stays out of the app's bundle.
 */

/**
 * The number to text, in E.164, when the stored number is a mobile one (Swedish 07x and other countries'
 * mobiles); null otherwise. Where a country's plan cannot tell mobile from fixed (Denmark, the USA), the
 * number is taken: the provider reports it failed if it cannot be texted.
 */
const SWEDISH_MOBILE = /^\+467[023689]\d{7}$/;

export function textableNumber(stored: string): string | null {
  const candidate = toStoredPhone(stored);
  if (!/^\+\d{6,15}$/.test(candidate)) return null;
  // Swedish numbers, nearly all of them, without the phone library (a tenth of a millisecond each, and a
  // whole event's reminder reads 5,000): mobiles are 070, 072, 073, 076, 078 and 079, seven digits on.
  if (candidate.startsWith("+46")) return SWEDISH_MOBILE.test(candidate) ? candidate : null;
  const parsed = parsePhoneNumberFromString(candidate);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? parsed.number : null;
}

/** The number a text came from, as numbers are kept (E.164), or null when it is no number (a sender name). */
export function senderNumber(from: string): string | null {
  const n = toStoredPhone(stripPhone(from));
  return /^\+\d{6,15}$/.test(n) ? n : null;
}

/** Texts may be turned on or off for an event until it is finished. */
export const canChangeTexts = (eventStatus: string) => eventStatus !== "HISTORIC";

export type Reply = "yes" | "no" | "stop" | "other";

const YES = new Set(["ja", "japp", "jo", "yes", "y", "j"]);
const NO = new Set(["nej", "no", "n", "nä", "näe"]);
const STOP = new Set(["stopp", "stop", "stoppa"]);
/** Whole replies that mean no without the word: "kan inte", "kommer inte". */
const NO_PHRASES = [/^kan inte\b/, /^kommer inte\b/, /^can ?not\b/, /^can't\b/, /^cannot\b/];

/**
 * What a reply says, read leniently: its first word decides ("Ja tack", "JA!", "nej." ), case and
 * punctuation aside; "kan inte" is a no; STOPP/STOP stops texts to the number. Anything else is a message
 * for the group's contact.
 */
export function readReply(message: string): Reply {
  const text = message
    .normalize("NFKC")
    .toLocaleLowerCase("sv")
    .replace(/[^\p{L}\p{N}'\s]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const first = text.split(" ")[0] ?? "";
  if (STOP.has(first)) return "stop";
  if (NO.has(first) || NO_PHRASES.some((p) => p.test(text))) return "no";
  if (YES.has(first)) return "yes";
  return "other";
}

/** The hour (Stockholm) the evening before a station when its volunteers are reminded. */
export const DAY_BEFORE_HOUR = "18:00";
/** The hour (Stockholm) on the station's day when its team leader gets the count of JA. */
export const MORNING_HOUR = "06:00";
/** The morning text goes at least this long before the station starts (a station before 06:00 too). */
export const MORNING_LEAD_MS = 60 * 60 * 1000;

const atLocal = (date: string, time: string) => parseInstant(`${date}T${time}`) as Date;

/** When the scheduler reminds a station's volunteers: 18:00 Stockholm time the day before its start's date. */
export const dayBeforeAt = (start: Date | string): Date =>
  atLocal(addDays(stockholmLocal(start).slice(0, 10), -1), DAY_BEFORE_HOUR);

/** When the team leader gets the morning text: 06:00 on the station's day, or an hour before an earlier start. */
export function morningAt(start: Date | string): Date {
  const six = atLocal(stockholmLocal(start).slice(0, 10), MORNING_HOUR);
  const lead = new Date(new Date(start).getTime() - MORNING_LEAD_MS);
  return lead.getTime() < six.getTime() ? lead : six;
}
