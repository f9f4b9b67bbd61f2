import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "./auth.tsx";

/** Shows the page only when signed in; nothing while the session is being restored; else to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === "PENDING") return null;
  if (status !== "LOGGED_IN") return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Where a page that needs a signed-out visitor sends a signed-in one. */
export function RedirectIfSignedIn({ to = "/", children }: { to?: string; children: ReactNode }) {
  const { status } = useAuth();
  if (status === "PENDING") return null;
  if (status === "LOGGED_IN") return <Navigate to={to} replace />;
  return <>{children}</>;
}
