import { z } from "zod";

/**
 * The spec's validation rules (spec 01 §5), each written once. Every message is a message id under
 * `validation.`; the Swedish texts in i18n/sv are the spec's own wording.
 */
export const msg = {
  required: "validation.required",
  password: "validation.password",
  min: "validation.min",
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
} as const;

/** A trimmed, required text. Empty (after trimming) fails with the required message. */
export const requiredText = () => z.string({ error: msg.required }).trim().min(1, { error: msg.required });

/** Name-like text: required, 3..250 characters. */
export const nameText = () => requiredText().min(3, { error: msg.min3 }).max(250, { error: msg.max250 });

/** E-mail: trimmed and lowercased before anything (API.md), then checked. */
export const email = () =>
  z
    .string({ error: msg.required })
    .trim()
    .toLowerCase()
    .min(1, { error: msg.required })
    .max(254, { error: msg.email })
    .pipe(z.email({ error: msg.email }));

/** Phone: an optional plus, then digits only. */
export const PHONE_PATTERN = /^\+?\d+$/;
export const phone = () => requiredText().max(20, { error: msg.phone }).regex(PHONE_PATTERN, { error: msg.phone });

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

/** A non-empty list (spec 01 §5: "an empty list also fails" the required rule). */
export const requiredList = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: msg.required }).min(1, { error: msg.required });

/**
 * A whole number of at least `n`, from a number or a form's numeric text. An empty field is missing
 * (required), never zero, and nothing else (booleans, lists) is coerced into a number.
 */
export const minInteger = (n: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : msg.integer) })
      .int({ error: msg.integer })
      .min(n, { error: msg.min }),
  );

/** Swedish organisation number: NNNNNN-NNNN, 10 digits, 12 digits or NNNNNNNN-NNNN. */
export const ORGANISATION_NUMBER_PATTERN = /^(\d{6}-\d{4}|\d{10}|\d{12}|\d{8}-\d{4})$/;
export const organisationNumberFormat = () =>
  requiredText().regex(ORGANISATION_NUMBER_PATTERN, { error: msg.organisationNumber });

/** YYYY-MM-DD that is a real calendar date. */
export const isoDate = () =>
  requiredText().refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      error: msg.required,
    },
  );

/** Today's date in Europe/Stockholm as YYYY-MM-DD: calendar logic follows the organizers' clock. */
export function stockholmToday(now: Date): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(now);
}

/** A date that is not before today (Europe/Stockholm). */
export const futureDate = (now: () => Date) => isoDate().refine((s) => s >= stockholmToday(now()), { error: msg.futureDate });

/** 6-digit verification code. */
export const code = () => requiredText().regex(/^\d{6}$/, { error: msg.code });
