import { useQuery } from "@tanstack/react-query";
import type { Offer, StationOffers } from "#shared/offers/schema";
import { api } from "./api.ts";

/**
 * The offer reads that several areas of the event page show (matching, attendance, the roster, station
 * sheets), under one root key: they share one cache, so a change made in one refreshes the others and a
 * list already loaded costs no second request.
 */
export const offerKeys = {
  all: ["offers"] as const,
  ofEvent: (eventId: string) => ["offers", "event", eventId] as const,
  ofStation: (eventId: string, stationId: string) => ["offers", "event", eventId, "station", stationId] as const,
  candidates: (eventId: string, stationId: string, radiusKm: number) =>
    ["offers", "event", eventId, "candidates", stationId, radiusKm] as const,
  mine: ["offers", "mine"] as const,
  one: (groupId: string, eventId: string, stationId: string) => ["offers", "one", groupId, eventId, stationId] as const,
};

/** GET /api/events/{eventId}/offers: every offer of the event (a team leader's: those of their stations). */
export function useEventOffers(eventId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: offerKeys.ofEvent(eventId ?? ""),
    queryFn: () => api<Offer[]>("GET", `/events/${eventId}/offers`),
    enabled: !!eventId && enabled,
  });
}

/** GET /api/offers/station/{eventId}/{stationId}: one station's offers with its counters. */
export function useStationOffers(eventId: string, stationId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: offerKeys.ofStation(eventId, stationId ?? ""),
    queryFn: () => api<StationOffers>("GET", `/offers/station/${eventId}/${stationId}`),
    enabled: !!stationId && enabled,
  });
}
