import type { EventTabProps } from "../../components/event-tabs.ts";

/** /attendance: the stations by start time; /attendance/{stationId}: one station's attendance. */
export function AttendanceTab(_props: EventTabProps) {
  return null;
}
