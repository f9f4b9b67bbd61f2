import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { lockSeconds, SIGN_IN_FAILURES_PER_IP } from "../../src/server/identity/service.ts";
import { createTestApp } from "../helpers/app.ts";
import { MINUTE, SECOND } from "../helpers/clock.ts";
import { uniqueEmail } from "../helpers/factories.ts";
import type { Res } from "../helpers/http.ts";
import {
  appForFile,
  concurrently,
  confirmedAccount,
  expectCleanError,
  FrozenClock,
  freshIp,
  refreshCookieOf,
  req,
  signIn,
  userRow,
} from "../helpers/identity.ts";

const file = appForFile({ clock: new FrozenClock() });
afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/auth/sign-in", () => {
  it("answers the access token, its lifetime and the profile, and sets the refresh cookie", async () => {
    const u = await confirmedAccount(file.app, { firstName: "Åsa", lastName: "Öberg", phone: "0701234567" });
    const res = await signIn(file.app, u.email, u.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["accessToken", "expiresIn", "user"]);
    expect(res.body.expiresIn).toBeGreaterThan(0);
    expect(res.body.expiresIn).toBeLessThanOrEqual(3600);
    expect(res.body.accessToken.split(".")).toHaveLength(3);
    expect(res.body.user).toEqual({
      firstName: "Åsa",
      lastName: "Öberg",
      email: u.email,
      phone: "+46701234567",
      emailVerified: true,
      phoneNumberVerified: false,
      language: "sv",
    });
    const cookie = refreshCookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(cookie?.value.length).toBeGreaterThan(40);
    // The header as the browser reads it, whatever parses it in tests (the cookie package is pinned for Node 20).
    expect(res.headers["set-cookie"]).toMatch(
      /^bemanna_refresh=[0-9a-f-]{36}\.[\w-]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
    // The refresh credential is a cookie only, never in the JSON the page's scripts can read.
    expect(JSON.stringify(res.body)).not.toContain(String(cookie?.value));
    const me = await req(file.app, "GET", "/api/auth/me", { token: res.body.accessToken });
    expect(me.status).toBe(200);
  });

  it("takes the e-mail trimmed and in any case", async () => {
    const u = await confirmedAccount(file.app);
    expect((await signIn(file.app, `  ${u.email.toUpperCase()} `, u.password)).status).toBe(200);
  });

  it("answers NotAuthorizedException 401 for a wrong password", async () => {
    const u = await confirmedAccount(file.app);
    expectCleanError(await signIn(file.app, u.email, "Fel1234567"), "NotAuthorizedException", 401);
    // Passwords are case sensitive.
    expectCleanError(await signIn(file.app, u.email, u.password.toUpperCase()), "NotAuthorizedException", 401);
  });

  it("answers UserNotFoundException 404 for an unknown address", async () => {
    expectCleanError(await signIn(file.app, uniqueEmail(), "Funktionar1"), "UserNotFoundException", 404);
  });

  it("answers UserNotConfirmedException 403 for the right password of an unconfirmed account", async () => {
    const u = await confirmedAccount(file.app);
    await file.app.ctx.db.update(users).set({ status: "UNCONFIRMED", emailVerified: false }).where(eq(users.email, u.email));
    const res = await signIn(file.app, u.email, u.password);
    expectCleanError(res, "UserNotConfirmedException", 403);
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it("answers InvalidParameterException 400 for missing or malformed fields", async () => {
    for (const body of [
      {},
      { email: "a@b.se" },
      { password: "x" },
      { email: "nope", password: "x" },
      { email: 1, password: 2 },
    ]) {
      expectCleanError(await req(file.app, "POST", "/api/auth/sign-in", { body }), "InvalidParameterException", 400);
    }
  });

  it("does not let SQL-like input through", async () => {
    const u = await confirmedAccount(file.app);
    const res = await signIn(file.app, `${u.email}' OR '1'='1`, "' OR '1'='1");
    expectCleanError(res, "InvalidParameterException", 400);
    expectCleanError(await signIn(file.app, u.email, "' OR '1'='1' --"), "NotAuthorizedException", 401);
  });

  it("survives a huge password without a server error", async () => {
    const u = await confirmedAccount(file.app);
    const res = await signIn(file.app, u.email, `A1a${"x".repeat(500_000)}`);
    expect([400, 401]).toContain(res.status);
    expect(res.body.code).toMatch(/NotAuthorizedException|InvalidParameterException/);
  });
});

describe("equal work for unknown users", () => {
  it("runs the password hash for an unknown address just as for a wrong password", async () => {
    const u = await confirmedAccount(file.app);
    const verify = vi.spyOn(file.app.ctx.hasher, "verify");
    const nobody = vi.spyOn(file.app.ctx.hasher, "verifyNobody");

    await signIn(file.app, uniqueEmail(), "Funktionar1");
    expect(nobody).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledTimes(1);
    // The dummy hash has the same cost as a real one.
    const dummyHash = verify.mock.calls[0][1];
    expect(dummyHash.split("$").slice(0, 4)).toEqual((await userRow(file.app, u.email)).passwordHash.split("$").slice(0, 4));

    await signIn(file.app, u.email, "Fel1234567");
    expect(verify).toHaveBeenCalledTimes(2);
  });
});

describe("lockout after 5 failed sign-ins", () => {
  it("follows 2^(n-5) seconds, doubling, capped at 15 minutes", () => {
    expect([1, 2, 3, 4].map(lockSeconds)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 14].map(lockSeconds)).toEqual([1, 2, 4, 8, 16, 512]);
    expect(lockSeconds(15)).toBe(900);
    expect(lockSeconds(40)).toBe(900);
  });

  it("locks after the 5th failure with LimitExceededException 429 and Retry-After, even for the right password", async () => {
    const u = await confirmedAccount(file.app);
    for (let i = 1; i <= 4; i++) expectCleanError(await signIn(file.app, u.email, "Fel1234567"), "NotAuthorizedException", 401);
    expectCleanError(await signIn(file.app, u.email, "Fel1234567"), "NotAuthorizedException", 401);

    const verify = vi.spyOn(file.app.ctx.hasher, "verify");
    const locked = await signIn(file.app, u.email, u.password);
    expectCleanError(locked, "LimitExceededException", 429);
    expect(locked.headers["retry-after"]).toBe("1");
    // A locked account costs no hashing.
    expect(verify).not.toHaveBeenCalled();

    file.app.clock.advance(1 * SECOND + 1);
    const ok = await signIn(file.app, u.email, u.password);
    expect(ok.status).toBe(200);
    // Success clears the count: the next failure starts over.
    expect((await userRow(file.app, u.email)).failedSignIns).toBe(0);
    expectCleanError(await signIn(file.app, u.email, "Fel1234567"), "NotAuthorizedException", 401);
    expect((await signIn(file.app, u.email, u.password)).status).toBe(200);
  });

  it("doubles the lock with every further failure up to 15 minutes", async () => {
    const u = await confirmedAccount(file.app);
    for (let i = 1; i <= 4; i++) await signIn(file.app, u.email, "Fel1234567");
    for (let n = 5; n <= 16; n++) {
      expectCleanError(await signIn(file.app, u.email, "Fel1234567"), "NotAuthorizedException", 401);
      const expected = Math.min(2 ** (n - 5), 900);
      const locked = await signIn(file.app, u.email, u.password);
      expectCleanError(locked, "LimitExceededException", 429);
      expect(Number(locked.headers["retry-after"]), `after ${n} failures`).toBe(expected);
      // Still locked just before the time is up …
      file.app.clock.advance(expected * SECOND - 200);
      expectCleanError(await signIn(file.app, u.email, u.password), "LimitExceededException", 429);
      // … and open right after.
      file.app.clock.advance(201);
    }
    expect((await signIn(file.app, u.email, u.password)).status).toBe(200);
  });

  it("counts failures that arrive at once, so a burst cannot get past the lockout", async () => {
    const u = await confirmedAccount(file.app);
    const results = await concurrently(12, () => signIn(file.app, u.email, "Fel1234567", freshIp()));
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect((await userRow(file.app, u.email)).failedSignIns).toBe(results.filter((r) => r.status === 401).length);
    expectCleanError(await signIn(file.app, u.email, u.password), "LimitExceededException", 429);
  });

  it("locks the account, not the address it is tried from", async () => {
    const u = await confirmedAccount(file.app);
    const other = await confirmedAccount(file.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await signIn(file.app, u.email, "Fel1234567", ip);
    expectCleanError(await signIn(file.app, u.email, u.password, freshIp()), "LimitExceededException", 429);
    expect((await signIn(file.app, other.email, other.password, ip)).status).toBe(200);
    file.app.clock.advance(MINUTE);
  });
});

describe("failed sign-ins per IP", () => {
  it("allows 100 failures in 10 minutes, then refuses the IP before any hashing with 429 and Retry-After", async () => {
    expect(SIGN_IN_FAILURES_PER_IP).toBe(100);
    const ip = freshIp();
    const guessed = await confirmedAccount(file.app);
    const regular = await confirmedAccount(file.app);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_IP; i++) {
      // Wrong passwords (below the account's own lockout) and unknown addresses both count …
      if (i % 25 === 0) expectCleanError(await signIn(file.app, guessed.email, "Fel1234567", ip), "NotAuthorizedException", 401);
      else expectCleanError(await signIn(file.app, uniqueEmail(), "Gissning1", ip), "UserNotFoundException", 404);
      // … successful sign-ins do not.
      if (i % 10 === 0) expect((await signIn(file.app, regular.email, regular.password, ip)).status).toBe(200);
    }

    const verify = vi.spyOn(file.app.ctx.hasher, "verify");
    for (const attempt of [
      signIn(file.app, uniqueEmail(), "Gissning1", ip),
      signIn(file.app, guessed.email, "Fel1234567", ip),
      // Over the limit even the right password is refused: it is not known to be right without a hash.
      signIn(file.app, regular.email, regular.password, ip),
    ]) {
      const res = await attempt;
      expectCleanError(res, "LimitExceededException", 429);
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    expect(verify).not.toHaveBeenCalled();
    // Another address is not held back, and the account itself is not locked.
    expect((await signIn(file.app, regular.email, regular.password, freshIp())).status).toBe(200);

    file.app.clock.advance(10 * MINUTE + SECOND);
    expect((await signIn(file.app, regular.email, regular.password, ip)).status).toBe(200);
    expectCleanError(await signIn(file.app, uniqueEmail(), "Gissning1", ip), "UserNotFoundException", 404);
  });
});

describe("password hashing under a flood of unknown addresses", () => {
  it("answers 503 with Retry-After beyond the queue, and a real user's sign-in goes before the dummy checks", async () => {
    // Hashes slow enough to queue (and one slot of two kept for real accounts).
    const app = await createTestApp({ env: { SCRYPT_LOG_N: "14", HASH_CONCURRENCY: "2" } });
    try {
      const u = await confirmedAccount(app);
      const answered: Array<"flood" | "real"> = [];
      const flood = Array.from({ length: 60 }, () =>
        signIn(app, uniqueEmail(), "Gissning1", freshIp()).then((res) => {
          if (res.status === 404) answered.push("flood");
          return res;
        }),
      );
      await expect.poll(() => app.ctx.hasher.waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(20);
      const real = await signIn(app, u.email, u.password, freshIp());
      answered.push("real");
      expect(real.status).toBe(200);
      const results: Res[] = await Promise.all(flood);

      const refused = results.filter((r) => r.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expectCleanError(r, "ServiceUnavailable", 503);
        expect(Number(r.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      }
      expect(results.every((r) => r.status === 404 || r.status === 503)).toBe(true);
      // The real sign-in did not wait for the queued dummy checks: most of them were answered after it.
      expect(answered.length - answered.indexOf("real") - 1).toBeGreaterThanOrEqual(10);
    } finally {
      await app.close();
    }
  });
});

describe("audit log", () => {
  it("logs every authentication event with user id and IP, never the password", async () => {
    const u = await confirmedAccount(file.app);
    const [row] = await file.app.ctx.db.select().from(users).where(eq(users.email, u.email));
    const info = vi.spyOn(file.app.ctx.log, "info");
    const ip = freshIp();
    await signIn(file.app, u.email, "Fel1234567", ip);
    await signIn(file.app, u.email, u.password, ip);
    await signIn(file.app, uniqueEmail(), "Okand12345", ip);
    for (let i = 0; i < 5; i++) await signIn(file.app, u.email, "Fel1234567", ip);
    await signIn(file.app, u.email, u.password, ip);

    const events = info.mock.calls
      .map(([entry]) => entry as unknown as Record<string, unknown>)
      .filter((entry) => typeof entry === "object" && entry !== null && "audit" in entry);
    expect(events.map((e) => e.audit)).toEqual([
      "sign_in_failed",
      "sign_in",
      "sign_in_failed",
      "sign_in_failed",
      "sign_in_failed",
      "sign_in_failed",
      "sign_in_failed",
      "lockout",
      "sign_in_locked",
    ]);
    for (const e of events) expect(e.ip).toBe(ip);
    expect(events.filter((e) => e.userId === row.id)).toHaveLength(8);
    // Fastify's own request lines go through pino's serializers (method, URL, address: never the body).
    const logged = JSON.stringify(events);
    for (const secret of [u.password, "Fel1234567", "Okand12345", row.passwordHash]) expect(logged).not.toContain(secret);
  });
});
