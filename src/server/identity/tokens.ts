import { jwtVerify, SignJWT } from "jose";

export const ACCESS_TOKEN_SECONDS = 3600;
/** How long the NEW_PASSWORD_REQUIRED challenge may take to answer. */
export const CHALLENGE_SECONDS = 600;
/** How long the link in the "you were added as a contact person" mail removes its person. */
export const LEAVE_CONTACT_SECONDS = 30 * 24 * 3600;
/** How long the link in a minor's guardian's mail says yes: long past any sign-up's event. */
export const GUARDIAN_CONSENT_SECONDS = 90 * 24 * 3600;
/** How long the removal link in a volunteer's mails works: a send-out may be read months later. */
export const LEAVE_VOLUNTEER_SECONDS = 400 * 24 * 3600;

/**
 * "leave-contact": its person (sub) may remove themselves from the event or group it names.
 * "guardian-consent": the guardian of the volunteer (sub) says yes to their sign-up for the event it names.
 * "leave-volunteer": the volunteer (sub) removes themselves from their group.
 */
type TokenType = "access" | "new-password" | "leave-contact" | "guardian-consent" | "leave-volunteer";

export interface TokenClaims {
  sub: string;
  sid?: string;
  event?: string;
  group?: string;
}

const optional = ["sid", "event", "group"] as const;

export async function signToken(
  secret: Uint8Array,
  type: TokenType,
  claims: TokenClaims,
  now: Date,
  lifetimeSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const extra = Object.fromEntries(optional.filter((k) => claims[k]).map((k) => [k, claims[k]]));
  return new SignJWT({ typ: type, ...extra })
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
    const text = (v: unknown) => (typeof v === "string" ? v : undefined);
    return {
      sub: payload.sub,
      sid: text(payload.sid),
      event: text(payload.event),
      group: text(payload.group),
      expiresAt: (payload.exp ?? 0) * 1000,
    };
  } catch {
    return null;
  }
}
