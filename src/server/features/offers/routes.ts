import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent, responses } from "#shared/api/schema";
import {
  attendeesBody,
  availableQuery,
  candidateView,
  eventOffersParams,
  groupOffersParams,
  groupOffersQuery,
  offerBody,
  offerKeyParams,
  offerView,
  remindResult,
  sendOffersBody,
  sendOffersResult,
  stationOffersParams,
  stationOffersView,
} from "#shared/offers/schema";
import type { Ctx } from "../../context.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventOfContact } from "../events/policy.ts";
import { authorizeGroup } from "../groups/policy.ts";
import { eventReader, requireStation } from "./policy.ts";
import * as offers from "./service.ts";

/** The offer calls of STAFFING §2: authorization here, rules in the service. */
export async function offerRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser(ctx) };
  const one = responses({ 200: offerView });
  const list = responses({ 200: z.array(offerView) });

  // ── The event's side ──

  r.get(
    "/api/groups/available",
    { ...signedIn, schema: { querystring: availableQuery, response: responses({ 200: z.array(candidateView) }) } },
    async (request) =>
      offers.candidates(ctx, await eventOfContact(ctx.db, actorOf(request), request.query.eventId), request.query),
  );

  r.post(
    "/api/offers",
    { ...signedIn, schema: { body: offerBody, response: responses({ 201: offerView }) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const event = await eventOfContact(ctx.db, actor, request.body.eventId);
      return reply.status(201).send(await offers.createOffer(ctx, actor, event, request.body));
    },
  );

  r.delete(
    "/api/offers/:eventId/:groupId/:stationId",
    { ...signedIn, schema: { params: offerKeyParams, response: responses({ 204: noContent }) } },
    async (request, reply) => {
      await offers.removeOffer(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId), request.params);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/offers/:eventId/confirm",
    { ...signedIn, schema: { params: eventOffersParams, body: sendOffersBody, response: responses({ 200: sendOffersResult }) } },
    async (request) =>
      offers.sendOffers(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId), request.body),
  );

  r.post(
    "/api/offers/:eventId/send-reminder",
    { ...signedIn, schema: { params: eventOffersParams, response: responses({ 200: remindResult }) } },
    async (request) => offers.remind(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId)),
  );

  r.get(
    "/api/events/:eventId/offers",
    { ...signedIn, schema: { params: eventOffersParams, response: list } },
    async (request) => {
      const reader = await eventReader(ctx.db, actorOf(request), request.params.eventId);
      return offers.eventOffers(ctx, reader.event.id, reader.stationIds);
    },
  );

  r.get(
    "/api/offers/station/:eventId/:stationId",
    { ...signedIn, schema: { params: stationOffersParams, response: responses({ 200: stationOffersView }) } },
    async (request) => {
      const reader = await eventReader(ctx.db, actorOf(request), request.params.eventId);
      requireStation(reader, request.params.stationId);
      return offers.stationOffers(ctx, reader.event.id, request.params.stationId);
    },
  );

  // ── The group's side ──

  for (const path of ["/api/offers", "/api/offers/groups"])
    r.get(path, { ...signedIn, schema: { response: list } }, async (request) => offers.offersOfContact(ctx, actorOf(request)));

  r.get(
    "/api/groups/:groupId/offers",
    { ...signedIn, schema: { params: groupOffersParams, querystring: groupOffersQuery, response: list } },
    async (request) => {
      const group = await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
      return offers.offersOfGroup(ctx, group, request.query.eventId);
    },
  );

  r.get(
    "/api/offers/groups/:groupId/:eventId/:stationId",
    { ...signedIn, schema: { params: offerKeyParams, response: one } },
    async (request) => {
      await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
      return offers.offerOfGroup(ctx, request.params);
    },
  );

  for (const [action, to] of [
    ["accept", "ACCEPTED"],
    ["reject", "REJECTED"],
  ] as const)
    r.post(
      `/api/offers/:eventId/:groupId/:stationId/${action}`,
      { ...signedIn, schema: { params: offerKeyParams, response: one } },
      async (request) => {
        await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
        return offers.answer(ctx, request.params, to);
      },
    );

  r.post(
    "/api/offers/groups/:groupId/:eventId/:stationId",
    { ...signedIn, schema: { params: offerKeyParams, body: attendeesBody, response: one } },
    async (request) => {
      await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
      return offers.nameAttendees(ctx, request.params, request.body);
    },
  );
}
