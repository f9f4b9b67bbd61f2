import { canConfirm, canEdit, canRemove } from "#shared/events/rules";
import type { EventStatus, EventSummary, EventView, PublicEvent, StationView } from "#shared/events/schema";
import { formatInstant } from "#shared/time";
import type { ContactRow, EventRow, StationRow } from "./repo.ts";

export function presentStation(s: StationRow, teamLeaderName?: string): StationView {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    start: formatInstant(s.start),
    end: formatInstant(s.end),
    municipality: s.municipality,
    markerLocation: s.markerLocation,
    markerCoordinates: { lat: s.markerLat, lng: s.markerLng },
    teamLeaderEmail: s.teamLeaderEmail,
    ...(teamLeaderName ? { teamLeaderName } : {}),
    officialQuantity: s.officialQuantity,
    officialMiniumumAge: s.officialMinimumAge,
    skills: s.skills as StationView["skills"],
    paymentType: s.paymentType as StationView["paymentType"],
    currency: (s.currency as StationView["currency"]) ?? null,
    groupPayment: s.groupPayment,
    paymentAdult: s.paymentAdult,
    paymentChild: s.paymentChild,
  };
}

/** The whole event, for its contacts only: contacts carry phone numbers. */
export function presentEvent(
  e: EventRow,
  contacts: ContactRow[],
  stations: StationRow[],
  names: { confirmedBy?: string; teamLeaders: Map<string, string> },
): EventView {
  const status = e.status as EventStatus;
  return {
    id: e.id,
    eventId: e.id,
    name: e.name,
    date: e.date,
    startTime: e.startTime,
    city: e.city,
    status,
    included: e.included as EventView["included"],
    shirtSizes: e.shirtSizes as EventView["shirtSizes"],
    foodOptions: e.foodOptions as EventView["foodOptions"],
    substitute: e.substitute,
    organizerNumber: e.organizerNumber,
    organizerName: e.organizerName,
    organizerWebsite: e.organizerWebsite,
    organizerEmail: e.organizerEmail,
    invoiceAddress: e.invoiceAddress,
    contactPersons: contacts.map((c) => ({
      id: c.userId,
      email: c.email,
      name: `${c.firstName} ${c.lastName}`,
      phone: c.phone,
      creator: c.creator,
    })),
    stations: stations.map((s) => presentStation(s, names.teamLeaders.get(s.teamLeaderEmail))),
    version: e.version,
    confirmedAt: e.confirmedAt ? e.confirmedAt.toISOString() : null,
    confirmedBy: names.confirmedBy ?? null,
    abilities: { edit: canEdit(status), confirm: canConfirm(status, stations.length), remove: canRemove(status) },
  };
}

export function presentSummary(e: { id: string; name: string; date: string; status: string }): EventSummary {
  return { id: e.id, eventId: e.id, name: e.name, date: e.date, status: e.status as EventStatus };
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
