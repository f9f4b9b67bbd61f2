import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent, responses } from "#shared/api/schema";
import {
  availabilitiesBody,
  availabilitiesResult,
  availabilityView,
  confirmBody,
  groupBody,
  groupSummary,
  groupUpdateBody,
  groupView,
} from "#shared/groups/schema";
import type { Ctx } from "../../context.ts";
import { attachmentDisposition } from "../../http/download.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { csvFileName } from "./csv.ts";
import { authorizeGroup } from "./policy.ts";
import * as groups from "./service.ts";

const idParams = z.object({ id: z.string().max(64) });
const groupIdParams = z.object({ groupId: z.string().max(64) });

export async function groupRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireUser(ctx) };
  const groupResponse = responses({ 200: groupView });
  const csvResponse = responses({
    200: {
      description: "The group as a CSV file, in the contact's language",
      content: { "text/csv": { schema: z.string() } },
    },
  });

  r.get("/api/groups/summaries", { ...auth, schema: { response: responses({ 200: z.array(groupSummary) }) } }, async (request) =>
    groups.listSummaries(ctx, actorOf(request)),
  );

  r.post(
    "/api/groups",
    { ...auth, schema: { body: groupBody, response: responses({ 201: groupView }) } },
    async (request, reply) => reply.status(201).send(await groups.createGroup(ctx, actorOf(request), request.body)),
  );

  r.get("/api/groups/:id", { ...auth, schema: { params: idParams, response: groupResponse } }, async (request) => {
    const actor = actorOf(request);
    return groups.openGroup(ctx, await authorizeGroup(ctx.db, actor, request.params.id), actor);
  });

  r.put(
    "/api/groups/:id",
    { ...auth, schema: { params: idParams, body: groupUpdateBody, response: groupResponse } },
    async (request) => {
      const actor = actorOf(request);
      return groups.updateGroup(ctx, actor, await authorizeGroup(ctx.db, actor, request.params.id), request.body);
    },
  );

  r.delete(
    "/api/groups/:id",
    { ...auth, schema: { params: idParams, response: responses({ 204: noContent }) } },
    async (request, reply) => {
      await groups.removeGroup(ctx, await authorizeGroup(ctx.db, actorOf(request), request.params.id));
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/groups/:id/confirm",
    { ...auth, schema: { params: idParams, body: confirmBody, response: groupResponse } },
    async (request) => {
      const actor = actorOf(request);
      return groups.confirmGroup(ctx, actor, await authorizeGroup(ctx.db, actor, request.params.id), request.body.version);
    },
  );

  r.get(
    "/api/groups/:groupId/availabilities",
    { ...auth, schema: { params: groupIdParams, response: responses({ 200: z.array(availabilityView) }) } },
    async (request) => {
      const group = await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
      return groups.listAvailabilities(ctx, group);
    },
  );

  r.put(
    "/api/groups/:groupId/availabilities",
    { ...auth, schema: { params: groupIdParams, body: availabilitiesBody, response: responses({ 200: availabilitiesResult }) } },
    async (request) => {
      const group = await authorizeGroup(ctx.db, actorOf(request), request.params.groupId);
      return groups.replaceAvailabilities(ctx, group, request.body.version, request.body.availabilities);
    },
  );

  r.get(
    "/api/groups/:id/export.csv",
    { ...auth, schema: { params: idParams, response: csvResponse } },
    async (request, reply) => {
      const actor = actorOf(request);
      const group = await authorizeGroup(ctx.db, actor, request.params.id);
      const { group: full, csv } = await groups.exportGroup(ctx, actor, group);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", attachmentDisposition(csvFileName(full)))
        .send(csv);
    },
  );
}
