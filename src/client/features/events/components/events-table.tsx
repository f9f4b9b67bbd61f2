import { ActionIcon, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { canRemove, type Sort, type SortField, sortEvents } from "#shared/events/rules";
import type { EventStatus, EventSummary } from "#shared/events/schema";
import { StatusBadge } from "../../../components/status-badge.tsx";

interface Props {
  events: EventSummary[];
  sort: Sort;
  onSort(field: SortField): void;
  onRemove(event: EventSummary): void;
  caption: string;
}

/** The organizer's events: name, date, status; sortable headers; remove only on drafts (spec 01 §2). */
export function EventsTable({ events, sort, onSort, onRemove, caption }: Props) {
  const { t } = useTranslation();
  const header = (field: SortField) => {
    const active = sort.field === field;
    return (
      <Table.Th aria-sort={active ? (sort.direction === 1 ? "ascending" : "descending") : "none"}>
        <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
          {t(`events.hub.columns.${field}`)}
          <span aria-hidden="true">{active ? (sort.direction === 1 ? " ▲" : " ▼") : " ↕"}</span>
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
