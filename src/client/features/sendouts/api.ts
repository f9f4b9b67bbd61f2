import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DELIVERY_POLL_MS } from "#shared/sendouts/rules";
import type { FileView, SendOutCreated, SendOutInput, SendOutSummary, SendOutView } from "#shared/sendouts/schema";
import { api, apiUpload } from "../../app/api.ts";

/** Send-out data under one root per event, so a new send-out refetches its list. */
export const sendOutKeys = {
  ofEvent: (eventId: string) => ["sendouts", eventId] as const,
  one: (eventId: string, sendOutId: string) => ["sendouts", eventId, "one", sendOutId] as const,
};

export function useSendOuts(eventId: string) {
  return useQuery({
    queryKey: sendOutKeys.ofEvent(eventId),
    queryFn: () => api<SendOutSummary[]>("GET", `/events/${eventId}/sendout`),
  });
}

/** One send-out; asked again every few seconds while some of its mails are still queued. */
export function useSendOut(eventId: string, sendOutId: string) {
  return useQuery({
    queryKey: sendOutKeys.one(eventId, sendOutId),
    queryFn: () => api<SendOutView>("GET", `/events/${eventId}/sendout/${sendOutId}`),
    refetchInterval: (query) => ((query.state.data?.queued ?? 0) > 0 ? DELIVERY_POLL_MS : false),
  });
}

export function useCreateSendOut(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendOutInput) => api<SendOutCreated>("POST", `/events/${eventId}/sendout`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: sendOutKeys.ofEvent(eventId) }),
  });
}

/** Uploads one file for the event's send-outs. */
export const uploadEventFile = (eventId: string) => (file: File, onProgress: (share: number) => void) =>
  apiUpload<FileView>(`/events/${eventId}/files`, file, onProgress);
