import type { EventTabProps } from "../../components/event-tabs.ts";

/** /stations/{stationId}/sheet: the printable sheet of one station. */
export function StationSheet(_props: EventTabProps & { stationId: string }) {
  return null;
}
