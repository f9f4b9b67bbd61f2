import { type SQL, sql } from "drizzle-orm";
import type { Language } from "#shared/account/constants";
import { mapLink } from "#shared/geo/map-link";
import { translate } from "#shared/i18n/index";
import { storedLanguage, withLanguage } from "#shared/i18n/language";
import { formatPhone } from "#shared/phone";
import { stationTime } from "#shared/time";
import type { Ctx } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { queueMail } from "../../mail/outbox.ts";
import { firstName, removalLink } from "../registration/mail.ts";
import { passToken, passUrl } from "./pass.ts";
import * as repo from "./repo.ts";

/**
 * A volunteer's pass by mail (issue 23): when they are named on an accepted offer, and again when their
 * station's time or place changes. One mail per volunteer, in their own language, queued in the caller's
 * transaction, so it goes exactly when the naming or the change commits, and never for one rolled back.
 */

/** Whose passes to mail: the named volunteers of these stations' accepted offers, or only some of them. */
export interface PassScope {
  eventId: string;
  stationIds: string[];
  groupId?: string;
  volunteerIds?: string[];
}

const uuids = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

function scopeWhere(s: PassScope): SQL {
  const parts = [sql`o.event_id = ${s.eventId}`, sql`o.station_id IN (${uuids(s.stationIds)})`];
  if (s.groupId) parts.push(sql`o.group_id = ${s.groupId}`);
  if (s.volunteerIds) parts.push(sql`v.id IN (${uuids(s.volunteerIds)})`);
  return sql.join(parts, sql` AND `);
}

/** What the pass says of the station, a line each: when, where (with its map link) and whom to call. */
export function stationDetails(lang: Language, r: repo.PassRow): string {
  const t = (id: string, values: Record<string, string>) => translate(lang, `mail.pass.${id}`, values);
  return [
    t("time", { time: stationTime(r.station) }),
    // An organizer may leave the place's name empty; the map link still shows where.
    r.station.place ? t("place", { place: r.station.place }) : "",
    t("map", { mapUrl: mapLink(r.station) }),
    r.teamLeader ? t("teamLeader", { name: r.teamLeader.name, phone: formatPhone(r.teamLeader.phone) }) : "",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * Mails their pass to every named volunteer in `scope`, read in one statement; answers how many were
 * mailed. The caller nudges the job queue once its transaction has committed.
 */
export async function mailPasses(
  ctx: Ctx,
  tx: Tx,
  now: Date,
  kind: "passNamed" | "passChanged",
  scope: PassScope,
): Promise<number> {
  if (scope.stationIds.length === 0 || scope.volunteerIds?.length === 0) return 0;
  const rows = await repo.passesWhere(tx, scopeWhere(scope));
  for (const r of rows) {
    const lang = storedLanguage(r.language);
    const token = passToken(ctx.secret, { volunteerId: r.volunteerId, eventId: r.event.id, stationId: r.station.id });
    await queueMail(tx, now, r.email, kind, lang, {
      firstName: firstName(r.name),
      groupName: r.groupName,
      eventName: r.event.name,
      stationName: r.station.name,
      details: stationDetails(lang, r),
      // The pass page has no account behind it: it opens in the mail's language (ADR 027).
      url: withLanguage(new URL(passUrl(ctx.config.PUBLIC_URL, token)), lang).toString(),
      leaveUrl: await removalLink(ctx, r.volunteerId, now, lang),
    });
  }
  return rows.length;
}
