import { Alert, Button, Group, Loader, Paper, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { declinedIds, missingAttendees, stationStarted, suggestedStandIn } from "#shared/checkin/rules";
import type { GroupCheckin } from "#shared/checkin/schema";
import type { Offer } from "#shared/offers/schema";
import { api } from "../../app/api.ts";
import { apiErrorText } from "../../components/form.ts";
import { notifySuccess } from "../../components/notify.ts";
import { useNameAttendees } from "./api.ts";

interface Member {
  id: string;
  name: string;
  participation: Array<{ eventId: string; substitute?: string | null }>;
}

/**
 * Stand-ins (issue 23): once the station has started, the group's contact sees who of theirs has not been
 * checked in and names another member in their place — the one who said they stand in for them is
 * suggested. Before the start, those who answered the day-before text NEJ are listed the same way (issue
 * 24). The stand-in is on the team leader's list as soon as it is saved.
 */
export function StandIns({ offer, members }: { offer: Offer; members: readonly Member[] }) {
  const { t } = useTranslation();
  const started = stationStarted(offer.station.start, new Date());
  const declined = declinedIds(offer.group.attendees ?? []);
  const checkins = useQuery({
    queryKey: ["groupCheckins", offer.groupId, offer.eventId],
    queryFn: () => api<GroupCheckin[]>("GET", `/groups/${offer.groupId}/events/${offer.eventId}/checkins`),
    refetchInterval: 60_000,
  });
  if (checkins.isPending) return <Loader size="sm" role="status" aria-label={t("common.loading")} />;
  if (checkins.isError)
    return (
      <Alert color="red" role="alert">
        {t("groups.offers.standIns.loadError")}
      </Alert>
    );
  const here = checkins.data.filter((c) => c.stationId === offer.stationId);
  const missing = missingAttendees(offer.attendees, here, declined, started);
  const free = members.filter((m) => !offer.attendees.includes(m.id));
  return (
    <Stack gap="sm" data-stand-ins data-started={started}>
      {missing.length === 0 ? (
        <Text>{t(started ? "groups.offers.standIns.allArrived" : "groups.offers.standIns.noneDeclined")}</Text>
      ) : (
        <>
          <Text>
            {started ? t("groups.offers.standIns.intro") : t("groups.offers.standIns.introDeclined", { count: missing.length })}
          </Text>
          {missing.map((id) => {
            const who = members.find((m) => m.id === id);
            if (!who) return null;
            const why = here.some((c) => c.volunteerId === id && c.noShow)
              ? "notComing"
              : declined.includes(id)
                ? "declined"
                : "notArrived";
            return <StandInRow key={id} offer={offer} missing={who} why={why} free={free} />;
          })}
        </>
      )}
    </Stack>
  );
}

function StandInRow({
  offer,
  missing,
  why,
  free,
}: {
  offer: Offer;
  missing: Member;
  /** Marked not coming at the check-in, answered NEJ to the day-before text, or simply not arrived. */
  why: "notComing" | "declined" | "notArrived";
  free: readonly Member[];
}) {
  const { t } = useTranslation();
  const save = useNameAttendees(offer.groupId, offer.eventId, offer.stationId);
  const ofEvent = (m: Member) => ({
    id: m.id,
    participation: { substitute: m.participation.find((p) => p.eventId === offer.eventId)?.substitute ?? "" },
  });
  const suggested = suggestedStandIn(missing.name, free.map(ofEvent))?.id;
  // What they texted besides JA or NEJ ("sjuk", "blir sen"): the contact reads it before choosing.
  const message = offer.group.attendees?.find((a) => a.id === missing.id)?.message;
  const [chosen, setChosen] = useState<string | null>(suggested ?? null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!chosen) return;
    setError(null);
    try {
      await save.mutateAsync({ attendees: offer.attendees.map((id) => (id === missing.id ? chosen : id)) });
      const standIn = free.find((m) => m.id === chosen)?.name ?? "";
      notifySuccess(t("groups.offers.standIns.done", { standIn, name: missing.name }));
    } catch (err) {
      setError(apiErrorText(err, t));
    }
  };

  return (
    <Paper withBorder p="sm" data-missing={missing.name} data-why={why}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{missing.name}</Text>
          <Text size="sm">{t(`groups.offers.standIns.${why}`)}</Text>
        </Group>
        {message && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("groups.offers.attendees.message", { message })}
          </Text>
        )}
        {free.length === 0 ? (
          <Text size="sm">{t("groups.offers.standIns.none")}</Text>
        ) : (
          <Group align="flex-end" wrap="wrap" gap="xs">
            <Select
              label={t("groups.offers.standIns.label", { name: missing.name })}
              data={free.map((m) => ({
                value: m.id,
                label: m.id === suggested ? t("groups.offers.standIns.suggested", { name: m.name }) : m.name,
              }))}
              value={chosen}
              onChange={setChosen}
              allowDeselect={false}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Button onClick={() => void send()} loading={save.isPending} disabled={!chosen}>
              {t("groups.offers.standIns.submit")}
            </Button>
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
