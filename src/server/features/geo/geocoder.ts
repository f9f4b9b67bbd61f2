import { type GeoPlace, inMapBounds, MAP_BOUNDS } from "#shared/geo/municipalities";
import { AppError } from "../../http/errors.ts";

/** Nominatim's usage policy: at most one request per second, an identifying User-Agent, results cached. */
export const GEOCODER_INTERVAL_MS = 1000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const CACHE_MAX = 2000;
const TIMEOUT_MS = 8000;

interface NominatimPlace {
  display_name?: string;
  lat?: string;
  lon?: string;
}

/**
 * A Nominatim-compatible geocoder, reached only from the server so the browser never talks to a third
 * party and the usage policy holds for all our users together. `pace` resolves when the next request may
 * leave (shared by all processes through the database); the cache is each process's own.
 */
export class Geocoder {
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly baseUrl: string,
    private readonly userAgent: string,
    private readonly pace: () => Promise<void>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async search(q: string): Promise<GeoPlace[]> {
    const [[south, west], [north, east]] = MAP_BOUNDS;
    const params = new URLSearchParams({
      format: "jsonv2",
      q,
      countrycodes: "se,no",
      "accept-language": "sv",
      limit: "5",
      viewbox: `${west},${north},${east},${south}`,
      bounded: "1",
    });
    const rows = await this.cached<NominatimPlace[]>(`search:${q.toLowerCase()}`, `/search?${params}`);
    return (Array.isArray(rows) ? rows : []).map(toPlace).filter((p): p is GeoPlace => p !== null);
  }

  async reverse(lat: number, lng: number): Promise<GeoPlace | null> {
    // About a metre of precision is plenty for an address and lets nearby clicks share the cache.
    const la = lat.toFixed(5);
    const ln = lng.toFixed(5);
    const params = new URLSearchParams({ format: "jsonv2", lat: la, lon: ln, "accept-language": "sv", zoom: "18" });
    const row = await this.cached<NominatimPlace>(`reverse:${la},${ln}`, `/reverse?${params}`);
    const place = row ? toPlace(row) : null;
    return place ? { ...place, lat, lng } : null;
  }

  private async cached<T>(key: string, path: string): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) {
      // Re-inserting keeps the map in least-recently-used order.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit.value as T;
    }
    await this.pace();
    const value = await this.get<T>(path);
    this.cache.set(key, { at: Date.now(), value });
    if (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }

  private async get<T>(path: string): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.baseUrl.replace(/\/$/, "")}${path}`, {
        headers: { "user-agent": this.userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new AppError("ServiceUnavailable", `Geocoder unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new AppError("ServiceUnavailable", `Geocoder answered ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new AppError("ServiceUnavailable", "Geocoder answered with something other than JSON");
    }
  }
}

function toPlace(row: NominatimPlace): GeoPlace | null {
  const lat = Number(row.lat);
  const lng = Number(row.lon);
  if (!row.display_name || !inMapBounds(lat, lng)) return null;
  return { label: row.display_name, lat, lng };
}
