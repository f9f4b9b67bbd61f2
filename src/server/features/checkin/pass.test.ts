import { describe, expect, it } from "vitest";
import { passTokenInUrl } from "#shared/checkin/pass-token";
import { passToken, passUrl, readPassToken } from "./pass.ts";

const key = new TextEncoder().encode("a key of the server for the tests, long enough");
const subject = {
  volunteerId: "0b7e5a52-3c1f-4c8e-9d2a-6f1e2d3c4b5a",
  eventId: "1c8f6b63-4d2a-4d9f-8e3b-7a2f3e4d5c6b",
  stationId: "2d9a7c74-5e3b-4eaf-9f4c-8b3a4f5e6d7c",
};

describe("pass tokens", () => {
  it("names the volunteer, event and station it was made for, in 86 URL-safe characters", () => {
    const token = passToken(key, subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(readPassToken(key, token)).toEqual(subject);
    expect(passUrl("https://bemanna.se/", token)).toBe(`https://bemanna.se/pass/${token}`);
    // What the check-in page reads from a scanned QR code.
    expect(passTokenInUrl(` ${passUrl("https://bemanna.se", token)}\n`)).toBe(token);
    expect(passTokenInUrl(`https://bemanna.se/pass/${token}x`)).toBeNull();
    expect(passTokenInUrl("https://example.com/")).toBeNull();
  });
  it("opens nothing when a character is changed, under another key, or cut short", () => {
    const token = passToken(key, subject);
    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect(readPassToken(key, flipped)).toBeNull();
    expect(readPassToken(new TextEncoder().encode("another key"), token)).toBeNull();
    expect(readPassToken(key, token.slice(0, -1))).toBeNull();
    expect(readPassToken(key, `${token.slice(0, -1)}+`)).toBeNull();
  });
});
