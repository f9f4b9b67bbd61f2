import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { signUpBody } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";

let dev: TestApp;
let production: TestApp;
let listening: TestApp;
let relaying: TestApp;

beforeAll(async () => {
  dev = await createTestApp();
  production = await createTestApp({ env: { NODE_ENV: "production", JWT_SECRET: "x".repeat(40) } });
  listening = await createTestApp({ env: { HOST: "0.0.0.0" } });
  relaying = await createTestApp({ smtpUrl: "smtp://127.0.0.1:9" });
});
afterAll(async () => {
  await Promise.all([dev, production, listening, relaying].map((app) => app.close()));
});

const mailboxAbsent = async (app: TestApp) => {
  expect((await call(app.server, "GET", "/api/dev/mailbox")).status).toBe(404);
  expect((await call(app.server, "GET", "/dev/mailbox")).status).toBe(404);
};

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

  it("does not exist in production", () => mailboxAbsent(production));

  // Anyone who can reach the server could read a reset code there and take the account.
  it("does not exist when the server listens beyond this machine", () => mailboxAbsent(listening));

  it("does not exist when mail is really sent", () => mailboxAbsent(relaying));
});
