import type { Language } from "#shared/account/schema";
import { remainingContacts } from "#shared/contacts";
import type { FieldErrors } from "#shared/errors";
import { canConfirm, canEdit, canRemove, sortByName } from "#shared/groups/rules";
import {
  type AvailabilityData,
  type Group,
  type GroupBody,
  type GroupStatus,
  type GroupSummary,
  type GroupUpdateBody,
  groupMsg,
} from "#shared/groups/schema";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, conflict, historicConflict } from "../../http/errors.ts";
import { type UserRow, usersByEmail } from "../../identity/repo.ts";
import { countNewAddresses } from "../../limits.ts";
import { mailAddedContacts } from "../contacts/service.ts";
import * as payments from "../payments/repo.ts";
import { presentPayment, savePaymentDetails } from "../payments/service.ts";
import { groupCsv } from "./csv.ts";
import { presentAvailability, presentGroup, presentSummary } from "./present.ts";
import * as repo from "./repo.ts";

const invalid = (what: string, fields: FieldErrors) => new AppError("ValidationError", what, fields);
const stale = () => conflict("The group was changed by someone else since it was read");

export async function listSummaries(ctx: Ctx, actor: UserRow): Promise<GroupSummary[]> {
  return sortByName((await repo.summariesOf(ctx.db, actor.id)).map(presentSummary));
}

/** One after another: inside a transaction the four share one connection, which runs one query at a time. */
async function readGroup(tx: Tx, group: repo.GroupRow, now: Date) {
  const contacts = await repo.contactsOf(tx, group.id);
  const volunteers = await repo.volunteersOf(tx, group.id);
  const availabilities = await repo.availabilitiesOf(tx, group.id);
  const paymentRow = await payments.paymentOf(tx, group.id);
  return { contacts, volunteers, availabilities, payment: paymentRow ? presentPayment(paymentRow, now) : null };
}

/** The group as its contact `viewer` sees it. */
export async function loadGroup(tx: Tx, group: repo.GroupRow, viewer: UserRow, now: Date): Promise<Group> {
  const { contacts, volunteers, availabilities, payment } = await readGroup(tx, group, now);
  return presentGroup(group, contacts, volunteers, availabilities, payment, viewer.id);
}

/**
 * A contact opens the group. Their first look marks their entry seen (one UPDATE, only then), which shows
 * their phone to the others from now on; their own view shows it either way.
 */
export async function openGroup(ctx: Ctx, group: repo.GroupRow, viewer: UserRow): Promise<Group> {
  const now = ctx.clock.now();
  const { contacts, volunteers, availabilities, payment } = await readGroup(ctx.db, group, now);
  if (contacts.some((c) => c.userId === viewer.id && c.seenAt === null)) await repo.markSeen(ctx.db, group.id, viewer.id, now);
  return presentGroup(group, contacts, volunteers, availabilities, payment, viewer.id);
}

function fieldsOf(body: GroupBody) {
  return {
    name: body.name,
    organizationNumber: body.organizationNumber,
    organizationName: body.organizationName,
    municipality: body.municipality,
    numberOfMembers: body.numberOfMembers,
    ages: body.ages,
    sport: body.sport,
    skills: body.skills,
  };
}

type ContactEntry = GroupBody["contactPersons"][number];

/** The users behind the listed contacts (those not marked for removal); unknown addresses are field errors. */
async function resolveContacts(tx: Tx, entries: ContactEntry[]): Promise<Map<string, string>> {
  const wanted = entries.filter((c) => !c.toBeDeleted).map((c) => c.email);
  const found = new Map((await usersByEmail(tx, [...new Set(wanted)])).map((u) => [u.email, u.id]));
  const fields: FieldErrors = {};
  entries.forEach((c, i) => {
    if (!c.toBeDeleted && !found.has(c.email)) fields[`contactPersons.${i}.email`] = groupMsg.userNotFound;
  });
  if (Object.keys(fields).length > 0) throw invalid("Unknown contact person", fields);
  return found;
}

