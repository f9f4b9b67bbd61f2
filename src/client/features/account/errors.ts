import type { TFunction } from "i18next";
import { ApiError } from "../../app/api.ts";

/**
 * The text for a failed identity call on one account page: the page's own message for the codes it names
 * (spec 01 §8), else its generic one.
 */
export function accountErrorText(err: unknown, t: TFunction, byCode: Record<string, string>, generic: string): string {
  const code = err instanceof ApiError ? err.code : "";
  return t(byCode[code] ?? (code === "NetworkError" ? "errors.NetworkError" : generic));
}

export const errorCode = (err: unknown) => (err instanceof ApiError ? err.code : null);
