import { Anchor, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Fragment, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { eventPagePath, stationSheetPath } from "#shared/events/rules";
import type { LedEventSummary } from "#shared/teamleader/schema";
import { StatusBadge } from "../../components/status-badge.tsx";

interface Props {
  events: LedEventSummary[];
  caption: string;
}

/** Below 576 px a table's columns do not fit: the list becomes cards. */
const PHONE = "(max-width: 35.99em)";

const eventPath = (id: string) => eventPagePath(id, "teamleader");

/**
 * The events a team leader leads stations of, in the server's order (today's and coming ones first): name, date, city,
 * status and their stations, each station straight to its station sheet.
 */
export function LedEvents(props: Props) {
  return useMediaQuery(PHONE) ? <LedEventCards {...props} /> : <LedEventRows {...props} />;
}

function StationLinks({ event }: { event: LedEventSummary }) {
  const { t } = useTranslation();
  return event.stations.map((s, i) => (
    <Fragment key={s.id}>
      {i > 0 && ", "}
      <Anchor component={Link} to={stationSheetPath(eventPath(event.id), s.id)} aria-label={t("sheet.openFor", { name: s.name })}>
        {s.name}
      </Anchor>
    </Fragment>
  ));
}

function LedEventCards({ events, caption }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Text component="h2" fw={700} size="lg" mb="xs" id={id}>
        {caption}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {events.map((e) => (
          <Paper component="li" key={e.id} withBorder radius="md" p="sm" data-event={e.name}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Anchor component={Link} to={eventPath(e.id)} fw={700} style={{ overflowWrap: "anywhere" }}>
                {e.name}
              </Anchor>
              <StatusBadge status={e.status} of="event" />
            </Group>
            <Text size="sm" mt={4}>
              {e.date}
              {e.city ? ` · ${e.city}` : ""}
            </Text>
            <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
              {t("teamleader.yourStations")}: <StationLinks event={e} />
            </Text>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}

function LedEventRows({ events, caption }: Props) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table highlightOnHover verticalSpacing="sm">
        <caption style={{ captionSide: "top", textAlign: "left" }}>
          <Text component="span" fw={700} size="lg">
            {caption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("teamleader.columns.name")}</Table.Th>
            <Table.Th>{t("teamleader.columns.date")}</Table.Th>
            <Table.Th>{t("teamleader.columns.city")}</Table.Th>
            <Table.Th>{t("teamleader.columns.status")}</Table.Th>
            <Table.Th>{t("teamleader.columns.stations")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id} data-event={e.name}>
              <Table.Td>
                <Link to={eventPath(e.id)}>{e.name}</Link>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{e.date}</Table.Td>
              <Table.Td>{e.city}</Table.Td>
              <Table.Td>
                <StatusBadge status={e.status} of="event" />
              </Table.Td>
              <Table.Td>
                <StationLinks event={e} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
