import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noContent, responses } from "#shared/api/schema";
import { leaveContactBody, leaveContactPreview } from "#shared/contacts";
import type { Ctx } from "../../context.ts";
import * as contacts from "./service.ts";

/**
 * The link in the "you were added as a contact person" mail. No sign-in: the signed token is the
 * authority, and it names one person and one event or group (ARCHITECTURE §4: an unrevoked link token).
 */
export async function contactRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/contacts/leave/preview",
    { schema: { body: leaveContactBody, response: responses({ 200: leaveContactPreview }) } },
    async (request) => contacts.previewLeave(ctx, request.body.token),
  );

  r.post(
    "/api/contacts/leave",
    { schema: { body: leaveContactBody, response: responses({ 204: noContent }) } },
    async (request, reply) => {
      await contacts.leave(ctx, request.body.token);
      return reply.status(204).send(null);
    },
  );
}
