import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Language } from "#shared/account/schema";
import { responses } from "#shared/api/schema";
import {
  attendanceBody,
  attendanceParams,
  eventPayoutParams,
  eventPayoutView,
  groupPayoutParams,
  payoutStatementView,
} from "#shared/attendance/schema";
import { offerView } from "#shared/offers/schema";
import type { Ctx } from "../../context.ts";
import { attachmentDisposition } from "../../http/download.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventOfContact } from "../events/policy.ts";
import { authorizeGroup } from "../groups/policy.ts";
import { eventReader, requireStation } from "../offers/policy.ts";
import * as payments from "../payments/service.ts";
import * as attendance from "./service.ts";

/** Attendance (STAFFING §2) and the payout statement that follows from it. */
export async function attendanceRoutes(app: FastifyInstance, ctx: Ctx) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireUser(ctx) };

  r.post(
    "/api/events/:eventId/attendance/:stationIdGroupId",
    { ...signedIn, schema: { params: attendanceParams, body: attendanceBody, response: responses({ 200: offerView }) } },
    async (request) => {
      // The event's contacts, and the team leader of this station; to anyone else it does not exist.
      const reader = await eventReader(ctx.db, actorOf(request), request.params.eventId);
      const { stationId, groupId } = request.params.stationIdGroupId;
      requireStation(reader, stationId);
      return attendance.recordAttendance(
        ctx,
        { eventId: reader.event.id, stationId, groupId },
        request.body,
        reader.stationIds ? "leader" : "organizer",
      );
    },
  );

  r.get(
    "/api/events/:eventId/payout",
    { ...signedIn, schema: { params: eventPayoutParams, response: responses({ 200: eventPayoutView }) } },
    async (request) => payments.eventPayout(ctx, await eventOfContact(ctx.db, actorOf(request), request.params.eventId)),
  );

  r.get(
    "/api/events/:eventId/payout.csv",
    {
      ...signedIn,
      schema: {
        params: eventPayoutParams,
        response: responses({
          200: {
            description: "The event's payout as a CSV file (UTF-8 with BOM, semicolons), in the reader's language",
            content: { "text/csv": { schema: z.string() } },
          },
        }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const event = await eventOfContact(ctx.db, actor, request.params.eventId);
      const { csv, fileName } = await attendance.eventPayoutCsv(ctx, event, actor.language as Language);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", attachmentDisposition(fileName))
        .send(csv);
    },
  );

  r.get(
    "/api/groups/:groupId/payout",
    { ...signedIn, schema: { params: groupPayoutParams, response: responses({ 200: z.array(payoutStatementView) }) } },
    async (request) => payments.groupPayout(ctx, await authorizeGroup(ctx.db, actorOf(request), request.params.groupId)),
  );
}
