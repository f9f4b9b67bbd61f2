import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { codeIn, SmtpSink } from "../helpers/smtp-sink.ts";

let app: TestApp;
const sink = new SmtpSink();

beforeAll(async () => {
  app = await createTestApp({ smtpUrl: await sink.start() });
  app.jobs.start();
});
afterAll(async () => {
  await app.close();
  await sink.stop();
});

describe("health and identity smoke", () => {
  it("answers health without naming the database engine", async () => {
    const res = await call(app.server, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("marks every API answer, errors too, as not to be stored", async () => {
    for (const url of ["/api/health", "/api/auth/me", "/api/nothing-here"]) {
      expect((await call(app.server, "GET", url)).headers["cache-control"], url).toBe("no-store");
    }
  });

  it("mails a sign-up code over SMTP that confirms the account", async () => {
    const email = "smoke@example.se";
    const res = await call(app.server, "POST", "/api/auth/sign-up", {
      body: { email, password: "Funktionar1", firstName: "Åsa", lastName: "Öberg", countryCode: "+46", phone: "0701234567" },
    });
    expect(res.status).toBe(201);
    const mail = await sink.waitFor(email);
    expect(mail.subject).toBe("Din aktiveringskod till Bemanna");
    const ok = await call(app.server, "POST", "/api/auth/confirm-sign-up", { body: { email, code: codeIn(mail) } });
    expect(ok.status).toBe(200);
  });

  it("signs in a built user and reads the profile", async () => {
    const u = await buildUser(app);
    const me = await call(app.server, "GET", "/api/auth/me", { token: u.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(u.email);
    expect(me.body.phone).toBe("+46701234567");
  });
});
