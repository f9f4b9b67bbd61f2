import type { EventTabProps } from "../../components/event-tabs.ts";
import { AttendanceList } from "./attendance-list.tsx";
import { StationAttendance } from "./station-attendance.tsx";

/** /attendance: the stations by start time; /attendance/{stationId}: one station's attendance. */
export function AttendanceTab({ event, base, rest }: EventTabProps) {
  const [stationId] = rest.split("/");
  return stationId ? (
    <StationAttendance key={stationId} event={event} base={base} stationId={stationId} />
  ) : (
    <AttendanceList event={event} base={base} />
  );
}
