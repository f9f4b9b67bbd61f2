/** Decimals of a coordinate in a map link (spec 02 §9): 6 decimals place a point within about 10 cm. */
export const MAP_LINK_DECIMALS = 6;

/**
 * The map link of a place, used by the `{coordinates}` tag of send-outs, the station sheet and the calendar
 * feed: an OpenStreetMap page with a marker, which every phone opens in its browser or map app.
 */
export function mapLink({ lat, lng }: { lat: number; lng: number }): string {
  const la = lat.toFixed(MAP_LINK_DECIMALS);
  const lo = lng.toFixed(MAP_LINK_DECIMALS);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=17/${la}/${lo}`;
}

/**
 * A place's coordinates as people read them beside its map link, with the same 6 decimals: `N 57,685900
 * E 11,966812` in Swedish (decimal comma, GLOSSARY formats), `N 57.685900 E 11.966812` in English.
 */
export function coordinatesText({ lat, lng }: { lat: number; lng: number }, language: string): string {
  const part = (value: number, positive: string, negative: string) => {
    const digits = Math.abs(value).toFixed(MAP_LINK_DECIMALS);
    return `${value < 0 ? negative : positive} ${language === "sv" ? digits.replace(".", ",") : digits}`;
  };
  return `${part(lat, "N", "S")} ${part(lng, "E", "W")}`;
}