/**
 * An EVENT availability must name an event that organizers have published (a draft is private to its
 * organizers), and its location must be where one of the event's stations is. `prefix` names the list in
 * the field errors.
 */
async function checkAvailabilities(tx: Tx, list: AvailabilityData[], prefix: string) {
  const eventIds = [...new Set(list.map((a) => a.eventId).filter((id): id is string => !!id))];
  const found = await repo.eventsWithLocations(tx, eventIds);
  const fields: FieldErrors = {};
  list.forEach((a, i) => {
    if (a.type !== "EVENT" || !a.eventId) return;
    const event = found.get(a.eventId);
    if (!event || event.status === "DRAFT") fields[`${prefix}.${i}.eventId`] = groupMsg.eventNotFound;
    else if (event.locations.length > 0 && !event.locations.includes(a.location))
      fields[`${prefix}.${i}.location`] = groupMsg.locationNotAtEvent;
  });
  if (Object.keys(fields).length > 0) throw invalid("Invalid availability", fields);
}

const availabilityValues = (list: AvailabilityData[]) =>
  list.map((a) => ({ type: a.type, startDate: a.startDate, endDate: a.endDate, eventId: a.eventId, location: a.location }));

const volunteerValues = (list: NonNullable<GroupBody["volunteers"]>) =>
  list.map((v) => ({ id: v.id, name: v.name, email: v.email, phone: v.phone, age: v.age, participation: v.participation }));

/** The e-mail lookups of a save: the contacts' addresses new to the group. */
const countLookups = (ctx: Ctx, actor: UserRow, entries: ContactEntry[], groupId?: string) =>
  countNewAddresses(
    ctx,
    actor,
    remainingContacts(entries).map((c) => c.email),
    groupId ? async () => (await repo.contactsOf(ctx.db, groupId)).map((c) => c.email) : undefined,
  );

/** A new group in DRAFT; its creator is always one of its contacts, and the others they add get a mail. */
export async function createGroup(ctx: Ctx, actor: UserRow, body: GroupBody): Promise<Group> {
  const now = ctx.clock.now();
  await countLookups(ctx, actor, body.contactPersons);
  const view = await ctx.db.transaction(async (tx) => {
    const contacts = await resolveContacts(tx, body.contactPersons);
    if (body.availabilities) await checkAvailabilities(tx, body.availabilities, "availabilities");
    const group = await repo.insertGroup(tx, { ...fieldsOf(body), createdBy: actor.id }, now);
    const added = [...contacts.values()].filter((id) => id !== actor.id);
    await repo.addContacts(tx, group.id, [actor.id, ...added], now, actor.id);
    if (body.volunteers) await repo.replaceVolunteers(tx, group.id, volunteerValues(body.volunteers), now);
    if (body.availabilities) await repo.replaceAvailabilities(tx, group.id, availabilityValues(body.availabilities), now);
    await mailAddedContacts(ctx, tx, now, actor, { kind: "group", id: group.id, name: group.name }, added);
    await savePaymentDetails(tx, now, actor, group, body.payment);
    return loadGroup(tx, group, actor, now);
  });
  ctx.nudgeJobs();
  return view;
}

/**
 * Saves the group as read at `body.version`. Contacts marked toBeDeleted are removed, except its creator,
 * who stays as an event's creator does, and new ones added (contacts left out of the list stay);
 * volunteers and availabilities, when sent, replace the stored ones.
 */
