import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteInfo } from "../../scripts/probe-requests.ts";
import { formatReport, runProbe } from "../../scripts/probe-run.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";

/**
 * The probe of `npm run probe` (scripts/probe.ts), short: the same requests, over real sockets to the app
 * listening in this process, and no 5xx among the answers. The full run is 10,000 requests or more.
 */
const REQUESTS = 800;
const SEED = 20_261_122;

let app: TestApp;
const routes: RouteInfo[] = [];
let port: number;

beforeAll(async () => {
  app = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
    },
  });
  await app.server.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === "string") throw new Error("the app has no port");
  port = address.port;
});
afterAll(() => app?.close());

describe("the probe", () => {
  it(`answers ${REQUESTS} hostile requests across every route without a 5xx`, async () => {
    const report = await runProbe({
      host: "127.0.0.1",
      port,
      routes,
      requests: REQUESTS,
      concurrency: 8,
      seed: SEED,
      geocoder: false,
    });
    const summary = formatReport(report, routes.length);
    expect(report.requests, summary).toBe(REQUESTS);
    expect(report.routesHit, summary).toEqual([...new Set(routes.map((r) => `${r.method} ${r.url}`))].sort());
    expect(report.serverErrors, summary).toBe(0);
    expect(report.unanswered, summary).toBe(0);
  }, 180_000);
});
