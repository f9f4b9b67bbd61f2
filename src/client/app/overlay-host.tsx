import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useEffect } from "react";
import classes from "./shell/shell.module.css";

/** Loaded after the first page (see overlays.tsx). */
export default function OverlayHost({ onReady }: { onReady: () => void }) {
  // Passive effects run after the provider's layout effect has added its listeners.
  useEffect(onReady, [onReady]);
  return (
    <>
      <Notifications position="top-center" className={classes.notifications} />
      <ModalsProvider />
    </>
  );
}
