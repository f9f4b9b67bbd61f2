import { mapLink } from "../geo/map-link.ts";
import type { RecipientType, SendOutStation } from "./schema.ts";

/**
 * The rules of send-outs (STAFFING §2), written once for the server and the screens. Whether an event
 * takes send-outs at all is the event's `sendOut` ability (events/rules.ts canSendOut).
 */

/** The tag the organizer writes in a message where each recipient's station's map link goes. */
export const COORDINATES_TAG = "{coordinates}";
/** The tag as people type it: any case, spaces inside the braces. */
const TAG = /\{\s*coordinates\s*\}/gi;

/** The message as one recipient reads it: every `{coordinates}` replaced by their station's map link (6 decimals). */
export function fillCoordinates(message: string, place: { lat: number; lng: number }): string {
  return message.replace(TAG, mapLink(place));
}

/** How long the form says a send-out went out (spec 02 §4, §9). */
export const SENT_MESSAGE_MS = 5000;

/** How often the page of a send-out still being delivered asks how far it has come. */
export const DELIVERY_POLL_MS = 2000;

/**
 * Who opens a send-out's attachments: the event's contacts, and whoever sent it. A team leader reads the
 * send-outs to their stations, but the files of another's send-out are not theirs to open.
 */
export const canOpenAttachments = (eventContact: boolean, sender: boolean) => eventContact || sender;

/** How many distinct addresses a send-out to `types` reaches at one station. */
export function recipientsAt(station: SendOutStation, types: readonly RecipientType[]): number {
  const volunteers = types.includes("VOLUNTEERS");
  const contacts = types.includes("CONTACT_PERSONS");
  if (volunteers && contacts) return station.everyone;
  if (volunteers) return station.volunteers;
  return contacts ? station.contactPersons : 0;
}

/**
 * Why a send-out to `types` at these stations would reach nobody (a key of `sendOutMsg`), if it would: no
 * group has accepted an offer there yet, or those that have named no volunteers while only volunteers are
 * chosen. A send-out to nobody is refused rather than recorded as sent.
 */
export function noRecipientsReason(
  stations: readonly SendOutStation[],
  types: readonly RecipientType[],
): "noAcceptedGroups" | "noNamedVolunteers" | null {
  if (stations.some((s) => recipientsAt(s, types) > 0)) return null;
  return stations.some((s) => s.acceptedGroups > 0) ? "noNamedVolunteers" : "noAcceptedGroups";
}
