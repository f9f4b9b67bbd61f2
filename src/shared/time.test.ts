import { describe, expect, it } from "vitest";
import { formatInstant, inProductYears, normalizeInstant, parseInstant, shownInstant, stockholmLocal } from "./time.ts";

describe("instants", () => {
  it("read an offset as given and answer in Stockholm time with its offset", () => {
    expect(parseInstant("2026-06-01T08:00:00+02:00")?.toISOString()).toBe("2026-06-01T06:00:00.000Z");
    expect(normalizeInstant("2026-06-01T06:00:00Z")).toBe("2026-06-01T08:00:00+02:00");
    expect(normalizeInstant("2026-06-01T01:30-04:30")).toBe("2026-06-01T08:00:00+02:00");
    expect(normalizeInstant("2026-01-15T07:00:00.250Z")).toBe("2026-01-15T08:00:00+01:00");
  });

  it("read a local time as Stockholm time, summer and winter", () => {
    expect(normalizeInstant("2026-06-01T08:00")).toBe("2026-06-01T08:00:00+02:00");
    expect(normalizeInstant("2026-12-01T08:00")).toBe("2026-12-01T08:00:00+01:00");
    expect(parseInstant("2026-12-01T08:00:30")?.toISOString()).toBe("2026-12-01T07:00:30.000Z");
  });

  it("change offset on both sides of the clock changes", () => {
    // Summer time starts 2026-03-29 at 02:00 (01:00 UTC) and ends 2026-10-25 at 03:00 (01:00 UTC).
    expect(formatInstant(new Date("2026-03-29T00:59:59Z"))).toBe("2026-03-29T01:59:59+01:00");
    expect(formatInstant(new Date("2026-03-29T01:00:00Z"))).toBe("2026-03-29T03:00:00+02:00");
    expect(formatInstant(new Date("2026-10-25T00:59:59Z"))).toBe("2026-10-25T02:59:59+02:00");
    expect(formatInstant(new Date("2026-10-25T01:00:00Z"))).toBe("2026-10-25T02:00:00+01:00");
    expect(normalizeInstant("2026-03-29T01:30")).toBe("2026-03-29T01:30:00+01:00");
    expect(normalizeInstant("2026-03-29T03:30")).toBe("2026-03-29T03:30:00+02:00");
    expect(normalizeInstant("2026-10-25T01:30")).toBe("2026-10-25T01:30:00+02:00");
    expect(normalizeInstant("2026-10-25T03:30")).toBe("2026-10-25T03:30:00+01:00");
  });

  it("read the skipped and the repeated hour in standard time, as PostgreSQL does", () => {
    expect(normalizeInstant("2026-03-29T02:30")).toBe("2026-03-29T03:30:00+02:00");
    expect(normalizeInstant("2026-10-25T02:30")).toBe("2026-10-25T02:30:00+01:00");
    // Both readings of the repeated hour stay reachable with an offset.
    expect(normalizeInstant("2026-10-25T02:30+02:00")).toBe("2026-10-25T02:30:00+02:00");
  });

  it("refuse what is not an instant", () => {
    for (const text of [
      "",
      "tomorrow",
      "2026-06-01",
      "2026-06-01 08:00",
      "2026-06-01T8:00",
      "2026-06-01T24:00",
      "2026-06-01T08:60",
      "2026-02-30T08:00",
      "2026-13-01T08:00",
      "2026-06-01T08:00+25:00",
      "2026-06-01T08:00+02",
      "2026-06-01T08:00:00+02:00junk",
    ])
      expect(parseInstant(text), text).toBeNull();
  });

  it("show the Stockholm wall clock for forms and lists", () => {
    expect(stockholmLocal("2026-06-01T06:00:00Z")).toBe("2026-06-01T08:00");
    expect(stockholmLocal(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01T00:30");
    expect(stockholmLocal("2026-06-01T08:00")).toBe("2026-06-01T08:00");
    expect(stockholmLocal("not a time")).toBe("not a time");
    // Shown the same in every language: ISO date, 24-hour time, Stockholm's.
    expect(shownInstant("2026-11-26T14:16:00.000Z")).toBe("2026-11-26 15:16");
    expect(shownInstant(new Date("2026-06-01T06:00:00Z"))).toBe("2026-06-01 08:00");
  });
});

describe("instants in detail", () => {
  it("are written from the start of the text, with a month from 01", () => {
    expect(parseInstant("x2026-06-01T08:00")).toBeNull();
    expect(parseInstant("2026-00-10T08:00")).toBeNull();
  });

  it("take seconds up to 59 and offsets up to 23:59", () => {
    expect(parseInstant("2026-06-01T08:00:59Z")?.toISOString()).toBe("2026-06-01T08:00:59.000Z");
    expect(parseInstant("2026-06-01T08:00:60Z")).toBeNull();
    expect(parseInstant("2026-06-01T08:00+23:00")?.toISOString()).toBe("2026-05-31T09:00:00.000Z");
    expect(parseInstant("2026-06-01T08:00+01:59")?.toISOString()).toBe("2026-06-01T06:01:00.000Z");
    expect(parseInstant("2026-06-01T08:00+01:60")).toBeNull();
  });

  it("keep the fraction of a second, with an offset or in Stockholm time", () => {
    expect(parseInstant("2026-06-01T08:00:00.5Z")?.getTime()).toBe(Date.UTC(2026, 5, 1, 8, 0, 0, 500));
    expect(parseInstant("2026-06-01T08:00:00.25")?.getTime()).toBe(Date.UTC(2026, 5, 1, 6, 0, 0, 250));
  });

  it("lie in the product's years only when written with a four-digit year", () => {
    expect(inProductYears("2000-01-01")).toBe(true);
    expect(inProductYears("2100-12-31")).toBe(true);
    expect(inProductYears("1999-12-31")).toBe(false);
    expect(inProductYears("2101-01-01")).toBe(false);
    expect(inProductYears("20e2-01-01")).toBe(false);
  });
});
