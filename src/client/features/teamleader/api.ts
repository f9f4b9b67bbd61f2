import { useQuery } from "@tanstack/react-query";
import type { LedEventSummary } from "#shared/teamleader/schema";
import { api } from "../../app/api.ts";

export const ledKeys = {
  summaries: ["teamleader", "summaries"] as const,
};

/** The events where the signed-in user leads a station, coming ones first, each marked current or not by the server. */
export function useLedEvents() {
  return useQuery({
    queryKey: ledKeys.summaries,
    queryFn: () => api<LedEventSummary[]>("GET", "/teamleader/events/summaries"),
  });
}
