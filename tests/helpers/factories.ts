import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema.ts";
import type { TestApp } from "./app.ts";
import { call } from "./http.ts";

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

/** A confirmed user, signed in: returns the access token and the refresh cookie. */
export async function buildUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await call(app.server, "POST", "/api/auth/sign-up", { body });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  await app.ctx.db
    .update(users)
    .set({ status: "CONFIRMED", emailVerified: true })
    .where(eq(users.email, String(body.email).toLowerCase()));
  const signIn = await call(app.server, "POST", "/api/auth/sign-in", { body: { email: body.email, password: body.password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
  const refresh = signIn.cookies.find((c) => c.name === "bemanna_refresh");
  return {
    email: String(body.email).toLowerCase(),
    password: String(body.password),
    token: signIn.body.accessToken as string,
    cookie: `bemanna_refresh=${refresh?.value}`,
    user: signIn.body.user,
  };
}
