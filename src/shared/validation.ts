import { z } from "zod";
import { PHONE_MAX_DIGITS, PHONE_PATTERN, stripPhone, toStoredPhone } from "./phone.ts";
import { inProductYears } from "./time.ts";

/**
 * The spec's validation rules (spec 01 §5), each written once. Every message is a message id under
 * `validation.`; the Swedish texts in i18n/sv are the spec's own wording.
 */
export const msg = {
  required: "validation.required",
  password: "validation.password",
  min: "validation.min",
  min0: "validation.min0",
  minMinus1: "validation.minMinus1",
  integer: "validation.integer",
  max250: "validation.max250",
  min3: "validation.min3",
  email: "validation.email",
  phone: "validation.phone",
  organisationNumber: "validation.organisationNumber",
  futureDate: "validation.futureDate",
  passwordsDiffer: "validation.passwordsDiffer",
  code: "validation.code",
  tooLong: "validation.tooLong",
  oneOf: "validation.oneOf",
  invalid: "validation.invalid",
  url: "validation.url",
  dateFormat: "validation.dateFormat",
} as const;

/**
 * The options of a cross-field rule (`.superRefine(rule, crossField)`): it runs even while other fields are
 * still wrong, so a form shows every message at once instead of this one only after the rest is mended. Not
 * when the value is no object at all, which its type issue already names. Such a rule reads its fields as
 * `unknown`: a field that failed its own rule reaches it as it was sent.
 */
export const crossField = { when: (payload: { value: unknown }) => isRecord(payload.value) };
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A trimmed, required text. Empty (after trimming) fails with the required message. */
export const requiredText = () => z.string({ error: msg.required }).trim().min(1, { error: msg.required });

/** The name of a thing (event, group, station): required, 3..250 characters. */
export const nameText = () => requiredText().min(3, { error: msg.min3 }).max(250, { error: msg.max250 });

/** A person's first or last name, or a volunteer's name: "Bo Ek" is a real name, so one character is enough. */
export const personName = () => requiredText().max(250, { error: msg.max250 });

/** E-mail: trimmed and lowercased before anything (API.md), then checked. */
export const email = () =>
  z
    .string({ error: msg.required })
    .trim()
    .toLowerCase()
    .min(1, { error: msg.required })
    .max(254, { error: msg.email })
    .pipe(z.email({ error: msg.email }));

/**
 * A mobile number as typed, in a field beside a country code or alone: spaces, dashes and brackets are
 * removed first (phone.ts), then it is an optional plus and digits only. The output is the number without
 * its separators; `storedPhone` makes it international.
 */
export const phone = () =>
  requiredText().overwrite(stripPhone).max(PHONE_MAX_DIGITS, { error: msg.phone }).regex(PHONE_PATTERN, { error: msg.phone });

/** A mobile number typed in one field, in the form it is stored in (+46701234567). */
export const storedPhone = () => phone().transform((p) => toStoredPhone(p));

/** The password checklist shown live in the forms; each rule by its message id. */
export const passwordRules = [
  { id: "password.rule.lowercase", test: (p: string) => /[a-z]/.test(p) },
  { id: "password.rule.uppercase", test: (p: string) => /[A-Z]/.test(p) },
  { id: "password.rule.digit", test: (p: string) => /\d/.test(p) },
  { id: "password.rule.length", test: (p: string) => p.length >= PASSWORD_MIN },
] as const;
export const PASSWORD_MIN = 8;
/** Long passphrases are welcome (OWASP); the cap only keeps hashing cost bounded. */
export const PASSWORD_MAX = 256;

export function passwordOk(p: string): boolean {
  return p.length <= PASSWORD_MAX && passwordRules.every((r) => r.test(p));
}

export const password = () =>
  z.string({ error: msg.required }).min(1, { error: msg.required }).refine(passwordOk, { error: msg.password });

/** The largest number an integer column (PostgreSQL's int4) holds. */
export const INT4_MAX = 2_147_483_647;

/** Counts and amounts: far above any real one, and well inside an integer column. */
export const WHOLE_NUMBER_MAX = 1_000_000_000;

/**
 * A whole number of at least `min` (and at most `max`), from a number or a form's numeric text. An empty
 * field is missing (required), never zero, and nothing else (booleans, lists) is coerced into a number.
 * The minimum's message names the number; 0 and -1 have their own ids, so an API answer (which carries ids
 * without values) still reads right.
 */
export const wholeNumber = (min: number, max = WHOLE_NUMBER_MAX) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v === null ? undefined : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? msg.required : msg.integer) })
      .int({ error: msg.integer })
      .min(min, { error: min === 0 ? msg.min0 : min === -1 ? msg.minMinus1 : msg.min })
      .max(max, { error: msg.invalid }),
  );

/** A person's age in whole years. */
export const age = () => wholeNumber(0, 120);

/**
 * The version a record was read at, sent back with a write (a stale one answers 409). It lives in an
 * integer column, so a number beyond one is refused here, never handed to the database.
 */
export const version = () =>
  z.number({ error: msg.required }).int({ error: msg.integer }).min(0, { error: msg.min0 }).max(INT4_MAX, { error: msg.invalid });

/** Is `s` exactly YYYY-MM-DD and a day the calendar has (no 2027-02-30)? */
export function isCalendarDate(s: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(s) &&
    !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
    new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)
  );
}

/**
 * A date as a person may type it — 2027-05-16, 20270516, 2027-5-16, or an instant whose date part counts —
 * as YYYY-MM-DD, or null when it is no calendar date.
 */
export function readTypedDate(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t) ?? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (!m) return null;
  const date = `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
  return isCalendarDate(date) ? date : null;
}

/**
 * YYYY-MM-DD that is a real calendar date, in one of the product's years (time.ts). A date field keeps what
 * was typed, so a text that is no date is told how to write one.
 */
export const isoDate = () =>
  requiredText().refine(isCalendarDate, { error: msg.dateFormat, abort: true }).refine(inProductYears, { error: msg.invalid });

/**
 * A web address people may follow from the product: http or https only, so a `javascript:` or `data:`
 * address never becomes a link. Empty when none is given.
 */
export function isWebAddress(text: string): boolean {
  if (!/^https?:\/\/[^/]/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const webAddress = () =>
  z
    .string({ error: msg.url })
    .trim()
    .max(250, { error: msg.max250 })
    .refine((s) => s === "" || isWebAddress(s), { error: msg.url });

/** Made once, on first use: making a formatter costs far more than formatting (a list asks once per row). */
let stockholmDate: Intl.DateTimeFormat | undefined;

/** Today's date in Europe/Stockholm as YYYY-MM-DD: calendar logic follows the organizers' clock. */
export function stockholmToday(now: Date): string {
  stockholmDate ??= new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" });
  return stockholmDate.format(now);
}

/** Adds whole days to a YYYY-MM-DD date, in calendar terms (no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/**
 * The date rule: a date must not be before today (Europe/Stockholm). `keep`, a date already stored, stays
 * acceptable, so a saved record can still be corrected the day after its date.
 */
export function isFutureDate(date: string, now: Date, keep?: string): boolean {
  return date === keep || date >= stockholmToday(now);
}

/** A date that is not before today (Europe/Stockholm), or is the stored date `keep`. */
export const futureDate = (now: () => Date, keep?: string) =>
  isoDate().refine((s) => isFutureDate(s, now(), keep), { error: msg.futureDate });

/** 6-digit verification code. */
export const code = () => requiredText().regex(/^\d{6}$/, { error: msg.code });
