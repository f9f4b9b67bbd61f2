import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses } from "#shared/api/schema";
import { eventParams } from "#shared/checkin/schema";
import { dayBeforeResult, deliveryReport, incomingText, secretParams, textsBody, textsView } from "#shared/sms/schema";
import type { Ctx } from "../../context.ts";
import { notFound, takeForms } from "../../http/errors.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventOfContact } from "../events/policy.ts";
import * as texts from "./service.ts";

/** The gateway waits for our answer; an empty 200 is all it needs (46elks texts back any body it gets). */
const received = {
  description: "Received (an empty body: 46elks would text any answer back to the sender)",
  content: { "text/plain": { schema: z.string() } },
};

/**
 * Texts (issue 24): the day-before reminder by hand and the organizer's view of the event's texts (the
 * event's contacts), and the two addresses the gateway posts to, each behind SMS_WEBHOOK_SECRET.
 */
export async function textRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser(ctx) };

  r.get(
    "/api/events/:eventId/day-before",
    { ...signedIn, schema: { params: eventParams, response: responses({ 200: dayBeforeResult }) } },
    async (request) => texts.preview(ctx, (await eventOfContact(ctx.db, actorOf(request), request.params.eventId)).id),
  );

  r.post(
    "/api/events/:eventId/day-before",
    { ...signedIn, schema: { params: eventParams, response: responses({ 200: dayBeforeResult }) } },
    async (request) => texts.remindNow(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId)),
  );

  r.get(
    "/api/events/:eventId/texts",
    { ...signedIn, schema: { params: eventParams, response: responses({ 200: textsView }) } },
    async (request) => texts.textsOf(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId)),
  );

  r.put(
    "/api/events/:eventId/texts",
    { ...signedIn, schema: { params: eventParams, body: textsBody, response: responses({ 200: textsView }) } },
    async (request) =>
      texts.setTexts(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId), request.body.enabled),
  );

  // The gateway's posts are forms, taken on these two routes only (every other route answers 415 to a form).
  await app.register(async (gateway) => {
    takeForms(gateway, 16 * 1024);
    const g = gateway.withTypeProvider<ZodTypeProvider>();
    const expected = ctx.config.SMS_WEBHOOK_SECRET ? digest(ctx.config.SMS_WEBHOOK_SECRET) : null;
    /** A wrong secret, or none configured, is an address that does not exist. */
    const requireSecret = (secret: string) => {
      if (!expected || !timingSafeEqual(digest(secret), expected)) throw notFound("No such address");
    };

    g.post(
      "/api/sms/incoming/:secret",
      { schema: { params: secretParams, body: incomingText, response: responses({ 200: received }) } },
      async (request, reply) => {
        requireSecret(request.params.secret);
        await texts.receive(ctx, request.body);
        return reply.status(200).type("text/plain").send("");
      },
    );

    g.post(
      "/api/sms/delivery/:secret",
      { schema: { params: secretParams, body: deliveryReport, response: responses({ 200: received }) } },
      async (request, reply) => {
        requireSecret(request.params.secret);
        await texts.delivered(ctx, request.body.id, request.body.status);
        return reply.status(200).type("text/plain").send("");
      },
    );
  });
}

const digest = (s: string) => createHash("sha256").update(s).digest();
