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
