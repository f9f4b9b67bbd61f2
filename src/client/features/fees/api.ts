import { useQuery } from "@tanstack/react-query";
import type { FeesView } from "#shared/payments/schema";
import { api } from "../../app/api.ts";

export const feesKeys = { ofEvent: (eventId: string) => ["fees", eventId] as const };

/** The event's fees and invoices (issue 25), for its contacts. */
export function useFees(eventId: string) {
  return useQuery({
    queryKey: feesKeys.ofEvent(eventId),
    queryFn: () => api<FeesView>("GET", `/events/${eventId}/fees`),
  });
}

/** Where one invoice is shown, printable. */
export const invoicePath = (eventId: string, number: number) => `/my-pages/events/${eventId}/invoices/${number}`;
