/**
 * What a pass token names (issue 23): the ids of the volunteer, the event and the station, 16 bytes each
 * as 64 base64url characters, then the server's MAC (22 characters). Reading the ids needs no key, so the
 * check-in page can show whom a scanned pass names while it has no connection; only the server, which
 * holds the key, decides whether the pass is genuine (features/checkin/pass.ts).
 */

export const PASS_IDS_CHARS = 64;
export const PASS_MAC_CHARS = 22;
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${PASS_IDS_CHARS + PASS_MAC_CHARS}}$`);
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
const uuidOf = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

function fromBase64url(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const n = [...text.slice(i, i + 4)].reduce((acc, c) => (acc << 6) | ALPHABET.indexOf(c), 0);
    bytes.push((n >> 16) & 255, (n >> 8) & 255, n & 255);
  }
  return bytes;
}

function toBase64url(bytes: number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  return out;
}

export interface PassIds {
  volunteerId: string;
  eventId: string;
  stationId: string;
}

/** The ids part of a token for these ids (48 bytes make 64 characters, no padding). */
export function passIdsText(p: PassIds): string {
  const h = (p.volunteerId + p.eventId + p.stationId).replaceAll("-", "").toLowerCase();
  return toBase64url(Array.from({ length: 48 }, (_, i) => Number.parseInt(h.slice(i * 2, i * 2 + 2), 16)));
}

/** The ids a token names, or null when it does not have a token's shape. Says nothing of its MAC. */
export function readPassIds(token: string): PassIds | null {
  if (!TOKEN.test(token)) return null;
  const h = hex(fromBase64url(token.slice(0, PASS_IDS_CHARS)));
  return { volunteerId: uuidOf(h.slice(0, 32)), eventId: uuidOf(h.slice(32, 64)), stationId: uuidOf(h.slice(64)) };
}

/** The token of a pass page's address (what a pass's QR code holds), or null for any other text. */
export function passTokenInUrl(text: string): string | null {
  const m = /\/pass\/([A-Za-z0-9_-]+)\/?$/.exec(text.trim());
  return m && TOKEN.test(m[1]) ? m[1] : null;
}
