import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { createTestApp } from "../helpers/app.ts";
import { signUpBody, uniqueEmail } from "../helpers/factories.ts";
import type { Res } from "../helpers/http.ts";
import { appForFile, confirmedAccount, expectCleanError, req, signedInAccount } from "../helpers/identity.ts";

const file = appForFile();
let token: string;

beforeAll(async () => {
  token = (await signedInAccount(file.app)).token;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Every identity call that takes a JSON body, with a body that would be valid. */
const jsonCalls: Array<{ method: "POST" | "PUT"; url: string; body: Record<string, unknown>; auth?: true }> = [
  { method: "POST", url: "/api/auth/sign-up", body: signUpBody() },
  { method: "POST", url: "/api/auth/confirm-sign-up", body: { email: "a@example.se", code: "123456" } },
  { method: "POST", url: "/api/auth/resend-code", body: { email: "a@example.se" } },
  { method: "POST", url: "/api/auth/sign-in", body: { email: "a@example.se", password: "Funktionar1" } },
  { method: "POST", url: "/api/auth/complete-new-password", body: { session: "x", newPassword: "Funktionar1" } },
  { method: "POST", url: "/api/auth/forgot-password", body: { email: "a@example.se" } },
  {
    method: "POST",
    url: "/api/auth/confirm-forgot-password",
    body: { email: "a@example.se", code: "123456", newPassword: "Funktionar1" },
  },
  { method: "PUT", url: "/api/auth/me", body: { firstName: "Anna", lastName: "Berg", phone: "+46701234567" }, auth: true },
  {
    method: "POST",
    url: "/api/user",
    body: { email: "b@example.se", firstName: "Bertil", lastName: "Berg", phoneNumber: "+46701234567" },
    auth: true,
  },
];
const names = jsonCalls.map((c) => [`${c.method} ${c.url}`, c] as const);

const VALIDATION_FAMILY = ["ValidationError", "InvalidParameterException"];

function expectValidationFamily(res: Res) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(VALIDATION_FAMILY).toContain(res.body.code);
  expectCleanError(res, res.body.code, 400);
}

describe.each(names)("%s", (_name, call) => {
  const send = (options: Parameters<typeof req>[3]) =>
    req(file.app, call.method, call.url, { ...(call.auth ? { token } : {}), ...options });

  it("answers malformed JSON with 400 of the validation family", async () => {
    for (const raw of ['{"email": ', "{email: 'a'}", "[1,2", "\u0000", '{"a":1}{"b":2}']) {
      expectValidationFamily(await send({ raw, contentType: "application/json" }));
    }
  });

  it("answers an empty or missing body with 400 of the validation family", async () => {
    expectValidationFamily(await send({ raw: "", contentType: "application/json" }));
    expectValidationFamily(await send({}));
  });

  it("answers JSON that is not an object with 400 of the validation family", async () => {
    for (const raw of ["[]", "null", "42", '"text"', "true", "[{}]"]) {
      expectValidationFamily(await send({ raw, contentType: "application/json" }));
    }
  });

  it("answers wrong types with 400 and field ids", async () => {
    const wrongTypes = Object.fromEntries(Object.keys(call.body).map((k) => [k, { nested: [1, 2, 3] }]));
    const res = await send({ body: wrongTypes });
    expectValidationFamily(res);
    expect(Object.keys(res.body.fields ?? {}).length).toBeGreaterThan(0);
    for (const id of Object.values(res.body.fields as Record<string, string>)) expect(id).toMatch(/^validation\./);
  });

  it("answers other media types with 415 UnsupportedMediaType", async () => {
    for (const [contentType, raw] of [
      ["text/plain", JSON.stringify(call.body)],
      ["application/x-www-form-urlencoded", "email=a%40example.se&password=x"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.se\r\n--x--'],
      ["application/xml", "<email>a@example.se</email>"],
      ["text/html", "<p>hi</p>"],
    ]) {
      expectCleanError(await send({ raw, contentType }), "UnsupportedMediaType", 415);
    }
  });

  it("answers a body over 1 MiB with 413 PayloadTooLarge", async () => {
    const raw = JSON.stringify({ ...call.body, padding: "x".repeat(1024 * 1024) });
    expectCleanError(await send({ raw, contentType: "application/json" }), "PayloadTooLarge", 413);
  });

  it("refuses prototype poisoning", async () => {
    for (const raw of [
      JSON.stringify(call.body).replace(/^\{/, '{"__proto__":{"isAdmin":true},'),
      JSON.stringify(call.body).replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},'),
    ]) {
      expectValidationFamily(await send({ raw, contentType: "application/json" }));
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("answers huge strings in every field with 400, never 5xx", async () => {
    const huge = Object.fromEntries(Object.keys(call.body).map((k) => [k, "x".repeat(300_000)]));
    const res = await send({ body: huge });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectCleanError(res, res.body.code, res.status);
  });

  it("answers deeply nested JSON without falling over", async () => {
    const raw = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
    const res = await send({ raw, contentType: "application/json" });
    expect(res.status).toBe(400);
    expectCleanError(res, res.body.code, 400);
  });
});

describe("text the database cannot store", () => {
  it("a NUL character in a name is refused as input, not a server error", async () => {
    const body = signUpBody({ firstName: "Anna\u0000" });
    const res = await req(file.app, "POST", "/api/auth/sign-up", { body });
    expectValidationFamily(res);
    expect(
      await file.app.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email))),
    ).toHaveLength(0);
    expectValidationFamily(
      await req(file.app, "PUT", "/api/auth/me", {
        token,
        body: { firstName: "A\u0000", lastName: "Berg", phone: "+46701234567" },
      }),
    );
  });

  it("SQL-like text is stored verbatim and harms nothing", async () => {
    const body = signUpBody({ firstName: "Robert'); DROP TABLE users;--", lastName: "' OR 1=1 --" });
    expect((await req(file.app, "POST", "/api/auth/sign-up", { body })).status).toBe(201);
    const [row] = await file.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, String(body.email)));
    expect(row).toMatchObject({ firstName: body.firstName, lastName: body.lastName });
  });
});

