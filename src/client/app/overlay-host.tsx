import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";

/** Loaded after the first page (see overlays.tsx). */
export default function OverlayHost({ onReady }: { onReady: () => void }) {
  // Passive effects run after the provider's layout effect has added its listeners.
  useEffect(onReady, [onReady]);
  return (
    <>
      <Notifications position="top-center" />
      <ModalsProvider />
    </>
  );
}
