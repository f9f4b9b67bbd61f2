/**
 * The message of each field of a failed safeParse, by dotted path: the first one, which the forms and the API
 * show. For the schemas' unit tests.
 */
export function fieldMessages(result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join(".")] ??= i.message;
  return out;
}
