import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { codes, users } from "../../src/server/db/schema.ts";
import { HOUR, MINUTE, SECOND } from "../helpers/clock.ts";
import { signUpBody, uniqueEmail } from "../helpers/factories.ts";
import {
  concurrently,
  expectCleanError,
  freshIp,
  mailingAppForFile,
  nthMail,
  req,
  signIn,
  signUpWithCode,
  userRow,
  wrongCode,
} from "../helpers/identity.ts";
import { codeIn } from "../helpers/smtp-sink.ts";

const file = mailingAppForFile();

const confirm = (email: string, code: string, ip = freshIp()) =>
  req(file.app, "POST", "/api/auth/confirm-sign-up", { body: { email, code }, ip });
const resend = (email: string, ip = freshIp()) => req(file.app, "POST", "/api/auth/resend-code", { body: { email }, ip });

describe("POST /api/auth/sign-up", () => {
  it("creates an unconfirmed account and answers 201 {userConfirmed:false}", async () => {
    const body = signUpBody();
    const res = await req(file.app, "POST", "/api/auth/sign-up", { body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ userConfirmed: false });
    const row = await userRow(file.app, String(body.email));
    expect(row.status).toBe("UNCONFIRMED");
    expect(row.emailVerified).toBe(false);
    expect(row.language).toBe("sv");
    // The password is stored as a scrypt hash, never as given.
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(String(body.password));
  });

  it("trims and lowercases the e-mail before anything", async () => {
    const local = uniqueEmail("Mixed");
    const res = await req(file.app, "POST", "/api/auth/sign-up", { body: signUpBody({ email: `  ${local.toUpperCase()}  ` }) });
    expect(res.status).toBe(201);
    expect((await userRow(file.app, local.toLowerCase()))?.email).toBe(local.toLowerCase());
    // The same address in another case is the same account.
    const again = await req(file.app, "POST", "/api/auth/sign-up", { body: signUpBody({ email: local }) });
    expectCleanError(again, "UsernameExistsException", 409);
  });

  it.each([
    ["+46", "0701234567", "+46701234567"],
    ["+46", "701234567", "+46701234567"],
    ["+44", "07700900123", "+447700900123"],
    ["+1", "5551234567", "+15551234567"],
  ])("drops a leading 0 and prefixes the country code: %s %s → %s", async (countryCode, phone, stored) => {
    const body = signUpBody({ countryCode, phone });
    expect((await req(file.app, "POST", "/api/auth/sign-up", { body })).status).toBe(201);
    expect((await userRow(file.app, String(body.email))).phone).toBe(stored);
  });

  it("keeps the chosen language", async () => {
    const body = signUpBody({ language: "en" });
    expect((await req(file.app, "POST", "/api/auth/sign-up", { body })).status).toBe(201);
    expect((await userRow(file.app, String(body.email))).language).toBe("en");
  });

  it("answers UsernameExistsException 409 for a taken address and leaves the account alone", async () => {
    const body = signUpBody();
    await req(file.app, "POST", "/api/auth/sign-up", { body });
    const before = await userRow(file.app, String(body.email));
    const res = await req(file.app, "POST", "/api/auth/sign-up", {
      body: { ...body, firstName: "Mallory", password: "Annat1234" },
    });
    expectCleanError(res, "UsernameExistsException", 409);
    expect(await userRow(file.app, String(body.email))).toEqual(before);
  });

  it("registers one account when the same address signs up many times at once", async () => {
    const body = signUpBody();
    const results = await concurrently(6, () => req(file.app, "POST", "/api/auth/sign-up", { body }));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(
      await file.app.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email))),
    ).toHaveLength(1);
  });

  it.each([
    ["too short", "Abc1"],
    ["no digit", "Funktionar"],
    ["no uppercase", "funktionar1"],
    ["no lowercase", "FUNKTIONAR1"],
    ["empty", ""],
    ["longer than the cap", `Aa1${"x".repeat(300)}`],
  ])("answers InvalidPasswordException 400 for a password that is %s, creating nothing", async (_why, password) => {
    const body = signUpBody({ password });
    const res = await req(file.app, "POST", "/api/auth/sign-up", { body });
    expectCleanError(res, "InvalidPasswordException", 400);
    expect(res.body.fields).toEqual({ password: "validation.password" });
    expect(await userRow(file.app, String(body.email))).toBeUndefined();
  });

  it("accepts a long passphrase", async () => {
    const password = `Ett Långt Lösenord Med Siffran 7 ${"x".repeat(40)}`;
    const body = signUpBody({ password });
    expect((await req(file.app, "POST", "/api/auth/sign-up", { body })).status).toBe(201);
  });

  it("answers InvalidParameterException 400 naming the phone", async () => {
    const res = await req(file.app, "POST", "/api/auth/sign-up", { body: signUpBody({ phone: "070-123 45 67" }) });
    expectCleanError(res, "InvalidParameterException", 400);
    expect(res.body.message).toMatch(/phone/);
    expect(res.body.fields).toEqual({ phone: "validation.phone" });
  });

  it.each([
    [{ email: "not-an-address" }, { email: "validation.email" }],
    [{ email: undefined }, { email: "validation.required" }],
    [{ firstName: "" }, { firstName: "validation.required" }],
    [{ lastName: "x".repeat(251) }, { lastName: "validation.max250" }],
    [{ countryCode: "+999" }, { countryCode: "validation.oneOf" }],
    [{ language: "no" }, { language: "validation.oneOf" }],
    [{ phone: 701234567 }, { phone: "validation.required" }],
  ])("answers InvalidParameterException 400 for %j", async (override, fields) => {
    const body = { ...signUpBody(), ...override };
    const res = await req(file.app, "POST", "/api/auth/sign-up", { body });
    expectCleanError(res, "InvalidParameterException", 400);
    expect(res.body.fields).toEqual(fields);
  });

  it("ignores fields a client must not set", async () => {
    const body = { ...signUpBody(), status: "CONFIRMED", emailVerified: true, id: "00000000-0000-0000-0000-000000000000" };
    expect((await req(file.app, "POST", "/api/auth/sign-up", { body })).status).toBe(201);
    const row = await userRow(file.app, body.email);
    expect(row.status).toBe("UNCONFIRMED");
    expect(row.emailVerified).toBe(false);
    expect(row.id).not.toBe(body.id);
  });
});

