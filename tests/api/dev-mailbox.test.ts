import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueTexts } from "../../src/server/texts/outbox.ts";
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

describe("the development list of texts", () => {
  it("lists kept texts as JSON and as an escaped HTML page beside the mailbox, outside production", async () => {
    await dev.ctx.db.transaction((tx) =>
      queueTexts(tx, dev.clock.now(), [
        {
          to: "+46701234567",
          kind: "morning",
          lang: "sv",
          values: { eventName: "<i>Loppet</i>", stationName: "Vätska", time: "08:00", confirmed: "1", expected: "2", url: "x" },
          purpose: null,
          eventId: null,
          name: null,
        },
      ]),
    );
    await dev.jobs.runDue();
    const list = await call(dev.server, "GET", "/api/dev/sms");
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ to: "+46701234567", kind: "morning", status: "SENT" });
    expect(list.body[0].message).toContain("1 av 2 har svarat JA");
    const page = await call(dev.server, "GET", "/dev/sms");
    expect(page.status).toBe(200);
    expect(page.body).toContain("&lt;i&gt;Loppet&lt;/i&gt;");
    expect(page.body).not.toContain("<i>Loppet</i>");
    for (const app of [production, listening]) {
      expect((await call(app.server, "GET", "/api/dev/sms")).status).toBe(404);
      expect((await call(app.server, "GET", "/dev/sms")).status).toBe(404);
    }
  });
});
