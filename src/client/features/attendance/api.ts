import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AttendanceBody, EventPayout, PayoutStatement } from "#shared/attendance/schema";
import type { Offer, StationOffers } from "#shared/offers/schema";
import type { ApprovalView, BankFileQuery } from "#shared/payments/schema";
import { api, apiFile } from "../../app/api.ts";
import { offerKeys } from "../../app/offer-queries.ts";
import { downloadName, saveDownload } from "../../components/download.ts";

export const attendanceKeys = {
  eventPayout: (eventId: string) => ["payout", "event", eventId] as const,
  groupPayout: (groupId: string) => ["payout", "group", groupId] as const,
};

/** Records one offer's attendance; the answer replaces the offer where the lists hold it (spec 02 §7). */
export function useRecordAttendance(eventId: string, stationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { groupId: string; body: AttendanceBody }) =>
      api<Offer>("POST", `/events/${eventId}/attendance/${stationId}_${v.groupId}`, v.body),
    onSuccess: (offer) => {
      const same = (o: Offer) => o.groupId === offer.groupId && o.stationId === offer.stationId;
      client.setQueryData<StationOffers>(offerKeys.ofStation(eventId, stationId), (old) =>
        old ? { ...old, offers: old.offers.map((o) => (same(o) ? offer : o)) } : old,
      );
      client.setQueryData<Offer[]>(offerKeys.ofEvent(eventId), (old) => old?.map((o) => (same(o) ? offer : o)));
      void client.invalidateQueries({ queryKey: ["payout"] });
    },
  });
}

export function useEventPayout(eventId: string) {
  return useQuery({
    queryKey: attendanceKeys.eventPayout(eventId),
    queryFn: () => api<EventPayout>("GET", `/events/${eventId}/payout`),
  });
}

export function useGroupPayout(groupId: string) {
  return useQuery({
    queryKey: attendanceKeys.groupPayout(groupId),
    queryFn: () => api<PayoutStatement[]>("GET", `/groups/${groupId}/payout`),
  });
}

/** Saves the event's payout CSV for the organizer's bookkeeping. */
export async function downloadPayoutCsv(event: { id: string; name: string; date: string }, prefix: string) {
  const blob = await apiFile(`/events/${encodeURIComponent(event.id)}/payout.csv`);
  saveDownload(blob, downloadName(`${prefix} ${event.name} ${event.date}`, "payout", "csv"));
}

/** The approval, payment and mails change the event's payout and the groups' statements alike. */
function usePayoutAction<T, V = void>(call: (v: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ["payout"] }),
  });
}

/** Approves the payout as it stands ("attestera"). */
export const useApprovePayout = (eventId: string) =>
  usePayoutAction(() => api<ApprovalView>("POST", `/events/${eventId}/payout/approve`));

/** Records the day the approved payout was paid. */
export const useMarkPaid = (eventId: string) =>
  usePayoutAction((paidOn: string) => api<ApprovalView>("POST", `/events/${eventId}/payout/paid`, { paidOn }));

/** Mails the contacts of the groups that are owed pay but have no payment details. */
export function useAskForDetails(eventId: string) {
  return useMutation({
    mutationFn: () => api<{ mailed: number }>("POST", `/events/${eventId}/payout/ask-details`),
  });
}

/** Saves the approved payout as a pain.001 file for the organizer's bank. */
export async function downloadBankFile(event: { id: string; name: string }, query: BankFileQuery, prefix: string) {
  const params = new URLSearchParams({ debtorBankgiro: query.debtorBankgiro, executionDate: query.executionDate });
  const blob = await apiFile(`/events/${encodeURIComponent(event.id)}/payout.xml?${params}`);
  saveDownload(blob, downloadName(`${prefix} ${event.name} ${query.executionDate}`, "payout", "xml"));
}
