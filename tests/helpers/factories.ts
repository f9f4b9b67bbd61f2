import { randomBytes } from "node:crypto";
import type { TestApp } from "./app.ts";
import { signedInAccount } from "./identity.ts";

export const PASSWORD = "Funktionar1";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.se`;
}

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: "Anna",
    lastName: "Andersson",
    countryCode: "+46",
    phone: "0701234567",
    ...overrides,
  };
}

/**
 * A confirmed user, signed in: credentials, access token, refresh cookie header and the user as the API shows
 * it. Signed up from an address of its own (identity.ts signedInAccount): a sign-up that is not confirmed through
 * the mailed code counts against its address, and the end-to-end files of a worker share one product.
 */
export async function buildUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const { res, ...account } = await signedInAccount(app, overrides);
  return { ...account, user: res.body.user };
}
