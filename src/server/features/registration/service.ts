import type { Language } from "#shared/account/schema";
import { contactPagePath } from "#shared/contacts";
import { isPast, stationTime } from "#shared/events/rules";
import { UUID_PATTERN } from "#shared/groups/schema";
import { storedLanguage } from "#shared/i18n/language";
import { asksDiets, asksShirtSize, attendeeRefusal } from "#shared/offers/rules";
import {
  canShareLink,
  ERASE_AFTER_MS,
  ERASURE_NOTICE_MS,
  GUARDIAN_CONSENT_PATH,
  needsGuardian,
  participationIssues,
  plannedErasureDate,
  type Questions,
  selfRegistrationPath,
} from "#shared/registration/rules";
import {
  type AddVolunteerBody,
  type AddVolunteerResult,
  type GuardianConsentPreview,
  type LinkBody,
  type LinkResult,
  type PublicRegistration,
  registrationMsg,
  type VolunteerRemovalPreview,
} from "#shared/registration/schema";
import type { Status } from "#shared/status";
import { formatInstant } from "#shared/time";
import { stockholmToday } from "#shared/validation";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import { addressMacMatches, addressToken, readAddressToken } from "../../identity/address-token.ts";
import { GUARDIAN_CONSENT_SECONDS, readToken, signToken } from "../../identity/tokens.ts";
import type { Periodic } from "../../jobs/periodic.ts";
import { hitLimit, hitLimits } from "../../limits.ts";
import { queueMail } from "../../mail/outbox.ts";
import { mailPasses } from "../checkin/mail.ts";
import type { GroupRow } from "../groups/repo.ts";
import { groupContacts } from "../offers/repo.ts";
import { firstName, mailLink, removalLink } from "./mail.ts";
import * as repo from "./repo.ts";

/** The purpose a sign-up link is signed for; it is bound to the group, the event and the link's generation. */
const LINK = "self-registration";

/**
 * Sign-ups through one link per hour: a club's whole list signing up the evening the link goes out fits;
 * a script filling a group with made-up people does not.
 */
export const SIGN_UPS_PER_LINK = { name: "self-registration-link", limit: 300, windowSeconds: 3600 } as const;
/**
 * Sign-ups through one link from one client address per hour, far below the link's own budget: a class
 * behind its school's one address fits, and five addresses flooding a link spend less than half of it, so
 * the members signing up from their own networks are not turned away (ADR 029).
 */
export const SIGN_UPS_PER_LINK_AND_ADDRESS = { name: "self-registration-link-ip", limit: 25, windowSeconds: 3600 } as const;
/**
 * Sign-up attempts per client address: a class signing up together from the school's network, behind one
 * address, fits in a quarter of an hour.
 */
export const SIGN_UPS_PER_IP = { name: "self-registration-ip", limit: 60, windowSeconds: 900 } as const;
/** Guardian mails one address gets a day: a parent of several children is fine, a mail bomb is not. */
const GUARDIAN_MAILS = { limit: 10, windowSeconds: 24 * 3600 } as const;
/** A group's list stays a list a person can read and a form can hold (the group form's own cap). */
const MAX_VOLUNTEERS = 1000;

const linkInvalid = () => new AppError("LinkInvalid", "The link is wrong, renewed, or its event is past");

// ── The group's side: the link ───────────────────────────────────────────────────────────────────────

/** The hash of a group's sign-up link at an event, at the link's generation. */
export const linkHash = (secret: Uint8Array, groupId: string, eventId: string, generation: number) =>
  addressToken(secret, LINK, groupId, [eventId, generation]);

/**
 * The group's sign-up link for the event: the same until `renew` makes a new one, which kills the old.
 * Only while the group has an accepted offer at the running event, not past (canShareLink). An event the
 * group has no offer at is none of its business: 404.
 */
export async function shareLink(ctx: Ctx, group: GroupRow, body: LinkBody): Promise<LinkResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const target = await repo.linkTarget(tx, group.id, body.eventId);
    if (!target?.offered) throw notFound("Event not found");
    if (!canShareLink(target.accepted ? "ACCEPTED" : "NONE", target.eventStatus as Status, target.eventDate, now)) {
      if (target.eventStatus === "HISTORIC" || isPast(target.eventDate, now))
        throw new AppError("EventHistoric", "The event is past: its link is closed");
      throw conflict("Only a group with an accepted offer at the event has a sign-up link");
    }
    const generation = await repo.putLink(tx, group.id, body.eventId, body.renew === true, now);
    const link = selfRegistrationPath(target.groupName, body.eventId, linkHash(ctx.secret, group.id, body.eventId, generation));
    return { link, url: new URL(link, ctx.config.PUBLIC_URL).toString() };
  });
}

// ── The public side: the page and the sign-up ────────────────────────────────────────────────────────

