import { describe, expect, it } from "vitest";
import { appForFile, expectCleanError, req, signedInAccount } from "../helpers/identity.ts";

const file = appForFile();

const me = (token?: string) => req(file.app, "GET", "/api/auth/me", { token });
const update = (token: string | undefined, body: unknown) => req(file.app, "PUT", "/api/auth/me", { token, body });
const valid = { firstName: "Bertil", lastName: "Berg", phone: "+46709876543" };

describe("GET /api/auth/me", () => {
  it("answers exactly the profile fields", async () => {
    const u = await signedInAccount(file.app, {
      firstName: "Åsa",
      lastName: "Öberg",
      countryCode: "+44",
      phone: "07700900123",
      language: "en",
    });
    const res = await me(u.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: "Åsa",
      lastName: "Öberg",
      email: u.email,
      phone: "+447700900123",
      emailVerified: true,
      phoneNumberVerified: false,
      language: "en",
    });
  });

  it("answers 401 Unauthorized without a token", async () => {
    expectCleanError(await me(), "Unauthorized", 401);
    expectCleanError(await me("not-a-token"), "Unauthorized", 401);
  });

  it("never shows what the server keeps about the account", async () => {
    const u = await signedInAccount(file.app);
    const text = JSON.stringify((await me(u.token)).body);
    for (const secret of ["passwordHash", "scrypt", "failedSignIns", "lockedUntil", "status", "id"]) {
      expect(text).not.toContain(`"${secret}"`);
    }
    expect(text).not.toContain("scrypt$");
  });
});

describe("PUT /api/auth/me", () => {
  it("changes first name, last name, phone and language, and answers the profile", async () => {
    const u = await signedInAccount(file.app);
    const res = await update(u.token, { ...valid, language: "en" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      firstName: "Bertil",
      lastName: "Berg",
      email: u.email,
      phone: "+46709876543",
      emailVerified: true,
      phoneNumberVerified: false,
      language: "en",
    });
    expect((await me(u.token)).body).toEqual(res.body);
  });

  it("keeps the language when none is sent", async () => {
    const u = await signedInAccount(file.app, { language: "en" });
    expect((await update(u.token, valid)).body.language).toBe("en");
  });

  it("never changes the e-mail", async () => {
    const u = await signedInAccount(file.app);
    const res = await update(u.token, { ...valid, email: "someone-else@example.se" });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(u.email);
    expect((await me(u.token)).body.email).toBe(u.email);
    expect((await req(file.app, "POST", "/api/auth/sign-in", { body: { email: u.email, password: u.password } })).status).toBe(
      200,
    );
  });

  it("ignores fields a user must not set", async () => {
    const u = await signedInAccount(file.app);
    await update(u.token, { ...valid, emailVerified: false, phoneNumberVerified: true, status: "UNCONFIRMED" });
    const profile = (await me(u.token)).body;
    expect(profile.emailVerified).toBe(true);
    expect(profile.phoneNumberVerified).toBe(false);
    expect((await req(file.app, "POST", "/api/auth/sign-in", { body: { email: u.email, password: u.password } })).status).toBe(
      200,
    );
  });

  it.each([
    [{ ...valid, firstName: "" }, { firstName: "validation.required" }],
    [{ ...valid, lastName: "   " }, { lastName: "validation.required" }],
    [{ ...valid, firstName: "x".repeat(251) }, { firstName: "validation.max250" }],
    [{ ...valid, phone: "070/123 45" }, { phone: "validation.phone" }],
    [{ ...valid, phone: "" }, { phone: "validation.required" }],
    [{ ...valid, language: "de" }, { language: "validation.oneOf" }],
    [{ ...valid, firstName: 42 }, { firstName: "validation.required" }],
    [{}, { firstName: "validation.required", lastName: "validation.required", phone: "validation.required" }],
  ])("answers ValidationError 400 with the fields for %j, changing nothing", async (body, fields) => {
    const u = await signedInAccount(file.app);
    const before = (await me(u.token)).body;
    const res = await update(u.token, body);
    expectCleanError(res, "ValidationError", 400);
    expect(res.body.fields).toEqual(fields);
    expect((await me(u.token)).body).toEqual(before);
  });

  it("stores names verbatim, SQL-like or not", async () => {
    const u = await signedInAccount(file.app);
    const firstName = "Robert'); DROP TABLE users;--";
    const lastName = '<script>alert("x")</script>';
    expect((await update(u.token, { ...valid, firstName, lastName })).status).toBe(200);
    expect((await me(u.token)).body).toMatchObject({ firstName, lastName });
  });

  it("answers 401 Unauthorized without a token, before looking at the body", async () => {
    expectCleanError(await update(undefined, valid), "Unauthorized", 401);
    expectCleanError(await update(undefined, {}), "Unauthorized", 401);
  });

  it("changes only the caller's own profile", async () => {
    const a = await signedInAccount(file.app);
    const b = await signedInAccount(file.app);
    const before = (await me(b.token)).body;
    await update(a.token, { ...valid, email: b.email });
    expect((await me(b.token)).body).toEqual(before);
  });
});
