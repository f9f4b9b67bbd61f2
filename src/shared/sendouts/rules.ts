import { mapLink } from "../geo/map-link.ts";

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
