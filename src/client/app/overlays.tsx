import { lazy, Suspense, useEffect, useState } from "react";
import { router } from "./router.tsx";

/**
 * Modals and notifications are not needed to show a page, and with the scroll locks, focus traps and
 * transitions behind them they weigh about a sixth of the first bundle. They load once the first page is
 * shown and the browser is idle, or at once when a modal is asked for. `modals.open…()` (events on window) and
 * `notifications.show()` (a store) work from the start: modal events that arrive before the provider
 * is there are kept and replayed. `useModals()` is not available; use the `modals` functions.
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
  const [load, setLoad] = useState(early.length > 0);
  useEffect(() => {
    if (load) return;
    wanted = () => setLoad(true);
    let idle: number | undefined;
    let timer: number | undefined;
    // Not before the first page is on screen: until then the page's own chunks have the network and CPU.
    const whenIdle = () => {
      if (window.requestIdleCallback) idle = window.requestIdleCallback(() => setLoad(true), { timeout: 3000 });
      else timer = window.setTimeout(() => setLoad(true), 1000);
    };
    let unsubscribe: (() => void) | undefined;
    if (router.state.initialized) whenIdle();
    else
      unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe?.();
        unsubscribe = undefined;
        whenIdle();
      });
    return () => {
      unsubscribe?.();
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [load]);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <OverlayHost onReady={replayEarlyEvents} />
    </Suspense>
  );
}
