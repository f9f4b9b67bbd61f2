import { describe, expect, it, vi } from "vitest";
import type { App } from "../../src/server/app.ts";
import { RESETS_PER_IP_PER_HOUR } from "../../src/server/identity/service.ts";
import { createTestApp } from "../helpers/app.ts";
import { HOUR, MINUTE, SECOND } from "../helpers/clock.ts";
import { uniqueEmail } from "../helpers/factories.ts";
import {
  confirmedAccount,
  expectCleanError,
  freshIp,
  invitedAccount,
  mailingAppForFile,
  mailsTo,
  nthMail,
  req,
  session,
  signIn,
  signUpWithCode,
  userRow,
  wrongCode,
} from "../helpers/identity.ts";
import { codeIn } from "../helpers/smtp-sink.ts";

const file = mailingAppForFile();

const NEW_PASSWORD = "NyttLosen2";
const RESET = "Återställ ditt lösenord på Bemanna";
const forgot = (email: string, ip = freshIp()) => req(file.app, "POST", "/api/auth/forgot-password", { body: { email }, ip });
const reset = (email: string, code: string, newPassword = NEW_PASSWORD, app: App = file.app) =>
  req(app, "POST", "/api/auth/confirm-forgot-password", { body: { email, code, newPassword }, ip: freshIp() });
const me = (token: string) => req(file.app, "GET", "/api/auth/me", { token });

/** Asks for a reset code and reads it from the mail. */
async function resetCode(email: string): Promise<string> {
  const before = mailsTo(file.sink, email, RESET).length;
  const res = await forgot(email);
  expect(res.status).toBe(200);
  return codeIn(await nthMail(file.sink, email, before + 1, RESET));
}

