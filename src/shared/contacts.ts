import { z } from "zod";
import { email } from "./validation.ts";

/**
 * Contact persons of events and groups: users, known by e-mail. Forms carry them as this list; the server
 * fills in name and phone itself.
 */
export const contactPerson = z.object({
  /** The user's id; absent for a person added in the form and not yet saved. */
  id: z.string().max(64).optional(),
  email: email(),
  name: z.string().max(500).optional(),
  phone: z.string().max(50).optional(),
  toBeDeleted: z.boolean().optional(),
});

/** A contact person as forms hold and the API presents it; the phone is only shown to fellow contacts. */
export const contactPersonView = z.object({
  id: z.string().optional(),
  email: z.string(),
  name: z.string(),
  phone: z.string().optional(),
  toBeDeleted: z.boolean().optional(),
  /** The event's creator, who stays a contact. */
  creator: z.boolean().optional(),
});
export type ContactPerson = z.infer<typeof contactPersonView>;

interface ContactLike {
  email: string;
  toBeDeleted?: boolean;
}

/** Two addresses name the same person regardless of case and surrounding spaces. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Contacts that stay once the marked ones are gone. */
export function remainingContacts<T extends ContactLike>(contacts: readonly T[]): T[] {
  return contacts.filter((c) => !c.toBeDeleted);
}

/** The adding-a-contact checks that need no server (spec 01 §4): empty, then already in the list. */
export function contactAddError(contacts: readonly ContactLike[], email: string): "empty" | "exists" | null {
  if (!email.trim()) return "empty";
  if (remainingContacts(contacts).some((c) => sameEmail(c.email, email))) return "exists";
  return null;
}

/**
 * A contact's phone as another person sees it: only once that contact has opened the event or group
 * (their acceptance of being added); their own always. `viewerId` absent: nobody is looking at their own.
 */
export function shownPhone(contact: { userId: string; phone: string; seen: boolean }, viewerId?: string): string {
  return contact.seen || contact.userId === viewerId ? contact.phone : "";
}

/** What a contact person belongs to. */
export const CONTACT_KINDS = ["event", "group"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Where a contact opens their event or group. */
export const contactPagePath = (kind: ContactKind, id: string) =>
  kind === "event" ? `/my-pages/events/${id}` : `/my-pages/volunteers/${id}`;

export { CONTACT_REMOVAL_PATH } from "./link-pages.ts";

/** POST /api/contacts/leave and …/leave/preview: the signed link token from that mail. */
export const leaveContactBody = z.object({ token: z.string().min(1).max(2000) });
export type LeaveContactBody = z.infer<typeof leaveContactBody>;

/** What the link is about: the event or group, and whether its person is still one of its contacts. */
export const leaveContactPreview = z.object({
  kind: z.enum(CONTACT_KINDS),
  name: z.string(),
  email: z.string(),
  contact: z.boolean(),
});
export type LeaveContactPreview = z.infer<typeof leaveContactPreview>;
