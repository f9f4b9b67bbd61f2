import { describe, expect, it } from "vitest";
import { mapLink } from "../geo/map-link.ts";
import { COORDINATES_TAG, fillCoordinates } from "./rules.ts";

describe("fillCoordinates", () => {
  const place = { lat: 59.3326, lng: 18.0649 };

  it("puts the station's map link with 6 decimals where the tag is, every time it is", () => {
    const text = fillCoordinates("Samling här: {coordinates}\nParkering: {coordinates}", place);
    expect(text).toBe(`Samling här: ${mapLink(place)}\nParkering: ${mapLink(place)}`);
    expect(text).toContain("mlat=59.332600&mlon=18.064900");
  });

  it("takes the tag as people type it", () => {
    expect(fillCoordinates("{ Coordinates }", place)).toBe(mapLink(place));
  });

  it("leaves a message without the tag as it is", () => {
    expect(fillCoordinates("Välkomna! {koordinater} {coordinates", place)).toBe("Välkomna! {koordinater} {coordinates");
  });
});

describe("the coordinates tag", () => {
  it("is written {coordinates}", () => {
    expect(COORDINATES_TAG).toBe("{coordinates}");
    expect(fillCoordinates(`Samling: ${COORDINATES_TAG}`, { lat: 59.3326, lng: 18.0649 })).toContain("mlat=59.332600");
  });
});
