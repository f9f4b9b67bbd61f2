import { MantineProvider } from "@mantine/core";
import { RouterProvider } from "react-router";
import { AuthProvider } from "./auth.tsx";
import { DeferredOverlays } from "./overlays.tsx";
import { router } from "./router.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <AuthProvider>
        <RouterProvider router={router} />
        <DeferredOverlays />
      </AuthProvider>
    </MantineProvider>
  );
}
