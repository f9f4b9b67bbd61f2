import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { requireResponseSchema } from "../../src/server/http/docs.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { call } from "../helpers/http.ts";

let app: TestApp;
/** Every /api route the app registers, collected as Fastify announces them. */
const routes: Array<{ method: string; url: string; response?: Record<string, unknown> }> = [];

beforeAll(async () => {
  app = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat())
        if (route.url.startsWith("/api/") && method !== "HEAD")
          routes.push({ method, url: route.url, response: (route.schema as { response?: Record<string, unknown> })?.response });
    },
  });
});
afterAll(() => app.close());

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}

/** Fastify's `/api/events/:id` as OpenAPI writes it: `/api/events/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, "{$1}");

describe("the API contract", () => {
  it("gives every /api route a response schema for its success status", () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((r) => !Object.keys(r.response ?? {}).some((status) => /^2\d\d$/.test(status)));
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it("refuses to register an /api route without a response schema", async () => {
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    bare.addHook("onRoute", requireResponseSchema);
    expect(() => bare.get("/api/nothing-said", async () => ({}))).toThrow(/no response schema/);
    expect(() =>
      bare.get("/api/something-said", { schema: { response: { 200: z.object({}) } } }, async () => ({})),
    ).not.toThrow();
    await bare.close();
  });

  it("serves at /api/docs an OpenAPI document with every route, its requests and its responses", async () => {
    const res = await call(app.server, "GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe("Bemanna API");
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = routes.filter((r) => r.url !== "/api/docs").map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(documented.sort()).toEqual(expected.sort());

    for (const [path, operations] of Object.entries(paths))
      for (const [method, op] of Object.entries(operations)) {
        const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
        expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of success)
          if (status !== "204") expect(response.content, `${method} ${path} ${status}`).toBeDefined();
        expect(op.responses["4XX"]?.content?.["application/json"]?.schema?.properties?.code, `${method} ${path}`).toBeDefined();
      }

    // Requests too: the event's body names its fields, station times included.
    const post = doc.paths["/api/events"].post;
    const body = post.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(expect.arrayContaining(["name", "date", "organizerNumber"]));
    const view = post.responses["201"].content["application/json"].schema;
    expect(view.properties.stations.items.properties.start).toMatchObject({ type: "string", format: "date-time" });
    expect(doc.paths["/api/events/{id}"].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "path", name: "id" })]),
    );
  });
});
