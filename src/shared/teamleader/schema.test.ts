import { describe, expect, it } from "vitest";
import { ledEventSummary } from "./schema.ts";

describe("a team leader's events", () => {
  it("list the stations led and whether the event is current", () => {
    const summary = {
      id: "e1",
      eventId: "e1",
      name: "Loppet",
      date: "2030-06-10",
      city: "Umeå",
      status: "CONFIRMED",
      stations: [{ id: "s1", name: "Entrén" }],
      current: true,
    };
    expect(ledEventSummary.parse(summary)).toEqual(summary);
  });
});
