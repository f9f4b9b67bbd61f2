/**
 * The account constants and types the shell needs on every page. They live apart from schema.ts so the
 * first page load does not carry zod; schema.ts re-exports them for everything else.
 */

export const LANGUAGES = ["sv", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "sv";

/** Country codes offered at registration and in the profile; Swedish first as the default. */
export const COUNTRY_CODES = ["+46", "+47", "+45", "+358", "+354", "+49", "+44", "+1"] as const;
/** The add-user form offers only these (spec 01 §3). */
export const ADD_USER_COUNTRY_CODES = ["+46", "+1", "+44"] as const;

// The answers' shapes are defined by their schemas in schema.ts; only their types come here, so the shell
// does not load zod.
export type { NewPasswordChallenge, Profile, SignInResult, SignInSuccess, UserLookup } from "./schema.ts";