describe("errors that are not the caller's", () => {
  it("a failure inside answers 500 InternalError without stack or SQL", async () => {
    const u = await confirmedAccount(file.app);
    const failure = new Error('relation "users" does not exist: SELECT "id", "password_hash" FROM "users" WHERE "email" = $1');
    vi.spyOn(file.app.ctx.hasher, "verify").mockRejectedValueOnce(failure);
    const res = await req(file.app, "POST", "/api/auth/sign-in", { body: { email: u.email, password: u.password } });
    expectCleanError(res, "InternalError", 500);
    expect(res.body).toEqual({ code: "InternalError", message: "Internal server error" });
  });
});

describe("routes", () => {
  it("an unknown API path answers 404 NotFound as JSON", async () => {
    expectCleanError(await req(file.app, "GET", "/api/auth/nothing-here"), "NotFound", 404);
    expectCleanError(await req(file.app, "DELETE", "/api/auth/me", { token }), "NotFound", 404);
    expectCleanError(await req(file.app, "GET", "/api/auth/sign-in"), "NotFound", 404);
  });

  it("protected identity routes answer 401 first, whatever the body", async () => {
    for (const call of jsonCalls.filter((c) => c.auth)) {
      expectCleanError(
        await req(file.app, call.method, call.url, { raw: "{broken", contentType: "application/json" }),
        "Unauthorized",
        401,
      );
      expectCleanError(await req(file.app, call.method, call.url, { raw: "x", contentType: "text/plain" }), "Unauthorized", 401);
    }
    expectCleanError(await req(file.app, "GET", `/api/user/${uniqueEmail()}`), "Unauthorized", 401);
    expectCleanError(await req(file.app, "GET", "/api/auth/me"), "Unauthorized", 401);
  });

  it("error answers carry the security headers", async () => {
    const res = await req(file.app, "POST", "/api/auth/sign-in", { body: {} });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("every answer carries the same security headers, HSTS only off localhost", async () => {
    for (const res of [await req(file.app, "GET", "/api/health"), await req(file.app, "GET", "/api/nowhere")]) {
      expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    const remote = await createTestApp({ env: { PUBLIC_URL: "https://bemanna.example.se" } });
    try {
      const res = await req(remote, "GET", "/api/health");
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await remote.close();
    }
  });

  it("sign-out and refresh take no body", async () => {
    expect((await req(file.app, "POST", "/api/auth/sign-out")).status).toBe(204);
    expectCleanError(await req(file.app, "POST", "/api/auth/refresh"), "Unauthorized", 401);
  });
});
