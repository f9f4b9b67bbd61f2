import { describe, expect, it } from "vitest";
import { fieldMessages as errors } from "../../../tests/helpers/fields.ts";
import { msg } from "../validation.ts";
import { geoPlace, geoReverseQuery, geoSearchQuery, mapConfig } from "./schema.ts";

describe("the geocoder's queries", () => {
  it("search for 2..200 characters, trimmed", () => {
    expect(geoSearchQuery.parse({ q: " Sergels torg " })).toEqual({ q: "Sergels torg" });
    expect(geoSearchQuery.safeParse({ q: "ab" }).success).toBe(true);
    expect(errors(geoSearchQuery.safeParse({ q: "a" }))).toEqual({ q: msg.invalid });
    expect(errors(geoSearchQuery.safeParse({ q: " " }))).toEqual({ q: msg.required });
    expect(geoSearchQuery.safeParse({ q: "x".repeat(200) }).success).toBe(true);
    expect(errors(geoSearchQuery.safeParse({ q: "x".repeat(201) }))).toEqual({ q: msg.tooLong });
  });

  it("look up a point inside the map, from the query's text", () => {
    expect(geoReverseQuery.parse({ lat: "59.33", lng: "18.06" })).toEqual({ lat: 59.33, lng: 18.06 });
    expect(errors(geoReverseQuery.safeParse({ lat: "north", lng: "18.06" }))).toEqual({ lat: msg.invalid });
    expect(errors(geoReverseQuery.safeParse({ lat: "59.33", lng: "east" }))).toEqual({ lng: msg.invalid });
    expect(errors(geoReverseQuery.safeParse({ lat: "40.4", lng: "-3.7" }))).toEqual({ lat: msg.invalid });
  });
});

describe("the geocoder's and the map's answers", () => {
  it("carry a place's label and position, and the map's tiles and whether search works", () => {
    const place = { label: "Sergels torg, Stockholm", lat: 59.33, lng: 18.06 };
    expect(geoPlace.parse(place)).toEqual(place);
    const config = {
      tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      tileAttribution: "© OpenStreetMap",
      geocoder: true,
    };
    expect(mapConfig.parse(config)).toEqual(config);
  });
});
