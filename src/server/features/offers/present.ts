import { canRecordAttendance } from "#shared/attendance/rules";
import { declinedIds, standInsOpen } from "#shared/checkin/rules";
import { shownPhone } from "#shared/contacts";
import { allocation, canAnswer, canNameAttendees, canRemove } from "#shared/offers/rules";
import type { Allocation, Attendee, Offer, OfferStation, OfferStatus } from "#shared/offers/schema";
import { canShareLink } from "#shared/registration/rules";
import type { Status } from "#shared/status";
import { formatInstant } from "#shared/time";
import type { OfferViewRow } from "./repo.ts";

/** Who looks: the event's contacts, a station's team leader, or the group's contacts. */
export type Viewer = "organizer" | "leader" | "group";

const instant = (v: Date | string | null) => (v === null ? null : formatInstant(new Date(v)));

/** The counters of a station from the sums of its offers by status. */
export function allocationOf(officialQuantity: number, held: Record<string, number>): Allocation {
  return allocation(
    officialQuantity,
    Object.entries(held).map(([status, volunteers]) => ({ status: status as OfferStatus, volunteers })),
  );
}

/** The station as the database shaped it, with the API's instants and (for the event's side) its counters. */
export function presentStation(s: OfferViewRow["station"], held?: Record<string, number>): OfferStation {
  return {
    ...(s as unknown as OfferStation),
    start: formatInstant(new Date(s.start)),
    end: formatInstant(new Date(s.end)),
    ...(held ? { allocation: allocationOf(s.officialQuantity, held) } : {}),
  };
}

function presentAttendee(v: Record<string, unknown>): Attendee {
  const p = (v.participation ?? {}) as { specialDiets?: string[]; shirtSize?: string; substitute?: string };
  return {
    id: v.id as string,
    name: v.name as string,
    email: v.email as string,
    phone: v.phone as string,
    age: v.age as number,
    specialDiets: (p.specialDiets ?? []) as Attendee["specialDiets"],
    shirtSize: (p.shirtSize ?? null) as Attendee["shirtSize"],
    substitute: p.substitute || null,
    confirmed: (v.confirmed ?? null) as boolean | null,
    message: (v.message ?? null) as string | null,
  };
}

/**
 * One offer for one side, as it stands at `now`. The event's side sees the group's contacts, the named
 * volunteers and their ids only when the row carries them (accepted, event running: repo.offerViews
 * decides); otherwise counts.
 */
export function presentOffer(r: OfferViewRow, viewer: Viewer, now: Date): Offer {
  const status = r.status;
  const eventStatus = r.event.status as Status;
  const personal = r.named !== null;
  return {
    eventId: r.eventId,
    eventName: r.event.name,
    groupId: r.groupId,
    groupName: r.group.name,
    stationId: r.stationId,
    stationIdGroupId: `${r.stationId}_${r.groupId}`,
    status,
    volunteers: r.volunteers,
    createdAt: instant(r.createdAt) as string,
    sentAt: instant(r.sentAt),
    remindedAt: instant(r.remindedAt),
    answeredAt: instant(r.answeredAt),
    expiresAt: instant(r.expiresAt),
    // The ids of volunteers still in the group: one removed from it since is no longer named.
    attendees: personal ? (r.named ?? []).map((v) => v.id as string) : [],
    adultAttendance: r.adultAttendance,
    childAttendance: r.childAttendance,
    station: presentStation(r.station, viewer === "group" ? undefined : r.held),
    event: r.event as unknown as Offer["event"],
    group: {
      ...(r.group as unknown as Offer["group"]),
      // As in the group itself: a contact's phone shows once they have opened the group.
      ...(personal && r.contacts
        ? { contactPersons: r.contacts.map((c) => ({ name: c.name, email: c.email, phone: shownPhone(c) })) }
        : {}),
      ...(personal ? { attendees: (r.named ?? []).map(presentAttendee) } : {}),
    },
    abilities:
      viewer === "group"
        ? {
            remove: false,
            answer: canAnswer(status, eventStatus),
            nameAttendees: canNameAttendees(status, eventStatus),
            recordAttendance: false,
            shareLink: canShareLink(status, eventStatus, r.event.date as string, now),
            standIns:
              status === "ACCEPTED" &&
              standInsOpen(
                r.station.start as string,
                eventStatus,
                now,
                declinedIds((r.named ?? []) as Array<{ id: string; confirmed?: boolean | null }>).length > 0,
              ),
          }
        : {
            remove: viewer === "organizer" && canRemove(eventStatus),
            answer: false,
            nameAttendees: false,
            recordAttendance: canRecordAttendance(status, new Date(r.station.start), eventStatus, now),
            shareLink: false,
            standIns: false,
          },
  };
}
