import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EventMode } from "#shared/events/rules";
import type { EventCopyInput, EventFormInput, EventSummary, EventView } from "#shared/events/schema";
import type { GeoPlace } from "#shared/geo/municipalities";
import { api } from "../../app/api.ts";

export const eventKeys = {
  summaries: ["events", "summaries"] as const,
  event: (id: string) => ["events", id] as const,
  led: (id: string) => ["teamleader", "events", id] as const,
};

export function useEventSummaries() {
  return useQuery({ queryKey: eventKeys.summaries, queryFn: () => api<EventSummary[]>("GET", "/events/summaries") });
}

/** The event as its contacts see it, or (mode "teamleader") as the leader of some of its stations does. */
export function useEvent(id: string | undefined, mode: EventMode = "organizer") {
  return useQuery({
    queryKey: mode === "organizer" ? eventKeys.event(id ?? "") : eventKeys.led(id ?? ""),
    queryFn: () => api<EventView>("GET", mode === "organizer" ? `/events/${id}` : `/teamleader/events/${id}`),
    enabled: !!id,
  });
}

/** What the form sends: contacts marked toBeDeleted never leave the browser on a new event (spec 01 §7). */
export type EventPayload = EventFormInput & { version?: number };

function useStoreEvent() {
  const client = useQueryClient();
  return (event: EventView) => {
    client.setQueryData(eventKeys.event(event.id), event);
    void client.invalidateQueries({ queryKey: eventKeys.summaries });
  };
}

export function useCreateEvent() {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: EventPayload) =>
      api<EventView>("POST", "/events", { ...body, contactPersons: (body.contactPersons ?? []).filter((c) => !c.toBeDeleted) }),
    onSuccess: store,
  });
}

export function useUpdateEvent(id: string) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: EventPayload & { version: number }) => api<EventView>("PUT", `/events/${id}`, body),
    onSuccess: store,
  });
}

export function useConfirmEvent(id: string) {
  const store = useStoreEvent();
  return useMutation({ mutationFn: () => api<EventView>("POST", `/events/${id}/confirm`), onSuccess: store });
}

/**
 * POST /api/events/{id}/copy (STAFFING §4): the new DRAFT event made from `sourceId`, with DRAFT offers to
 * the groups listed. It joins the organizer's list, so the summaries are read again.
 */
export function useCopyEvent(sourceId: string) {
  const store = useStoreEvent();
  return useMutation({
    mutationFn: (body: EventCopyInput) => api<EventView>("POST", `/events/${sourceId}/copy`, body),
    onSuccess: store,
  });
}

export function useRemoveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>("DELETE", `/events/${id}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: eventKeys.event(id) });
      client.setQueryData<EventSummary[]>(eventKeys.summaries, (old) => old?.filter((e) => e.id !== id));
      void client.invalidateQueries({ queryKey: eventKeys.summaries });
    },
  });
}

export function useSetHistoric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<EventView>("PUT", `/events/${id}/historic`),
    onSettled: () => client.invalidateQueries({ queryKey: eventKeys.summaries }),
  });
}

export const geoSearch = (q: string) => api<GeoPlace[]>("GET", `/geo/search?q=${encodeURIComponent(q)}`);
export const geoReverse = (lat: number, lng: number) => api<GeoPlace>("GET", `/geo/reverse?lat=${lat}&lng=${lng}`);
