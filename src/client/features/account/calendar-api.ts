import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarAddress } from "#shared/calendar";
import { api } from "../../app/api.ts";

const calendarKey = ["account", "calendar"] as const;

/** The signed-in user's calendar feed address. */
export function useCalendarAddress() {
  return useQuery({ queryKey: calendarKey, queryFn: () => api<CalendarAddress>("GET", "/user/calendar") });
}

/** A new address; the old one stops working at once. */
export function useRenewCalendarAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarAddress>("POST", "/user/calendar/renew"),
    onSuccess: (address) => client.setQueryData(calendarKey, address),
  });
}