describe("POST /api/auth/confirm-sign-up", () => {
  it("confirms with the mailed code; before that, sign-in says UserNotConfirmedException", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    expectCleanError(await signIn(file.app, u.email, u.password), "UserNotConfirmedException", 403);
    // A wrong password still answers like any wrong password.
    expectCleanError(await signIn(file.app, u.email, "Fel123456"), "NotAuthorizedException", 401);

    const res = await confirm(u.email, u.code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const row = await userRow(file.app, u.email);
    expect(row.status).toBe("CONFIRMED");
    expect(row.emailVerified).toBe(true);
    expect((await signIn(file.app, u.email, u.password)).status).toBe(200);
  });

  it("takes the e-mail in any case and with spaces", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    expect((await confirm(` ${u.email.toUpperCase()} `, u.code)).status).toBe(200);
  });

  it("answers CodeMismatchException 400 for a wrong code", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    expectCleanError(await confirm(u.email, wrongCode(u.code)), "CodeMismatchException", 400);
    expect((await userRow(file.app, u.email)).status).toBe("UNCONFIRMED");
  });

  it("answers UserNotFoundException 404 for an unknown address", async () => {
    expectCleanError(await confirm(uniqueEmail(), "123456"), "UserNotFoundException", 404);
  });

  it("answers InvalidParameterException for a code that is not six digits", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    for (const code of ["12345", "1234567", "abcdef", "", "12345'"]) {
      const res = await confirm(u.email, code);
      expectCleanError(res, "InvalidParameterException", 400);
      expect(Object.keys(res.body.fields)).toEqual(["code"]);
    }
    // None of them counted as a try.
    expect((await confirm(u.email, u.code)).status).toBe(200);
  });

  it("keeps the code valid for 24 hours and no longer", async () => {
    const a = await signUpWithCode(file.app, file.sink);
    const b = await signUpWithCode(file.app, file.sink);
    file.app.clock.advance(24 * HOUR - MINUTE);
    expect((await confirm(a.email, a.code)).status).toBe(200);
    file.app.clock.advance(2 * MINUTE);
    expectCleanError(await confirm(b.email, b.code), "ExpiredCodeException", 400);
    expect((await userRow(file.app, b.email)).status).toBe("UNCONFIRMED");
  });

  it("kills a code after 5 wrong tries: even the right code then answers LimitExceededException", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    for (let i = 0; i < 5; i++) expectCleanError(await confirm(u.email, wrongCode(u.code)), "CodeMismatchException", 400);
    expectCleanError(await confirm(u.email, u.code), "LimitExceededException", 429);
    expect((await userRow(file.app, u.email)).status).toBe("UNCONFIRMED");
    // A new code brings the account back.
    expect((await resend(u.email)).status).toBe(200);
    const fresh = codeIn(await nthMail(file.sink, u.email, 2));
    expect((await confirm(u.email, fresh)).status).toBe(200);
  });

  it("counts wrong tries that arrive at once: no more than 5 guesses per code", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    const guesses = await concurrently(12, (i) => confirm(u.email, wrongCode(String((Number(u.code) + i) % 1_000_000))));
    expect(guesses.every((g) => g.status !== 200)).toBe(true);
    expect(guesses.filter((g) => g.body.code === "CodeMismatchException").length).toBeLessThanOrEqual(5);
    expectCleanError(await confirm(u.email, u.code), "LimitExceededException", 429);
  });

  it("a code is used once: confirming again changes nothing and the code is spent", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    expect((await confirm(u.email, u.code)).status).toBe(200);
    const row = await userRow(file.app, u.email);
    const [stored] = await file.app.ctx.db.select().from(codes).where(eq(codes.userId, row.id));
    expect(stored.usedAt).not.toBeNull();
    expect((await confirm(u.email, u.code)).status).toBe(200);
    expect(await userRow(file.app, u.email)).toEqual(row);
  });

  it("stores only a hash of the code", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    const row = await userRow(file.app, u.email);
    const [stored] = await file.app.ctx.db.select().from(codes).where(eq(codes.userId, row.id));
    expect(stored.codeHash).not.toContain(u.code);
    expect(stored.codeHash.length).toBeGreaterThan(20);
  });
});

