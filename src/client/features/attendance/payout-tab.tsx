import type { EventTabProps } from "../../components/event-tabs.ts";

/** /payout: what each group is paid for the event, from attendance and the stations' pay terms. */
export function PayoutTab(_props: EventTabProps) {
  return null;
}
