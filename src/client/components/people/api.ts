import type { NewUserBody, UserLookup } from "#shared/account/schema";
import { ApiError, api } from "../../app/api.ts";

/** The user behind an e-mail address, or null when there is none. */
export async function lookupUser(email: string): Promise<UserLookup | null> {
  try {
    return await api<UserLookup>("GET", `/user/${encodeURIComponent(email.trim().toLowerCase())}`);
  } catch (err) {
    if (err instanceof ApiError && (err.code === "UserNotFoundException" || err.code === "NotFound")) return null;
    throw err;
  }
}

/** Creates an account for someone who has none; they get an invitation mail with a temporary password. */
export function inviteUser(body: NewUserBody): Promise<UserLookup> {
  return api<UserLookup>("POST", "/user", body);
}
