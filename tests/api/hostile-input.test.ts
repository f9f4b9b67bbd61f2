import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boundaryRequests,
  type Fixtures,
  type HostileRequest,
  isExpectedServerError,
  type RouteInfo,
  requestsFor,
  type Send,
  setupFixtures,
} from "../../scripts/probe-requests.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";

/**
 * Property: no route answers 5xx, whatever is put in its body, path or query string (scripts/probe-requests.ts
 * says what is sent). Each route gets its boundary sweep (every field with the edge values) as examples, then
 * random requests. Seeded, so a failure reproduces; the report names the seed and the request.
 */
const SEED = 20_261_122;
const RANDOM_RUNS_PER_ROUTE = 60;

let app: TestApp;
let fixtures: Fixtures;
/** Every route of the app, collected as Fastify announces them (as tests/api/docs.test.ts does). */
const routes: RouteInfo[] = [];

const send: Send = async (method, url, options = {}) => {
  const res = await app.server.inject({
    method: method as "GET",
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  let body: unknown = res.body;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {}
  return { status: res.statusCode, body };
};

beforeAll(async () => {
  app = await createTestApp({
    onRoute: (route) => {
      // A stream (the check-ins' live stream) never ends an answer that inject would wait for; its refusals
      // are tested over a socket (tests/api/checkins.test.ts).
      const ok = (route.schema?.response as Record<number, { content?: Record<string, unknown> }> | undefined)?.[200];
      if (ok?.content?.["text/event-stream"]) return;
      for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
    },
  });
  fixtures = await setupFixtures(send, app.clock.now());
});
afterAll(() => app?.close());

async function answer(r: HostileRequest) {
  const res = await app.server.inject({
    method: r.method as "GET",
    url: r.path,
    headers: r.headers,
    ...(r.body !== undefined ? { payload: r.body } : {}),
  });
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {}
  return { status: res.statusCode, body, text: res.body };
}

describe("hostile input", () => {
  it("never makes a route answer 5xx", async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      const examples = boundaryRequests(route, fixtures).map((r): [HostileRequest] => [r]);
      const details = await fc.check(
        fc.asyncProperty(requestsFor(route, fixtures), async (r) => {
          const res = await answer(r);
          if (res.status >= 500 && !isExpectedServerError(r, res, false))
            throw new Error(`${res.status} ${res.text.slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: examples.length + RANDOM_RUNS_PER_ROUTE, examples, endOnFailure: true },
      );
      if (details.failed) failures.push(`${route.method} ${route.url}: ${fc.defaultReportMessage(details)}`);
    }
    expect(failures).toEqual([]);
    // About 15 s alone; beside the browser tests of a full run on two cores, several times that.
  }, 300_000);
});
