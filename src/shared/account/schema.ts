import { z } from "zod";
import { code, email, msg, nameText, password, phone, requiredText } from "../validation.ts";

export const LANGUAGES = ["sv", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "sv";
export const language = () => z.enum(LANGUAGES, { error: msg.oneOf });

/** Country codes offered at registration and in the profile; Swedish first as the default. */
export const COUNTRY_CODES = ["+46", "+47", "+45", "+358", "+354", "+49", "+44", "+1"] as const;
/** The add-user form offers only these (spec 01 §3). */
export const ADD_USER_COUNTRY_CODES = ["+46", "+1", "+44"] as const;

/** A leading 0 is dropped before the country code is prefixed (spec 01 §5). */
export function joinPhone(countryCode: string, number: string): string {
  return `${countryCode}${number.trim().replace(/^0/, "")}`;
}

/** Splits a stored phone into the country code we offer and the rest, for the profile form. */
export function splitPhone(full: string): { countryCode: string; phone: string } {
  const known = [...COUNTRY_CODES].sort((a, b) => b.length - a.length).find((c) => full.startsWith(c));
  if (known) return { countryCode: known, phone: full.slice(known.length) };
  return { countryCode: COUNTRY_CODES[0], phone: full.replace(/^\+/, "") };
}

const personName = () => requiredText().max(250, { error: msg.max250 });
const countryCode = () => z.enum(COUNTRY_CODES, { error: msg.oneOf });

export const signUpBody = z.object({
  email: email(),
  password: z.string({ error: msg.required }),
  firstName: personName(),
  lastName: personName(),
  countryCode: countryCode(),
  phone: phone(),
  language: language().optional(),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** The registration form adds repeatPassword and checks the password in the browser as well. */
export const registerForm = signUpBody
  .extend({ password: password(), repeatPassword: z.string({ error: msg.required }).min(1, { error: msg.required }) })
  .refine((v) => v.password === v.repeatPassword, { path: ["repeatPassword"], error: msg.passwordsDiffer });

export const emailBody = z.object({ email: email() });
export const confirmSignUpBody = z.object({ email: email(), code: code() });
export const signInBody = z.object({
  email: email(),
  password: z.string({ error: msg.required }).min(1, { error: msg.required }),
});
export const completeNewPasswordBody = z.object({
  session: requiredText(),
  newPassword: z.string({ error: msg.required }),
});
export const confirmForgotPasswordBody = z.object({
  email: email(),
  code: code(),
  newPassword: z.string({ error: msg.required }),
});

export const updateProfileBody = z.object({
  firstName: personName(),
  lastName: personName(),
  phone: phone(),
  language: language().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** POST /api/user: a contact person or team leader invited by another user. */
export const newUserBody = z.object({
  email: email(),
  firstName: nameText(),
  lastName: nameText(),
  phoneNumber: phone().refine((p) => p.replace(/^\+/, "").length >= 3, { error: msg.min3 }),
  type: z.string().trim().max(50).optional(),
});
export type NewUserBody = z.infer<typeof newUserBody>;

/** The add-user modal's form: phone split as countryCode + number (spec 01 §5). */
export const addUserForm = z.object({
  email: email(),
  firstName: nameText(),
  lastName: nameText(),
  countryCode: z.enum(ADD_USER_COUNTRY_CODES, { error: msg.oneOf }),
  phone: phone().min(3, { error: msg.min3 }),
});

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  emailVerified: boolean;
  phoneNumberVerified: boolean;
  language: Language;
}

export interface SignInSuccess {
  accessToken: string;
  expiresIn: number;
  user: Profile;
}
export interface NewPasswordChallenge {
  challenge: "NEW_PASSWORD_REQUIRED";
  session: string;
}
export type SignInResult = SignInSuccess | NewPasswordChallenge;

/** What GET /api/user/{email} reveals: enough to add a contact, nothing more. */
export interface UserLookup {
  email: string;
  firstName: string;
  lastName: string;
  name: string;
}
