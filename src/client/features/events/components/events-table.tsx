import { ActionIcon, Anchor, Button, Group, Paper, Stack, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { canRemove, type Sort, type SortField, sortEvents } from "#shared/events/rules";
import type { EventStatus, EventSummary } from "#shared/events/schema";
import { StatusBadge } from "../../../components/status-badge.tsx";
import tap from "../../../components/tap-target.module.css";

interface Props {
  events: EventSummary[];
  /** The header the person sorted by; null: as the server lists them. */
  sort: Sort | null;
  onSort(field: SortField): void;
  onRemove(event: EventSummary): void;
  caption: string;
}

/** Below 576 px a table's columns do not fit: the list becomes cards. */
const PHONE = "(max-width: 35.99em)";

/** The organizer's events: name, date, status; sortable headers; remove only on drafts (spec 01 §2). */
export function EventsTable(props: Props) {
  return useMediaQuery(PHONE) ? <EventCards {...props} /> : <EventRows {...props} />;
}

/** One card per event on a phone: name, date and city, status, and the remove control within reach. */
function EventCards({ events, sort, onRemove, caption }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Text component="h2" fw={700} size="lg" mb="xs" id={id}>
        {caption}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {sortEvents(events, sort).map((e) => (
          <Paper component="li" key={e.id} withBorder radius="md" p="sm" data-event={e.name}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Anchor component={Link} to={`/my-pages/events/${e.id}`} fw={700} style={{ overflowWrap: "anywhere" }}>
                {e.name}
              </Anchor>
              <StatusBadge status={e.status} of="event" />
            </Group>
            <Text size="sm" mt={4}>
              {e.date}
              {e.city ? ` · ${e.city}` : ""}
            </Text>
            {canRemove(e.status as EventStatus) && (
              <Group justify="flex-end" mt="xs">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  c="red.9"
                  aria-label={t("events.hub.remove", { name: e.name })}
                  onClick={() => onRemove(e)}
                >
                  {t("common.remove")}
                </Button>
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    </section>
  );
}

function EventRows({ events, sort, onSort, onRemove, caption }: Props) {
  const { t } = useTranslation();
  const header = (field: SortField) => {
    const active = sort?.field === field;
    return (
      <Table.Th aria-sort={active ? (sort?.direction === 1 ? "ascending" : "descending") : "none"}>
        <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm" className={tap.target}>
          {t(`events.hub.columns.${field}`)}
          <span aria-hidden="true">{active ? (sort?.direction === 1 ? " ▲" : " ▼") : " ↕"}</span>
        </UnstyledButton>
      </Table.Th>
    );
  };
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
            {header("name")}
            {header("date")}
            <Table.Th>{t("events.hub.columns.city")}</Table.Th>
            {header("status")}
            <Table.Th>
              <VisuallyHidden>{t("events.hub.columns.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortEvents(events, sort).map((e) => (
            <Table.Tr key={e.id} data-event={e.name}>
              <Table.Td>
                <Link to={`/my-pages/events/${e.id}`}>{e.name}</Link>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{e.date}</Table.Td>
              <Table.Td>{e.city}</Table.Td>
              <Table.Td>
                <StatusBadge status={e.status} of="event" />
              </Table.Td>
              <Table.Td>
                {canRemove(e.status as EventStatus) && (
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t("events.hub.remove", { name: e.name })}
                    onClick={() => onRemove(e)}
                  >
                    <span aria-hidden="true">✕</span>
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
