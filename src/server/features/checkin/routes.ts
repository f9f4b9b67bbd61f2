import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent, responses } from "#shared/api/schema";
import {
  checkinBody,
  checkinListView,
  checkinParams,
  checkinResultView,
  eventParams,
  groupCheckinView,
  groupPassesParams,
  passParams,
  passView,
  todayView,
  undoParams,
} from "#shared/checkin/schema";
import type { Ctx } from "../../context.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventOfContact } from "../events/policy.ts";
import { authorizeGroup } from "../groups/policy.ts";
import { eventReader, requireStation } from "../offers/policy.ts";
import * as checkin from "./service.ts";

/**
 * The event day live (issue 23): the station's list and its taps for the event's contacts and the station's
 * team leader (404 for anyone else), the live stream, the organizer's "Idag" tab and the volunteers' passes.
 */
export async function checkinRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser(ctx) };

  /** The event's contacts, or the team leader of this station. */
  const stationReader = async (
    request: { params: { eventId: string; stationId: string } },
    actor: ReturnType<typeof actorOf>,
  ) => {
    const reader = await eventReader(ctx.db, actor, request.params.eventId);
    requireStation(reader, request.params.stationId);
    return reader;
  };

  r.get(
    "/api/events/:eventId/stations/:stationId/checkins",
    { ...signedIn, schema: { params: checkinParams, response: responses({ 200: checkinListView }) } },
    async (request) => {
      await stationReader(request, actorOf(request));
      return checkin.stationList(ctx, request.params.eventId, request.params.stationId);
    },
  );

  r.post(
    "/api/events/:eventId/stations/:stationId/checkins",
    { ...signedIn, schema: { params: checkinParams, body: checkinBody, response: responses({ 200: checkinResultView }) } },
    // The tap's own first read checks who may check in (the event's contacts, the station's team leader):
    // one round trip less on the call a whole event makes at once.
    async (request) => checkin.checkIn(ctx, actorOf(request), request.params.eventId, request.params.stationId, request.body),
  );

  r.delete(
    "/api/events/:eventId/stations/:stationId/checkins/:volunteerId",
    { ...signedIn, schema: { params: undoParams, response: responses({ 204: noContent }) } },
    async (request, reply) => {
      await stationReader(request, actorOf(request));
      await checkin.undo(ctx, request.params.eventId, request.params.stationId, request.params.volunteerId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/events/:eventId/today",
    { ...signedIn, schema: { params: eventParams, response: responses({ 200: todayView }) } },
    async (request) => checkin.today(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId)),
  );

  r.get(
    "/api/events/:eventId/live",
    {
      ...signedIn,
      schema: {
        params: eventParams,
        response: responses({
          200: {
            description: "Server-Sent Events: one `data:` line per change, a station's counts as JSON ({stationId, counts})",
            content: { "text/event-stream": { schema: z.string() } },
          },
        }),
      },
    },
    async (request, reply) => {
      const reader = await eventReader(ctx.db, actorOf(request), request.params.eventId);
      // Listening starts before the answer is taken over, so a database that cannot listen answers an error.
      const stream = await ctx.live.open(reader.event.id, reader.stationIds ?? null);
      reply.hijack();
      stream.serve(request.raw, reply.raw);
    },
  );

  // The pass page's data: anyone holding the token (it is the volunteer's own, mailed to them).
  r.get("/api/passes/:token", { schema: { params: passParams, response: responses({ 200: passView }) } }, async (request) =>
    checkin.passByToken(ctx, request.params.token),
  );

  r.get(
    "/api/groups/:groupId/events/:eventId/checkins",
    { ...signedIn, schema: { params: groupPassesParams, response: responses({ 200: z.array(groupCheckinView) }) } },
    async (request) => {
      const group = await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
      return checkin.groupCheckins(ctx, group.id, request.params.eventId);
    },
  );

  r.get(
    "/api/groups/:groupId/events/:eventId/passes",
    { ...signedIn, schema: { params: groupPassesParams, response: responses({ 200: z.array(passView) }) } },
    async (request) => {
      const group = await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
      return checkin.groupPasses(ctx, group.id, request.params.eventId);
    },
  );
}
