import { Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { stationTime } from "#shared/events/rules";
import { MATCH_SORT_FIELDS, type MatchRow, type MatchSort, type MatchSortField, nextSort } from "#shared/offers/match";
import type { Allocation } from "#shared/offers/schema";
import tap from "../../../components/tap-target.module.css";
import { MannedBadge } from "./offer-badges.tsx";

interface Props {
  /** Already sorted. */
  rows: MatchRow[];
  sort: MatchSort;
  onSort(sort: MatchSort): void;
  onOpen(stationId: string): void;
  caption: string;
}

const COUNTERS = ["needed", "preliminary", "awaiting", "accepted", "missing"] as const satisfies readonly (keyof Allocation)[];

/** The label of a column: the station's own words for name and time, the spec's counters for the rest. */
export function useColumnLabel() {
  const { t } = useTranslation();
  return (field: MatchSortField) => {
    if (field === "name") return t("events.station.columns.name");
    if (field === "start") return t("events.station.columns.time");
    if (field === "manned") return t("events.match.columns.manned");
    return t(`offers.allocation.${field}`);
  };
}

/**
 * One row per station with its allocation counters; sortable headers. Below 576 px the rows become cards,
 * so nothing scrolls sideways. A row opens its station on click; its name is the button keyboards reach.
 */
export function MatchTable({ rows, sort, onSort, onOpen, caption }: Props) {
  return (
    <>
      <SortedTable rows={rows} sort={sort} onSort={onSort} onOpen={onOpen} caption={caption} />
      <StationCards rows={rows} sort={sort} onSort={onSort} onOpen={onOpen} caption={caption} />
    </>
  );
}

function SortedTable({ rows, sort, onSort, onOpen, caption }: Props) {
  const { t } = useTranslation();
  const label = useColumnLabel();
  const header = (field: MatchSortField) => {
    const active = sort.field === field;
    return (
      <Table.Th key={field} aria-sort={active ? (sort.direction === 1 ? "ascending" : "descending") : "none"}>
        <UnstyledButton
          onClick={() => onSort(nextSort(sort, field))}
          fw={700}
          fz="sm"
          className={tap.target}
          style={{ textAlign: "left" }}
        >
          {label(field)}
          <span aria-hidden="true">{active ? (sort.direction === 1 ? "\u00a0▲" : "\u00a0▼") : "\u00a0↕"}</span>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table highlightOnHover verticalSpacing="sm" visibleFrom="xs" data-match-table>
      <caption style={{ captionSide: "top", textAlign: "left" }}>
        <Text component="span" fw={700} size="lg">
          {caption}
        </Text>
      </caption>
      <Table.Thead>
        <Table.Tr>{MATCH_SORT_FIELDS.map(header)}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ station, allocation }) => (
          <Table.Tr key={station.id} data-station={station.name} style={{ cursor: "pointer" }} onClick={() => onOpen(station.id)}>
            <Table.Td>
              <UnstyledButton
                fw={600}
                td="underline"
                className={tap.target}
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(station.id);
                }}
                aria-label={t("events.match.open", { name: station.name })}
              >
                {station.name}
              </UnstyledButton>
            </Table.Td>
            <Table.Td>
              <TimeText station={station} />
            </Table.Td>
            {COUNTERS.map((c) => (
              <Table.Td key={c} data-counter={c} fw={c === "missing" && allocation.missing > 0 ? 700 : undefined}>
                {allocation[c]}
              </Table.Td>
            ))}
            <Table.Td>
              <MannedBadge allocation={allocation} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The time with a break between date and hours at most, never inside the date. */
function TimeText({ station }: { station: MatchRow["station"] }) {
  const text = stationTime(station);
  return (
    <>
      <span style={{ whiteSpace: "nowrap" }}>{text.slice(0, 10)}</span>{" "}
      <span style={{ whiteSpace: "nowrap" }}>{text.slice(11)}</span>
    </>
  );
}

function StationCards({ rows, sort, onSort, onOpen, caption }: Props) {
  const { t } = useTranslation();
  const label = useColumnLabel();
  return (
    <Stack gap="sm" hiddenFrom="xs" data-match-cards>
      <Title order={2} size="h4">
        {caption}
      </Title>
      <NativeSelect
        label={t("events.match.sortBy")}
        value={sort.field}
        onChange={(e) => onSort(nextSort({ field: "name", direction: 1 }, e.currentTarget.value as MatchSortField))}
        data={MATCH_SORT_FIELDS.map((f) => ({ value: f, label: label(f) }))}
      />
      {rows.map(({ station, allocation }) => (
        <Paper
          key={station.id}
          withBorder
          p="sm"
          radius="md"
          data-station={station.name}
          style={{ cursor: "pointer" }}
          onClick={() => onOpen(station.id)}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <UnstyledButton
              fw={700}
              td="underline"
              className={tap.target}
              onClick={(e) => {
                e.stopPropagation();
                onOpen(station.id);
              }}
              aria-label={t("events.match.open", { name: station.name })}
              style={{ overflowWrap: "anywhere" }}
            >
              {station.name}
            </UnstyledButton>
            <MannedBadge allocation={allocation} />
          </Group>
          <Text size="sm" mt={4}>
            {stationTime(station)}
          </Text>
          <SimpleGrid component="dl" cols={2} spacing="lg" verticalSpacing={2} m={0} pt="xs">
            {COUNTERS.map((c) => (
              <Group key={c} gap={6} wrap="nowrap" justify="space-between">
                <Text component="dt" size="sm">
                  {label(c)}
                </Text>
                <Text component="dd" size="sm" fw={700} m={0} data-counter={c}>
                  {allocation[c]}
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
