import type { EventTabProps } from "../../components/event-tabs.ts";

/** /sendouts: the form; /sendouts/list; /sendouts/{sendOutId}. */
export function SendOutsTab(_props: EventTabProps) {
  return null;
}
