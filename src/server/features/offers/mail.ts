import type { Language } from "#shared/account/schema";
import { translate } from "#shared/i18n/index";
import { storedLanguage } from "#shared/i18n/language";
import { engagementPath, matchPath } from "#shared/offers/rules";
import { textableNumber } from "#shared/sms/rules";
import { stockholmLocal } from "#shared/time";
import type { Tx } from "../../db/client.ts";
import { queueMail } from "../../mail/outbox.ts";
import type { MailKind } from "../../mail/templates.ts";
import { queueTexts, type TextToQueue } from "../../texts/outbox.ts";
import * as repo from "./repo.ts";

/**
 * The mail of offers (STAFFING §2, issue of answer-by dates): each in its recipient's language, with a link
 * straight to where they act. Queued in the caller's transaction, so a mail goes exactly when its change
 * commits.
 */

const dateOf = (at: Date) => stockholmLocal(at).slice(0, 10);
const timeOf = (at: Date) => stockholmLocal(at).slice(11, 16);

const GROUP_OFFERS_PATH = "/my-pages/volunteers";

interface MailCtx {
  tx: Tx;
  now: Date;
  publicUrl: string;
}

const url = (m: MailCtx, path: string) => new URL(path, m.publicUrl).toString();

function stationLines(m: MailCtx, lang: Language, offers: repo.SentOffer[], link: boolean) {
  return offers
    .map((o) => {
      const line = translate(lang, "mail.offers.stationLine", {
        name: o.stationName,
        date: dateOf(o.start),
        from: timeOf(o.start),
        to: timeOf(o.end),
        count: o.volunteers,
      });
      return link ? `${line}: ${url(m, engagementPath(o))}` : line;
    })
    .join("\n");
}

/** The offers by group, in the order met. */
function byGroup(offers: repo.SentOffer[]): repo.SentOffer[][] {
  const groups = new Map<string, repo.SentOffer[]>();
  for (const o of offers) groups.set(o.groupId, [...(groups.get(o.groupId) ?? []), o]);
  return [...groups.values()];
}

/**
 * One mail per group and contact about several of its offers at one event: invitations, reminders and
 * expiries. The answer-by date shown is the earliest of the group's offers.
 */
export async function mailGroupsAbout(
  m: MailCtx,
  kind: Extract<MailKind, "offerInvitation" | "offerReminder" | "offerExpiredGroup">,
  event: { id: string; name: string; date: string; organizerName?: string },
  offers: repo.SentOffer[],
) {
  const batches = byGroup(offers);
  const contacts = await repo.groupContacts(
    m.tx,
    batches.map((b) => b[0].groupId),
  );
  const texts: TextToQueue[] = [];
  for (const batch of batches) {
    const first = batch[0];
    const answerBy = new Date(Math.min(...batch.map((o) => o.expiresAt.getTime())));
    const link = batch.length === 1 ? url(m, engagementPath(first)) : url(m, GROUP_OFFERS_PATH);
    for (const c of contacts.filter((r) => r.of === first.groupId)) {
      const lang = storedLanguage(c.language);
      await queueMail(m.tx, m.now, c.email, kind, lang, {
        firstName: c.firstName,
        eventName: event.name,
        eventDate: event.date,
        organizerName: event.organizerName ?? "",
        groupName: first.groupName,
        // With one station the mail links to it below; with several, each line links to its own page.
        stations: stationLines(m, lang, batch, kind !== "offerExpiredGroup" && batch.length > 1),
        answerBy: `${dateOf(answerBy)} ${timeOf(answerBy)}`,
        url: kind === "offerExpiredGroup" ? url(m, GROUP_OFFERS_PATH) : link,
      });
      // The answer-by reminder reaches the contacts by text too (issue 24): mail is read too late.
      const number = kind === "offerReminder" ? textableNumber(c.phone) : null;
      if (number)
        texts.push({
          to: number,
          kind: "offerReminder",
          lang,
          values: {
            eventName: event.name,
            groupName: first.groupName,
            answerBy: `${dateOf(answerBy)} ${timeOf(answerBy)}`,
            url: link,
          },
          purpose: `offerReminder/${event.id}/${first.groupId}/${c.email}/${m.now.toISOString()}`,
          eventId: event.id,
          name: c.firstName,
        });
    }
  }
  await queueTexts(m.tx, m.now, texts);
}

/** The event's contacts hear of offers that expired, one mail per group. */
export async function mailOrganizersExpired(m: MailCtx, event: { id: string; name: string }, offers: repo.SentOffer[]) {
  const contacts = await repo.eventContacts(m.tx, [event.id]);
  for (const batch of byGroup(offers)) {
    for (const c of contacts) {
      const lang = storedLanguage(c.language);
      await queueMail(m.tx, m.now, c.email, "offerExpiredOrganizer", lang, {
        firstName: c.firstName,
        eventName: event.name,
        groupName: batch[0].groupName,
        stations: stationLines(m, lang, batch, false),
        url: url(m, matchPath(event.id)),
      });
    }
  }
}

/** The event's contacts hear the group's answer to one offer. */
export async function mailAnswer(
  m: MailCtx,
  kind: "offerAccepted" | "offerDeclined",
  o: { eventId: string; eventName: string; groupName: string; stationName: string; volunteers: number },
) {
  for (const c of await repo.eventContacts(m.tx, [o.eventId])) {
    await queueMail(m.tx, m.now, c.email, kind, storedLanguage(c.language), {
      firstName: c.firstName,
      eventName: o.eventName,
      groupName: o.groupName,
      stationName: o.stationName,
      volunteers: String(o.volunteers),
      url: url(m, matchPath(o.eventId)),
    });
  }
}

/** The group's contacts hear that a sent offer was withdrawn. */
export async function mailWithdrawn(
  m: MailCtx,
  o: { groupId: string; eventName: string; groupName: string; stationName: string; start: Date; end: Date },
) {
  for (const c of await repo.groupContacts(m.tx, [o.groupId])) {
    await queueMail(m.tx, m.now, c.email, "offerWithdrawn", storedLanguage(c.language), {
      firstName: c.firstName,
      eventName: o.eventName,
      groupName: o.groupName,
      stationName: o.stationName,
      time: `${dateOf(o.start)} ${timeOf(o.start)}–${timeOf(o.end)}`,
      url: url(m, GROUP_OFFERS_PATH),
    });
  }
}
