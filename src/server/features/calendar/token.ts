import { keyedHash, sameHash } from "../../identity/secrets.ts";

/**
 * The secret part of a calendar feed's address: the user's id (16 bytes) and a MAC under the server's key of
 * (purpose, user id, generation), both base64url — 22 + 43 characters. The MAC's 256 bits cannot be guessed;
 * bumping the user's generation gives a new MAC, so an old address stops working at once and nothing about
 * addresses is stored.
 */

const PURPOSE = "calendar-feed";
const ID_CHARS = 22;
const MAC_CHARS = 43;
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${ID_CHARS + MAC_CHARS}}$`);

const macOf = (secret: Uint8Array, userId: string, generation: number) =>
  keyedHash(secret, `${PURPOSE}\n${userId}\n${generation}`);

export function calendarToken(secret: Uint8Array, userId: string, generation: number): string {
  const id = Buffer.from(userId.replaceAll("-", ""), "hex").toString("base64url");
  return id + macOf(secret, userId, generation);
}

/** The user a token names and its MAC, or null when it is not a token at all. */
export function readCalendarToken(token: string): { userId: string; mac: string } | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token.slice(0, ID_CHARS), "base64url");
  // 22 characters carry 132 bits: only one spelling of the 16 bytes is ours.
  if (bytes.length !== 16 || bytes.toString("base64url") !== token.slice(0, ID_CHARS)) return null;
  const hex = bytes.toString("hex");
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, mac: token.slice(ID_CHARS) };
}

/**
 * Does the MAC belong to this user at this generation? Compared in constant time. Without a user (an unknown
 * id) a MAC is still computed and compared, so the answer takes the same time either way.
 */
export function calendarMacMatches(secret: Uint8Array, mac: string, owner: { id: string; generation: number } | null): boolean {
  const expected = macOf(secret, owner?.id ?? "", owner?.generation ?? -1);
  return sameHash(mac, expected) && owner !== null;
}
