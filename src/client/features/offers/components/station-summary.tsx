import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { stationTime } from "#shared/events/rules";
import { type StationView, skillLabelId } from "#shared/events/schema";
import { stationPlace } from "#shared/geo/municipalities";
import type { Allocation } from "#shared/offers/schema";
import { MannedBadge } from "./offer-badges.tsx";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dark.6">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/** What the organizer needs to choose groups: time, place, need, age, skills and the counters. */
export function StationSummary({ station, allocation }: { station: StationView; allocation: Allocation }) {
  const { t } = useTranslation();
  const place = stationPlace(station);
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
        <Fact term={t("events.station.columns.time")}>{stationTime(station)}</Fact>
        <Fact term={t("events.match.station.place")}>{place}</Fact>
        <Fact term={t("events.station.officialMiniumumAge")}>{station.officialMiniumumAge}</Fact>
        <Fact term={t("events.station.skills")}>
          {station.skills.length ? station.skills.map((s) => t(skillLabelId(s))).join(", ") : t("events.match.station.noSkills")}
        </Fact>
      </SimpleGrid>
      <SimpleGrid component="dl" cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="xs" m={0} data-counters>
        <Fact term={t("offers.allocation.needed")}>{allocation.needed}</Fact>
        <Fact term={t("offers.allocation.preliminary")}>{allocation.preliminary}</Fact>
        <Fact term={t("offers.allocation.awaiting")}>{allocation.awaiting}</Fact>
        <Fact term={t("offers.allocation.accepted")}>{allocation.accepted}</Fact>
        <Fact term={t("offers.allocation.missing")}>{allocation.missing}</Fact>
        <Fact term={t("events.match.columns.manned")}>
          <MannedBadge allocation={allocation} />
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}
