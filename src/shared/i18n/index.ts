import enAccount from "./en/account.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enMail from "./en/mail.json" with { type: "json" };
import enMyPages from "./en/my-pages.json" with { type: "json" };
import enPublic from "./en/public.json" with { type: "json" };
import svAccount from "./sv/account.json" with { type: "json" };
import svCommon from "./sv/common.json" with { type: "json" };
import svMail from "./sv/mail.json" with { type: "json" };
import svMyPages from "./sv/my-pages.json" with { type: "json" };
import svPublic from "./sv/public.json" with { type: "json" };

/**
 * Every text of UI and mail, by id. Each area keeps its own file; the ids are nested objects and the
 * files of one language are merged here. Swedish is the default and the fallback.
 */
export const resources = {
  sv: { ...svCommon, ...svAccount, ...svMail, ...svMyPages, ...svPublic },
  en: { ...enCommon, ...enAccount, ...enMail, ...enMyPages, ...enPublic },
} as const;

export type Dictionary = Record<string, unknown>;

/** All leaf ids of a dictionary, dotted. */
export function messageIds(dict: Dictionary, prefix = ""): string[] {
  return Object.entries(dict).flatMap(([k, v]) =>
    typeof v === "object" && v !== null ? messageIds(v as Dictionary, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Looks up a dotted id and fills {{name}} placeholders; used where i18next is not (server mail). */
export function translate(lang: keyof typeof resources, id: string, values: Record<string, string | number> = {}): string {
  const find = (dict: Dictionary) =>
    id.split(".").reduce<unknown>((node, part) => (node as Dictionary | undefined)?.[part], dict);
  const text = find(resources[lang]) ?? find(resources.sv);
  if (typeof text !== "string") return id;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