/**
 * What a link opens, or LinkInvalid: the hash must name a group whose link at the event has this MAC at its
 * current generation, and the link must still be open (canShareLink). A wrong hash costs the same MAC as a
 * right one.
 */
async function openLink(ctx: Ctx, tx: Tx, eventId: string, hash: string, lock = false) {
  const claimed = UUID_PATTERN.test(eventId) ? readAddressToken(hash) : null;
  if (!claimed) throw linkInvalid();
  const found = (await repo.registration(tx, claimed.id, eventId.toLowerCase(), lock)) ?? null;
  const bound = found && { id: claimed.id, parts: [found.event.id, found.generation] };
  if (!addressMacMatches(ctx.secret, LINK, claimed.mac, bound) || !found) throw linkInvalid();
  const open =
    found.stations.length > 0 && canShareLink("ACCEPTED", found.event.status as Status, found.event.date, ctx.clock.now());
  if (!open || found.groupStatus === "HISTORIC") throw linkInvalid();
  return { groupId: claimed.id, ...found };
}

/** What the event asks its volunteers (STAFFING §1: shirts when it includes CLOTHES, diets when FOOD). */
const questionsOf = (e: repo.RegistrationRow["event"]): Questions => ({
  shirtSizes: asksShirtSize(e) ? e.shirtSizes : [],
  foodOptions: asksDiets(e) ? e.foodOptions : [],
  substitute: e.substitute,
});

export async function publicRegistration(ctx: Ctx, eventId: string, hash: string): Promise<PublicRegistration> {
  const r = await openLink(ctx, ctx.db, eventId, hash);
  const q = questionsOf(r.event);
  return {
    eventId: r.event.id,
    eventName: r.event.name,
    date: r.event.date,
    startTime: r.event.startTime,
    city: r.event.city,
    organizerName: r.event.organizerName,
    groupName: r.groupName,
    stations: r.stations.map((s) => ({
      ...s,
      start: formatInstant(new Date(s.start)),
      end: formatInstant(new Date(s.end)),
    })),
    shirtSizes: q.shirtSizes as PublicRegistration["shirtSizes"],
    foodOptions: q.foodOptions as PublicRegistration["foodOptions"],
    substitute: q.substitute,
    erasureDate: plannedErasureDate(r.event.date),
  };
}

/**
 * A volunteer signs up through the link (STAFFING §2): they join the group, with what they state for the
 * event. An adult is named at once on the group's station when it has only one accepted station there with
 * room; a minor waits for their guardian's yes, who is mailed a link. The volunteer gets a mail with a link
 * that removes them again.
 */
export async function addVolunteer(ctx: Ctx, body: AddVolunteerBody, address: string): Promise<AddVolunteerResult> {
  const now = ctx.clock.now();
  const v = body.volunteer;
  const guardian = needsGuardian(v.age) && v.guardian ? v.guardian : null;
  const language = body.language ?? "sv";

  const result = await ctx.db.transaction(async (tx) => {
    const link = await openLink(ctx, tx, body.eventId, body.hash, true);
    // Sign-ups through a working link, counted only when they succeed (a refusal rolls this back), against
    // the link and against the link from this address; every attempt counts against the address (routes.ts).
    const linkKey = `${link.groupId}:${link.event.id}`;
    await hitLimits(
      tx,
      [
        { ...SIGN_UPS_PER_LINK, key: `${SIGN_UPS_PER_LINK.name}:${linkKey}` },
        { ...SIGN_UPS_PER_LINK_AND_ADDRESS, key: `${SIGN_UPS_PER_LINK_AND_ADDRESS.name}:${linkKey}:${address}` },
      ],
      now,
    );
    const issues = participationIssues(
      { ...v.participation, substituteTicked: !!v.participation.substitute },
      questionsOf(link.event),
    );
    if (Object.keys(issues).length)
      throw new AppError(
        "ValidationError",
        "The answers do not fit the event's questions",
        Object.fromEntries(Object.entries(issues).map(([f, m]) => [`volunteer.participation.${f}`, m])),
      );
    const existing = await repo.volunteerCount(tx, link.groupId, v.email);
    if (existing.taken)
      throw new AppError("EmailExists", "The e-mail is already registered in the group", {
        "volunteer.email": registrationMsg.emailExists,
      });
    if (existing.total >= MAX_VOLUNTEERS) throw conflict(`A group holds at most ${MAX_VOLUNTEERS} volunteers`);

    const q = questionsOf(link.event);
    const id = await repo.insertVolunteer(
      tx,
      {
        groupId: link.groupId,
        eventId: link.event.id,
        name: v.name,
        email: v.email,
        phone: v.phone,
        age: v.age,
        language,
        participation: {
          eventId: link.event.id,
          specialDiets: v.participation.specialDiets,
          ...(q.shirtSizes.length && v.participation.shirtSize ? { shirtSize: v.participation.shirtSize } : {}),
          ...(q.substitute && v.participation.substitute ? { substitute: v.participation.substitute } : {}),
        },
        guardian,
      },
      now,
    );
    // Counted only for a mail that goes: a made-up sign-up cannot use up a guardian's budget.
    if (guardian) await hitLimit(tx, `guardian-mail:${guardian.email}`, GUARDIAN_MAILS.limit, GUARDIAN_MAILS.windowSeconds, now);
    const named = guardian ? false : await nameOnOnlyStation(ctx, tx, now, link.groupId, link.event.id, { id, age: v.age });
    const mail = { tx, now, id, language: storedLanguage(language), link };
    await mailVolunteer(ctx, mail, v);
    if (guardian) await mailGuardian(ctx, mail, v, guardian);
    return { id, awaitingGuardian: guardian !== null, named };
  });
  ctx.nudgeJobs();
  return result;
}

