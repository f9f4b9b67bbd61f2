import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent, responses } from "#shared/api/schema";
import {
  eventCopyBody,
  eventForm,
  eventIdParams,
  eventSummary,
  eventUpdate,
  eventView,
  publicEvent,
  publicEventsQuery,
} from "#shared/events/schema";
import type { Ctx } from "../../context.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventOfContact } from "./policy.ts";
import * as events from "./service.ts";

export async function eventRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs before the body is validated, so a caller without a token learns nothing else.
  const signedIn = { onRequest: requireUser(ctx) };
  const now = () => ctx.clock.now();
  const viewResponse = responses({ 200: eventView });

  // Answered as JSON text from the view cache (ADR 008), serialised through the route's response schema.
  const asJson = (reply: FastifyReply, text: string) => reply.type("application/json; charset=utf-8").send(text);

  r.get(
    "/api/events/summaries",
    { ...signedIn, schema: { response: responses({ 200: z.array(eventSummary) }) } },
    async (request, reply) => asJson(reply, await events.summariesText(ctx, actorOf(request), (v) => String(reply.serialize(v)))),
  );

  r.post(
    "/api/events",
    { ...signedIn, schema: { body: eventForm(now), response: responses({ 201: eventView }) } },
    async (request, reply) => reply.status(201).send(await events.createEvent(ctx, actorOf(request), request.body)),
  );

  r.post(
    "/api/events/:id/copy",
    { ...signedIn, schema: { params: eventIdParams, body: eventCopyBody(now), response: responses({ 201: eventView }) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const source = await eventOfContact(ctx.db, actor, request.params.id);
      return reply.status(201).send(await events.copyEvent(ctx, actor, source, request.body));
    },
  );

  r.get("/api/events/:id", { ...signedIn, schema: { params: eventIdParams, response: viewResponse } }, async (request, reply) =>
    asJson(reply, await events.viewText(ctx, request.params.id, actorOf(request), (v) => String(reply.serialize(v)))),
  );

  r.put(
    "/api/events/:id",
    { ...signedIn, schema: { params: eventIdParams, body: eventUpdate, response: viewResponse } },
    async (request) => {
      const actor = actorOf(request);
      return events.updateEvent(ctx, actor, await eventOfContact(ctx.db, actor, request.params.id), request.body);
    },
  );

  r.post(
    "/api/events/:id/confirm",
    { ...signedIn, schema: { params: eventIdParams, response: viewResponse } },
    async (request) => {
      const actor = actorOf(request);
      return events.confirmEvent(ctx, actor, await eventOfContact(ctx.db, actor, request.params.id));
    },
  );

  r.put(
    "/api/events/:id/historic",
    { ...signedIn, schema: { params: eventIdParams, response: viewResponse } },
    async (request) => {
      const actor = actorOf(request);
      return events.setHistoric(ctx, actor, await eventOfContact(ctx.db, actor, request.params.id));
    },
  );

  r.delete(
    "/api/events/:id",
    { ...signedIn, schema: { params: eventIdParams, response: responses({ 204: noContent }) } },
    async (request, reply) => {
      await events.removeEvent(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.id));
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/public/events",
    { schema: { querystring: publicEventsQuery, response: responses({ 200: z.array(publicEvent) }) } },
    async (request) => events.publicEvents(ctx, request.query.startDate, request.query.endDate),
  );

  r.get(
    "/api/public/events/:id",
    { schema: { params: eventIdParams, response: responses({ 200: publicEvent }) } },
    async (request) => events.publicEvent(ctx, request.params.id),
  );
}
