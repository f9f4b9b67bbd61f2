import { describe, expect, it } from "vitest";
import {
  canConfirm,
  canRemove,
  DEFAULT_SORT,
  defaultStationTimes,
  isPast,
  nextSort,
  normalizeIncluded,
  normalizeStation,
  shouldBecomeHistoric,
  sortEvents,
  sortShirtSizes,
  statusLabel,
} from "./rules.ts";
import { eventForm, station } from "./schema.ts";

const at = (iso: string) => new Date(iso);

describe("event rules", () => {
  it("counts an event as past only when it is more than 7 days ago in Stockholm", () => {
    // 2030-06-09 22:30 UTC is already 2030-06-10 in Stockholm.
    const now = at("2030-06-09T22:30:00Z");
    expect(isPast("2030-06-02", now)).toBe(true);
    expect(isPast("2030-06-03", now)).toBe(false);
    expect(shouldBecomeHistoric("CONFIRMED", "2030-06-02", now)).toBe(true);
    expect(shouldBecomeHistoric("DRAFT", "2030-06-02", now)).toBe(false);
  });

  it("defaults stations to 08:00–18:00 on the event date", () => {
    expect(defaultStationTimes("2030-06-10")).toEqual({ start: "2030-06-10T08:00", end: "2030-06-10T18:00" });
  });

  it("keeps only the payment fields the type uses", () => {
    const all = { currency: "SEK", groupPayment: 1, paymentAdult: 2, paymentChild: 3 };
    expect(normalizeStation({ paymentType: "NOCOMPENSATION" as const, ...all })).toMatchObject({
      currency: null,
      groupPayment: null,
      paymentAdult: null,
      paymentChild: null,
    });
    expect(normalizeStation({ paymentType: "GROUPPAYMENT" as const, ...all })).toMatchObject({
      currency: "SEK",
      groupPayment: 1,
      paymentAdult: null,
    });
    expect(normalizeStation({ paymentType: "HOURLYRATE" as const, ...all })).toMatchObject({
      groupPayment: null,
      paymentAdult: 2,
      paymentChild: 3,
    });
  });

  it("sorts shirt sizes in size order and drops options whose item is not included", () => {
    expect(sortShirtSizes(["XXL", "S", "XS", "S"])).toEqual(["XS", "S", "XXL"]);
    expect(normalizeIncluded({ included: ["FOOD"], shirtSizes: ["M"], foodOptions: ["VEGAN"] })).toEqual({
      included: ["FOOD"],
      shirtSizes: [],
      foodOptions: ["VEGAN"],
    });
  });

  it("allows removal of drafts only and confirmation of drafts with a station", () => {
    expect(canRemove("DRAFT")).toBe(true);
    expect(canRemove("CONFIRMED")).toBe(false);
    expect(canConfirm("DRAFT", 0)).toBe(false);
    expect(canConfirm("DRAFT", 1)).toBe(true);
    expect(statusLabel("SOMETHING")).toBe("events.status.unknown");
  });

  it("sorts by date newest first by default; a header click toggles or switches", () => {
    const events = [
      { name: "B", date: "2030-01-02", status: "DRAFT" },
      { name: "A", date: "2030-03-01", status: "CONFIRMED" },
    ];
    expect(sortEvents(events, DEFAULT_SORT).map((e) => e.name)).toEqual(["A", "B"]);
    expect(nextSort(DEFAULT_SORT, "date")).toEqual({ field: "date", direction: 1 });
    expect(nextSort(DEFAULT_SORT, "name")).toEqual({ field: "name", direction: 1 });
  });
});

describe("event and station schemas", () => {
  it("reports every station message at once, including end before start", () => {
    const result = station.safeParse({ name: "", start: "2030-01-01T10:00", end: "2030-01-01T09:00", paymentType: "PERPERSON" });
    const fields = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(fields).toMatchObject({
      name: "validation.required",
      end: "events.validation.endBeforeStart",
      markerCoordinates: "events.validation.locationMissing",
      currency: "validation.required",
      paymentAdult: "validation.required",
    });
  });

  it("accepts a past date only when it is the event's own stored date", () => {
    const now = () => at("2030-06-10T10:00:00Z");
    const base = { name: "Loppet", startTime: "10:00", city: "Umeå", organizerNumber: "8020001239", organizerName: "K" };
    expect(eventForm(now).safeParse({ ...base, date: "2030-06-01" }).success).toBe(false);
    expect(eventForm(now, "2030-06-01").safeParse({ ...base, date: "2030-06-01" }).success).toBe(true);
    expect(eventForm(now, "2030-06-01").safeParse({ ...base, date: "2030-06-02" }).success).toBe(false);
  });
});
