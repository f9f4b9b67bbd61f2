import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { responses } from "#shared/api/schema";
import { MAX_FILE_BYTES } from "#shared/sendouts/files";
import {
  eventFilesParams,
  fileUploaded,
  sendOutAttachmentParams,
  sendOutBody,
  sendOutCreated,
  sendOutParams,
  sendOutStation,
  sendOutSummary,
  sendOutsParams,
  sendOutView,
} from "#shared/sendouts/schema";
import type { Ctx } from "../../context.ts";
import { attachmentDisposition } from "../../http/download.ts";
import { AppError } from "../../http/errors.ts";
import { actorOf, requireUser } from "../../identity/guard.ts";
import { eventReader } from "../offers/policy.ts";
import { commitUpload, receiveUpload, requireFilesOpen, tooLarge, type UploadPart } from "./files.ts";
import * as sendOuts from "./service.ts";

/** Room for the multipart boundaries and part headers around the one file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Files and send-outs of STAFFING §2. Who may: the event's contacts everything; a team leader files, and
 * send-outs to and of the stations they lead (eventReader); to anyone else the event does not exist (404).
 */
export async function sendOutRoutes(app: FastifyInstance, ctx: Ctx) {
  const signedIn = { onRequest: requireUser(ctx) };

  // The upload is the only route that reads multipart, so the parser exists only in its own scope, with
  // limits that hold whatever the request claims: one file of at most MAX_FILE_BYTES, a few small fields.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 10, headerPairs: 20 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/events/:eventId/files",
      {
        ...signedIn,
        schema: { params: eventFilesParams, consumes: ["multipart/form-data"], response: responses({ 201: fileUploaded }) },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { event } = await eventReader(ctx.db, actor, request.params.eventId);
        requireFilesOpen(event.status);
        if (!request.isMultipart())
          throw new AppError("UnsupportedMediaType", "Send the file as multipart/form-data in the field 'file'");
        // Refused before reading it (what follows is thrown away, http/refused-body.ts).
        if (Number(request.headers["content-length"] ?? 0) > MAX_FILE_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
        const staged = await receiveUpload(ctx, request.parts() as AsyncIterable<UploadPart>);
        return reply.status(201).send(await commitUpload(ctx, actor, event.id, staged));
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/events/:eventId/sendout",
    { ...signedIn, schema: { params: sendOutsParams, body: sendOutBody, response: responses({ 201: sendOutCreated }) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const reader = await eventReader(ctx.db, actor, request.params.eventId);
      return reply.status(201).send(await sendOuts.createSendOut(ctx, actor, reader, request.body));
    },
  );

  r.get(
    "/api/events/:eventId/sendout",
    { ...signedIn, schema: { params: sendOutsParams, response: responses({ 200: z.array(sendOutSummary) }) } },
    async (request) => sendOuts.sendOuts(ctx, await eventReader(ctx.db, actorOf(request), request.params.eventId)),
  );

  // Beyond the spec (ADR 026): the send-out form's stations, with how many a send-out reaches at each.
  r.get(
    "/api/events/:eventId/sendout/stations",
    { ...signedIn, schema: { params: sendOutsParams, response: responses({ 200: z.array(sendOutStation) }) } },
    async (request) => sendOuts.sendOutStations(ctx, await eventReader(ctx.db, actorOf(request), request.params.eventId)),
  );

  r.get(
    "/api/events/:eventId/sendout/:sendOutId",
    { ...signedIn, schema: { params: sendOutParams, response: responses({ 200: sendOutView }) } },
    async (request) => {
      const actor = actorOf(request);
      return sendOuts.sendOut(ctx, actor, await eventReader(ctx.db, actor, request.params.eventId), request.params.sendOutId);
    },
  );

  // The bytes as stored, always as a download (never shown inline): a send-out may carry any checked type.
  r.get(
    "/api/events/:eventId/sendout/:sendOutId/attachments/:name",
    {
      ...signedIn,
      schema: {
        params: sendOutAttachmentParams,
        response: responses({
          200: {
            description: "The attachment's bytes as they were sent, as a download, with the type found in its content",
            content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
          },
        }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { eventId, sendOutId, name } = request.params;
      const { file, content } = await sendOuts.attachment(ctx, actor, await eventReader(ctx.db, actor, eventId), sendOutId, name);
      return (
        reply
          .header("Content-Type", file.type)
          .header("Content-Disposition", attachmentDisposition(file.name))
          .header("Cache-Control", "private, no-store")
          // Fastify sends a Buffer as it is, past the serializer; the type names the schema's string of bytes.
          .send(content as unknown as string)
      );
    },
  );
}
