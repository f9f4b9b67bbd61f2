import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { codes, users } from "../../src/server/db/schema.ts";
import { CODE_MAILS_PER_HOUR, SIGN_UPS_PER_IP_PER_HOUR } from "../../src/server/identity/service.ts";
import { HOUR, MINUTE, SECOND } from "../helpers/clock.ts";
import { signUpBody, uniqueEmail } from "../helpers/factories.ts";
import {
  concurrently,
  confirmedAccount,
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
afterEach(() => {
  vi.restoreAllMocks();
});

/** Sign-ups are limited per IP: each test signs up from an address of its own unless it says otherwise. */
const signUp = (body: Record<string, unknown>, ip = freshIp()) => req(file.app, "POST", "/api/auth/sign-up", { body, ip });

const confirm = (email: string, code: string, ip = freshIp()) =>
  req(file.app, "POST", "/api/auth/confirm-sign-up", { body: { email, code }, ip });
const resend = (email: string, ip = freshIp()) => req(file.app, "POST", "/api/auth/resend-code", { body: { email }, ip });

describe("POST /api/auth/sign-up", () => {
  it("creates an unconfirmed account and answers 201 {userConfirmed:false}", async () => {
    const body = signUpBody();
    const res = await signUp(body);
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
    const res = await signUp(signUpBody({ email: `  ${local.toUpperCase()}  ` }));
    expect(res.status).toBe(201);
    expect((await userRow(file.app, local.toLowerCase()))?.email).toBe(local.toLowerCase());
    // The same address in another case is the same account.
    await file.app.ctx.db.update(users).set({ status: "CONFIRMED" }).where(eq(users.email, local.toLowerCase()));
    const again = await signUp(signUpBody({ email: local }));
    expectCleanError(again, "UsernameExistsException", 409);
  });

  it.each([
    ["+46", "0701234567", "+46701234567"],
    ["+46", "701234567", "+46701234567"],
    ["+44", "07700900123", "+447700900123"],
    ["+1", "5551234567", "+15551234567"],
  ])("drops a leading 0 and prefixes the country code: %s %s → %s", async (countryCode, phone, stored) => {
    const body = signUpBody({ countryCode, phone });
    expect((await signUp(body)).status).toBe(201);
    expect((await userRow(file.app, String(body.email))).phone).toBe(stored);
  });

  it("keeps the chosen language", async () => {
    const body = signUpBody({ language: "en" });
    expect((await signUp(body)).status).toBe(201);
    expect((await userRow(file.app, String(body.email))).language).toBe("en");
  });

  it("answers UsernameExistsException 409 for a confirmed account's address, leaves the account alone and mails nothing", async () => {
    const u = await confirmedAccount(file.app);
    const before = await userRow(file.app, u.email);
    const res = await signUp(signUpBody({ email: u.email, firstName: "Mallory", password: "Annat1234" }));
    expectCleanError(res, "UsernameExistsException", 409);
    expect(await userRow(file.app, u.email)).toEqual(before);
    const stored = await file.app.ctx.db.select().from(codes).where(eq(codes.userId, before.id));
    expect(stored.filter((c) => c.pending !== null)).toEqual([]);
  });

  it("registers one account when the same address signs up many times at once", async () => {
    const body = signUpBody();
    const results = await concurrently(CODE_MAILS_PER_HOUR + 1, () => signUp(body));
    // The first creates the account, the others claim it (each mailing a new code) until the address's
    // budget of code mails is spent.
    expect(results.map((r) => r.status).sort()).toEqual([...Array(CODE_MAILS_PER_HOUR).fill(201), 429]);
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
    const res = await signUp(body);
    expectCleanError(res, "InvalidPasswordException", 400);
    expect(res.body.fields).toEqual({ password: "validation.password" });
    expect(await userRow(file.app, String(body.email))).toBeUndefined();
  });

  it("accepts a long passphrase", async () => {
    const password = `Ett Långt Lösenord Med Siffran 7 ${"x".repeat(40)}`;
    const body = signUpBody({ password });
    expect((await signUp(body)).status).toBe(201);
  });

  it("answers InvalidParameterException 400 naming the phone", async () => {
    const res = await signUp(signUpBody({ phone: "070-123 45 6x" }));
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
    const res = await signUp(body);
    expectCleanError(res, "InvalidParameterException", 400);
    expect(res.body.fields).toEqual(fields);
  });

  it("ignores fields a client must not set", async () => {
    const body = { ...signUpBody(), status: "CONFIRMED", emailVerified: true, id: "00000000-0000-0000-0000-000000000000" };
    expect((await signUp(body)).status).toBe(201);
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

  it("kills a code after 5 wrong tries: even the right code then answers LimitExceededException with Retry-After", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    for (let i = 0; i < 5; i++) expectCleanError(await confirm(u.email, wrongCode(u.code)), "CodeMismatchException", 400);
    const dead = await confirm(u.email, u.code);
    expectCleanError(dead, "LimitExceededException", 429);
    expect(Number(dead.headers["retry-after"])).toBe(60);
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

describe("sign-up of an address whose account was never signed in", () => {
  it("claims an unconfirmed account only once the mailed code confirms it, with the claimant's details", async () => {
    const squatter = await signUpWithCode(file.app, file.sink, { firstName: "Mallory", password: "Squatter1" });
    const before = await userRow(file.app, squatter.email);

    const owner = signUpBody({
      email: squatter.email,
      password: "Agarens1losen",
      firstName: "Olivia",
      lastName: "Ägare",
      phone: "0709998877",
      language: "en",
    });
    const res = await signUp(owner);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ userConfirmed: false });
    // Nothing about the account changes before the code comes back; the new details wait with the code.
    expect(await userRow(file.app, squatter.email)).toEqual(before);
    const [pending] = await file.app.ctx.db.select().from(codes).where(eq(codes.userId, before.id));
    expect(pending.pending).toMatchObject({ firstName: "Olivia", lastName: "Ägare", language: "en" });
    expect(JSON.stringify(pending.pending)).not.toContain("Agarens1losen");

    const mail = await nthMail(file.sink, squatter.email, 2);
    expect(mail.subject).toBe("Your Bemanna activation code");
    expect(mail.text).toContain("Hi Olivia!");
    const code = codeIn(mail);
    // The first code was replaced by the claim's.
    if (code !== squatter.code) expectCleanError(await confirm(squatter.email, squatter.code), "CodeMismatchException", 400);
    expect((await confirm(squatter.email, code)).status).toBe(200);

    const after = await userRow(file.app, squatter.email);
    expect(after).toMatchObject({
      id: before.id,
      status: "CONFIRMED",
      emailVerified: true,
      firstName: "Olivia",
      lastName: "Ägare",
      phone: "+46709998877",
      language: "en",
    });
    expectCleanError(await signIn(file.app, squatter.email, "Squatter1"), "NotAuthorizedException", 401);
    expect((await signIn(file.app, squatter.email, "Agarens1losen")).status).toBe(200);
    // The spent code keeps no copy of the password hash.
    const [spent] = await file.app.ctx.db.select().from(codes).where(eq(codes.userId, before.id));
    expect(spent.pending).toBeNull();
  });

  it("a resent code carries the claim's details", async () => {
    const squatter = await signUpWithCode(file.app, file.sink, { password: "Squatter1" });
    expect((await signUp(signUpBody({ email: squatter.email, password: "Agarens1losen" }))).status).toBe(201);
    await nthMail(file.sink, squatter.email, 2);
    // Even once the claim's code has expired, a resend keeps its details.
    file.app.clock.advance(25 * HOUR);
    expect((await resend(squatter.email)).status).toBe(200);
    expect((await confirm(squatter.email, codeIn(await nthMail(file.sink, squatter.email, 3)))).status).toBe(200);
    expectCleanError(await signIn(file.app, squatter.email, "Squatter1"), "NotAuthorizedException", 401);
    expect((await signIn(file.app, squatter.email, "Agarens1losen")).status).toBe(200);
  });

  it("mails one address at most 5 codes an hour, sharing the budget of resend-code", async () => {
    const body = signUpBody();
    const email = String(body.email);
    for (let i = 0; i < CODE_MAILS_PER_HOUR; i++) expect((await signUp({ ...body, firstName: `Nr${i}` })).status).toBe(201);
    const res = await signUp(body);
    expectCleanError(res, "LimitExceededException", 429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(3500);
    expectCleanError(await resend(email), "LimitExceededException", 429);
    await nthMail(file.sink, email, CODE_MAILS_PER_HOUR);
    expect(await file.app.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    file.app.clock.advance(HOUR + SECOND);
    expect((await signUp(body)).status).toBe(201);
  });
});

describe("sign-ups per IP", () => {
  it("allows 20 unconfirmed sign-ups an hour; each confirmed from that IP gives one back", async () => {
    expect(SIGN_UPS_PER_IP_PER_HOUR).toBe(20);
    const ip = freshIp();
    const emails: string[] = [];
    for (let i = 0; i < SIGN_UPS_PER_IP_PER_HOUR; i++) {
      const body = signUpBody();
      expect((await signUp(body, ip)).status).toBe(201);
      emails.push(String(body.email));
    }
    const hash = vi.spyOn(file.app.ctx.hasher, "hash");
    const refused = signUpBody();
    const res = await signUp(refused, ip);
    expectCleanError(res, "LimitExceededException", 429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(3500);
    // Refused before the password is hashed, and nothing is created.
    expect(hash).not.toHaveBeenCalled();
    hash.mockRestore();
    expect(await userRow(file.app, String(refused.email))).toBeUndefined();
    // Another IP is not held back.
    expect((await signUp(signUpBody(), freshIp())).status).toBe(201);

    // A confirmation from elsewhere gives this IP nothing back …
    expect((await confirm(emails[0], codeIn(await nthMail(file.sink, emails[0], 1)), freshIp())).status).toBe(200);
    expectCleanError(await signUp(signUpBody(), ip), "LimitExceededException", 429);
    // … one from the IP gives back one sign-up.
    expect((await confirm(emails[1], codeIn(await nthMail(file.sink, emails[1], 1)), ip)).status).toBe(200);
    expect((await signUp(refused, ip)).status).toBe(201);
    expectCleanError(await signUp(signUpBody(), ip), "LimitExceededException", 429);

    file.app.clock.advance(HOUR + SECOND);
    expect((await signUp(signUpBody(), ip)).status).toBe(201);
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

  it("allows 5 code mails per hour per account (the sign-up's included), from any address, then LimitExceededException with Retry-After", async () => {
    const u = await signUpWithCode(file.app, file.sink);
    for (let i = 1; i < CODE_MAILS_PER_HOUR; i++) expect((await resend(u.email, freshIp())).status).toBe(200);
    const res = await resend(u.email, freshIp());
    expectCleanError(res, "LimitExceededException", 429);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    await nthMail(file.sink, u.email, 5);
    // After the hour the account may ask again.
    file.app.clock.advance(HOUR + SECOND);
    expect((await resend(u.email, freshIp())).status).toBe(200);
    await nthMail(file.sink, u.email, 6);
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
