import type { Language, Profile, UserLookup } from "#shared/account/schema";
import type { UserRow } from "./repo.ts";

export function presentProfile(u: UserRow): Profile {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    emailVerified: u.emailVerified,
    phoneNumberVerified: u.phoneNumberVerified,
    language: u.language as Language,
  };
}

/** A person's name as the product writes it: first and last name. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** Only what is needed to add someone as a contact: never the phone or anything else. */
export function presentLookup(u: UserRow): UserLookup {
  return { email: u.email, firstName: u.firstName, lastName: u.lastName, name: fullName(u) };
}
