import { eq } from "drizzle-orm";
import fc from "fast-check";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import type { App } from "../../src/server/app.ts";
import { sessions, users } from "../../src/server/db/schema.ts";
import { keyedHash } from "../../src/server/identity/secrets.ts";
import { DAY, HOUR, SECOND } from "../helpers/clock.ts";
import {
  appForFile,
  appOnDatabase,
  confirmedAccount,
  expectCleanError,
  FrozenClock,
  REFRESH,
  refreshCookieOf,
  refreshHeader,
  req,
  session,
  signedInAccount,
} from "../helpers/identity.ts";

const file = appForFile({ clock: new FrozenClock() });

const refresh = (cookie?: string, on: App = file.app) => req(on, "POST", "/api/auth/refresh", { cookie });
const me = (token: string, on: App = file.app) => req(on, "GET", "/api/auth/me", { token });
const signOut = (options: { token?: string; cookie?: string } = {}) => req(file.app, "POST", "/api/auth/sign-out", options);
/** A second tab that presents the just rotated secret this soon after gets the same successor. */
const GRACE = 10 * SECOND;
const sessionIdOf = (cookie: string) => cookie.split("=")[1].split(".")[0];

/**
 * Refresh cookies of every shape: any text, and near misses of `<uuid>.<secret>` (a session id that is no
 * UUID, a secret of the wrong length or alphabet, extra dots). The value is URI-encoded as a browser
 * would send it; the server reads the decoded text.
 */
const malformedCookie = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc
    .string({ unit: fc.constantFrom("0", "9", "a", "f", "-"), minLength: 36, maxLength: 36 })
    .map((id) => `${id}.${"A".repeat(43)}`),
  fc.tuple(fc.uuid(), fc.string({ maxLength: 100 })).map(([id, secret]) => `${id}.${secret}`),
  fc.tuple(fc.uuid(), fc.string({ maxLength: 60 })).map(([id, tail]) => `${id}.${"A".repeat(43)}.${tail}`),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);

