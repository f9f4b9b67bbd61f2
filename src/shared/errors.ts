import type { ErrorBody } from "./api/schema.ts";

/** The closed set of error codes the API answers with (API.md). The UI translates `errors.<code>`. */
export const errorStatus = {
  Unauthorized: 401,
  ValidationError: 400,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  InternalError: 500,
  ServiceUnavailable: 503,
  UserNotFoundException: 404,
  NotAuthorizedException: 401,
  UserNotConfirmedException: 403,
  UsernameExistsException: 409,
  CodeMismatchException: 400,
  ExpiredCodeException: 400,
  InvalidParameterException: 400,
  InvalidPasswordException: 400,
  LimitExceededException: 429,
  // Staffing (STAFFING.md §5).
  EventNotConfirmed: 409,
  EventHistoric: 409,
  TooManyVolunteers: 400,
  Allocated: 400,
  TooManyRequested: 400,
  MissingSpecialInfo: 400,
  AttendanceNotOpen: 409,
  AttendanceExceedsVolunteers: 400,
  EmailExists: 409,
  LinkInvalid: 404,
  SameName: 409,
  // Contact persons leaving through the link in their mail.
  CreatorStays: 409,
  LastContact: 409,
  // Check-in on the day (issue 23).
  WrongStation: 409,
  WrongEvent: 409,
  PassInvalid: 404,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Field name → message id. */
export type FieldErrors = Record<string, string>;

// The body of every error answer is defined by its schema in api/schema.ts; only its type comes here, so
// the pages that need the codes do not load zod.
export type { ErrorBody };

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ErrorBody).code === "string";
}
