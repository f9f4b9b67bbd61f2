import { shownPhone } from "#shared/contacts";
import { canConfirm, canEdit, canFollowToday, canMatch, canRemove, canSendOut } from "#shared/events/rules";
import type { EventStatus, EventView, PublicEvent } from "#shared/events/schema";
import { formatInstant } from "#shared/time";
import type { EventRow, EventViewRow, StationRow } from "./repo.ts";

/**
 * The whole event, for its contacts only (contacts carry phone numbers, each shown once its person has
 * opened the event). The database has shaped it (repo.eventView); what is left here is what the rules
 * decide and what JSON cannot say.
 */
export function presentEvent({ unseen: _unseen, ...v }: EventViewRow, viewerId: string, now: Date): EventView {
  const status = v.status as EventStatus;
  for (const s of v.stations) if (s.teamLeaderName === null) delete (s as { teamLeaderName?: string }).teamLeaderName;
  return {
    ...(v as unknown as EventView),
    contactPersons: v.contactPersons.map(({ seen, ...c }) => ({
      ...c,
      phone: shownPhone({ ...c, userId: c.id, seen }, viewerId),
    })),
    stations: v.stations.map((s) => ({
      ...(s as unknown as EventView["stations"][number]),
      // The database writes instants in its session's zone; the API's are Stockholm time with offset.
      start: formatInstant(new Date(s.start as string)),
      end: formatInstant(new Date(s.end as string)),
    })),
    confirmedAt: v.confirmedAt === null ? null : new Date(v.confirmedAt).toISOString(),
    abilities: {
      edit: canEdit(status),
      confirm: canConfirm(status, v.stations.length),
      remove: canRemove(status),
      match: canMatch(status),
      sendOut: canSendOut(status),
      today: canFollowToday(status, v.date as string, now),
    },
  };
}

/** What anyone may see of a confirmed event: no contacts, e-mail, invoice data, markers or team leaders. */
export function presentPublic(e: EventRow, stations?: StationRow[]): PublicEvent {
  return {
    id: e.id,
    name: e.name,
    date: e.date,
    startTime: e.startTime,
    city: e.city,
    organizerName: e.organizerName,
    organizerWebsite: e.organizerWebsite,
    ...(stations
      ? {
          stations: stations.map((s) => ({
            id: s.id,
            name: s.name,
            description: s.description,
            start: formatInstant(s.start),
            end: formatInstant(s.end),
            municipality: s.municipality,
          })),
        }
      : {}),
  };
}
