import { isPast, PAST_DAYS } from "../events/rules.ts";
import { SELF_REGISTRATION_PATH } from "../link-pages.ts";
import type { Status } from "../status.ts";
import { addDays, msg } from "../validation.ts";
import { ERASE_AFTER_DAYS, ERASURE_NOTICE_DAYS } from "./retention.ts";

/**
 * Self-registration through a group's sign-up link, guardians' consent and how long volunteers' data is kept
 * (spec 02 §2, §5; STAFFING §2; ADR 022), written once for the server and the screens.
 */

/** Below this age a volunteer who signs up through the link names a guardian, who must say yes. */
export const ADULT_AGE = 18;
export const needsGuardian = (age: number) => age < ADULT_AGE;

/** A volunteer who joined through the link as a minor and whose guardian has not said yes yet. */
export const awaitsGuardian = (v: { guardian: { confirmed: boolean } | null }) => v.guardian !== null && !v.guardian.confirmed;

/**
 * A group's contacts may hand out the sign-up link of an event while the group has an accepted offer there
 * and the event runs and is not past (spec 02 §6: not in the past-events list). The link works on the
 * same terms.
 */
export const canShareLink = (offerStatus: string, eventStatus: Status, eventDate: string, now: Date) =>
  offerStatus === "ACCEPTED" && eventStatus === "CONFIRMED" && !isPast(eventDate, now);

/** The public page behind a sign-up link (spec 01 §2). */
export const selfRegistrationPath = (groupName: string, eventId: string, hash: string) =>
  `${SELF_REGISTRATION_PATH}/${encodeURIComponent(groupName)}/${eventId}/${hash}`;

export { GUARDIAN_CONSENT_PATH, VOLUNTEER_REMOVAL_PATH } from "../link-pages.ts";

export { ERASE_AFTER_DAYS, ERASURE_NOTICE_DAYS } from "./retention.ts";

/**
 * The day a volunteer's data for an event dated `eventDate` is erased at the earliest, as the consent
 * dialog promises it: the event is finished once it is more than PAST_DAYS days past, and the data goes
 * ERASE_AFTER_DAYS later.
 */
export const plannedErasureDate = (eventDate: string) => addDays(eventDate, PAST_DAYS + 1 + ERASE_AFTER_DAYS);

/** The contacts are told at least this long before anything is erased (the sweep waits for the notice). */
export const ERASURE_NOTICE_MS = ERASURE_NOTICE_DAYS * 24 * 60 * 60 * 1000;
export const ERASE_AFTER_MS = ERASE_AFTER_DAYS * 24 * 60 * 60 * 1000;

/** What the event asks a volunteer (spec 02 §5): a shirt size when it offers shirts, diets when food, a substitute. */
export interface Questions {
  shirtSizes: readonly string[];
  foodOptions: readonly string[];
  substitute: boolean;
}

/**
 * What is wrong with what a volunteer states for the event, by field, as message ids: a shirt size is
 * required when the event offers shirts and must be one it offers; diets must be among its food options;
 * the substitute text is required when the box is ticked.
 */
export function participationIssues(
  p: { shirtSize?: string | null; specialDiets?: readonly string[]; substituteTicked?: boolean; substitute?: string | null },
  q: Questions,
): Partial<Record<"shirtSize" | "specialDiets" | "substitute", string>> {
  const issues: Partial<Record<"shirtSize" | "specialDiets" | "substitute", string>> = {};
  // Read as sent: a form's cross-field rule sees fields that failed their own rules too (validation.crossField).
  const size = typeof p.shirtSize === "string" ? p.shirtSize : "";
  if (q.shirtSizes.length > 0 && !q.shirtSizes.includes(size)) issues.shirtSize = size ? msg.oneOf : msg.required;
  if (Array.isArray(p.specialDiets) && p.specialDiets.some((d) => !q.foodOptions.includes(d))) issues.specialDiets = msg.oneOf;
  if (q.substitute && p.substituteTicked === true && !(typeof p.substitute === "string" && p.substitute.trim()))
    issues.substitute = msg.required;
  return issues;
}
