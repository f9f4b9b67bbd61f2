import { useEffect, useState } from "react";
import type { CheckinCounts } from "#shared/checkin/rules";
import type { LiveMessage } from "#shared/checkin/schema";
import { readEventStream } from "#shared/sse";
import { apiStream } from "../../app/api.ts";

/** How long a lost stream waits before it opens again. */
const RECONNECT_MS = 2000;

/**
 * The event's live stream (GET /api/events/{id}/live): each station's counts as they change. A stream that
 * ends or fails opens again; every stream starts with the counts as they are, so nothing is missed meanwhile.
 */
export function useLiveCounts(eventId: string) {
  const [counts, setCounts] = useState<ReadonlyMap<string, CheckinCounts>>(new Map());
  const [state, setState] = useState<"connecting" | "live" | "reconnecting">("connecting");

  useEffect(() => {
    const stop = new AbortController();
    const apply = (m: LiveMessage) => setCounts((old) => new Map(old).set(m.stationId, m.counts));
    (async () => {
      while (!stop.signal.aborted) {
        try {
          const res = await apiStream(`/events/${eventId}/live`, stop.signal);
          setState("live");
          await readEventStream(res.body as ReadableStream<Uint8Array>, (data) => apply(JSON.parse(data)));
        } catch {
          // Lost: try again shortly (also after a refusal, which a reload of the page would show anyway).
        }
        if (stop.signal.aborted) return;
        setState("reconnecting");
        await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    })();
    return () => stop.abort();
  }, [eventId]);

  return { counts, state };
}
