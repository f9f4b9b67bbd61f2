import type { TFunction } from "i18next";
import { ApiError } from "../../app/api.ts";
import { apiErrorText } from "../../components/form.ts";

/**
 * A link that leads nowhere: wrong, renewed, used or past (404 LinkInvalid), or so mangled that the server
 * refuses it as input (400). Either way the person holding it can only ask for a new one.
 */
export const isDeadLink = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);

/**
 * The text of a failed call on the pages reached through a link: too many tries says how long to wait
 * (the server's Retry-After, in whole minutes); anything else is the error's translated text.
 */
export function failureText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError && err.code === "LimitExceededException" && err.retryAfterSeconds)
    return t("registration.signUp.wait", { count: Math.ceil(err.retryAfterSeconds / 60) });
  return apiErrorText(err, t);
}
