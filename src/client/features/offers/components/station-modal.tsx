import { Button, Divider, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import type { StationView } from "#shared/events/schema";
import { type MatchRow, neighbour, wantsReplacement } from "#shared/offers/match";
import type { Offer } from "#shared/offers/schema";
import { DialogHeader } from "../../../components/dialog-header.tsx";
import { AddGroupForm } from "./add-group-form.tsx";
import { StationOffers } from "./station-offers.tsx";
import { StationSummary } from "./station-summary.tsx";

interface Props {
  eventId: string;
  /** The table's rows in its order: previous/next follow it. */
  rows: MatchRow<StationView>[];
  stationId: string | null;
  offers: Offer[];
  /** The event is running: groups may be added (the event view's `abilities.match`). */
  canMatch: boolean;
  onMove(stationId: string): void;
  onClose(): void;
}

/** One station of the matching table: summary, its offers, the add-group form, previous/next. */
export function StationModal({ eventId, rows, stationId, offers, canMatch, onMove, onClose }: Props) {
  const { t } = useTranslation();
  const small = useMediaQuery("(max-width: 36em)");
  const at = rows.findIndex((r) => r.station.id === stationId);
  const row = rows[at];
  const ids = rows.map((r) => r.station.id);
  const own = row ? offers.filter((o) => o.stationId === row.station.id) : [];

  return (
    <Modal opened={!!row} onClose={onClose} withCloseButton={false} size="xl" fullScreen={small} padding={small ? "sm" : "lg"}>
      {row && (
        <>
          <DialogHeader title={row.station.name} />
          <Stack gap="md">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="compact-md"
                aria-label={t("events.match.station.previous")}
                onClick={() => onMove(neighbour(ids, row.station.id, -1) ?? "")}
              >
                <span aria-hidden="true">←&nbsp;</span>
                {t("events.match.station.previousShort")}
              </Button>
              <Text size="sm" aria-live="polite">
                {t("events.match.station.position", { n: at + 1, total: rows.length })}
              </Text>
              <Button
                variant="default"
                size="compact-md"
                aria-label={t("events.match.station.next")}
                onClick={() => onMove(neighbour(ids, row.station.id, 1) ?? "")}
              >
                {t("events.match.station.nextShort")}
                <span aria-hidden="true">&nbsp;→</span>
              </Button>
            </Group>
            <StationSummary station={row.station} allocation={row.allocation} />
            <Divider />
            <Title order={3} size="h4">
              {t("events.match.offers.title")}
            </Title>
            <StationOffers offers={own} />
            {canMatch && (
              <>
                <Divider />
                <AddGroupForm
                  key={row.station.id}
                  eventId={eventId}
                  station={row.station}
                  allocation={row.allocation}
                  suggestReplacement={wantsReplacement(row)}
                />
              </>
            )}
          </Stack>
        </>
      )}
    </Modal>
  );
}
