import { describe, expect, it } from "vitest";
import { coordinatesText, mapLink } from "./map-link.ts";

describe("mapLink", () => {
  it("places a marker at the point with 6 decimals", () => {
    expect(mapLink({ lat: 57.6859, lng: 11.9668123456 })).toBe(
      "https://www.openstreetmap.org/?mlat=57.685900&mlon=11.966812#map=17/57.685900/11.966812",
    );
  });

  it("keeps the sign of western and southern points", () => {
    expect(mapLink({ lat: -1.5, lng: -0.25 })).toContain("mlat=-1.500000&mlon=-0.250000");
  });
});

describe("coordinatesText", () => {
  it("writes the point with 6 decimals, a decimal comma in Swedish", () => {
    expect(coordinatesText({ lat: 57.6859, lng: 11.9668123456 }, "sv")).toBe("N 57,685900 E 11,966812");
    expect(coordinatesText({ lat: 57.6859, lng: 11.9668123456 }, "en")).toBe("N 57.685900 E 11.966812");
  });

  it("names the hemisphere of western and southern points", () => {
    expect(coordinatesText({ lat: -1.5, lng: -0.25 }, "en")).toBe("S 1.500000 W 0.250000");
  });
});

describe("coordinatesText at the equator and the prime meridian", () => {
  it("calls 0 north and east", () => {
    expect(coordinatesText({ lat: 0, lng: 0 }, "en")).toBe("N 0.000000 E 0.000000");
  });
});
