import { useCallback } from "react";
import type { UserLookup } from "#shared/account/schema";
import { lookupUser } from "./api.ts";

export { AddUserForm, type InviteType, openAddUserModal } from "./add-user-modal.tsx";
export { inviteUser, lookupUser } from "./api.ts";
export { type ContactPerson, ContactPersonsField } from "./contact-persons-field.tsx";
export { UserEmailField } from "./user-email-field.tsx";

/** Looks a user up by e-mail: the user, or null when there is none (404). */
export function useUserLookup(): (email: string) => Promise<UserLookup | null> {
  return useCallback((email: string) => lookupUser(email), []);
}
