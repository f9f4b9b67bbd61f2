import { describe, expect, it } from "vitest";
import { findMunicipality, inMapBounds, MAP_BOUNDS, MUNICIPALITIES, stationPlace } from "./municipalities.ts";
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

describe("a station's place", () => {
  it("is the address and the municipality, the town named once", () => {
    expect(stationPlace({ markerLocation: "Slussen, Stockholm", municipality: "0180" })).toBe("Slussen, Stockholm");
    expect(stationPlace({ markerLocation: "Slussen, Stockholm, Stockholm", municipality: "0180" })).toBe("Slussen, Stockholm");
    expect(stationPlace({ markerLocation: "Stortorget", municipality: "1281" })).toBe("Stortorget, Lund");
    expect(stationPlace({ markerLocation: "Östra Strandgatan 12, 903 33 Umeå", municipality: "2480" })).toBe(
      "Östra Strandgatan 12, 903 33 Umeå",
    );
    expect(stationPlace({ markerLocation: "stortorget, LUND", municipality: "1281" })).toBe("stortorget, LUND");
  });

  it("adds the municipality when only a longer word contains its name", () => {
    expect(stationPlace({ markerLocation: "Lundagatan 5", municipality: "1281" })).toBe("Lundagatan 5, Lund");
    expect(stationPlace({ markerLocation: "Stockholmsvägen 1", municipality: "0180" })).toBe("Stockholmsvägen 1, Stockholm");
  });

  it("is the municipality alone without an address, and the address alone without a known municipality", () => {
    expect(stationPlace({ markerLocation: "", municipality: "1281" })).toBe("Lund");
    expect(stationPlace({ markerLocation: " , ", municipality: "1281" })).toBe("Lund");
    expect(stationPlace({ markerLocation: "Stortorget", municipality: "9999" })).toBe("Stortorget");
    expect(stationPlace({ markerLocation: null, municipality: null })).toBe("");
  });
});
