import { z } from "zod";
import { eventSummary } from "../events/schema.ts";

/**
 * GET /api/teamleader/events/summaries: an event where the user leads at least one station, with the
 * stations they lead (by start time) and whether it is still current. The server decides `current`
 * (rules.isPast: until 7 days after the event's date, spec 02 §9), so the list does not repeat the rule.
 */
export const ledEventSummary = eventSummary.extend({
  stations: z.array(z.object({ id: z.string(), name: z.string() })),
  current: z.boolean(),
});
export type LedEventSummary = z.infer<typeof ledEventSummary>;
