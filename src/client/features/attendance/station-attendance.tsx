import { Alert, Anchor, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { groupAttendance } from "#shared/checkin/rules";
import type { CheckinList } from "#shared/checkin/schema";
import type { EventView } from "#shared/events/schema";
import { shownInstant } from "#shared/time";
import { ApiError, api } from "../../app/api.ts";
import { useStationOffers } from "../../app/offer-queries.ts";
import { Facts } from "../../components/facts.tsx";
import { OfferAttendance } from "./offer-attendance.tsx";

const local = shownInstant;

/**
 * One station's attendance, made for a phone at the station: its facts, then one block per group that
 * accepted, with its volunteers, its contacts and the attendance form (spec 02 §2). One request.
 */
export function StationAttendance({ event, base, stationId }: { event: EventView; base: string; stationId: string }) {
  const { t } = useTranslation();
  const query = useStationOffers(event.id, stationId);
  // Who was checked in at the station: each group's form starts from it (issue 23).
  const checkins = useQuery({
    queryKey: ["checkins", event.id, stationId],
    queryFn: () => api<CheckinList>("GET", `/events/${event.id}/stations/${stationId}/checkins`),
    enabled: event.status !== "DRAFT",
  });

  const back = (
    <Anchor component={Link} to={`${base}/attendance`} size="md" py="xs">
      ← {t("attendance.station.back")}
    </Anchor>
  );
  if (query.isPending)
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <Loader role="status" aria-label={t("common.loading")} />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <Alert color="red" role="alert">
          {query.error instanceof ApiError && query.error.status === 404
            ? t("attendance.station.notFound")
            : t("attendance.station.loadError")}
        </Alert>
      </Stack>
    );

  const { station, offers } = query.data;
  const accepted = offers.filter((o) => o.status === "ACCEPTED").sort((a, b) => a.groupName.localeCompare(b.groupName, "sv"));

  return (
    <Stack gap="md">
      <div>{back}</div>
      <Title order={2}>{station.name}</Title>
      <Facts
        rows={[
          [t("attendance.station.start"), local(station.start)],
          [t("attendance.station.end"), local(station.end)],
          [t("attendance.station.officialQuantity"), station.officialQuantity],
          [t("attendance.station.officialMiniumumAge"), station.officialMiniumumAge],
        ]}
      />
      <Title order={3}>{t("attendance.station.groupsTitle")}</Title>
      {accepted.length === 0 ? (
        <Text role="status">{t("attendance.station.noOffers")}</Text>
      ) : (
        accepted.map((o) => (
          <OfferAttendance
            key={`${o.groupId}-${checkins.data ? "checked" : "waiting"}`}
            offer={o}
            checkedIn={checkins.data ? groupAttendance(checkins.data, o.groupId) : undefined}
          />
        ))
      )}
    </Stack>
  );
}
