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