/**
 * A volunteer who counts (an adult, or a minor whose guardian said yes) is named at once on the group's only
 * accepted station at the event, if they may work there, and mailed their pass; otherwise the group's
 * contact names them.
 */
async function nameOnOnlyStation(
  ctx: Ctx,
  tx: Tx,
  now: Date,
  groupId: string,
  eventId: string,
  volunteer: { id: string; age: number },
) {
  const station = await repo.onlyAcceptedStation(tx, groupId, eventId);
  if (!station || attendeeRefusal({ age: volunteer.age, awaitingGuardian: false }, station)) return false;
  const named = await repo.nameOnOnlyStation(tx, groupId, eventId, station.stationId, volunteer.id);
  if (named)
    await mailPasses(ctx, tx, now, "passNamed", {
      eventId,
      stationIds: [station.stationId],
      groupId,
      volunteerIds: [volunteer.id],
    });
  return named;
}

interface SignUpMail {
  tx: Tx;
  now: Date;
  id: string;
  language: Language;
  link: Awaited<ReturnType<typeof openLink>>;
}

const signUpValues = (m: SignUpMail) => ({
  groupName: m.link.groupName,
  eventName: m.link.event.name,
  eventDate: m.link.event.date,
  stations: m.link.stations.map((s) => `• ${s.name}, ${stationTime(s)}`).join("\n"),
  erasureDate: plannedErasureDate(m.link.event.date),
});

async function mailVolunteer(ctx: Ctx, m: SignUpMail, v: AddVolunteerBody["volunteer"]) {
  await queueMail(m.tx, m.now, v.email, needsGuardian(v.age) ? "volunteerRegisteredMinor" : "volunteerRegistered", m.language, {
    ...signUpValues(m),
    firstName: firstName(v.name),
    guardianName: v.guardian?.name ?? "",
    leaveUrl: await removalLink(ctx, m.id, m.now, m.language),
  });
}

async function mailGuardian(
  ctx: Ctx,
  m: SignUpMail,
  v: AddVolunteerBody["volunteer"],
  guardian: { name: string; email: string },
) {
  const token = await signToken(
    ctx.secret,
    "guardian-consent",
    { sub: m.id, event: m.link.event.id },
    m.now,
    GUARDIAN_CONSENT_SECONDS,
  );
  await queueMail(m.tx, m.now, guardian.email, "guardianConsent", m.language, {
    ...signUpValues(m),
    firstName: firstName(guardian.name),
    volunteerName: v.name,
    age: String(v.age),
    consentUrl: mailLink(ctx, GUARDIAN_CONSENT_PATH, token, m.language),
    leaveUrl: await removalLink(ctx, m.id, m.now, m.language),
  });
}

// ── Mail links: the guardian's yes, and a volunteer's removal ────────────────────────────────────────

/** The volunteer and the event a guardian's link is about; LinkInvalid once the volunteer or their guardian is gone. */
async function guardianLink(ctx: Ctx, tx: Tx, token: string, lock: boolean) {
  const claims = await readToken(ctx.secret, "guardian-consent", token, ctx.clock.now());
  const volunteer = claims?.event ? await repo.findVolunteer(tx, claims.sub, lock) : undefined;
  if (!claims?.event || !volunteer?.guardianEmail) throw linkInvalid();
  return { volunteer, eventId: claims.event };
}

export async function guardianPreview(ctx: Ctx, token: string): Promise<GuardianConsentPreview> {
  const { volunteer, eventId } = await guardianLink(ctx, ctx.db, token, false);
  const event = await repo.eventWithStations(ctx.db, eventId, volunteer.groupId);
  if (!event) throw linkInvalid();
  return {
    volunteerName: volunteer.name,
    groupName: volunteer.groupName,
    eventName: event.name,
    date: event.date,
    stations: event.stations.map((s) => ({
      name: s.name,
      start: formatInstant(new Date(s.start)),
      end: formatInstant(new Date(s.end)),
    })),
    confirmed: volunteer.guardianConfirmedAt !== null,
  };
}