describe("POST /api/auth/refresh", () => {
  it("answers a new access token and the profile, and rotates the cookie on every use", async () => {
    const u = await signedInAccount(file.app);
    const seen = new Set([u.cookie]);
    let cookie = u.cookie;
    for (let i = 0; i < 3; i++) {
      file.app.clock.advance(SECOND);
      const res = await refresh(cookie);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["accessToken", "expiresIn", "user"]);
      expect(res.body.user.email).toBe(u.email);
      expect((await me(res.body.accessToken)).status).toBe(200);
      const set = refreshCookieOf(res);
      expect(set).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
      expect(set?.secure).toBeFalsy();
      cookie = refreshHeader(res);
      expect(seen.has(cookie)).toBe(false);
      seen.add(cookie);
    }
  });

  it("answers 401 Unauthorized without, or with a malformed, cookie", async () => {
    for (const cookie of [
      undefined,
      `${REFRESH}=`,
      `${REFRESH}=garbage`,
      `${REFRESH}=00000000-0000-0000-0000-000000000000.secret`,
      `${REFRESH}='; DROP TABLE sessions; --`,
      `${REFRESH}=${"a".repeat(4000)}`,
    ]) {
      expectCleanError(await refresh(cookie), "Unauthorized", 401);
    }
  });

  it("clears the cookie when it answers 401", async () => {
    const res = await refresh(`${REFRESH}=garbage`);
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe("");
    expect(cleared?.path).toBe("/api/auth");
  });

  it("revokes the whole session when an old refresh token comes back: the newer one stops working too", async () => {
    const u = await signedInAccount(file.app);
    const first = await refresh(u.cookie);
    const newer = refreshHeader(first);
    const newerAccess = first.body.accessToken;

    // The old token is presented again after the grace (copied by someone else, or replayed).
    file.app.clock.advance(GRACE + SECOND);
    expectCleanError(await refresh(u.cookie), "Unauthorized", 401);
    expectCleanError(await refresh(newer), "Unauthorized", 401);
    expectCleanError(await me(newerAccess), "Unauthorized", 401);
    expectCleanError(await me(u.token), "Unauthorized", 401);
    const [row] = await file.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, newer.split("=")[1].split(".")[0]));
    expect(row.revokedAt).not.toBeNull();
    // Other devices of the same user keep their sessions.
  });

  it("ends only the session whose token was reused", async () => {
    const u = await signedInAccount(file.app);
    const other = await session(file.app, u.email, u.password);
    await refresh(u.cookie);
    file.app.clock.advance(GRACE + SECOND);
    expectCleanError(await refresh(u.cookie), "Unauthorized", 401);
    expect((await refresh(other.cookie)).status).toBe(200);
  });

  it("two tabs refreshing with the same token at once both get the same new cookie, and the session lives on", async () => {
    const u = await signedInAccount(file.app);
    const [a, b] = await Promise.all([refresh(u.cookie), refresh(u.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(refreshHeader(a)).toBe(refreshHeader(b));
    expect((await me(a.body.accessToken)).status).toBe(200);
    expect((await me(b.body.accessToken)).status).toBe(200);
    expect((await refresh(refreshHeader(a))).status).toBe(200);
  });

  it("derives the successor from the presented secret and keeps the hash it rotated from", async () => {
    const u = await signedInAccount(file.app);
    const [sid, secret] = u.cookie.split("=")[1].split(".");
    const res = await refresh(u.cookie);
    expect(refreshCookieOf(res)?.value).toBe(`${sid}.${keyedHash(file.app.ctx.secret, `next:${secret}`)}`);
    const [row] = await file.app.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row.previousHash).toBe(keyedHash(file.app.ctx.secret, secret));
    expect(row.rotatedAt?.getTime()).toBe(file.app.clock.now().getTime());
  });

  it("gives a second tab the same successor within 10 s of the rotation; after that the old token revokes the session", async () => {
    const u = await signedInAccount(file.app);
    const first = await refresh(u.cookie);
    file.app.clock.advance(GRACE);
    const late = await refresh(u.cookie);
    expect(late.status).toBe(200);
    expect(refreshHeader(late)).toBe(refreshHeader(first));
    expect((await me(late.body.accessToken)).status).toBe(200);
    expect((await me(first.body.accessToken)).status).toBe(200);

    // One millisecond past the grace the old token is a copy.
    file.app.clock.advance(1);
    expectCleanError(await refresh(u.cookie), "Unauthorized", 401);
    expectCleanError(await refresh(refreshHeader(first)), "Unauthorized", 401);
    expectCleanError(await me(first.body.accessToken), "Unauthorized", 401);
    const [row] = await file.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(u.cookie)));
    expect(row.revokedReason).toBe("refresh token reuse");
  });

  it("a token two rotations old gets no grace: the session is revoked", async () => {
    const u = await signedInAccount(file.app);
    const first = await refresh(u.cookie);
    expect((await refresh(refreshHeader(first))).status).toBe(200);
    expectCleanError(await refresh(u.cookie), "Unauthorized", 401);
    expectCleanError(await refresh(refreshHeader(first)), "Unauthorized", 401);
  });

  it("answers 401 Unauthorized, never a server error, for a refresh cookie of any shape", async () => {
    await fc.assert(
      fc.asyncProperty(malformedCookie, async (value) => {
        const res = await refresh(`${REFRESH}=${encodeURIComponent(value)}`);
        expectCleanError(res, "Unauthorized", 401);
      }),
      {
        numRuns: 150,
        examples: [["------------------------------------.x"], ["00000000-0000-0000-0000-00000000000-.secret"]],
      },
    );
  });

  it("keeps a session for 30 days at most, however often it is refreshed", async () => {
    const u = await signedInAccount(file.app);
    let cookie = u.cookie;
    for (let day = 0; day < 29; day++) {
      file.app.clock.advance(DAY);
      const res = await refresh(cookie);
      expect(res.status, `day ${day + 1}`).toBe(200);
      cookie = refreshHeader(res);
    }
    file.app.clock.advance(DAY - SECOND);
    const lastDay = await refresh(cookie);
    expect(lastDay.status).toBe(200);
    file.app.clock.advance(2 * SECOND);
    expectCleanError(await refresh(refreshHeader(lastDay)), "Unauthorized", 401);
    expectCleanError(await me(lastDay.body.accessToken), "Unauthorized", 401);
  });

  it("marks the cookie Secure when the site is not on localhost", async () => {
    const u = await confirmedAccount(file.app);
    const secureApp = await appOnDatabase(file.app.database, file.app.clock, { PUBLIC_URL: "https://bemanna.se" });
    try {
      const res = await req(secureApp, "POST", "/api/auth/sign-in", { body: { email: u.email, password: u.password } });
      expect(refreshCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/api/auth" });
      const again = await refresh(refreshHeader(res), secureApp);
      expect(refreshCookieOf(again)).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict" });
    } finally {
      await secureApp.server.close();
    }
  });
});

