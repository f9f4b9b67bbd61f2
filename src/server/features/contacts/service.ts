import type { Language } from "#shared/account/schema";
import { CONTACT_REMOVAL_PATH, type ContactKind, contactPagePath, type LeaveContactPreview } from "#shared/contacts";
import { withLanguage } from "#shared/i18n/language";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import { fullName } from "../../identity/present.ts";
import { findUserById, findUsersByIds, type UserRow } from "../../identity/repo.ts";
import { LEAVE_CONTACT_SECONDS, readToken, signToken } from "../../identity/tokens.ts";
import { queueMail } from "../../mail/outbox.ts";
import * as events from "../events/repo.ts";
import * as groups from "../groups/repo.ts";

/** An event or group as the contact-person mail and the leave link speak of it. */
export interface ContactTarget {
  kind: ContactKind;
  id: string;
  name: string;
}

/**
 * Tells each person `adder` has just added as a contact of `target`, in their own language: who added
 * them where, and a link that removes them again (they were not asked). Queued in the caller's
 * transaction, so the mail goes exactly when the addition commits; the caller nudges the job worker.
 */
export async function mailAddedContacts(
  ctx: Ctx,
  tx: Tx,
  now: Date,
  adder: UserRow,
  target: ContactTarget & { date?: string },
  userIds: string[],
): Promise<void> {
  const people = await findUsersByIds(
    tx,
    userIds.filter((id) => id !== adder.id),
  );
  for (const person of people) {
    const token = await signToken(
      ctx.secret,
      "leave-contact",
      { sub: person.id, [target.kind]: target.id },
      now,
      LEAVE_CONTACT_SECONDS,
    );
    const leaveUrl = new URL(CONTACT_REMOVAL_PATH, ctx.config.PUBLIC_URL);
    leaveUrl.searchParams.set("token", token);
    const language = person.language as Language;
    await queueMail(tx, now, person.email, target.kind === "event" ? "contactAddedEvent" : "contactAddedGroup", language, {
      firstName: person.firstName,
      adder: fullName(adder),
      name: target.name,
      date: target.date ?? "",
      url: new URL(contactPagePath(target.kind, target.id), ctx.config.PUBLIC_URL).toString(),
      // The page opens in the mail's language, signed in or not.
      leaveUrl: withLanguage(leaveUrl, language).toString(),
    });
  }
}

const linkInvalid = () => new AppError("LinkInvalid", "The link is invalid, expired or its event or group is gone");

interface Place extends ContactTarget {
  /** The contacts, and which of them cannot leave because they created it. */
  entries: Array<{ userId: string; creator: boolean }>;
  /** Removes `userId` and bumps the version, so a form read before fails as stale instead of adding them back. */
  remove(userId: string, now: Date): Promise<void>;
}

/** The event or group a leave token names, with its contacts; locked when the caller will change it. */
async function placeOf(tx: Tx, claims: { event?: string; group?: string }, lock: boolean): Promise<Place | undefined> {
  if (claims.event) {
    const id = claims.event;
    const event = lock ? await events.lockEvent(tx, id) : await events.findEvent(tx, id);
    if (!event) return undefined;
    return {
      kind: "event",
      id,
      name: event.name,
      entries: await events.contactEntries(tx, id),
      async remove(userId, now) {
        await events.removeContact(tx, id, userId);
        await events.updateEventIfVersion(tx, id, event.version, { updatedAt: now });
      },
    };
  }
  if (claims.group) {
    const id = claims.group;
    const group = lock ? await groups.lockGroup(tx, id) : await groups.findGroup(tx, id);
    if (!group) return undefined;
    const contacts = await groups.contactsOf(tx, id);
    return {
      kind: "group",
      id,
      name: group.name,
      entries: contacts.map((c) => ({ userId: c.userId, creator: c.userId === group.createdBy })),
      async remove(userId, now) {
        await groups.removeContacts(tx, id, [userId]);
        await groups.bumpGroup(tx, id, group.version, {}, now);
      },
    };
  }
  return undefined;
}

/** The person and the event or group behind a leave link; LinkInvalid for anything else. */
async function readLink(ctx: Ctx, tx: Tx, token: string, lock: boolean) {
  const claims = await readToken(ctx.secret, "leave-contact", token, ctx.clock.now());
  if (!claims || !claims.event === !claims.group) throw linkInvalid();
  const person = await findUserById(tx, claims.sub);
  const place = person && (await placeOf(tx, claims, lock));
  if (!person || !place) throw linkInvalid();
  return { person, place };
}

/** What a leave link is about, for the page that asks before removing anyone. */
export async function previewLeave(ctx: Ctx, token: string): Promise<LeaveContactPreview> {
  const { person, place } = await readLink(ctx, ctx.db, token, false);
  return {
    kind: place.kind,
    name: place.name,
    email: person.email,
    contact: place.entries.some((e) => e.userId === person.id),
  };
}

/**
 * Removes the link's person from the contacts of its event or group. The creator stays (as in the forms),
 * and the last contact cannot leave, or nobody could reach the event or group any more. Someone already
 * gone is left as they are: following the link twice is no error.
 */
export async function leave(ctx: Ctx, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { person, place } = await readLink(ctx, tx, token, true);
    const entry = place.entries.find((e) => e.userId === person.id);
    if (!entry) return;
    if (entry.creator) throw new AppError("CreatorStays", `The creator of the ${place.kind} stays one of its contacts`);
    if (place.entries.length === 1) throw new AppError("LastContact", `The last contact of the ${place.kind} cannot leave`);
    await place.remove(person.id, now);
  });
}
