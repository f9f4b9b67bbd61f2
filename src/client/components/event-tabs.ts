import type { EventMode } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";

/** What every tab of the event page gets: the event as its reader sees it, and where the tab lives. */
export interface EventTabProps {
  event: EventView;
  mode: EventMode;
  /** The event page's own path, e.g. /my-pages/events/{id}; a tab's links start here. */
  base: string;
  /** The path below the tab's own, e.g. "list" or a station id; "" on the tab itself. */
  rest: string;
}