describe("access tokens", () => {
  it("last at most one hour; the refresh cookie then gets a new one", async () => {
    const u = await signedInAccount(file.app);
    file.app.clock.advance(HOUR - SECOND);
    expect((await me(u.token)).status).toBe(200);
    file.app.clock.advance(2 * SECOND);
    expectCleanError(await me(u.token), "Unauthorized", 401);
    const res = await refresh(u.cookie);
    expect(res.status).toBe(200);
    expect((await me(res.body.accessToken)).status).toBe(200);
  });

  it("are refused when forged, of another kind, or signed with another key", async () => {
    const u = await signedInAccount(file.app);
    const [header, payload] = u.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const sign = (key: string, body: Record<string, unknown>, alg = "HS256") =>
      new SignJWT(body)
        .setProtectedHeader({ alg })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode(key));
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: "00000000-0000-0000-0000-000000000000" })).toString("base64url")}.${u.token.split(".")[2]}`;
    for (const token of [
      "garbage",
      none,
      tampered,
      await sign("another-key-another-key-another-key", { typ: "access", sid: claims.sid }),
      `${u.token}x`,
    ]) {
      expectCleanError(await me(token), "Unauthorized", 401);
    }
    expectCleanError(await req(file.app, "GET", "/api/auth/me", { headers: { authorization: u.token } }), "Unauthorized", 401);
    expectCleanError(
      await req(file.app, "GET", "/api/auth/me", { headers: { authorization: `Basic ${u.token}` } }),
      "Unauthorized",
      401,
    );
  });
});

describe("POST /api/auth/sign-out", () => {
  it("answers 204, clears the cookie, and the old access token gets 401 at once", async () => {
    const u = await signedInAccount(file.app);
    const res = await signOut({ token: u.token, cookie: u.cookie });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const cleared = refreshCookieOf(res);
    expect(cleared?.value).toBe("");
    expect(cleared?.path).toBe("/api/auth");
    expectCleanError(await me(u.token), "Unauthorized", 401);
    expectCleanError(await refresh(u.cookie), "Unauthorized", 401);
  });

  it("ends the session with only the cookie, or with only the access token", async () => {
    const a = await signedInAccount(file.app);
    expect((await signOut({ cookie: a.cookie })).status).toBe(204);
    expectCleanError(await me(a.token), "Unauthorized", 401);

    const b = await signedInAccount(file.app);
    expect((await signOut({ token: b.token })).status).toBe(204);
    expectCleanError(await refresh(b.cookie), "Unauthorized", 401);
  });

  it("ends only that session", async () => {
    const u = await signedInAccount(file.app);
    const other = await session(file.app, u.email, u.password);
    await signOut({ token: u.token, cookie: u.cookie });
    expect((await me(other.token)).status).toBe(200);
  });

  it("answers 204, never a server error, for a refresh cookie of any shape", async () => {
    await fc.assert(
      fc.asyncProperty(malformedCookie, async (value) => {
        const res = await signOut({ cookie: `${REFRESH}=${encodeURIComponent(value)}` });
        expect(res.status, JSON.stringify(res.body)).toBe(204);
      }),
      { numRuns: 150, examples: [["------------------------------------.x"], ["0000000000000000000000000000000000-0.s"]] },
    );
  });

  it("answers 204 with nothing to end, twice, or with junk", async () => {
    expect((await signOut()).status).toBe(204);
    expect((await signOut({ cookie: `${REFRESH}=junk`, token: "junk" })).status).toBe(204);
    const u = await signedInAccount(file.app);
    expect((await signOut({ cookie: u.cookie })).status).toBe(204);
    expect((await signOut({ cookie: u.cookie })).status).toBe(204);
  });
});

describe("stored sessions", () => {
  it("keep only a hash of the refresh secret", async () => {
    const u = await signedInAccount(file.app);
    const [sid, secret] = u.cookie.split("=")[1].split(".");
    const [row] = await file.app.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row.refreshHash).not.toContain(secret);
  });

  it("end when the account is deleted", async () => {
    const u = await signedInAccount(file.app);
    await file.app.ctx.db.delete(users).where(eq(users.email, u.email));
    expectCleanError(await me(u.token), "Unauthorized", 401);
    expectCleanError(await refresh(u.cookie), "Unauthorized", 401);
  });
});
