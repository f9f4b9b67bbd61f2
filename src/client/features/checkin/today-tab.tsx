import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type CheckinCounts, missingOf, stationShort } from "#shared/checkin/rules";
import type { TodayView } from "#shared/checkin/schema";
import { formatPhone } from "#shared/phone";
import { stationTime } from "#shared/time";
import { api } from "../../app/api.ts";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { ToneBadge } from "../../components/status-badge.tsx";
import { AnswerCounts } from "./answer-counts.tsx";
import { TextsSection } from "./texts-section.tsx";
import { useLiveCounts } from "./use-live-counts.ts";

type TodayStation = Omit<TodayView["stations"][number], "counts"> & { counts?: CheckinCounts };

/** The clock the red marks turn on, moved on every half minute. */
function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "Idag" (issue 23): every station with expected / arrived / missing, red once its start has passed with
 * places empty, kept live by the event's stream; one tap calls or texts whom it concerns. The organizer
 * sees every station with its team leader and groups' contacts; a team leader their own stations. Each
 * station also counts the answers to the day-before text, and the organizer has the event's texts below
 * (issue 24).
 */
export function TodayTab({ event, mode, base }: EventTabProps) {
  const { t } = useTranslation();
  const organizer = mode === "organizer";
  const today = useQuery({
    queryKey: ["today", event.id],
    queryFn: () => api<TodayView>("GET", `/events/${event.id}/today`),
    enabled: organizer,
  });
  const live = useLiveCounts(event.id);
  const now = useNow();

  if (organizer && today.isPending) return <Loader role="status" aria-label={t("common.loading")} />;
  if (organizer && today.isError)
    return (
      <Alert color="red" role="alert">
        {t("checkin.today.loadError")}
      </Alert>
    );
  const stations: TodayStation[] = organizer
    ? (today.data?.stations ?? [])
    : event.stations.map((s) => ({ id: s.id, name: s.name, start: s.start, end: s.end, teamLeader: null, groups: [] }));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t("checkin.today.title")}
        </Title>
        <span data-live={live.state}>
          <ToneBadge tone={live.state === "live" ? "done" : "neutral"}>
            {t(live.state === "live" ? "checkin.today.live" : "checkin.today.reconnecting")}
          </ToneBadge>
        </span>
      </Group>
      <Text>{t("checkin.today.intro")}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {stations.map((s) => {
          const c = live.counts.get(s.id) ?? s.counts;
          const short = c ? stationShort(s.start, now, c) : false;
          return (
            <Paper
              key={s.id}
              withBorder
              p="sm"
              data-today-station={s.name}
              data-short={short}
              style={short ? { borderColor: "var(--mantine-color-red-8)", borderWidth: 2 } : undefined}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Title order={3} size="h5">
                      {s.name}
                    </Title>
                    <Text size="sm">{stationTime(s)}</Text>
                  </div>
                  {c && (
                    <ToneBadge tone={short ? "attention" : missingOf(c) === 0 ? "done" : "neutral"}>
                      {missingOf(c) === 0 ? t("checkin.today.full") : t("checkin.today.short", { count: missingOf(c) })}
                    </ToneBadge>
                  )}
                </Group>
                {c && (
                  <Text size="sm" data-counts={`${c.expected}/${c.arrived}/${missingOf(c)}`}>
                    {t("checkin.counts.expected")} {c.expected} · {t("checkin.counts.arrived")} {c.arrived} ·{" "}
                    {t("checkin.counts.missing")} {missingOf(c)}
                    {c.noShow > 0 && ` · ${t("checkin.counts.noShow")} ${c.noShow}`}
                  </Text>
                )}
                {c && c.expected > 0 && <AnswerCounts counts={c} />}
                {organizer && (
                  <div>
                    <Text size="sm" fw={600}>
                      {t("checkin.today.teamLeader")}
                    </Text>
                    {s.teamLeader ? <Person {...s.teamLeader} /> : <Text size="sm">{t("checkin.today.noTeamLeader")}</Text>}
                  </div>
                )}
                {s.groups.length > 0 && (
                  <div>
                    <Text size="sm" fw={600}>
                      {t("checkin.today.groups")}
                    </Text>
                    {s.groups.map((g) => (
                      <div key={g.id}>
                        <Text size="sm">{g.name}</Text>
                        {g.contacts.map((p) => (
                          <Person key={`${g.id}-${p.phone}-${p.name}`} {...p} />
                        ))}
                      </div>
                    ))}
                  </div>
                )}
                <Button component={Link} to={`${base}/checkin/${s.id}`}>
                  {t("checkin.today.checkIn")}
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {organizer && <TextsSection eventId={event.id} />}
    </Stack>
  );
}

/** A name with one tap to call and one to text. */
function Person({ name, phone }: { name: string; phone: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        {name}, {formatPhone(phone)}
      </Text>
      <Anchor
        href={`tel:${phone}`}
        size="sm"
        aria-label={t("checkin.today.callName", { name })}
        style={{ minHeight: 24, lineHeight: "24px" }}
      >
        {t("checkin.today.call")}
      </Anchor>
      <Anchor
        href={`sms:${phone}`}
        size="sm"
        aria-label={t("checkin.today.textName", { name })}
        style={{ minHeight: 24, lineHeight: "24px" }}
      >
        {t("checkin.today.text")}
      </Anchor>
    </Group>
  );
}
