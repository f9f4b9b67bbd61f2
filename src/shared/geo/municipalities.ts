import { SWEDISH_MUNICIPALITIES } from "./municipality-data.ts";

export type Country = "SE" | "NO";

export interface Municipality {
  /** What a station stores: the Swedish kommunkod as is; other countries carry a prefix so codes cannot collide. */
  id: string;
  code: string;
  country: Country;
  name: string;
  county: string;
  /** A point inside the municipality: where the map centres without a marker. */
  lat: number;
  lng: number;
}

/** The one Norwegian municipality the product offers; Norwegian numbers are also four digits. */
const NORWEGIAN: Municipality[] = [
  { id: "NO-0301", code: "0301", country: "NO", name: "Oslo", county: "Oslo", lat: 59.91333, lng: 10.73897 },
];

export const MUNICIPALITIES: readonly Municipality[] = [
  ...SWEDISH_MUNICIPALITIES.map(([code, name, county, lat, lng]) => ({
    id: code,
    code,
    country: "SE" as const,
    name,
    county,
    lat,
    lng,
  })),
  ...NORWEGIAN,
];

const byId = new Map(MUNICIPALITIES.map((m) => [m.id, m]));

export function findMunicipality(id: string): Municipality | undefined {
  return byId.get(id);
}

/**
 * Where a station is, as people read it: its address, then its municipality unless the address names it
 * already ("Slussen, Stockholm", never "Slussen, Stockholm, Stockholm"); a part of the address said twice is
 * said once. Names compare as whole words, case aside: "903 33 Umeå" names Umeå, "Lundagatan" does not name Lund.
 */
export function stationPlace(station: { markerLocation?: string | null; municipality?: string | null }): string {
  const parts: string[] = [];
  for (const part of (station.markerLocation ?? "").split(",")) {
    const text = part.trim();
    if (text && !parts.some((p) => p.toLocaleLowerCase("sv") === text.toLocaleLowerCase("sv"))) parts.push(text);
  }
  const name = findMunicipality(station.municipality ?? "")?.name;
  const escaped = name?.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const named = escaped && new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(parts.join(", "));
  return [...parts, ...(name && !named ? [name] : [])].join(", ");
}

/** The map is bounded to Sweden and Norway (spec 02 §9): south-west and north-east corners. */
export const MAP_BOUNDS: readonly [[number, number], [number, number]] = [
  [54.5, 4.0],
  [71.5, 31.6],
];

export function inMapBounds(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= MAP_BOUNDS[0][0] &&
    lat <= MAP_BOUNDS[1][0] &&
    lng >= MAP_BOUNDS[0][1] &&
    lng <= MAP_BOUNDS[1][1]
  );
}

/** Zoom without a marker, and with one (spec 02 §9). */
export const MAP_ZOOM = 11;
export const MAP_ZOOM_MARKER = 15;

// A geocoder hit and the map settings are defined by their schemas in schema.ts; only their types come
// here, so the map does not load zod.
export type { GeoPlace, MapConfig } from "./schema.ts";
