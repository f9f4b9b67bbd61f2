import { Container, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { homeArea, isArea } from "#shared/my-pages";
import { RequireAuth } from "../../app/guards.tsx";
import { useEventSummaries } from "../../features/events/api.ts";
import { useGroupSummaries } from "../../features/groups/api.ts";
import { useLedEvents } from "../../features/teamleader/api.ts";
import { storedHomeArea } from "./area-frame.tsx";

export default function MyPagesRedirect() {
  return (
    <RequireAuth>
      <HomeRedirect />
    </RequireAuth>
  );
}

/** To the area last entered; on a browser that remembers none, to the one where the person has something. */
function HomeRedirect() {
  const stored = storedHomeArea();
  return isArea(stored) ? <Navigate to={`/my-pages/${stored}`} replace /> : <FirstArea />;
}

/** Asks what the person has in each area (the lists each area opens with), then goes to the first with something. */
function FirstArea() {
  const { t } = useTranslation();
  const events = useEventSummaries();
  const led = useLedEvents();
  const groups = useGroupSummaries();
  // A list that could not be read counts as empty: the person still lands somewhere.
  if ([events, led, groups].some((q) => q.isPending))
    return (
      <Container size="lg" py="lg">
        <Loader role="status" aria-label={t("common.loading")} />
      </Container>
    );
  const area = homeArea(null, {
    events: (events.data?.length ?? 0) > 0,
    teamleaders: (led.data?.length ?? 0) > 0,
    volunteers: (groups.data?.length ?? 0) > 0,
  });
  return <Navigate to={`/my-pages/${area}`} replace />;
}
