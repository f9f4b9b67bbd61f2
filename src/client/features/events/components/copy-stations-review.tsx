import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { moveStation, stationTime } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import { stationPlace } from "#shared/geo/municipalities";
import { Facts } from "../../../components/facts.tsx";

interface Props {
  source: EventView;
  /** The new event's date, YYYY-MM-DD. */
  date: string;
  onBack(): void;
  onNext(): void;
}

/** The copy wizard's third step (spec 02 §2): each station of the source, its old and new time, and its place. */
export function CopyStationsReview({ source, date, onBack, onNext }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Text>{t("events.copy.stations.intro")}</Text>
      {source.stations.length === 0 ? (
        <Text>{t("events.copy.stations.empty")}</Text>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
          {source.stations.map((s) => {
            const place = stationPlace(s);
            return (
              <Paper component="li" key={s.id} withBorder radius="md" p={{ base: "sm", sm: "md" }} data-station={s.name}>
                <Title order={3} size="h4" mb="xs" style={{ overflowWrap: "anywhere" }}>
                  {s.name}
                </Title>
                <Facts
                  rows={[
                    [t("events.copy.stations.oldTime"), stationTime(s)],
                    [
                      t("events.copy.stations.newTime"),
                      <strong key="new">{stationTime(moveStation(s, source.date, date))}</strong>,
                    ],
                    [t("events.copy.stations.place"), place],
                    [t("events.station.officialQuantity"), s.officialQuantity],
                  ]}
                />
              </Paper>
            );
          })}
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t("events.wizard.back")}
        </Button>
        <Button onClick={onNext}>{t("events.wizard.next")}</Button>
      </Group>
    </Stack>
  );
}
