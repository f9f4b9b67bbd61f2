import { useQuery } from "@tanstack/react-query";
import type { Offer, StationOffers } from "#shared/offers/schema";
import { api } from "../../app/api.ts";

/**
 * The offers the sheet and the roster are built from. The keys are those the offer screens read and
 * refetch under (["offers", …]), so the roster shares their cache: a change made in matching refreshes it,
 * and an event's offers already loaded there cost no second request here.
 */
const keys = {
  ofEvent: (eventId: string) => ["offers", "event", eventId] as const,
  ofStation: (eventId: string, stationId: string) => ["offers", "event", eventId, "station", stationId] as const,
};

/** GET /api/events/{eventId}/offers: every offer of the event (a team leader: those of their stations). */
export function useEventOffers(eventId: string) {
  return useQuery({ queryKey: keys.ofEvent(eventId), queryFn: () => api<Offer[]>("GET", `/events/${eventId}/offers`) });
}

/** GET /api/offers/station/{eventId}/{stationId}: one station's offers with its counters. */
export function useStationOffers(eventId: string, stationId: string, enabled = true) {
  return useQuery({
    queryKey: keys.ofStation(eventId, stationId),
    queryFn: () => api<StationOffers>("GET", `/offers/station/${eventId}/${stationId}`),
    enabled,
  });
}
