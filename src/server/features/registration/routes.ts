import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noContent, responses } from "#shared/api/schema";
import {
  addVolunteerBody,
  addVolunteerResult,
  guardianConsentPreview,
  linkBody,
  linkResult,
  mailLinkBody,
  publicRegistration,
  registrationParams,
  volunteerRemovalPreview,
} from "#shared/registration/schema";
import type { Ctx } from "../../context.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { clientAddress, limitRequests } from "../../limits.ts";
import { authorizeGroup } from "../groups/policy.ts";
import * as registration from "./service.ts";
import { SIGN_UPS_PER_IP } from "./service.ts";

/**
 * Sign-up links (STAFFING §2) and the links in the mails they lead to. Only the link itself needs a sign-in
 * (a group contact's); the rest is reached by people without an account, whose authority is the link's
 * secret: the MAC in the hash, or a signed token (ARCHITECTURE §4).
 */
export async function registrationRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/link",
    { onRequest: requireUser(ctx), schema: { body: linkBody, response: responses({ 200: linkResult }) } },
    async (request) => {
      const group = await authorizeGroup(ctx.db, actorOf(request), request.body.groupId);
      return registration.shareLink(ctx, group, request.body);
    },
  );

  // No limit: one read by primary key of what anyone holding the link may see, which nobody can guess
  // (ADR 022); a limit kept in the database would cost several times the read it guards.
  r.get(
    "/api/public/self-registration/:eventId/:hash",
    { schema: { params: registrationParams, response: responses({ 200: publicRegistration }) } },
    async (request) => registration.publicRegistration(ctx, request.params.eventId, request.params.hash),
  );

  r.post(
    "/api/groups/addVolunteer",
    {
      // Counted before the body is read, so bad input counts too.
      onRequest: limitRequests(ctx, SIGN_UPS_PER_IP.name, SIGN_UPS_PER_IP.limit, SIGN_UPS_PER_IP.windowSeconds),
      schema: { body: addVolunteerBody, response: responses({ 201: addVolunteerResult }) },
    },
    async (request, reply) =>
      reply.status(201).send(await registration.addVolunteer(ctx, request.body, clientAddress(request.ip))),
  );

  r.post(
    "/api/volunteers/guardian-consent/preview",
    { schema: { body: mailLinkBody, response: responses({ 200: guardianConsentPreview }) } },
    async (request) => registration.guardianPreview(ctx, request.body.token),
  );

  r.post(
    "/api/volunteers/guardian-consent",
    { schema: { body: mailLinkBody, response: responses({ 204: noContent }) } },
    async (request, reply) => {
      await registration.confirmGuardian(ctx, request.body.token);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/volunteers/removal/preview",
    { schema: { body: mailLinkBody, response: responses({ 200: volunteerRemovalPreview }) } },
    async (request) => registration.removalPreview(ctx, request.body.token),
  );

  r.post(
    "/api/volunteers/removal",
    { schema: { body: mailLinkBody, response: responses({ 204: noContent }) } },
    async (request, reply) => {
      await registration.removeVolunteer(ctx, request.body.token);
      return reply.status(204).send(null);
    },
  );
}
