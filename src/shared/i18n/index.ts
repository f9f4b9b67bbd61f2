import { bundledResources } from "./bundles.ts";
import enAttendance from "./en/attendance.json" with { type: "json" };
import enCheckin from "./en/checkin.json" with { type: "json" };
import enEvents from "./en/events.json" with { type: "json" };
import enGroups from "./en/groups.json" with { type: "json" };
import enMail from "./en/mail.json" with { type: "json" };
import enOffers from "./en/offers.json" with { type: "json" };
import enPublic from "./en/public.json" with { type: "json" };
import enRegistration from "./en/registration.json" with { type: "json" };
import enSendouts from "./en/sendouts.json" with { type: "json" };
import enSms from "./en/sms.json" with { type: "json" };
import enTeamleader from "./en/teamleader.json" with { type: "json" };
import svAttendance from "./sv/attendance.json" with { type: "json" };
import svCheckin from "./sv/checkin.json" with { type: "json" };
import svEvents from "./sv/events.json" with { type: "json" };
import svGroups from "./sv/groups.json" with { type: "json" };
import svMail from "./sv/mail.json" with { type: "json" };
import svOffers from "./sv/offers.json" with { type: "json" };
import svPublic from "./sv/public.json" with { type: "json" };
import svRegistration from "./sv/registration.json" with { type: "json" };
import svSendouts from "./sv/sendouts.json" with { type: "json" };
import svSms from "./sv/sms.json" with { type: "json" };
import svTeamleader from "./sv/teamleader.json" with { type: "json" };

export { bundledResources, lazyResources } from "./bundles.ts";

/**
 * Every text of UI and mail, by id. Each area keeps its own file; the ids are nested objects and the
 * files of one language are merged here. Swedish is the default and the fallback.
 */
export const resources = {
  sv: {
    ...bundledResources.sv,
    ...svMail,
    ...svPublic,
    ...svGroups,
    ...svEvents,
    ...svOffers,
    ...svSendouts,
    ...svAttendance,
    ...svTeamleader,
    ...svRegistration,
    ...svCheckin,
    ...svSms,
  },
  en: {
    ...bundledResources.en,
    ...enMail,
    ...enPublic,
    ...enGroups,
    ...enEvents,
    ...enOffers,
    ...enSendouts,
    ...enAttendance,
    ...enTeamleader,
    ...enRegistration,
    ...enCheckin,
    ...enSms,
  },
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
  const text = lookUp(lang, id);
  if (text === null) return id;
  return text.includes("{{") ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? "")) : text;
}

/** The text of an id, found once: a whole event's reminder renders the same few ids thousands of times. */
const found = new Map<string, string | null>();
function lookUp(lang: keyof typeof resources, id: string): string | null {
  const key = `${lang}:${id}`;
  let text = found.get(key);
  if (text === undefined) {
    const find = (dict: Dictionary) =>
      id.split(".").reduce<unknown>((node, part) => (node as Dictionary | undefined)?.[part], dict);
    const t = find(resources[lang]) ?? find(resources.sv);
    text = typeof t === "string" ? t : null;
    found.set(key, text);
  }
  return text;
}
