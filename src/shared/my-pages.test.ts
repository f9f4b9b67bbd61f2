import { describe, expect, it } from "vitest";
import { AREAS, homeArea, isArea } from "./my-pages.ts";

const nothing = { events: false, teamleaders: false, volunteers: false };

describe("the area /my-pages opens", () => {
  it("is the one last entered, whatever the person has", () => {
    for (const area of AREAS) expect(homeArea(area, { events: true, teamleaders: true, volunteers: true })).toBe(area);
    expect(homeArea("volunteers", { ...nothing, events: true })).toBe("volunteers");
  });

  it("without one, is the first where the person has something: events, then stations, then groups", () => {
    expect(homeArea(null, { ...nothing, teamleaders: true })).toBe("teamleaders");
    expect(homeArea(null, { ...nothing, events: true })).toBe("events");
    expect(homeArea(null, { events: true, teamleaders: true, volunteers: true })).toBe("events");
    expect(homeArea(null, { ...nothing, teamleaders: true, volunteers: true })).toBe("teamleaders");
    expect(homeArea(null, { ...nothing, volunteers: true })).toBe("volunteers");
  });

  it("is the groups for someone with nothing yet, and when what is stored is no area", () => {
    expect(homeArea(null, nothing)).toBe("volunteers");
    expect(homeArea("", { ...nothing, events: true })).toBe("events");
    expect(homeArea("admin", nothing)).toBe("volunteers");
    expect(isArea("events")).toBe(true);
    expect(isArea("Events")).toBe(false);
    expect(isArea(undefined)).toBe(false);
  });
});
