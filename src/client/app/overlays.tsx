import { notificationsStore } from "@mantine/notifications";
import { lazy, Suspense, useEffect, useState } from "react";

/**
 * Modals and notifications are not needed to show a page, and with the scroll locks, focus traps and
 * transitions behind them they weigh about a seventh of a public page's JavaScript. They load when they are
 * first wanted: the first modal event or the first notification (ADR 011; before, they loaded once the
 * browser was idle, which put them on every public page). `modals.open…()` (events on window) and
 * `notifications.show()` (a store) work from the start: modal events that arrive before the provider
 * listens are kept and replayed, and notifications wait in the store until the host shows them.
 * `useModals()` is not available; use the `modals` functions.
 */
const OverlayHost = lazy(() => import("./overlay-host.tsx"));

const MODAL_EVENTS = [
  "openModal",
  "openConfirmModal",
  "openContextModal",
  "closeModal",
  "closeAllModals",
  "updateModal",
  "updateContextModal",
].map((name) => `mantine-modals:${name}`);

const early: CustomEvent[] = [];
let wanted: () => void = () => {};
const keep = (event: Event) => {
  early.push(new CustomEvent(event.type, { detail: (event as CustomEvent).detail }));
  wanted();
};
for (const name of MODAL_EVENTS) window.addEventListener(name, keep);

/** Replays the modal events that came before the provider listened, once it does. */
function replayEarlyEvents() {
  for (const name of MODAL_EVENTS) window.removeEventListener(name, keep);
  for (const event of early.splice(0)) window.dispatchEvent(event);
}

export function DeferredOverlays() {
  const [load, setLoad] = useState(early.length > 0 || notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (load) return;
    wanted = () => setLoad(true);
    const unsubscribe = notificationsStore.subscribe((state) => {
      if (state.notifications.length > 0 || state.queue.length > 0) setLoad(true);
    });
    return () => {
      unsubscribe();
      wanted = () => {};
    };
  }, [load]);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHost onReady={replayEarlyEvents} />
    </Suspense>
  );
}
