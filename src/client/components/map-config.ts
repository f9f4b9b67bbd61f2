import { useQuery } from "@tanstack/react-query";
import type { MapConfig } from "#shared/geo/municipalities";
import { api } from "../app/api.ts";

/** The map's tiles and geocoder settings, read once: every map of the product uses them. */
export function useMapConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => api<MapConfig>("GET", "/public/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
