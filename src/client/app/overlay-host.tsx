import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";

/** Loaded after the first page (see overlays.tsx). */
export default function OverlayHost({ onReady }: { onReady: () => void }) {
  // Passive effects run after the provider's layout effect has added its listeners.
  useEffect(onReady, [onReady]);
  return (
    <>
      {/* Below the sticky header, never over it: the menu and the language choice stay in reach. */}
      <Notifications position="top-center" style={{ top: "calc(var(--app-header-height) + var(--mantine-spacing-sm))" }} />
      <ModalsProvider />
    </>
  );
}
