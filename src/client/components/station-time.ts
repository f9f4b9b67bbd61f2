import { stockholmLocal } from "#shared/time";

/** A station's times as Stockholm wall-clock time, the day written once when it does not change. */
export function stationTime(s: { start: string; end: string }): string {
  const [start, end] = [stockholmLocal(s.start), stockholmLocal(s.end)];
  return start.slice(0, 10) === end.slice(0, 10)
    ? `${start.slice(0, 10)} ${start.slice(11)}–${end.slice(11)}`
    : `${start.replace("T", " ")} – ${end.replace("T", " ")}`;
}
