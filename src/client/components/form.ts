import type { TFunction } from "i18next";
import type { z } from "zod";
import { ApiError } from "../app/api.ts";

/**
 * Validates a Mantine form with a shared zod schema: the same rules as the server, shown as translated
 * messages. Use as `validate: zodValidate(schema, t)`.
 */
export function zodValidate<S extends z.ZodType>(schema: S, t: TFunction) {
  return (values: unknown) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".");
      errors[key] ??= t(issue.message, issueValues(issue));
    }
    return errors;
  };
}

function issueValues(issue: z.core.$ZodIssue): Record<string, unknown> {
  return "minimum" in issue ? { n: issue.minimum } : {};
}

/** Field errors of an API answer, translated, for `form.setErrors`. */
export function apiFieldErrors(err: unknown, t: TFunction): Record<string, string> {
  if (!(err instanceof ApiError) || !err.fields) return {};
  return Object.fromEntries(Object.entries(err.fields).map(([k, id]) => [k, t(id)]));
}

/** The translated text for a failed call. */
export function apiErrorText(err: unknown, t: TFunction): string {
  const code = err instanceof ApiError ? err.code : "unknown";
  return t(`errors.${code}`, { defaultValue: t("errors.unknown") });
}
