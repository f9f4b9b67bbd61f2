/** PostgreSQL's SQLSTATE for a unique index or constraint that refused a row. */
export const UNIQUE_VIOLATION = "23505";

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * Is `err` the database refusing a row by `constraint` with SQLSTATE `code`? Errors are told apart by
 * PostgreSQL's code and the constraint's name, which pg and PGlite both carry, never by message text (which
 * changes with the server's language and version). Drizzle wraps the driver's error in `cause`.
 */
export function isDatabaseError(err: unknown, code: string, constraint?: string): boolean {
  for (let e = err as PgErrorFields | undefined, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if (e.code === code && (constraint === undefined || e.constraint === constraint)) return true;
    e = e.cause as PgErrorFields | undefined;
  }
  return false;
}

/** A unique index named `constraint` refused the row. */
export const isUniqueViolation = (err: unknown, constraint: string) => isDatabaseError(err, UNIQUE_VIOLATION, constraint);

/**
 * SQLSTATEs of a connection the server ended or would not give: class 08 (connection exception), 57P01-03
 * (terminated by an administrator, crash of another backend, starting up or shutting down) and 53300 (too
 * many connections).
 */
const CONNECTION_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** Node's codes for a socket whose peer went away or cannot be reached. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** pg's own errors for a connection that is gone or could not be had carry no code, only these texts. */
const DRIVER_TEXT =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * Did `err` come from losing the database connection (or not getting one), rather than from the query?
 * Such a failure says nothing about the request: the same request may well succeed a moment later.
 */
export function isConnectionLost(err: unknown): boolean {
  for (
    let e = err as (PgErrorFields & { message?: unknown }) | undefined, depth = 0;
    e && typeof e === "object" && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && (CONNECTION_STATE.test(e.code) || SOCKET_CODES.has(e.code))) return true;
    if (typeof e.message === "string" && DRIVER_TEXT.test(e.message)) return true;
    e = e.cause as PgErrorFields | undefined;
  }
  return false;
}
