import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sortByStart, stationDate } from "#shared/attendance/rules";
import type { EventView } from "#shared/events/schema";
import { shownInstant } from "#shared/time";
import { useEventOffers } from "../../app/offer-queries.ts";
import classes from "./attendance.module.css";

/**
 * The event's stations by start time (a team leader's: only theirs), each with the groups that accepted an
 * offer there and a way into the station's attendance (spec 02 §2).
 */
export function AttendanceList({ event, base }: { event: EventView; base: string }) {
  const { t } = useTranslation();
  const offers = useEventOffers(event.id);
  const stations = sortByStart(event.stations);

  const accepted = new Map<string, string[]>();
  for (const o of offers.data ?? [])
    if (o.status === "ACCEPTED") accepted.set(o.stationId, [...(accepted.get(o.stationId) ?? []), o.groupName]);

  /** The start as HH:mm; with its date when the station is on another day than the event. */
  const startOf = (start: string) => {
    const local = shownInstant(start);
    return stationDate(start) === event.date ? local.slice(11) : local;
  };

  const groupsOf = (stationId: string) => {
    if (offers.isPending) return t("attendance.list.loadingGroups");
    if (offers.isError) return null;
    const names = (accepted.get(stationId) ?? []).sort((a, b) => a.localeCompare(b, "sv"));
    return names.length ? t("attendance.list.groups", { groups: names.join(", ") }) : t("attendance.list.noGroups");
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t("attendance.list.title")}</Title>
      <Text maw={720}>{t("attendance.list.intro")}</Text>
      {offers.isError && (
        <Alert color="red" role="alert">
          {t("attendance.list.offersError")}
        </Alert>
      )}
      {stations.length === 0 ? (
        <Text role="status">{t("attendance.list.empty")}</Text>
      ) : (
        <Stack component="ul" gap="xs" className={classes.plainList}>
          {stations.map((s) => {
            const groups = groupsOf(s.id);
            return (
              <Paper component="li" key={s.id} withBorder p="sm" data-station={s.name}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div className={classes.grow}>
                    <Text fw={600} className={classes.wrap}>
                      {s.name}
                    </Text>
                    <Text size="sm">{t("attendance.list.start", { time: startOf(s.start) })}</Text>
                    {groups && (
                      <Text size="sm" c="dimmed" className={classes.wrap} data-groups>
                        {groups}
                      </Text>
                    )}
                  </div>
                  <Button
                    component={Link}
                    to={`${base}/attendance/${s.id}`}
                    size="md"
                    variant="outline"
                    className={classes.keep}
                    aria-label={t("attendance.list.showStation", { station: s.name })}
                  >
                    {t("attendance.list.show")}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
