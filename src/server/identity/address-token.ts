import { keyedHash, sameHash } from "./secrets.ts";

/**
 * The secret part of an address that is its own authority (a calendar feed, a group's sign-up link): the id
 * of what it opens (16 bytes) and a MAC under the server's key of (purpose, id, the parts it is bound to,
 * among them a generation that renewing bumps), both base64url — 22 + 43 characters. The MAC's 256 bits
 * cannot be guessed; a new generation gives a new MAC, so a renewed address stops working at once in every
 * process, and nothing about addresses is stored.
 */

const ID_CHARS = 22;
const MAC_CHARS = 43;
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${ID_CHARS + MAC_CHARS}}$`);

const macOf = (secret: Uint8Array, purpose: string, id: string, parts: ReadonlyArray<string | number>) =>
  keyedHash(secret, [purpose, id, ...parts].join("\n"));

export function addressToken(secret: Uint8Array, purpose: string, id: string, parts: ReadonlyArray<string | number>): string {
  return Buffer.from(id.replaceAll("-", ""), "hex").toString("base64url") + macOf(secret, purpose, id, parts);
}

/** The id a token names and its MAC, or null when it is not a token at all. */
export function readAddressToken(token: string): { id: string; mac: string } | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token.slice(0, ID_CHARS), "base64url");
  // 22 characters carry 132 bits: only one spelling of the 16 bytes is ours.
  if (bytes.length !== 16 || bytes.toString("base64url") !== token.slice(0, ID_CHARS)) return null;
  const hex = bytes.toString("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, mac: token.slice(ID_CHARS) };
}

/**
 * Does the MAC belong to this id bound to these parts? Compared in constant time. Without them (nothing
 * found for the id) a MAC is still computed and compared, so the answer takes the same time either way.
 */
export function addressMacMatches(
  secret: Uint8Array,
  purpose: string,
  mac: string,
  bound: { id: string; parts: ReadonlyArray<string | number> } | null,
): boolean {
  const expected = macOf(secret, purpose, bound?.id ?? "", bound?.parts ?? [-1]);
  return sameHash(mac, expected) && bound !== null;
}
