import { z } from "zod";

/**
 * The calendar feed: one secret address per user that calendar apps subscribe to. It lists the stations the
 * user is team leader of and the stations of their groups' accepted offers.
 */

/** GET /api/user/calendar and POST /api/user/calendar/renew: the feed's address (https, or http locally). */
export const calendarAddress = z.object({ url: z.string() });
export type CalendarAddress = z.infer<typeof calendarAddress>;

/**
 * The same address under the webcal: scheme, which browsers hand to the calendar app as a subscription
 * instead of downloading the file once.
 */
export const webcalAddress = (url: string) => url.replace(/^https?:/, "webcal:");
