import { remainingContacts, sameEmail } from "../contacts.ts";
import { labelOfStatus } from "../status.ts";
import { addDays, stockholmToday } from "../validation.ts";
import type { AvailabilityInput, GroupStatus } from "./schema.ts";

/** A new period availability runs from today until tomorrow, by the Swedish calendar (spec 02 §5). */
export function defaultPeriod(now: Date): { startDate: string; endDate: string } {
  const today = stockholmToday(now);
  return { startDate: today, endDate: addDays(today, 1) };
}

/** A fresh availability form: a period from today until tomorrow. */
export function newAvailability(now: Date, location = ""): AvailabilityInput {
  return { type: "PERIOD", ...defaultPeriod(now), eventId: null, location };
}

/** The status label's message id: obekräftad, bekräftad, avslutad, anything else unknown. */
export const statusLabelId = (status: string) => labelOfStatus(status, "groups.status");

export { canEdit } from "../status.ts";

/** Only a DRAFT group can be confirmed, and only through the confirm action. */
export function canConfirm(status: GroupStatus): boolean {
  return status === "DRAFT";
}

/** Only a DRAFT group can be removed: once confirmed, organizers may have offered it stations. */
export function canRemove(status: GroupStatus): boolean {
  return status === "DRAFT";
}

/** Groups in a list are sorted by name, Swedish collation (å, ä, ö last). */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name, "sv", { sensitivity: "base" }) || a.name.localeCompare(b.name));
}

/**
 * A contact may remove any contact, themselves included, as long as someone remains: a group without a
 * contact could never be reached or changed again.
 */
export function canRemoveContact(contacts: ReadonlyArray<{ email: string; toBeDeleted?: boolean }>, email: string): boolean {
  return remainingContacts(contacts).some((c) => !sameEmail(c.email, email));
}

/** Is `email` taken by another volunteer of the group (the one being edited excepted)? */
export function volunteerEmailTaken(
  volunteers: ReadonlyArray<{ id?: string; email: string }>,
  email: string,
  exceptId?: string,
): boolean {
  return volunteers.some((v) => (exceptId === undefined || v.id !== exceptId) && sameEmail(v.email, email));
}

/** For an EVENT availability the locations narrow to the municipalities of the event's stations. */
export function eventLocations(stations: ReadonlyArray<{ municipality?: string | null }>): string[] {
  return [...new Set(stations.map((s) => s.municipality).filter((m): m is string => !!m))];
}
