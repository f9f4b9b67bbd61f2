import { Alert, Container, Loader, Stack, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { type EventMode, eventPagePath } from "#shared/events/rules";
import { RequireAuth } from "../../app/guards.tsx";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useTabInView } from "../../components/tab-in-view.ts";
import { AttendanceTab, PayoutTab } from "../../features/attendance/index.ts";
import { TodayTab } from "../../features/checkin/index.ts";
import { ConfirmEvent, EventForm, EventSummary, StationsEditor, StationsSummary, useEvent } from "../../features/events/index.ts";
import { FeesTab } from "../../features/fees/index.ts";
import { MatchTab } from "../../features/offers/index.ts";
import { RosterTab, SheetLink, StationSheet } from "../../features/roster/index.ts";
import { SendOutsTab } from "../../features/sendouts/index.ts";

const TABS = ["today", "data", "stations", "match", "sendouts", "attendance", "roster", "payout", "fees"] as const;
type Tab = (typeof TABS)[number];

/** A team leader reads the event without matching, and the organizer's roster, pay and fees are not theirs (spec 02 §2). */
const TABS_OF: Record<EventMode, readonly Tab[]> = {
  organizer: TABS,
  teamleader: ["today", "data", "stations", "sendouts", "attendance"],
};

const LABEL: Record<Tab, string> = {
  today: "checkin.today.tab",
  data: "events.page.data",
  stations: "events.page.stations",
  match: "events.page.match",
  sendouts: "sendouts.tab",
  attendance: "attendance.tab",
  roster: "roster.tab",
  payout: "payout.tab",
  fees: "fees.tab",
};

/**
 * /my-pages/events/{id}[/tab[/…]] for the event's contacts and /my-pages/teamleaders/{id}[/tab[/…]] for a
 * team leader, who gets the same page read-only with only their stations (the server decides what they see).
 */
export default function EventPage() {
  const { t } = useTranslation();
  const { id = "", "*": splat = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const mode: EventMode = location.pathname.startsWith("/my-pages/teamleaders/") ? "teamleader" : "organizer";
  const base = eventPagePath(id, mode);
  const event = useEvent(id, mode);
  const [first = "", ...below] = splat.replace(/\/$/, "").split("/");
  // "Idag" shows from the day before the event until it is finished (the server's abilities.today).
  const tabs = TABS_OF[mode].filter((name) => name !== "today" || event.data?.abilities.today);
  const tab = (tabs as readonly string[]).includes(first) ? (first as Tab) : "data";
  const rest = tab === "data" ? "" : below.join("/");
  const tabList = useTabInView(tab);

  return (
    <RequireAuth>
      <Container size="md" py="lg">
        {event.isPending ? (
          <Loader role="status" aria-label={t("common.loading")} />
        ) : event.isError ? (
          <Alert color="red" role="alert">
            {t("events.page.loadError")}
          </Alert>
        ) : (
          <Stack gap="md">
            <PageHeader
              title={event.data.name}
              text
              crumbs={[
                mode === "organizer"
                  ? { label: "myPages.events.title", to: "/my-pages/events" }
                  : { label: "myPages.teamleaders.title", to: "/my-pages/teamleaders" },
              ]}
              aside={<StatusBadge status={event.data.status} of="event" />}
            />
            <Tabs value={tab} onChange={(v) => navigate(v && v !== "data" ? `${base}/${v}` : base)}>
              <Tabs.List ref={tabList} aria-label={t("events.page.tabsLabel")} data-print="hide">
                {tabs.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(LABEL[name])}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value={tab} pt="lg">
                <TabContent tab={tab} event={event.data} mode={mode} base={base} rest={rest} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </Container>
    </RequireAuth>
  );
}

function TabContent({ tab, ...props }: EventTabProps & { tab: Tab }) {
  const { event, rest, base } = props;
  // Every station of the page leads to its printable sheet, for the organizer and the team leader alike.
  const sheetLink = (station: { id: string; name: string }) => <SheetLink base={base} station={station} />;
  switch (tab) {
    case "data":
      // What may not be changed is shown as a summary, not as a form that looks editable.
      return event.abilities.edit ? (
        <Stack gap="xl">
          <EventForm key={event.id} event={event} />
          <ConfirmEvent event={event} />
        </Stack>
      ) : (
        <EventSummary event={event} stationAction={sheetLink} />
      );
    case "stations": {
      const [stationId, sheet] = rest.split("/");
      if (stationId && sheet === "sheet") return <StationSheet {...props} stationId={stationId} />;
      return event.abilities.edit ? (
        <StationsEditor event={event} stationAction={sheetLink} />
      ) : (
        <StationsSummary stations={event.stations} stationAction={sheetLink} />
      );
    }
    case "match":
      return <MatchTab event={event} />;
    case "sendouts":
      return <SendOutsTab {...props} />;
    case "attendance":
      return <AttendanceTab {...props} />;
    case "roster":
      return <RosterTab {...props} />;
    case "payout":
      return <PayoutTab {...props} />;
    case "fees":
      return <FeesTab {...props} />;
    case "today":
      return <TodayTab {...props} />;
  }
}
