import { useEffect } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { type EventMode, eventPagePath } from "#shared/events/rules";
import { useAuth } from "../../app/auth.tsx";
import { CheckinPage } from "../../features/checkin/index.ts";

/**
 * /my-pages/teamleaders/{eventId}/checkin/{stationId} for the station's team leader and
 * /my-pages/events/{eventId}/checkin/{stationId} for the event's contacts (issue 23). Signed out with a
 * connection: to the sign-in. Signed out without one (the phone opened the page offline): the list kept on
 * the phone, and the session comes back through its cookie once the connection does.
 */
export default function CheckinRoute() {
  const { id = "", stationId = "" } = useParams();
  const location = useLocation();
  const auth = useAuth();
  const mode: EventMode = location.pathname.startsWith("/my-pages/teamleaders/") ? "teamleader" : "organizer";

  useEffect(() => {
    // The service worker keeps the app on the phone for the day; registered here only (vite.config.ts).
    navigator.serviceWorker?.register("/sw.js").catch(() => {});
  }, []);

  if (auth.status === "PENDING") return null;
  if (auth.status !== "LOGGED_IN" && navigator.onLine) return <Navigate to="/login" replace state={{ from: location }} />;
  const area =
    mode === "organizer"
      ? { label: "myPages.events.title", to: "/my-pages/events" }
      : { label: "myPages.teamleaders.title", to: "/my-pages/teamleaders" };
  return <CheckinPage eventId={id} stationId={stationId} area={area} back={`${eventPagePath(id, mode)}/today`} />;
}
