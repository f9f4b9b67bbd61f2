import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectLineRules, octets, readCalendar as parse, prop, unescapeText, unfold } from "../../../../tests/helpers/ical.ts";
import { type Calendar, escapeText, foldLine, serializeCalendar, utcDateTime } from "./ical.ts";

/**
 * The RFC 5545 rules the feed's text must keep, checked with a small reader written from the RFC
 * (tests/helpers/ical.ts).
 */

/** Each physical line of a folded line: at most 75 octets and whole characters. */
function expectFolded(folded: string) {
  expectLineRules(`${folded}\r\n`);
}

const sample: Calendar = {
  prodId: "-//Bemanna//Calendar feed//EN",
  name: "Bemanna – mina stationer",
  stamp: new Date("2026-05-01T10:00:00.123Z"),
  refreshMinutes: 60,
  events: [
    {
      uid: "teamleader-0b1e@bemanna.se",
      start: new Date("2026-06-01T06:00:00Z"),
      end: new Date("2026-06-01T16:00:00Z"),
      summary: "Entrén — Stockholm Stadslopp",
      location: "Sergels torg, Stockholm; vid fontänen",
      geo: { lat: 59.3326, lng: 18.0649 },
      description:
        "Evenemang: Stockholm Stadslopp\nBiljettkontroll vid huvudentrén, väst\\öst; ta med väst.\nKarta: https://www.openstreetmap.org/?mlat=59.332600&mlon=18.064900#map=17/59.332600/18.064900",
      url: "https://bemanna.example/my-pages/teamleaders/e/stations/s/sheet",
      sequence: 4,
      lastModified: new Date("2026-04-30T08:15:00Z"),
    },
    {
      uid: "offer-0b1e-77aa@bemanna.se",
      start: new Date("2026-12-01T07:30:00Z"),
      end: new Date("2026-12-01T09:00:00Z"),
      summary: "Vätska, Göteborg — Göteborgsvarvet 🏃‍♀️",
    },
  ],
};

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds one of 76", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });

  it("counts the continuation's leading space towards its 75 octets", () => {
    const folded = foldLine("y".repeat(75 + 74 + 1));
    expect(folded.split("\r\n").map(octets)).toEqual([75, 75, 2]);
  });

  it("never splits a multi-byte character: å (2 octets), € (3), 🏃 (4)", () => {
    for (const char of ["å", "€", "🏃"]) {
      // Starting one octet in puts a character across every 75-octet boundary unless the fold moves it.
      const line = `D${char.repeat(200)}`;
      const folded = foldLine(line);
      expectFolded(folded);
      const parts = folded.split("\r\n");
      for (const part of parts) expect(part.replace(/^ /, "").replaceAll(char, "")).toMatch(/^D?$/);
      expect(unfold(parts.join("\r\n"))).toBe(line);
      // As many octets as fit: a line ends short only by less than one character.
      for (const part of parts.slice(0, -1)) expect(octets(part)).toBeGreaterThan(75 - octets(char));
    }
  });

  it("unfolds to the original line, for any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const folded = foldLine(`DESCRIPTION:${text}`);
        expectFolded(folded);
        expect(unfold(folded)).toBe(`DESCRIPTION:${text}`);
      }),
    );
  });
});

describe("escapeText", () => {
  it("escapes backslash, semicolon and comma, and writes line breaks as \\n", () => {
    expect(escapeText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(escapeText("rad 1\nrad 2\r\nrad 3\rrad 4")).toBe("rad 1\\nrad 2\\nrad 3\\nrad 4");
    // A backslash before an n stays a backslash and an n, not a line break.
    expect(escapeText("C:\\new")).toBe("C:\\\\new");
  });

  it("leaves out control characters a content line may not hold, keeping tabs", () => {
    expect(escapeText("a\u0000b\u0007c\u001bd\u007fe\tf")).toBe("abcde\tf");
  });

  it("reads back to the original text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters escapeText leaves out
        const expected = text.replace(/\r\n|\r/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
        const escaped = escapeText(text);
        expect(escaped).not.toMatch(/[\r\n]/);
        // No unescaped ; or , is left to end the value early.
        expect(escaped.replace(/\\[\\;,n]/g, "")).not.toMatch(/[\\;,]/);
        expect(unescapeText(escaped)).toBe(expected);
      }),
    );
  });
});

describe("utcDateTime", () => {
  it("writes form #2, UTC with Z, whole seconds", () => {
    expect(utcDateTime(new Date("2026-06-01T06:00:00.999Z"))).toBe("20260601T060000Z");
    expect(utcDateTime(new Date("2026-10-25T01:30:00+02:00"))).toBe("20261024T233000Z");
  });
});

describe("serializeCalendar", () => {
  const text = serializeCalendar(sample);

  it("ends every line with CRLF and keeps every line within 75 octets of whole characters", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expectLineRules(text);
    // The long description was folded, not cut.
    expect(text).toMatch(/\r\n [^\r]/);
  });

  it("parses as one VCALENDAR with the published-calendar properties", () => {
    const cal = parse(text);
    expect(cal.name).toBe("VCALENDAR");
    expect(prop(cal, "PRODID")).toBe("-//Bemanna//Calendar feed//EN");
    expect(prop(cal, "VERSION")).toBe("2.0");
    expect(prop(cal, "CALSCALE")).toBe("GREGORIAN");
    expect(prop(cal, "METHOD")).toBe("PUBLISH");
    expect(unescapeText(prop(cal, "X-WR-CALNAME") ?? "")).toBe("Bemanna – mina stationer");
    expect(cal.properties.find((p) => p.name === "REFRESH-INTERVAL")).toEqual({
      name: "REFRESH-INTERVAL",
      params: { VALUE: "DURATION" },
      value: "PT60M",
    });
    expect(cal.components.map((c) => c.name)).toEqual(["VEVENT", "VEVENT"]);
  });

  it("writes each event's properties so they read back as given", () => {
    const [first, second] = parse(text).components;
    const e = sample.events[0];
    expect(prop(first, "UID")).toBe(e.uid);
    expect(prop(first, "DTSTAMP")).toBe("20260501T100000Z");
    expect(prop(first, "DTSTART")).toBe("20260601T060000Z");
    expect(prop(first, "DTEND")).toBe("20260601T160000Z");
    expect(prop(first, "SEQUENCE")).toBe("4");
    expect(prop(first, "LAST-MODIFIED")).toBe("20260430T081500Z");
    expect(unescapeText(prop(first, "SUMMARY") ?? "")).toBe(e.summary);
    expect(prop(first, "LOCATION")).toBe("Sergels torg\\, Stockholm\\; vid fontänen");
    expect(unescapeText(prop(first, "LOCATION") ?? "")).toBe(e.location);
    expect(prop(first, "GEO")).toBe("59.332600;18.064900");
    expect(unescapeText(prop(first, "DESCRIPTION") ?? "")).toBe(e.description);
    expect(prop(first, "URL")).toBe(e.url);

    expect(unescapeText(prop(second, "SUMMARY") ?? "")).toBe(sample.events[1].summary);
    for (const absent of ["LOCATION", "GEO", "DESCRIPTION", "URL", "SEQUENCE", "LAST-MODIFIED"])
      expect(prop(second, absent), absent).toBeUndefined();
  });

  it("is an empty calendar, still valid, without events", () => {
    const cal = parse(serializeCalendar({ ...sample, events: [] }));
    expect(cal.components).toEqual([]);
    expect(prop(cal, "VERSION")).toBe("2.0");
  });
});
