import { z } from "zod";
import { type ErrorCode, errorStatus } from "../errors.ts";

/**
 * The shapes every route shares: the error body (API.md) and the empty answers. Response schemas are plain
 * (no transforms or defaults), so the server can encode its answers with them and the OpenAPI document at
 * /api/docs describes exactly what is sent.
 */

export const errorBody = z.object({
  code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  /** Field path → message id. */
  fields: z.record(z.string(), z.string()).optional(),
  /** WrongStation: the station where the person belongs. */
  station: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** `{}`: the call was done and there is nothing to tell. */
export const emptyBody = z.object({}).strict();

/** 204: no body at all. */
export const noContent = z.null().meta({ description: "No content" });

/** A success answer that is not JSON, e.g. `{ content: { "text/csv": { schema: z.string() } } }`. */
interface OtherMediaType {
  description?: string;
  content: Record<string, { schema: z.ZodType }>;
}

/**
 * A route's responses: its success schemas plus the error body for every 4xx and 5xx answer, so the
 * document names the error shape and the serializer checks it like any other answer.
 */
export function responses<S extends Record<number, z.ZodType | OtherMediaType>>(success: S) {
  return { ...success, "4xx": errorBody, "5xx": errorBody };
}

/** GET /api/health. */
/** GET /api/health: up and reaching its database; which engine it runs on is nobody's business outside. */
export const healthBody = z.object({ status: z.literal("ok") });

/** GET /api/dev/mailbox (development only): the mail the product would have sent. */
export const keptMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});

/** GET /api/docs: the OpenAPI document, generated from the routes' schemas. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
