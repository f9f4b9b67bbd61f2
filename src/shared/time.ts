/**
 * Instants as the API speaks them (API.md): ISO-8601 with an offset, shown as the Stockholm wall-clock time
 * with the offset in force then, e.g. `2026-06-01T08:00:00+02:00` in summer and `…+01:00` in winter.
 * A local `YYYY-MM-DDTHH:mm` (what `<input type="datetime-local">` writes) is read as Europe/Stockholm.
 */

export const STOCKHOLM = "Europe/Stockholm";

/**
 * The years a date or instant given to the product may lie in. Nothing it plans lies outside them, and
 * PostgreSQL refuses some dates beyond them (there is no year 0000), so a typo or a probe is refused as
 * invalid input instead of failing in the database.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** Is a date or instant text (`YYYY-MM-DD…`) written in one of the product's years? */
export function inProductYears(text: string): boolean {
  const year = /^\d{4}/.test(text) ? Number(text.slice(0, 4)) : Number.NaN;
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// One formatter for the whole process: building an Intl.DateTimeFormat costs far more than using one, and
// every station of every read is formatted.
let stockholmClock: Intl.DateTimeFormat | undefined;
function clock(): Intl.DateTimeFormat {
  stockholmClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: STOCKHOLM,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return stockholmClock;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The Stockholm wall clock at `epochMs` (whole seconds). */
function wallClockAt(epochMs: number): WallClock {
  const parts: Record<string, string> = {};
  for (const p of clock().formatToParts(epochMs)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The wall-clock fields read as if they were UTC, in ms; years below 100 stay what they say. */
function utcOf(w: WallClock): number {
  const d = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute, w.second));
  d.setUTCFullYear(w.year);
  return d.getTime();
}

/** Stockholm's offset from UTC at `epochMs`, in minutes (60 in winter, 120 in summer). */
function offsetAt(epochMs: number): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return Math.round((utcOf(wallClockAt(whole)) - whole) / MINUTE);
}

/**
 * The instant a Stockholm wall-clock time names. A time that does not exist (the hour skipped in March) or
 * exists twice (the hour repeated in October) is read in standard time, as PostgreSQL reads it, so the
 * browser, the server and the database's own conversion agree.
 */
function fromStockholm(w: WallClock): number {
  const asUtc = utcOf(w);
  const around = [...new Set([offsetAt(asUtc - DAY), offsetAt(asUtc + DAY)])];
  const fits = around.filter((o) => offsetAt(asUtc - o * MINUTE) === o);
  const offset = fits.length === 1 ? fits[0] : Math.min(...around);
  return asUtc - offset * MINUTE;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Reads an instant: ISO-8601 with `Z` or `±HH:mm`, or a local `YYYY-MM-DDTHH:mm[:ss]` read as Stockholm
 * time. Anything else, including dates that do not exist (2026-02-30) and clock times past 23:59, is null.
 */
export function parseInstant(text: string): Date | null {
  const m = INSTANT.exec(text);
  if (!m) return null;
  const w: WallClock = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
  if (w.month < 1 || w.month > 12 || w.day < 1 || w.hour > 23 || w.minute > 59 || w.second > 59) return null;
  // A day past the month's end would roll over into the next month: refuse it instead.
  if (new Date(utcOf(w)).getUTCDate() !== w.day) return null;
  const fraction = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
  const zone = m[8];
  if (zone === undefined) return new Date(fromStockholm(w) + fraction);
  let offset = 0;
  if (zone !== "Z") {
    const hours = Number(zone.slice(1, 3));
    const minutes = Number(zone.slice(4, 6));
    if (hours > 23 || minutes > 59) return null;
    offset = (zone[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
  }
  return new Date(utcOf(w) - offset * MINUTE + fraction);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

function wallText(w: WallClock): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

// Station times repeat a lot (many stations share 08:00 and 18:00), so recent answers are kept.
const formatted = new Map<number, string>();
const FORMATTED_MAX = 2000;

/** The instant as the Stockholm wall-clock time with its offset, to the second: `2026-06-01T08:00:00+02:00`. */
export function formatInstant(at: Date): string {
  const epoch = Math.floor(at.getTime() / 1000) * 1000;
  const known = formatted.get(epoch);
  // Stryker disable next-line ConditionalExpression: a cache only; formatting the instant again gives the same text.
  if (known !== undefined) return known;
  const w = wallClockAt(epoch);
  const offset = Math.round((utcOf(w) - epoch) / MINUTE);
  const text = `${wallText(w)}:${pad(w.second)}${offset < 0 ? "-" : "+"}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: when the cache is emptied changes memory use, never a text.
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(epoch, text);
  return text;
}

/** Any accepted instant text in its one output form, or null when it is not one. */
export function normalizeInstant(text: string): string | null {
  const at = parseInstant(text);
  return at ? formatInstant(at) : null;
}

/**
 * The Stockholm wall-clock time of an instant as `YYYY-MM-DDTHH:mm`, for `<input type="datetime-local">`
 * and for showing; text that is not an instant comes back unchanged.
 */
export function stockholmLocal(at: Date | string): string {
  const date = typeof at === "string" ? parseInstant(at) : at;
  return date ? wallText(wallClockAt(date.getTime())) : String(at);
}

/**
 * An instant as people read it, in every language: the Stockholm date and time, `2026-11-26 15:16` (the
 * glossary's ISO dates; a browser's own format would give `26/11/2026, 15:16` in English).
 */
export const shownInstant = (at: Date | string): string => stockholmLocal(at).replace("T", " ");

/** A station's times as Stockholm wall-clock time, the day written once when it does not change: `2027-05-16 09:00–17:00`. */
export function stationTime(s: { start: string; end: string }): string {
  const [start, end] = [stockholmLocal(s.start), stockholmLocal(s.end)];
  return start.slice(0, 10) === end.slice(0, 10)
    ? `${start.slice(0, 10)} ${start.slice(11)}–${end.slice(11)}`
    : `${start.replace("T", " ")} – ${end.replace("T", " ")}`;
}
