import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { appOnDatabase, confirmedAccount, req, session } from "../helpers/identity.ts";

// The README's production example sets no JWT_SECRET: the key is generated once and kept in the database.
let first: TestApp;
let second: App;

beforeAll(async () => {
  first = await createTestApp({ env: { NODE_ENV: "production" } });
  second = await appOnDatabase(first.database, first.clock, { NODE_ENV: "production" });
});
afterAll(async () => {
  await second.server.close();
  await first.close();
});

describe("the signing key in production", () => {
  it("is not required in the environment", () => {
    const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/bemanna" });
    expect(config.NODE_ENV).toBe("production");
    expect(config.JWT_SECRET).toBeUndefined();
  });

  it("is still refused when set too short", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
  });

  it("is generated once and shared by every process on the database", async () => {
    expect(first.ctx.secret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(second.ctx.secret).equals(Buffer.from(first.ctx.secret))).toBe(true);
    const account = await confirmedAccount(first);
    const { token } = await session(first, account.email, account.password);
    const me = await req(second, "GET", "/api/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(account.email);
  });
});
