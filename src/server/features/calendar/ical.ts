/**
 * iCalendar (RFC 5545) text of a published calendar: the subset the feed needs, written by hand because it
 * is small and its line rules are the whole difficulty. Pure: no clock, no database.
 */

/** One VEVENT. Times are instants, written in UTC. */
export interface CalendarEvent {
  /** Stable across fetches, so a calendar app updates the entry instead of adding a second one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  geo?: { lat: number; lng: number };
  description?: string;
  url?: string;
  /** Grows whenever the entry may have changed (RFC 5545 §3.8.7.4). */
  sequence?: number;
  lastModified?: Date;
}

export interface Calendar {
  /** PRODID: who made the text, "-//Company//Product//EN". */
  prodId: string;
  /** The name calendar apps show for the subscription. */
  name: string;
  /** When this text was made: every event's DTSTAMP (with METHOD, the time the object was created). */
  stamp: Date;
  /** How often an app should fetch again (RFC 7986 REFRESH-INTERVAL, and the older X-PUBLISHED-TTL). */
  refreshMinutes?: number;
  events: readonly CalendarEvent[];
}

const CRLF = "\r\n";
/** RFC 5545 §3.1: a content line SHOULD NOT be longer than 75 octets, excluding the line break. */
export const MAX_LINE_OCTETS = 75;

/** Octets of one code point in UTF-8. */
function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds a content line into lines of at most 75 octets: each continuation starts with a space, which counts
 * towards its 75. Breaks fall between characters, never inside one's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let room = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    if (octets + size > room) {
      parts.push(current);
      current = "";
      octets = 0;
      room = MAX_LINE_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break as `\n`. Control
 * characters other than tab are not allowed in a content line at all, so they are left out.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\r\n|\r|\n/g, "\\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must not pass
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "")
  );
}

/** A DATE-TIME in UTC (form #2): `20260601T060000Z`. */
export function utcDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** A URI value: no escaping in iCalendar, but nothing that would end or break the line. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a line break inside a value would end the line
const uri = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, "");

const decimal = (n: number) => n.toFixed(6);

function eventLines(e: CalendarEvent, stamp: Date): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `DTSTART:${utcDateTime(e.start)}`,
    `DTEND:${utcDateTime(e.end)}`,
  ];
  if (e.sequence !== undefined) lines.push(`SEQUENCE:${Math.max(0, Math.trunc(e.sequence))}`);
  if (e.lastModified) lines.push(`LAST-MODIFIED:${utcDateTime(e.lastModified)}`);
  lines.push(`SUMMARY:${escapeText(e.summary)}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  if (e.geo) lines.push(`GEO:${decimal(e.geo.lat)};${decimal(e.geo.lng)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.url) lines.push(`URL:${uri(e.url)}`);
  lines.push("STATUS:CONFIRMED", "TRANSP:OPAQUE", "END:VEVENT");
  return lines;
}

/** The whole VCALENDAR: CRLF after every line (the last too), long lines folded. */
export function serializeCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:${escapeText(calendar.prodId)}`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`);
    lines.push(`X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const e of calendar.events) lines.push(...eventLines(e, calendar.stamp));
  lines.push("END:VCALENDAR");
  return lines.map((l) => foldLine(l) + CRLF).join("");
}
