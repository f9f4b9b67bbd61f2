import { stockholmToday } from "../validation.ts";
import type { AvailabilityInput, GroupStatus } from "./schema.ts";

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A new period availability runs from today until tomorrow, by the Swedish calendar (spec 02 §5). */
export function defaultPeriod(now: Date): { startDate: string; endDate: string } {
  const today = stockholmToday(now);
  return { startDate: today, endDate: addDays(today, 1) };
}

/** A fresh availability form: a period from today until tomorrow. */
export function newAvailability(now: Date, location = ""): AvailabilityInput {
  return { type: "PERIOD", ...defaultPeriod(now), eventId: null, location };
}

/** The status label's message id (CONFIRMED approved, DRAFT unconfirmed, HISTORIC historic, else unknown). */
export function statusLabelId(status: string): string {
  switch (status) {
    case "CONFIRMED":
      return "groups.status.approved";
    case "DRAFT":
      return "groups.status.unconfirmed";
    case "HISTORIC":
      return "groups.status.historic";
    default:
      return "groups.status.unknown";
  }
}

/** Only a DRAFT group can be confirmed, and only through the confirm action. */
export function canConfirm(status: GroupStatus): boolean {
  return status === "DRAFT";
}

/** Groups in a list are sorted by name, Swedish collation (å, ä, ö last). */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name, "sv", { sensitivity: "base" }) || a.name.localeCompare(b.name));
}

interface ContactLike {
  email: string;
  toBeDeleted?: boolean;
}

/** Contacts that stay once the marked ones are gone. */
export function remainingContacts<T extends ContactLike>(contacts: readonly T[]): T[] {
  return contacts.filter((c) => !c.toBeDeleted);
}

/**
 * A contact may remove any contact, themselves included, as long as someone remains: a group without a
 * contact could never be reached or changed again.
 */
export function canRemoveContact(contacts: readonly ContactLike[], email: string): boolean {
  const target = email.toLowerCase();
  return remainingContacts(contacts).some((c) => c.email.toLowerCase() !== target);
}

/** The adding-a-contact checks that need no server (spec 01 §4): empty, then already in the list. */
export function contactAddError(contacts: readonly ContactLike[], email: string): "empty" | "exists" | null {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return "empty";
  if (remainingContacts(contacts).some((c) => c.email.toLowerCase() === wanted)) return "exists";
  return null;
}

/** Is `email` taken by another volunteer of the group (the one being edited excepted)? */
export function volunteerEmailTaken(
  volunteers: ReadonlyArray<{ id?: string; email: string }>,
  email: string,
  exceptId?: string,
): boolean {
  const wanted = email.trim().toLowerCase();
  return volunteers.some((v) => v.id !== exceptId && v.email.toLowerCase() === wanted);
}

/** For an EVENT availability the locations narrow to the municipalities of the event's stations. */
export function eventLocations(stations: ReadonlyArray<{ municipality?: string | null }>): string[] {
  return [...new Set(stations.map((s) => s.municipality).filter((m): m is string => !!m))];
}
