import { Alert, Anchor, Breadcrumbs, Container, Group, Loader, Stack, Tabs, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { RequireAuth } from "../../app/guards.tsx";
import { ConfirmEvent, EventForm, StationsEditor, StatusBadge, useEvent } from "../../features/events/index.ts";
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

  useEffect(() => {
    if (event.data) document.title = `${event.data.name} – ${t("app.name")}`;
  }, [event.data, t]);

  return (
    <RequireAuth>
      <Container size="md" py="lg">
        <Breadcrumbs mb="sm">
          <Anchor component={Link} to="/my-pages/events">
            {t("myPages.events.title")}
          </Anchor>
          <span>{event.data?.name ?? "…"}</span>
        </Breadcrumbs>
        {event.isPending ? (
          <Loader aria-label={t("common.loading")} />
        ) : event.isError ? (
          <Alert color="red" role="alert">
            {t("events.page.loadError")}
          </Alert>
        ) : (
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Title order={1}>{event.data.name}</Title>
              <StatusBadge status={event.data.status} />
            </Group>
            {!event.data.abilities.edit && (
              <Alert color="gray" role="status">
                {t("events.page.historic")}
              </Alert>
            )}
            <Tabs value={tab} onChange={(v) => navigate(`/my-pages/events/${id}${pathOf[(v as Tab | null) ?? "data"]}`)}>
              <Tabs.List aria-label={t("events.page.tabsLabel")}>
                {TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(`events.page.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="data" pt="lg">
                {tab === "data" && (
                  <Stack gap="xl">
                    <EventForm key={event.data.id} event={event.data} />
                    {event.data.abilities.edit && <ConfirmEvent event={event.data} />}
                  </Stack>
                )}
              </Tabs.Panel>
              <Tabs.Panel value="stations" pt="lg">
                {tab === "stations" && <StationsEditor event={event.data} />}
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
