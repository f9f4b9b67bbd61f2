import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AttendeesInput, Candidate, Offer, OfferInput, RemindResult, SendOffersResult } from "#shared/offers/schema";
import type { LinkBody, LinkResult } from "#shared/registration/schema";
import { api } from "../../app/api.ts";
import { offerKeys } from "../../app/offer-queries.ts";

export { offerKeys, useEventOffers, useStationOffers } from "../../app/offer-queries.ts";

// ── The organizer's side ────────────────────────────────────────────────────────────────────────────

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
    // A refusal may come from volunteers who changed meanwhile (left the group, a guardian still to answer).
    onError: () => client.invalidateQueries({ queryKey: ["groups", "one", groupId] }),
  });
}

/** The group's sign-up link for the event: the same each time, until `renew` makes a new one and kills the old. */
export function useSignUpLink(groupId: string, eventId: string) {
  // A refusal is not followed by a fresh list: the block would vanish with the reason it shows.
  return useMutation({
    mutationFn: (renew: boolean) => api<LinkResult>("POST", "/link", { groupId, eventId, renew } satisfies LinkBody),
  });
}
