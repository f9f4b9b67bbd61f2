import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent, responses } from "#shared/api/schema";
import {
  eventForm,
  eventIdParams,
  eventSummary,
  eventUpdate,
  eventView,
  publicEvent,
  publicEventsQuery,
} from "#shared/events/schema";
import type { Ctx } from "../../context.ts";
import { notFound } from "../../http/errors.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventOfContact } from "./policy.ts";
import * as repo from "./repo.ts";
import * as events from "./service.ts";

export async function eventRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs before the body is validated, so a caller without a token learns nothing else.
  const signedIn = { onRequest: requireUser(ctx) };
  const now = () => ctx.clock.now();
  const viewResponse = responses({ 200: eventView });

  // The two reads an organizer waits for most are answered from the view cache while their stamp holds:
  // on the embedded database its write count (no query at all), on PostgreSQL a cheap stamp query.
  const localStamp = () => (ctx.localWrites ? `w${ctx.localWrites()}` : undefined);

  r.get(
    "/api/events/summaries",
    { ...signedIn, schema: { response: responses({ 200: z.array(eventSummary) }) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const stamp = localStamp() ?? (await repo.summariesStamp(ctx.prepared, actor.id));
      return ctx.views.answer(reply, `summaries:${actor.id}`, stamp, () => events.summaries(ctx, actor));
    },
  );

  r.post(
    "/api/events",
    { ...signedIn, schema: { body: eventForm(now), response: responses({ 201: eventView }) } },
    async (request, reply) => reply.status(201).send(await events.createEvent(ctx, actorOf(request), request.body)),
  );

  r.get("/api/events/:id", { ...signedIn, schema: { params: eventIdParams, response: viewResponse } }, async (request, reply) => {
    const actor = actorOf(request);
    const id = request.params.id;
    // No stamp: no such event, or not the caller's: the same 404 either way (policy.ts says why). Views
    // are kept per contact, so only a read that passed that check fills or finds one.
    const stamp = localStamp() ?? (await repo.eventStamp(ctx.prepared, id, actor.id));
    if (stamp === undefined) throw notFound("Event not found");
    return ctx.views.answer(reply, `event:${id}:${actor.id}`, stamp, () => events.loadView(ctx.db, id, actor.id));
  });

  r.put(
    "/api/events/:id",
    { ...signedIn, schema: { params: eventIdParams, body: eventUpdate, response: viewResponse } },
    async (request) => {
      const event = await eventOfContact(ctx.db, actorOf(request), request.params.id);
      return events.updateEvent(ctx, event, request.body);
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

  r.put("/api/events/:id/historic", { ...signedIn, schema: { params: eventIdParams, response: viewResponse } }, async (request) =>
    events.setHistoric(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.id)),
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
