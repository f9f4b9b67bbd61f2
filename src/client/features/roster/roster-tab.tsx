import type { EventTabProps } from "../../components/event-tabs.ts";

/** /roster: per station named vs promised, missing sizes and diets, and the event's totals. */
export function RosterTab(_props: EventTabProps) {
  return null;
}
