import { z } from "zod";
import { toStoredPhone } from "../phone.ts";
import { code, crossField, email, msg, password, personName, phone, requiredText, storedPhone } from "../validation.ts";
import { ADD_USER_COUNTRY_CODES, COUNTRY_CODES, LANGUAGES } from "./constants.ts";

export * from "../phone.ts";
export * from "./constants.ts";

export const language = () => z.enum(LANGUAGES, { error: msg.oneOf });

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
  .refine((v) => v.password === v.repeatPassword, { path: ["repeatPassword"], error: msg.passwordsDiffer, ...crossField });

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

/** The account pages' forms: the same fields as the bodies, with the password rules checked in the browser. */
export const verifyEmailForm = z.object({ email: email(), verificationCode: code() });
export const forgotPasswordForm = z.object({ email: email(), code: code(), newPassword: password() });
export const newPasswordForm = z.object({ newPassword: password() });

export const updateProfileBody = z.object({
  firstName: personName(),
  lastName: personName(),
  phone: storedPhone(),
  language: language().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The profile form shows the phone split as country code + number (spec 01 §2 /profile). */
export const profileForm = z.object({
  firstName: personName(),
  lastName: personName(),
  countryCode: countryCode(),
  phoneWithoutCountryCode: phone(),
});

/** What the add-user dialog is opened for: a contact of an event or a group, or a station's team leader. */
export type InviteType = "event" | "group" | "teamleader";
export const TEAM_LEADER: InviteType = "teamleader";

/**
 * The body's context for a dialog opened for `type` on the saved event or group `id`. A new event or group
 * has no id yet: no context, and the mail that tells of the addition goes when it is saved.
 */
export function inviteContext(type: InviteType, id: string | undefined): { eventId?: string; groupId?: string } {
  if (!id) return {};
  return type === "group" ? { groupId: id } : { eventId: id };
}

/**
 * POST /api/user: a contact person or team leader invited by another user. With the saved event or group
 * they are being added to (at most one), the invitation names it; only someone who may edit it can send that.
 */
export const newUserBody = z
  .object({
    email: email(),
    firstName: personName(),
    lastName: personName(),
    phoneNumber: phone()
      .refine((p) => p.replace(/^\+/, "").length >= 3, { error: msg.min3 })
      .transform((p) => toStoredPhone(p)),
    type: z.string().trim().max(50).optional(),
    eventId: z.uuid({ error: msg.invalid }).optional(),
    groupId: z.uuid({ error: msg.invalid }).optional(),
  })
  .refine((b) => !(b.eventId && b.groupId), { path: ["groupId"], error: msg.invalid });
export type NewUserBody = z.infer<typeof newUserBody>;

/** The add-user modal's form: phone split as countryCode + number (spec 01 §5). */
export const addUserForm = z.object({
  email: email(),
  firstName: personName(),
  lastName: personName(),
  countryCode: z.enum(ADD_USER_COUNTRY_CODES, { error: msg.oneOf }),
  // The country code has its own field, so the number itself is digits only (no plus).
  phone: phone().regex(/^\d*$/, { error: msg.phone }).min(3, { error: msg.min3 }),
});

/** Response shapes (API.md, identity): the schemas the server answers with, and their types. */
export const profile = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  emailVerified: z.boolean(),
  phoneNumberVerified: z.boolean(),
  language: z.enum(LANGUAGES),
});
export type Profile = z.infer<typeof profile>;

export const signInSuccess = z.object({ accessToken: z.string(), expiresIn: z.number().int(), user: profile });
export type SignInSuccess = z.infer<typeof signInSuccess>;

export const newPasswordChallenge = z.object({ challenge: z.literal("NEW_PASSWORD_REQUIRED"), session: z.string() });
export type NewPasswordChallenge = z.infer<typeof newPasswordChallenge>;

export const signInResult = z.union([signInSuccess, newPasswordChallenge]);
export type SignInResult = z.infer<typeof signInResult>;

export const signUpResult = z.object({ userConfirmed: z.boolean() });

/** What GET /api/user/{email} reveals: enough to add a contact, nothing more. */
export const userLookup = z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), name: z.string() });
export type UserLookup = z.infer<typeof userLookup>;
