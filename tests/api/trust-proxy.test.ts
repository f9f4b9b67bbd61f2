import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { RESETS_PER_IP_PER_HOUR } from "../../src/server/identity/service.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { call } from "../helpers/http.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(() => app.close());

/** forgot-password allows RESETS_PER_IP_PER_HOUR per IP: the next one from that client is refused. */
const forgot = (email: string, forwardedFor: string) =>
  call(app.server, "POST", "/api/auth/forgot-password", { body: { email }, headers: { "x-forwarded-for": forwardedFor } });

describe("TRUST_PROXY", () => {
  it("behind one load balancer believes only the address it added, so a client cannot choose its IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RESETS_PER_IP_PER_HOUR; i++) {
      // What the client wrote comes first; the load balancer appends the address it saw.
      statuses.push((await forgot(`nobody${i}@example.se`, `10.0.0.${i}, 203.0.113.7`)).status);
    }
    expect(statuses.slice(0, RESETS_PER_IP_PER_HOUR)).not.toContain(429);
    expect(statuses[RESETS_PER_IP_PER_HOUR]).toBe(429);
    // Another real client has its own budget.
    const other = await forgot("nobody@example.se", "203.0.113.8");
    expect(other.status, JSON.stringify(other.body)).not.toBe(429);
  });

  it('refuses "true", which would believe any header', () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).TRUST_PROXY).toEqual(["10.0.0.1", "10.0.0.2"]);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});