describe("POST /api/auth/forgot-password", () => {
  it("answers 200 {} and mails a code", async () => {
    const u = await confirmedAccount(file.app);
    const res = await forgot(u.email);
    expect(res).toMatchObject({ status: 200, body: {} });
    const mail = await nthMail(file.sink, u.email, 1, RESET);
    expect(mail.text).toContain("Din kod:");
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it("takes the e-mail trimmed and in any case", async () => {
    const u = await confirmedAccount(file.app);
    expect((await forgot(`  ${u.email.toUpperCase()}  `)).status).toBe(200);
    await nthMail(file.sink, u.email, 1, RESET);
  });

  it("answers UserNotFoundException 404 for an unknown address", async () => {
    expectCleanError(await forgot(uniqueEmail()), "UserNotFoundException", 404);
  });

  it("answers InvalidParameterException 400 when the address is not verified, and mails nothing", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    const res = await forgot(u.email);
    expectCleanError(res, "InvalidParameterException", 400);
    expect(res.body.message).toMatch(/verified/);
    // The marker mail to someone else shows the worker had its chance.
    await signUpWithCode(file.app, file.sink);
    expect(mailsTo(file.sink, u.email, RESET)).toHaveLength(0);
  });

  it("answers InvalidParameterException for a malformed address", async () => {
    expectCleanError(await forgot("not an address"), "InvalidParameterException", 400);
  });

  it("mails a code to an invited user who never signed in; the reset confirms the account and verifies the address", async () => {
    const u = await invitedAccount(file.app, file.sink);
    expect(await userRow(file.app, u.email)).toMatchObject({ status: "FORCE_CHANGE_PASSWORD", emailVerified: false });
    expect((await reset(u.email, await resetCode(u.email))).status).toBe(200);
    expect(await userRow(file.app, u.email)).toMatchObject({
      status: "CONFIRMED",
      emailVerified: true,
      temporaryPasswordExpiresAt: null,
    });
    expectCleanError(await signIn(file.app, u.email, u.temporary), "NotAuthorizedException", 401);
    const own = await signIn(file.app, u.email, NEW_PASSWORD);
    expect(own.status).toBe(200);
    expect(own.body.accessToken).toBeDefined();
    expect(own.body.user.emailVerified).toBe(true);
  });

  it("allows 5 per hour per account (from any address), then LimitExceededException 429 with Retry-After", async () => {
    const u = await confirmedAccount(file.app);
    for (let i = 0; i < 5; i++) expect((await forgot(u.email, freshIp())).status).toBe(200);
    const res = await forgot(u.email, freshIp());
    expectCleanError(res, "LimitExceededException", 429);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    await nthMail(file.sink, u.email, 5, RESET);
    expect(mailsTo(file.sink, u.email, RESET)).toHaveLength(5);
    file.app.clock.advance(HOUR + SECOND);
    expect((await forgot(u.email, freshIp())).status).toBe(200);
  });

  it("lets many people behind one address (a school) ask: 6 accounts from one IP all get their code", async () => {
    const ip = freshIp();
    const accounts = await Promise.all(Array.from({ length: 6 }, () => confirmedAccount(file.app)));
    for (const a of accounts) expect((await forgot(a.email, ip)).status).toBe(200);
    for (const a of accounts) await nthMail(file.sink, a.email, 1, RESET);
  });

  it(`allows ${RESETS_PER_IP_PER_HOUR} per hour per IP, whoever is asked for, then LimitExceededException`, async () => {
    const u = await confirmedAccount(file.app);
    // Unknown addresses count as well: probing for accounts is limited too.
    const prober = freshIp();
    for (let i = 0; i < RESETS_PER_IP_PER_HOUR; i++)
      expectCleanError(await forgot(uniqueEmail(), prober), "UserNotFoundException", 404);
    expectCleanError(await forgot(u.email, prober), "LimitExceededException", 429);
    expect((await forgot(u.email, freshIp())).status).toBe(200);
    file.app.clock.advance(HOUR + SECOND);
    expect((await forgot(uniqueEmail(), prober)).status).toBe(404);
  });
});

describe("POST /api/auth/confirm-forgot-password", () => {
  it("sets the new password: the old one stops working, the new one works", async () => {
    const u = await confirmedAccount(file.app);
    const code = await resetCode(u.email);
    const res = await reset(u.email, code);
    expect(res).toMatchObject({ status: 200, body: {} });
    expectCleanError(await signIn(file.app, u.email, u.password), "NotAuthorizedException", 401);
    expect((await signIn(file.app, u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("revokes every session of the user and their access tokens", async () => {
    const u = await confirmedAccount(file.app);
    const laptop = await session(file.app, u.email, u.password);
    const phone = await session(file.app, u.email, u.password);
    const other = await confirmedAccount(file.app);
    const bystander = await session(file.app, other.email, other.password);

    expect((await reset(u.email, await resetCode(u.email))).status).toBe(200);
    for (const s of [laptop, phone]) {
      expectCleanError(await me(s.token), "Unauthorized", 401);
      expectCleanError(await req(file.app, "POST", "/api/auth/refresh", { cookie: s.cookie }), "Unauthorized", 401);
    }
    expect((await me(bystander.token)).status).toBe(200);
  });

  it("lifts a lockout", async () => {
    const u = await confirmedAccount(file.app);
    for (let i = 0; i < 8; i++) await signIn(file.app, u.email, "Fel1234567");
    expectCleanError(await signIn(file.app, u.email, u.password), "LimitExceededException", 429);
    expect((await reset(u.email, await resetCode(u.email))).status).toBe(200);
    expect((await signIn(file.app, u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers CodeMismatchException for a wrong code and changes nothing", async () => {
    const u = await confirmedAccount(file.app);
    const code = await resetCode(u.email);
    expectCleanError(await reset(u.email, wrongCode(code)), "CodeMismatchException", 400);
    expect((await signIn(file.app, u.email, u.password)).status).toBe(200);
  });

  it("answers ExpiredCodeException without a code asked for", async () => {
    const u = await confirmedAccount(file.app);
    expectCleanError(await reset(u.email, "123456"), "ExpiredCodeException", 400);
  });

  it("answers an unknown address as an account without a code, after the same hashing, so it reveals no accounts", async () => {
    const u = await confirmedAccount(file.app);
    // A hash made slow enough to see: both answers must wait for it.
    const HASH_MS = 150;
    const original = file.app.ctx.hasher.hash.bind(file.app.ctx.hasher);
    const hash = vi.spyOn(file.app.ctx.hasher, "hash").mockImplementation(async (password) => {
      await new Promise((resolve) => setTimeout(resolve, HASH_MS));
      return original(password);
    });
    try {
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await reset(email, "123456");
        return { res, ms: performance.now() - started };
      };
      const known = await timed(u.email);
      const unknown = await timed(uniqueEmail());
      expectCleanError(known.res, "ExpiredCodeException", 400);
      expectCleanError(unknown.res, "ExpiredCodeException", 400);
      expect(unknown.res.body).toEqual(known.res.body);
      expect(hash).toHaveBeenCalledTimes(2);
      expect(known.ms).toBeGreaterThanOrEqual(HASH_MS - 5);
      expect(unknown.ms).toBeGreaterThanOrEqual(HASH_MS - 5);
    } finally {
      hash.mockRestore();
    }
  });

  it("sends the database the same statements for an unknown address as for an account without a code", async () => {
    const statements: string[] = [];
    const app = await createTestApp({ onQuery: (query) => statements.push(query) });
    try {
      const u = await confirmedAccount(app);
      const sent = async (email: string) => {
        statements.length = 0;
        expectCleanError(await reset(email, "123456", NEW_PASSWORD, app), "ExpiredCodeException", 400);
        return statements.length;
      };
      const known = await sent(u.email);
      expect(known).toBeGreaterThan(1);
      expect(await sent(uniqueEmail())).toBe(known);
    } finally {
      await app.close();
    }
  });

  it("keeps the code valid for 1 hour and no longer", async () => {
    const a = await confirmedAccount(file.app);
    const b = await confirmedAccount(file.app);
    const codeA = await resetCode(a.email);
    const codeB = await resetCode(b.email);
    file.app.clock.advance(HOUR - MINUTE);
    expect((await reset(a.email, codeA)).status).toBe(200);
    file.app.clock.advance(2 * MINUTE);
    expectCleanError(await reset(b.email, codeB), "ExpiredCodeException", 400);
    expect((await signIn(file.app, b.email, b.password)).status).toBe(200);
  });

  it("uses a code once", async () => {
    const u = await confirmedAccount(file.app);
    const code = await resetCode(u.email);
    expect((await reset(u.email, code)).status).toBe(200);
    const again = await reset(u.email, code, "TredjeLosen3");
    expect(again.status).toBe(400);
    expect(["ExpiredCodeException", "CodeMismatchException"]).toContain(again.body.code);
    expect((await signIn(file.app, u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("applies whole or not at all: a failure on the way leaves the code and the password as they were", async () => {
    const u = await confirmedAccount(file.app);
    const code = await resetCode(u.email);
    const hash = vi.spyOn(file.app.ctx.hasher, "hash").mockRejectedValueOnce(new Error("out of memory"));
    try {
      expectCleanError(await reset(u.email, code), "InternalError", 500);
    } finally {
      hash.mockRestore();
    }
    expect((await signIn(file.app, u.email, u.password)).status).toBe(200);
    expect((await reset(u.email, code)).status).toBe(200);
    expect((await signIn(file.app, u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("logs the reset with user id and IP, never the code or the passwords", async () => {
    const u = await confirmedAccount(file.app);
    const info = vi.spyOn(file.app.ctx.log, "info");
    try {
      const code = await resetCode(u.email);
      expect((await reset(u.email, code)).status).toBe(200);
      const events = info.mock.calls
        .map(([entry]) => entry as unknown as Record<string, unknown>)
        .filter((entry) => typeof entry === "object" && entry !== null && "audit" in entry);
      expect(events.map((e) => e.audit)).toEqual(["reset_requested", "password_reset"]);
      for (const e of events) {
        expect(e.userId).toEqual(expect.any(String));
        expect(e.ip).toEqual(expect.any(String));
      }
      const logged = JSON.stringify(events);
      for (const secret of [code, NEW_PASSWORD, u.password]) expect(logged).not.toContain(secret);
    } finally {
      info.mockRestore();
    }
  });

  it("a new code replaces the earlier one", async () => {
    const u = await confirmedAccount(file.app);
    const first = await resetCode(u.email);
    const second = await resetCode(u.email);
    if (first !== second) expectCleanError(await reset(u.email, first), "CodeMismatchException", 400);
    expect((await reset(u.email, second)).status).toBe(200);
  });

  it("kills a code after 5 wrong tries: then LimitExceededException with Retry-After even with the right code", async () => {
    const u = await confirmedAccount(file.app);
    const code = await resetCode(u.email);
    for (let i = 0; i < 5; i++) expectCleanError(await reset(u.email, wrongCode(code)), "CodeMismatchException", 400);
    const dead = await reset(u.email, code);
    expectCleanError(dead, "LimitExceededException", 429);
    expect(Number(dead.headers["retry-after"])).toBe(60);
    expect((await signIn(file.app, u.email, u.password)).status).toBe(200);
  });

  it.each([
    ["too short", "Ab1"],
    ["without a digit", "Losenordet"],
    ["without an uppercase letter", "losenord12"],
    ["without a lowercase letter", "LOSENORD12"],
    ["too long", `Aa1${"x".repeat(300)}`],
  ])("answers InvalidPasswordException for a new password %s, without spending a try", async (_why, weak) => {
    const u = await confirmedAccount(file.app);
    const code = await resetCode(u.email);
    for (let i = 0; i < 6; i++) {
      const res = await reset(u.email, code, weak);
      expectCleanError(res, "InvalidPasswordException", 400);
      expect(res.body.fields).toEqual({ password: "validation.password" });
    }
    expect((await reset(u.email, code)).status).toBe(200);
  });

  it("answers InvalidParameterException for missing fields", async () => {
    for (const body of [
      {},
      { email: "a@b.se" },
      { email: "a@b.se", code: "123456" },
      { email: "a@b.se", code: "12", newPassword: "x" },
    ]) {
      expectCleanError(
        await req(file.app, "POST", "/api/auth/confirm-forgot-password", { body }),
        "InvalidParameterException",
        400,
      );
    }
  });
});
