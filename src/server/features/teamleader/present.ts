import { shownPhone } from "#shared/contacts";
import { canSendOut, isPast } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import type { LedEventSummary } from "#shared/teamleader/schema";
import { presentEvent } from "../events/present.ts";
import type { EventViewRow } from "../events/repo.ts";
import type { LedEventRow } from "./repo.ts";

/** An event in the team leader's list: current until 7 days after its date (spec 02 §9). */
export function presentLedSummary(row: LedEventRow, now: Date): LedEventSummary {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    date: row.date,
    city: row.city,
    status: row.status,
    stations: row.stations,
    current: !isPast(row.date, now),
  };
}

/**
 * The event as a team leader reads it (ARCHITECTURE §4: read the event and their stations, send-outs to
 * them). Written out field by field, so what the contacts' view gains does not reach a team leader by
 * accident. They get what the day needs: the organizer and the event contacts' names and e-mails, a
 * contact's phone on the same terms as the contacts among themselves (shown once that contact has opened
 * the event; contacts.shownPhone), and no invoice address or who confirmed it. Nothing is theirs to change:
 * every ability is false but the send-out.
 */
export function presentLedEvent(row: EventViewRow, viewerId: string, now: Date): EventView {
  const v = presentEvent(row, viewerId, now);
  return {
    id: v.id,
    eventId: v.eventId,
    name: v.name,
    date: v.date,
    startTime: v.startTime,
    city: v.city,
    status: v.status,
    included: v.included,
    shirtSizes: v.shirtSizes,
    foodOptions: v.foodOptions,
    substitute: v.substitute,
    organizerNumber: v.organizerNumber,
    organizerName: v.organizerName,
    organizerWebsite: v.organizerWebsite,
    organizerEmail: v.organizerEmail,
    invoiceAddress: "",
    contactPersons: row.contactPersons.map((c) => ({
      name: c.name,
      email: c.email,
      phone: shownPhone({ userId: c.id, phone: c.phone, seen: c.seen }, viewerId),
    })),
    stations: v.stations,
    version: v.version,
    confirmedAt: v.confirmedAt,
    confirmedBy: null,
    abilities: {
      edit: false,
      confirm: false,
      remove: false,
      match: false,
      sendOut: canSendOut(v.status),
      today: v.abilities.today,
    },
  };
}
