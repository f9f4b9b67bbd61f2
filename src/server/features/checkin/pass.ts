import { PASS_IDS_CHARS, PASS_MAC_CHARS, type PassIds, passIdsText, readPassIds } from "#shared/checkin/pass-token";
import { keyedHash, sameHash } from "../../identity/secrets.ts";

/**
 * A volunteer's pass token (issue 23; its shape in shared/checkin/pass-token.ts): the ids of the volunteer,
 * the event and the station, then a MAC under the server's key over them cut to 128 bits — 64 + 22
 * characters, short enough for a path part and a small QR code; 128 bits cannot be guessed. It holds no
 * personal data; whether it still opens anything is decided when it is read (the volunteer must still be
 * named at that station), so taking someone off a station ends their pass in every process at once.
 */

const PURPOSE = "pass";

const macOf = (secret: Uint8Array, ids: string) => keyedHash(secret, `${PURPOSE}\n${ids}`).slice(0, PASS_MAC_CHARS);

export function passToken(secret: Uint8Array, p: PassIds): string {
  const ids = passIdsText(p);
  return ids + macOf(secret, ids);
}

/** What a token names when the server made it; null for anything else (compared in constant time). */
export function readPassToken(secret: Uint8Array, token: string): PassIds | null {
  const ids = readPassIds(token);
  if (!ids) return null;
  const text = token.slice(0, PASS_IDS_CHARS);
  // Only the one spelling of the 48 bytes that we write is ours.
  if (passIdsText(ids) !== text) return null;
  return sameHash(token.slice(PASS_IDS_CHARS), macOf(secret, text)) ? ids : null;
}

/** The pass page's address, which its QR code holds. */
export const passUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, "")}/pass/${token}`;
