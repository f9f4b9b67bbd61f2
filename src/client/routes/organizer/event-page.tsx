import { Alert, Container, Loader, Stack, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { RequireAuth } from "../../app/guards.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { ConfirmEvent, EventForm, EventSummary, StationsEditor, StationsSummary, useEvent } from "../../features/events/index.ts";
import { MatchTab } from "../../features/offers/index.ts";

/** The tabs that exist so far; send-outs and attendance come with their features. */
const TABS = ["data", "stations", "match"] as const;
type Tab = (typeof TABS)[number];
const pathOf: Record<Tab, string> = { data: "", stations: "/stations", match: "/match" };
const tabOf = (pathname: string): Tab => TABS.find((tab) => tab !== "data" && pathname.endsWith(pathOf[tab])) ?? "data";

/** /my-pages/events/{id}, …/stations and …/match. */
export default function EventPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const event = useEvent(id);
  const tab = tabOf(location.pathname.replace(/\/$/, ""));

  return (
    <RequireAuth>
      <Container size="md" py="lg">
        {event.isPending ? (
          <Loader aria-label={t("common.loading")} />
        ) : event.isError ? (
          <Alert color="red" role="alert">
            {t("events.page.loadError")}
          </Alert>
        ) : (
          <Stack gap="md">
            <PageHeader
              title={event.data.name}
              text
              crumbs={[{ label: "myPages.events.title", to: "/my-pages/events" }]}
              aside={<StatusBadge status={event.data.status} of="event" />}
            />
            <Tabs value={tab} onChange={(v) => navigate(`/my-pages/events/${id}${pathOf[(v as Tab | null) ?? "data"]}`)}>
              <Tabs.List aria-label={t("events.page.tabsLabel")}>
                {TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(`events.page.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="data" pt="lg">
                {tab === "data" &&
                  // What may not be changed is shown as a summary, not as a form that looks editable.
                  (event.data.abilities.edit ? (
                    <Stack gap="xl">
                      <EventForm key={event.data.id} event={event.data} />
                      <ConfirmEvent event={event.data} />
                    </Stack>
                  ) : (
                    <EventSummary event={event.data} />
                  ))}
              </Tabs.Panel>
              <Tabs.Panel value="stations" pt="lg">
                {tab === "stations" &&
                  (event.data.abilities.edit ? (
                    <StationsEditor event={event.data} />
                  ) : (
                    <StationsSummary stations={event.data.stations} />
                  ))}
              </Tabs.Panel>
              <Tabs.Panel value="match" pt="lg">
                {tab === "match" && <MatchTab event={event.data} />}
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </Container>
    </RequireAuth>
  );
}
