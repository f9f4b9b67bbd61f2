import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses } from "#shared/api/schema";
import { calendarAddress } from "#shared/calendar";
import type { Ctx } from "../../context.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { limitRequests } from "../../limits.ts";
import * as calendar from "./service.ts";

/**
 * Fetches of feeds per client address and minute. Calendar services fetch many people's feeds from a few
 * addresses, each feed every hour or so, so the budget is wide; it stops one address from hammering the
 * database, valid tokens or not.
 */
export const FEED_FETCHES = { name: "calendar-feed", limit: 60, windowSeconds: 60 } as const;

/** The calendar feed (its address for the signed-in user, and the feed itself behind that address). */
export async function calendarRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser(ctx) };
  const address = responses({ 200: calendarAddress });

  r.get("/api/user/calendar", { ...signedIn, schema: { response: address } }, async (request) =>
    calendar.calendarAddressOf(ctx, actorOf(request)),
  );

  r.post("/api/user/calendar/renew", { ...signedIn, schema: { response: address } }, async (request) =>
    calendar.renewCalendarAddress(ctx, actorOf(request)),
  );

  // No sign-in: calendar apps fetch it on their own; the token in the address is the authority.
  r.get(
    "/api/calendar/:token.ics",
    {
      preHandler: limitRequests(ctx, FEED_FETCHES.name, FEED_FETCHES.limit, FEED_FETCHES.windowSeconds),
      schema: {
        params: z.object({ token: z.string() }),
        response: responses({
          200: { description: "The user's calendar (RFC 5545)", content: { "text/calendar": { schema: z.string() } } },
        }),
      },
    },
    async (request, reply) => {
      const text = await calendar.calendarFeed(ctx, request.params.token);
      return reply.header("Content-Type", "text/calendar; charset=utf-8").header("Cache-Control", "no-store").send(text);
    },
  );
}
