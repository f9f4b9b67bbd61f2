import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses } from "#shared/api/schema";
import { eventIdParams, eventView } from "#shared/events/schema";
import { ledEventSummary } from "#shared/teamleader/schema";
import type { Ctx } from "../../context.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import * as teamleader from "./service.ts";

/**
 * The team leader's calls (STAFFING §2). Who may read is who leads a station of the event, and the one
 * statement of each read decides it, so the policy is the query: a user who leads none gets nothing (404).
 */
export async function teamleaderRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser(ctx) };

  r.get(
    "/api/teamleader/events/summaries",
    { ...signedIn, schema: { response: responses({ 200: z.array(ledEventSummary) }) } },
    async (request) => teamleader.summaries(ctx, actorOf(request)),
  );

  r.get(
    "/api/teamleader/events/:id",
    { ...signedIn, schema: { params: eventIdParams, response: responses({ 200: eventView }) } },
    async (request) => teamleader.ledEvent(ctx, actorOf(request), request.params.id),
  );
}
