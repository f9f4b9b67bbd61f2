import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { signUpBody } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";

let dev: TestApp;
let production: TestApp;

beforeAll(async () => {
  dev = await createTestApp();
  production = await createTestApp({ env: { NODE_ENV: "production", JWT_SECRET: "x".repeat(40) } });
});
afterAll(async () => {
  await dev.close();
  await production.close();
});

describe("the development mailbox", () => {
  it("lists kept mail as JSON and as an escaped HTML page outside production", async () => {
    const body = signUpBody({ firstName: "<b>Eva</b>" });
    expect((await call(dev.server, "POST", "/api/auth/sign-up", { body })).status).toBe(201);
    const list = await call(dev.server, "GET", "/api/dev/mailbox");
    expect(list.status).toBe(200);
    expect(list.body[0].to).toBe(body.email);
    const page = await call(dev.server, "GET", "/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.body).toContain("&lt;b&gt;Eva&lt;/b&gt;");
    expect(page.body).not.toContain("<b>Eva</b>");
  });

  it("does not exist in production", async () => {
    expect((await call(production.server, "GET", "/api/dev/mailbox")).status).toBe(404);
    expect((await call(production.server, "GET", "/dev/mailbox")).status).toBe(404);
  });
});
