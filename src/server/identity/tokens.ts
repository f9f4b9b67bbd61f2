import { jwtVerify, SignJWT } from "jose";

export const ACCESS_TOKEN_SECONDS = 3600;
/** How long the NEW_PASSWORD_REQUIRED challenge may take to answer. */
export const CHALLENGE_SECONDS = 600;

type TokenType = "access" | "new-password";

export async function signToken(
  secret: Uint8Array,
  type: TokenType,
  claims: { sub: string; sid?: string },
  now: Date,
  lifetimeSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: type, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(secret);
}

/** The token's claims, or null when it is forged, expired or of another type. */
export async function readToken(secret: Uint8Array, type: TokenType, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"], currentDate: now });
    if (payload.typ !== type || typeof payload.sub !== "string") return null;
    return {
      sub: payload.sub,
      sid: typeof payload.sid === "string" ? payload.sid : undefined,
      expiresAt: (payload.exp ?? 0) * 1000,
    };
  } catch {
    return null;
  }
}
