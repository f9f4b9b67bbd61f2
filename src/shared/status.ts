/**
 * Events and groups share one life cycle: DRAFT → CONFIRMED → HISTORIC. What each may do in a status is
 * its own rule (rules.ts of the area); that HISTORIC means read-only is common to both.
 */
export const STATUSES = ["DRAFT", "CONFIRMED", "HISTORIC"] as const;
export type Status = (typeof STATUSES)[number];

/** A HISTORIC event or group is kept as it was: nothing in it changes any more (writes answer 409). */
export const canEdit = (status: Status) => status !== "HISTORIC";

/**
 * The message id of a status's label, `<prefix>.<STATUS>`: events and groups name the statuses with the same
 * glossary words (obekräftat/bekräftat/avslutat, for a group -ad); anything unexpected is `<prefix>.unknown`
 * (spec 01 §4).
 */
export function labelOfStatus(status: string, prefix: string): string {
  if (!(STATUSES as readonly string[]).includes(status)) return `${prefix}.unknown`;
  return `${prefix}.${status}`;
}