/**
 * The guardian says yes: from now on the volunteer counts, and is named on the group's station as an adult
 * is at sign-up (its only accepted station at the event, with room). Saying yes twice is no error.
 */
export async function confirmGuardian(ctx: Ctx, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { volunteer, eventId } = await guardianLink(ctx, tx, token, true);
    if (volunteer.guardianConfirmedAt !== null) return;
    await repo.confirmGuardian(tx, volunteer.id, now);
    await nameOnOnlyStation(ctx, tx, now, volunteer.groupId, eventId, volunteer);
  });
  // The pass, when the yes named them.
  ctx.nudgeJobs();
}

async function removalTarget(ctx: Ctx, tx: Tx, token: string, lock: boolean) {
  const claims = await readToken(ctx.secret, "leave-volunteer", token, ctx.clock.now());
  return claims ? await repo.findVolunteer(tx, claims.sub, lock) : undefined;
}

export async function removalPreview(ctx: Ctx, token: string): Promise<VolunteerRemovalPreview> {
  const volunteer = await removalTarget(ctx, ctx.db, token, false);
  if (!volunteer) throw linkInvalid();
  return { volunteerName: volunteer.name, groupName: volunteer.groupName };
}

/**
 * The volunteer leaves the group, with everything they stated; the group's contacts are told, since they may
 * have counted on them. Following the link again once they are gone is no error; a forged or expired
 * link is LinkInvalid.
 */
export async function removeVolunteer(ctx: Ctx, token: string): Promise<void> {
  const now = ctx.clock.now();
  const claims = await readToken(ctx.secret, "leave-volunteer", token, now);
  if (!claims) throw linkInvalid();
  await ctx.db.transaction(async (tx) => {
    const volunteer = await repo.findVolunteer(tx, claims.sub, true);
    if (!volunteer || !(await repo.deleteVolunteer(tx, volunteer, now))) return;
    for (const c of await groupContacts(tx, [volunteer.groupId]))
      await queueMail(tx, now, c.email, "volunteerLeft", storedLanguage(c.language), {
        firstName: c.firstName,
        volunteerName: volunteer.name,
        groupName: volunteer.groupName,
        url: new URL(`${contactPagePath("group", volunteer.groupId)}/volunteers`, ctx.config.PUBLIC_URL).toString(),
      });
  });
  ctx.nudgeJobs();
}

// ── Erasure: the scheduler ──────────────────────────────────────────────────────────────────────────

export const ERASURE_JOB = "registration.erasure";
/** Events one run announces or erases; the next run (an hour on) takes the rest. */
const ERASURE_BATCH = 5;

/**
 * Hourly: a week before a finished event's volunteer data is due to go, its groups' contacts are told and
 * may export it; once it is due (30 days after the event became HISTORIC) and told at least a week before,
 * it is erased (ADR 022).
 */
export function participationErasure(ctx: Ctx): Periodic {
  return {
    kind: ERASURE_JOB,
    intervalMs: 60 * 60 * 1000,
    lockKey: 7_331_401,
    async run(tx, now) {
      const at = now.getTime();
      const announced = await repo.announceErasures(tx, new Date(at - ERASE_AFTER_MS + ERASURE_NOTICE_MS), now, ERASURE_BATCH);
      for (const e of announced) {
        // Never sooner than a week from the notice, however late it went out.
        const erasureDate = stockholmToday(
          new Date(Math.max(new Date(e.historicAt).getTime() + ERASE_AFTER_MS, at + ERASURE_NOTICE_MS)),
        );
        const contacts = await groupContacts(tx, e.groupIds);
        const groupNames = await repo.groupNames(tx, e.groupIds);
        for (const c of contacts)
          await queueMail(tx, now, c.email, "participationErasure", storedLanguage(c.language), {
            firstName: c.firstName,
            groupName: groupNames.get(c.of) ?? "",
            eventName: e.name,
            eventDate: e.date,
            erasureDate,
            url: new URL(`${contactPagePath("group", c.of)}/volunteers`, ctx.config.PUBLIC_URL).toString(),
          });
      }
      const erased = await repo.eraseDue(tx, new Date(at - ERASE_AFTER_MS), new Date(at - ERASURE_NOTICE_MS), now, ERASURE_BATCH);
      if (announced.length) ctx.nudgeJobs();
      return [...announced.map((e) => ({ eventId: e.id, step: "announced" })), ...erased.map((e) => ({ ...e, step: "erased" }))];
    },
    describe: (done) => `volunteer data: ${done.length} event(s) announced or erased`,
  };
}
