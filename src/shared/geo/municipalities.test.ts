import { describe, expect, it } from "vitest";
import { findMunicipality, inMapBounds, MAP_BOUNDS, MUNICIPALITIES } from "./municipalities.ts";
import { SWEDISH_MUNICIPALITIES } from "./municipality-data.ts";

describe("municipalities", () => {
  it("are Sweden's, by their kommunkod, and Oslo with a prefixed code", () => {
    expect(MUNICIPALITIES).toHaveLength(SWEDISH_MUNICIPALITIES.length + 1);
    expect(findMunicipality("0180")).toEqual({
      id: "0180",
      code: "0180",
      country: "SE",
      name: "Stockholm",
      county: "Stockholms län",
      lat: 59.2851,
      lng: 18.06024,
    });
    expect(findMunicipality("NO-0301")).toEqual({
      id: "NO-0301",
      code: "0301",
      country: "NO",
      name: "Oslo",
      county: "Oslo",
      lat: 59.91333,
      lng: 10.73897,
    });
    expect(findMunicipality("0301")).toBeUndefined();
    expect(findMunicipality("")).toBeUndefined();
  });
});

describe("the map's bounds (spec 02 §9)", () => {
  const [[south, west], [north, east]] = MAP_BOUNDS;

  it("take Sweden and Norway, edges included", () => {
    expect(inMapBounds(59.33, 18.06)).toBe(true);
    for (const [lat, lng] of [
      [south, west],
      [north, east],
      [south, east],
      [north, west],
    ])
      expect(inMapBounds(lat, lng), `${lat},${lng}`).toBe(true);
  });

  it("refuse a point beyond any edge, and a position that is no number", () => {
    expect(inMapBounds(south - 0.01, 15)).toBe(false);
    expect(inMapBounds(north + 0.01, 15)).toBe(false);
    expect(inMapBounds(60, west - 0.01)).toBe(false);
    expect(inMapBounds(60, east + 0.01)).toBe(false);
    expect(inMapBounds(Number.NaN, 15)).toBe(false);
    expect(inMapBounds(60, Number.NaN)).toBe(false);
    expect(inMapBounds(Number.POSITIVE_INFINITY, 15)).toBe(false);
    expect(inMapBounds(60, Number.NEGATIVE_INFINITY)).toBe(false);
  });
});
