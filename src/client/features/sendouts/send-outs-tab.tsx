import { Stack } from "@mantine/core";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { TextsSection } from "../checkin/texts-section.tsx";
import { SendOutForm } from "./send-out-form.tsx";
import { SendOutList } from "./send-out-list.tsx";
import { SendOutView } from "./send-out-view.tsx";

/**
 * /sendouts: the form, and for the event's contacts of a confirmed event its texts (the day-before reminder
 * by hand, texts on or off: also on Idag, which opens only the day before); /sendouts/list; /sendouts/{id}.
 */
export function SendOutsTab(props: EventTabProps) {
  const [first = ""] = props.rest.split("/");
  if (first === "")
    return (
      <Stack gap="lg">
        <SendOutForm {...props} />
        {props.mode === "organizer" && props.event.abilities.sendOut && <TextsSection eventId={props.event.id} />}
      </Stack>
    );
  if (first === "list") return <SendOutList {...props} />;
  return <SendOutView key={first} {...props} sendOutId={first} />;
}
