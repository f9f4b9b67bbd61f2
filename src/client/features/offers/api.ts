import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AttendeesInput,
  Candidate,
  Offer,
  OfferInput,
  RemindResult,
  SendOffersResult,
  StationOffers,
} from "#shared/offers/schema";
import { api } from "../../app/api.ts";

/** Offer data under one root, so a change refetches every list that may show it. */
export const offerKeys = {
  all: ["offers"] as const,
  ofEvent: (eventId: string) => ["offers", "event", eventId] as const,
  ofStation: (eventId: string, stationId: string) => ["offers", "event", eventId, "station", stationId] as const,
  candidates: (eventId: string, stationId: string, radiusKm: number) =>
    ["offers", "event", eventId, "candidates", stationId, radiusKm] as const,
  mine: ["offers", "mine"] as const,
  one: (groupId: string, eventId: string, stationId: string) => ["offers", "one", groupId, eventId, stationId] as const,
};

// ── The organizer's side ────────────────────────────────────────────────────────────────────────────

export function useEventOffers(eventId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: offerKeys.ofEvent(eventId ?? ""),
    queryFn: () => api<Offer[]>("GET", `/events/${eventId}/offers`),
    enabled: !!eventId && enabled,
  });
}

export function useStationOffers(eventId: string, stationId: string | undefined) {
  return useQuery({
    queryKey: offerKeys.ofStation(eventId, stationId ?? ""),
    queryFn: () => api<StationOffers>("GET", `/offers/station/${eventId}/${stationId}`),
    enabled: !!stationId,
  });
}

/** Ranked candidates for a station, best first; `radiusKm` also takes in nearby municipalities. */
export function useCandidates(eventId: string, stationId: string | undefined, radiusKm = 0) {
  return useQuery({
    queryKey: offerKeys.candidates(eventId, stationId ?? "", radiusKm),
    queryFn: () =>
      api<Candidate[]>(
        "GET",
        `/groups/available?eventId=${eventId}&stationId=${stationId}${radiusKm ? `&radiusKm=${radiusKm}` : ""}`,
      ),
    enabled: !!stationId,
  });
}

function useRefetchOffers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: offerKeys.all });
}

export function useCreateOffer() {
  const refetch = useRefetchOffers();
  return useMutation({ mutationFn: (body: OfferInput) => api<Offer>("POST", "/offers", body), onSuccess: refetch });
}

export function useRemoveOffer() {
  const refetch = useRefetchOffers();
  return useMutation({
    mutationFn: (o: { eventId: string; groupId: string; stationId: string }) =>
      api<void>("DELETE", `/offers/${o.eventId}/${o.groupId}/${o.stationId}`),
    onSuccess: refetch,
  });
}

/** Sends the listed DRAFT offers (none listed: every DRAFT of the event) as invitations. */
export function useSendOffers(eventId: string) {
  const refetch = useRefetchOffers();
  return useMutation({
    mutationFn: (body: { offers?: Array<{ groupId: string; stationId: string }>; expiresAt?: string }) =>
      api<SendOffersResult>("POST", `/offers/${eventId}/confirm`, body),
    onSuccess: refetch,
  });
}

export function useSendReminders(eventId: string) {
  const refetch = useRefetchOffers();
  return useMutation({
    mutationFn: () => api<RemindResult>("POST", `/offers/${eventId}/send-reminder`),
    onSuccess: refetch,
  });
}

// ── The group's side ────────────────────────────────────────────────────────────────────────────────

/** The offers to every group the user is a contact of. */
export function useMyOffers() {
  return useQuery({ queryKey: offerKeys.mine, queryFn: () => api<Offer[]>("GET", "/offers/groups") });
}

/** One offer with its station and event: the engagement page. */
export function useGroupOffer(groupId: string, eventId: string, stationId: string) {
  return useQuery({
    queryKey: offerKeys.one(groupId, eventId, stationId),
    queryFn: () => api<Offer>("GET", `/offers/groups/${groupId}/${eventId}/${stationId}`),
  });
}

function useStoreOffer() {
  const client = useQueryClient();
  return (offer: Offer) => {
    client.setQueryData(offerKeys.one(offer.groupId, offer.eventId, offer.stationId), offer);
    void client.invalidateQueries({ queryKey: offerKeys.all });
  };
}

export function useAnswerOffer(answer: "accept" | "reject") {
  const store = useStoreOffer();
  return useMutation({
    mutationFn: (o: { eventId: string; groupId: string; stationId: string }) =>
      api<Offer>("POST", `/offers/${o.eventId}/${o.groupId}/${o.stationId}/${answer}`),
    onSuccess: store,
  });
}

export function useNameAttendees(groupId: string, eventId: string, stationId: string) {
  const store = useStoreOffer();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendeesInput) => api<Offer>("POST", `/offers/groups/${groupId}/${eventId}/${stationId}`, body),
    onSuccess: (offer) => {
      store(offer);
      // Per-event shirt sizes and diets are saved on the group's volunteers too.
      void client.invalidateQueries({ queryKey: ["groups", "one", groupId] });
    },
  });
}
