import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DELIVERY_POLL_MS } from "#shared/sendouts/rules";
import type {
  FileUploaded,
  SendOutCreated,
  SendOutInput,
  SendOutStation,
  SendOutSummary,
  SendOutView,
} from "#shared/sendouts/schema";
import { api, apiFile, apiUpload } from "../../app/api.ts";
import { saveDownload } from "../../components/download.ts";

/** Send-out data under one root per event, so a new send-out refetches its list. */
export const sendOutKeys = {
  ofEvent: (eventId: string) => ["sendouts", eventId] as const,
  one: (eventId: string, sendOutId: string) => ["sendouts", eventId, "one", sendOutId] as const,
  stations: (eventId: string) => ["sendouts", eventId, "stations"] as const,
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

/** The stations the reader may send to, with how many a send-out reaches at each now. */
export function useSendOutStations(eventId: string) {
  return useQuery({
    queryKey: sendOutKeys.stations(eventId),
    queryFn: () => api<SendOutStation[]>("GET", `/events/${eventId}/sendout/stations`),
    // Offers are answered and volunteers named elsewhere: counted afresh each time the form opens.
    staleTime: 0,
  });
}

export function useCreateSendOut(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendOutInput) => api<SendOutCreated>("POST", `/events/${eventId}/sendout`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: sendOutKeys.ofEvent(eventId) }),
  });
}

/** Saves one attachment of a send-out under its own name (the event's contacts and its sender may). */
export async function downloadAttachment(eventId: string, sendOutId: string, name: string) {
  saveDownload(await apiFile(`/events/${eventId}/sendout/${sendOutId}/attachments/${encodeURIComponent(name)}`), name);
}

/** Uploads one file for the event's send-outs; the answer tells what the event's files come to with it. */
export const uploadEventFile = (eventId: string) => (file: File, onProgress: (share: number) => void) =>
  apiUpload<FileUploaded>(`/events/${eventId}/files`, file, onProgress);
