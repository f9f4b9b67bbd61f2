import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CheckinList } from "#shared/checkin/schema";
import { formatInstant } from "#shared/time";
import { ApiError, api } from "../../app/api.ts";
import { useAuth } from "../../app/auth.tsx";
import { withPending } from "./apply.ts";
import {
  clearRefused,
  enqueue,
  loadList,
  loadQueue,
  loadRefused,
  type Queued,
  type Refused,
  saveList,
  type TapBody,
} from "./store.ts";
import { FLUSH_EVERY_MS, flushQueue } from "./sync.ts";

export type Who = Pick<TapBody, "volunteerId" | "pass" | "walkUp" | "noShow">;

/**
 * The check-in page's state: the station's list from the phone at once, then from the server when there is
 * a connection; taps kept on the phone first and sent in the background (on opening, on `online`, every
 * 30 s and after each tap). The page never waits for the network to show a tap.
 */
export function useStationCheckin(eventId: string, stationId: string) {
  const auth = useAuth();
  const signedIn = auth.status === "LOGGED_IN";
  const [fetched, setFetched] = useState<CheckinList | null | undefined>(undefined);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [sessionLost, setSessionLost] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;

  const readPhone = useCallback(async () => {
    const [list, q, r] = await Promise.all([loadList(eventId, stationId), loadQueue(), loadRefused()]);
    setFetched((known) => list ?? known ?? null);
    setQueue(q);
    setRefused(r);
  }, [eventId, stationId]);

  const fetchList = useCallback(async () => {
    try {
      const list = await api<CheckinList>("GET", `/events/${eventId}/stations/${stationId}/checkins`);
      await saveList(list);
      setFetched(list);
      setLoadError(null);
      setOnline(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === "NetworkError") setOnline(false);
      else setLoadError(err instanceof ApiError ? err : new ApiError(0, "InternalError"));
    }
  }, [eventId, stationId]);

  /** Sends what waits, then reads the list afresh; signs in again through the cookie when the page opened offline. */
  const sync = useCallback(async () => {
    if (!signedInRef.current && !(await auth.restoreSession())) return;
    setSyncing(true);
    try {
      const outcome = await flushQueue();
      setSessionLost(outcome === "signedOut");
      if (outcome === "offline") setOnline(false);
      await readPhone();
      if (outcome === "sent") await fetchList();
    } finally {
      setSyncing(false);
    }
  }, [auth, readPhone, fetchList]);

  useEffect(() => {
    void readPhone().then(() => (signedInRef.current ? sync() : undefined));
  }, [readPhone, sync]);

  // Once the session is back (restored after a start without a connection), send at once.
  useEffect(() => {
    if (signedIn) void sync();
  }, [signedIn, sync]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    const timer = setInterval(() => void sync(), FLUSH_EVERY_MS);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      clearInterval(timer);
    };
  }, [sync]);

  const tap = useCallback(
    async (who: Who, name: string) => {
      const body: TapBody = { id: crypto.randomUUID(), at: formatInstant(new Date()), ...who };
      await enqueue({ kind: "tap", eventId, stationId, body, name });
      setQueue(await loadQueue());
      void sync();
    },
    [eventId, stationId, sync],
  );

  const undo = useCallback(
    async (personId: string, name: string) => {
      await enqueue({ kind: "undo", id: crypto.randomUUID(), eventId, stationId, personId, name });
      setQueue(await loadQueue());
      void sync();
    },
    [eventId, stationId, sync],
  );

  const dismissRefused = useCallback(async () => {
    await clearRefused();
    setRefused([]);
  }, []);

  const mine = useMemo(
    () => queue.filter((op) => op.eventId === eventId && op.stationId === stationId),
    [queue, eventId, stationId],
  );
  const list = useMemo(() => (fetched ? withPending(fetched, mine) : fetched), [fetched, mine]);

  return {
    /** undefined while the phone is read; null when nothing is kept and nothing could be fetched. */
    list,
    pending: mine.length,
    refused,
    online,
    syncing,
    loadError,
    sessionLost,
    tap,
    undo,
    sync,
    dismissRefused,
  };
}
