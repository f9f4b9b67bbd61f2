import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses } from "#shared/api/schema";
import { eventPayoutParams } from "#shared/attendance/schema";
import { approvalView, bankFileQuery, feesView, paidBody } from "#shared/payments/schema";
import type { Ctx } from "../../context.ts";
import { attachmentDisposition } from "../../http/download.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventOfContact } from "../events/policy.ts";
import * as payments from "./service.ts";

/** Money (issue 25): the payout's approval, its bank file and payment, and the organizer's fees; the event's contacts only. */
export async function paymentRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser(ctx) };
  const params = eventPayoutParams;

  r.post(
    "/api/events/:eventId/payout/approve",
    { ...signedIn, schema: { params, response: responses({ 200: approvalView }) } },
    async (request) => {
      const actor = actorOf(request);
      return payments.approve(ctx, actor, await eventOfContact(ctx.db, actor, request.params.eventId));
    },
  );

  r.post(
    "/api/events/:eventId/payout/paid",
    { ...signedIn, schema: { params, body: paidBody, response: responses({ 200: approvalView }) } },
    async (request) => {
      const actor = actorOf(request);
      return payments.markPaid(ctx, actor, await eventOfContact(ctx.db, actor, request.params.eventId), request.body.paidOn);
    },
  );

  r.post(
    "/api/events/:eventId/payout/ask-details",
    { ...signedIn, schema: { params, response: responses({ 200: z.object({ mailed: z.number().int() }) }) } },
    async (request) => {
      const actor = actorOf(request);
      return payments.askForDetails(ctx, actor, await eventOfContact(ctx.db, actor, request.params.eventId));
    },
  );

  r.get(
    "/api/events/:eventId/payout.xml",
    {
      ...signedIn,
      schema: {
        params,
        querystring: bankFileQuery,
        response: responses({
          200: {
            description: "The approved payout as an ISO 20022 pain.001.001.03 credit-transfer file in SEK",
            content: { "application/xml": { schema: z.string() } },
          },
        }),
      },
    },
    async (request, reply) => {
      const event = await eventOfContact(ctx.db, actorOf(request), request.params.eventId);
      const { xml, fileName } = await payments.bankFile(ctx, event, request.query);
      return reply
        .header("Content-Type", "application/xml; charset=utf-8")
        .header("Content-Disposition", attachmentDisposition(fileName))
        .send(xml);
    },
  );

  r.get(
    "/api/events/:eventId/fees",
    { ...signedIn, schema: { params, response: responses({ 200: feesView }) } },
    async (request) => payments.fees(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId)),
  );
}
