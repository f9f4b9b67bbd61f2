import type { TFunction } from "i18next";
import { skillLabelId } from "#shared/events/schema";
import type { Reason } from "#shared/offers/schema";

const PREFIX = "offers.reason.";

/** A skill's name inside a sentence: "saknar truckkort", but "B-körkort" keeps its capital. */
function skillInText(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/**
 * Why a candidate ranks where it does, as one short sentence (capital first): the reason's message id under
 * `offers.reason.` with its values, skill codes named as the station form names them. Unknown ids give null.
 */
export function reasonText(reason: Reason, t: TFunction): string | null {
  const id = reason.id.startsWith(PREFIX) ? reason.id : `${PREFIX}${reason.id}`;
  const values: Record<string, string | number> = { ...reason.values };
  if (typeof values.skill === "string") values.skill = skillInText(t(skillLabelId(values.skill)));
  const text = t(id, { ...values, defaultValue: "" });
  if (!text) return null;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Reasons that repeat the candidate's own distance and free members, shown beside its score. */
export const repeatsFacts = (reason: Reason) => /(^|\.)(near|distance|coversAll|coversPart)$/.test(reason.id);

/** Names joined as the language writes a list: "A, B och C" / "A, B and C". */
export function listText(names: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { type: "conjunction" }).format(names);
}
