import { formFieldOf } from "#shared/registration/schema";
import { ApiError } from "../../app/api.ts";

/**
 * The refusal with its field errors moved onto the form's fields, so they show beside what the person
 * typed; null when none of them belongs to a field of the form.
 */
export function onFormFields(err: unknown): ApiError | null {
  if (!(err instanceof ApiError) || !err.fields) return null;
  const fields: Record<string, string> = {};
  for (const [path, id] of Object.entries(err.fields)) {
    const field = formFieldOf(path);
    if (field) fields[field] ??= id;
  }
  return Object.keys(fields).length > 0 ? new ApiError(err.status, err.code, fields, err.message, err.retryAfterSeconds) : null;
}