export async function updateGroup(ctx: Ctx, actor: UserRow, group: repo.GroupRow, body: GroupUpdateBody): Promise<Group> {
  if (!canEdit(group.status as GroupStatus)) throw historicConflict("group");
  const now = ctx.clock.now();
  await countLookups(ctx, actor, body.contactPersons, group.id);
  const view = await ctx.db.transaction(async (tx) => {
    const resolved = await resolveContacts(tx, body.contactPersons);
    if (body.availabilities) await checkAvailabilities(tx, body.availabilities, "availabilities");
    const updated = await repo.bumpGroup(tx, group.id, body.version, fieldsOf(body), now);
    if (!updated) throw stale();

    const current = await repo.contactsOf(tx, group.id);
    const currentIds = new Set(current.map((c) => c.userId));
    const removed = new Set(
      current
        .filter((c) => c.userId !== updated.createdBy && body.contactPersons.some((e) => e.toBeDeleted && e.email === c.email))
        .map((c) => c.userId),
    );
    const added = [...resolved.values()].filter((id) => !currentIds.has(id) && !removed.has(id));
    if (current.length - removed.size + added.length === 0)
      throw invalid("The last contact person cannot be removed", { contactPersons: groupMsg.lastContact });
    await repo.removeContacts(tx, group.id, [...removed]);
    await repo.addContacts(tx, group.id, added, now);

    if (body.volunteers) await repo.replaceVolunteers(tx, group.id, volunteerValues(body.volunteers), now);
    if (body.availabilities) await repo.replaceAvailabilities(tx, group.id, availabilityValues(body.availabilities), now);
    await mailAddedContacts(ctx, tx, now, actor, { kind: "group", id: group.id, name: updated.name }, added);
    // After the contacts: those added in this save hear of the details too.
    await savePaymentDetails(tx, now, actor, updated, body.payment);
    return loadGroup(tx, updated, actor, now);
  });
  ctx.nudgeJobs();
  return view;
}

/** DRAFT → CONFIRMED, the only way a group's status changes by a contact's hand. */
export async function confirmGroup(ctx: Ctx, actor: UserRow, group: repo.GroupRow, version: number): Promise<Group> {
  if (!canConfirm(group.status as GroupStatus))
    throw conflict("Only a group in DRAFT can be confirmed", { status: groupMsg.notDraft });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const updated = await repo.bumpGroup(tx, group.id, version, { status: "CONFIRMED", confirmedAt: now }, now);
    if (!updated) throw stale();
    return loadGroup(tx, updated, actor, now);
  });
}

/**
 * A group that was never confirmed can be removed by its contact, irrecoverably (like a DRAFT event): nobody
 * has seen it, it has no offers. A confirmed group stays, so the organizers' offers to it keep their meaning.
 */
export async function removeGroup(ctx: Ctx, group: repo.GroupRow): Promise<void> {
  if (!canRemove(group.status as GroupStatus) || !(await repo.deleteDraft(ctx.db, group.id)))
    throw conflict("Only a DRAFT group can be removed", { status: groupMsg.notDraft });
}

export async function listAvailabilities(ctx: Ctx, group: repo.GroupRow) {
  return (await repo.availabilitiesOf(ctx.db, group.id)).map(presentAvailability);
}

export async function replaceAvailabilities(ctx: Ctx, group: repo.GroupRow, version: number, list: AvailabilityData[]) {
  if (!canEdit(group.status as GroupStatus)) throw historicConflict("group");
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await checkAvailabilities(tx, list, "availabilities");
    const updated = await repo.bumpGroup(tx, group.id, version, {}, now);
    if (!updated) throw stale();
    await repo.replaceAvailabilities(tx, group.id, availabilityValues(list), now);
    return {
      version: updated.version,
      availabilities: (await repo.availabilitiesOf(tx, group.id)).map(presentAvailability),
    };
  });
}

/** The group's data as a CSV file in the contact's language, for the group's own records. */
export async function exportGroup(ctx: Ctx, actor: UserRow, group: repo.GroupRow): Promise<{ group: Group; csv: string }> {
  const full = await loadGroup(ctx.db, group, actor, ctx.clock.now());
  // One read names every event the file mentions: those of EVENT availabilities and those volunteers stated details for.
  const eventIds = new Set([
    ...full.availabilities.flatMap((a) => (a.eventId ? [a.eventId] : [])),
    ...full.volunteers.flatMap((v) => v.participation.map((p) => p.eventId)),
  ]);
  const names = await repo.eventNames(ctx.db, [...eventIds]);
  return { group: full, csv: groupCsv(full, actor.language as Language, names) };
}
