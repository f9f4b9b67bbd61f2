import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ErrorBody, type ErrorCode, errorStatus, type FieldErrors } from "#shared/errors";
import { isConnectionLost } from "../db/errors.ts";

/** The one error type of the server: a code from the closed set, an English log message, field ids. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly fields?: FieldErrors,
    readonly retryAfterSeconds?: number,
    /** What the body names beside the code (WrongStation: the right station). */
    readonly station?: { id: string; name: string },
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = "Not found") => new AppError("NotFound", what);
export const forbidden = (what = "Forbidden") => new AppError("Forbidden", what);
export const unauthorized = () => new AppError("Unauthorized", "A valid access token is required");
export const conflict = (what: string, fields?: FieldErrors) => new AppError("Conflict", what, fields);
/** A HISTORIC event or group is read-only: a write conflicts with its state (409 EventHistoric, ADR 009). */
export const historicConflict = (what: "event" | "group") =>
  new AppError("EventHistoric", `A historic ${what} cannot be changed`);

declare module "fastify" {
  interface FastifyContextConfig {
    /** The code a schema failure answers with on this route (identity calls use InvalidParameterException). */
    validationCode?: ErrorCode;
  }
}

/** How long a client is asked to wait after the database connection was lost. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own failures that carry a meaning for the client, by Fastify's error code. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UnsupportedMediaType",
  FST_ERR_CTP_BODY_TOO_LARGE: "PayloadTooLarge",
  FST_ERR_CTP_EMPTY_JSON_BODY: "ValidationError",
  FST_ERR_CTP_INVALID_JSON_BODY: "ValidationError",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "ValidationError",
  FST_ERR_VALIDATION: "ValidationError",
};

/** Our validation message ids: `validation.<rule>` or an area's own `<area>.validation.<rule>`. */
function isValidationId(message: string | undefined): message is string {
  return !!message && /^([a-z][a-zA-Z]*\.)?validation\.[a-zA-Z0-9.]+$/.test(message);
}

function send(reply: FastifyReply, code: ErrorCode, message: string, fields?: FieldErrors, station?: ErrorBody["station"]) {
  const body: ErrorBody = { code, message, ...(fields ? { fields } : {}), ...(station ? { station } : {}) };
  return reply.status(errorStatus[code]).type("application/json").send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined)
      reply.header("Retry-After", String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    return send(reply, error.code, error.message, error.fields, error.station);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
      // Messages of our schemas are ids; zod's own (e.g. a body that is not an object) become a generic id.
      fields[field] ??= isValidationId(issue.message) ? issue.message : "validation.invalid";
    }
    const code = request.routeOptions.config?.validationCode ?? "ValidationError";
    return send(reply, code, `Invalid ${Object.keys(fields).join(", ")}`, fields);
  }
  const mapped = error.code ? fastifyCodes[error.code] : undefined;
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Errors of plugins that carry only an HTTP status are named by it.
    const code: ErrorCode =
      mapped ??
      (error.statusCode === 404
        ? "NotFound"
        : error.statusCode === 413
          ? "PayloadTooLarge"
          : error.statusCode === 415
            ? "UnsupportedMediaType"
            : error.statusCode === 429
              ? "LimitExceededException"
              : "ValidationError");
    if (code === "LimitExceededException") reply.header("Retry-After", String(reply.getHeader("retry-after") ?? "60"));
    return send(reply, code, error.message);
  }
  if (mapped) return send(reply, mapped, error.message);
  if (isConnectionLost(error)) {
    // Not the request's fault and likely over soon (a restart, a failover): the client may simply try again.
    request.log.error({ err: error }, "database connection lost");
    reply.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    return send(reply, "ServiceUnavailable", "The database is unavailable; try again shortly");
  }
  // Internals (stack, SQL) go to the log only.
  request.log.error({ err: error }, "request failed");
  return send(reply, "InternalError", "Internal server error");
}

/** Half of a UTF-16 surrogate pair without its other half: JSON can carry one (`"\\ud800"`), UTF-8 cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first string in a parsed body that PostgreSQL cannot store ("" for the body itself), or
 * null: one holding a NUL character, or a lone surrogate (which a jsonb column refuses outright). Such input
 * is refused as invalid before any route runs.
 */
export function unstorableTextPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") || LONE_SURROGATE.test(value) ? path : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const found = unstorableTextPath(child, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** The refusal of a parsed body holding text PostgreSQL cannot store, or null: every body parser asks it. */
export function unstorableRefusal(value: unknown): AppError | null {
  const at = unstorableTextPath(value);
  if (at === null) return null;
  return new AppError("ValidationError", `Text must not contain NUL characters or lone surrogates: ${at || "body"}`, {
    [at || "_"]: "validation.invalid",
  });
}

/**
 * Takes `application/x-www-form-urlencoded` bodies (a gateway's posts) within `scope` only, as flat objects,
 * refused like JSON when they hold text PostgreSQL cannot store.
 */
export function takeForms(scope: FastifyInstance, bodyLimit: number) {
  scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit }, (_req, body, done) => {
    const value = Object.fromEntries(new URLSearchParams(body as string));
    const refusal = unstorableRefusal(value);
    return refusal ? done(refusal) : done(null, value);
  });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, "NotFound", `No route ${request.method} ${request.url.split("?")[0]}`);
}
