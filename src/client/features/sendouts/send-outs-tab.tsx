import type { EventTabProps } from "../../components/event-tabs.ts";
import { SendOutForm } from "./send-out-form.tsx";
import { SendOutList } from "./send-out-list.tsx";
import { SendOutView } from "./send-out-view.tsx";

/** /sendouts: the form; /sendouts/list; /sendouts/{sendOutId}. */
export function SendOutsTab(props: EventTabProps) {
  const [first = ""] = props.rest.split("/");
  if (first === "") return <SendOutForm {...props} />;
  if (first === "list") return <SendOutList {...props} />;
  return <SendOutView key={first} {...props} sendOutId={first} />;
}