describe("POST /api/auth/resend-code", () => {
  it("mails a new code and the old one stops working", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    const res = await resend(u.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const second = codeIn(await nthMail(file.sink, u.email, 2));
    if (second !== u.code) expectCleanError(await confirm(u.email, u.code), "CodeMismatchException", 400);
    expect((await confirm(u.email, second)).status).toBe(200);
  });

  it("answers the same for unknown and confirmed addresses and mails nothing", async () => {
    const unknown = uniqueEmail();
    const u = await signUpWithCode(file.app, file.sink);
    await confirm(u.email, u.code);
    expect(await resend(unknown)).toMatchObject({ status: 200, body: {} });
    expect(await resend(u.email)).toMatchObject({ status: 200, body: {} });
    // A later mail to someone else proves the worker had time to send anything queued before it.
    const marker = await signUpWithCode(file.app, file.sink);
    expect(marker.code).toMatch(/^\d{6}$/);
    expect(file.sink.count(unknown)).toBe(0);
    expect(file.sink.count(u.email)).toBe(1);
  });

  it("allows 5 per hour per account, from any address, then LimitExceededException with Retry-After", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    for (let i = 0; i < 5; i++) expect((await resend(u.email, freshIp())).status).toBe(200);
    const res = await resend(u.email, freshIp());
    expectCleanError(res, "LimitExceededException", 429);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    await nthMail(file.sink, u.email, 6);
    // After the hour the account may ask again.
    file.app.clock.advance(HOUR + SECOND);
    expect((await resend(u.email, freshIp())).status).toBe(200);
    await nthMail(file.sink, u.email, 7);
  });

  it("allows 5 per hour per IP, for any accounts, then LimitExceededException", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await resend(uniqueEmail(), ip)).status).toBe(200);
    const res = await resend(uniqueEmail(), ip);
    expectCleanError(res, "LimitExceededException", 429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await resend(uniqueEmail(), freshIp())).status).toBe(200);
  });

  it("does not take the client address from X-Forwarded-For (the server trusts no proxy unless told)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await req(file.app, "POST", "/api/auth/resend-code", {
        body: { email: uniqueEmail() },
        ip,
        headers: { "x-forwarded-for": `192.0.2.${i + 1}` },
      });
      expect(res.status).toBe(200);
    }
    const res = await req(file.app, "POST", "/api/auth/resend-code", {
      body: { email: uniqueEmail() },
      ip,
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expectCleanError(res, "LimitExceededException", 429);
  });

  it("holds the limit when many requests arrive at once", async () => {
    const ip = freshIp();
    const results = await concurrently(15, () => resend(uniqueEmail(), ip));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it("answers InvalidParameterException for a malformed address", async () => {
    expectCleanError(await resend("nope"), "InvalidParameterException", 400);
  });
});
