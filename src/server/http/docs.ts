import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { openApiDocument, responses } from "#shared/api/schema";

/**
 * Every /api route states what it answers: without a response schema a route could send fields nobody
 * decided to send, and the document at /api/docs would be silent about it. Such a route stops the start.
 */
export function requireResponseSchema(route: RouteOptions) {
  const url = route.url;
  if (!url?.startsWith("/api/")) return;
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response || !Object.keys(response).some((status) => /^2\d\d$/.test(status)))
    throw new Error(`${String(route.method)} ${url} has no response schema for its success status`);
}

/**
 * The OpenAPI document of the API, generated from the same zod schemas that validate requests and encode
 * responses, served as JSON at /api/docs. Registered before any route, so it sees them all.
 */
export async function registerDocs(server: FastifyInstance) {
  server.addHook("onRoute", requireResponseSchema);
  await server.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Bemanna API",
        version: "1",
        description:
          "Errors answer {code, message, fields?}; times are ISO-8601 instants with offset, dates YYYY-MM-DD (Europe/Stockholm).",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  server
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/docs",
      { schema: { hide: true, response: responses({ 200: openApiDocument }) } },
      async () => server.swagger() as z.output<typeof openApiDocument>,
    );
}
