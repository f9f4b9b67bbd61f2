import { Button, Divider, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useRef } from "react";
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
  const found = rows.findIndex((r) => r.station.id === stationId);
  // While the modal fades out after closing, it keeps showing the last station: emptied, the dialog
  // would lose its title and so its accessible name for the length of the transition.
  const last = useRef<{ at: number; row: (typeof rows)[number] } | null>(null);
  if (found >= 0) last.current = { at: found, row: rows[found]! };
  const opened = found >= 0;
  const at = last.current?.at ?? -1;
  const row = last.current?.row;
  const ids = rows.map((r) => r.station.id);
  const own = row ? offers.filter((o) => o.stationId === row.station.id) : [];

  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} size="xl" fullScreen={small} padding={small ? "sm" : "lg"}>
      {row && (
        <>
          <DialogHeader title={row.station.name} />
          <Stack gap="md">
            {/* The buttons keep their whole label; the position between them wraps instead. */}
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="compact-md"
                style={{ flexShrink: 0 }}
                aria-label={t("events.match.station.previous")}
                onClick={() => onMove(neighbour(ids, row.station.id, -1) ?? "")}
              >
                <span aria-hidden="true">←&nbsp;</span>
                {t("events.match.station.previousShort")}
              </Button>
              <Text size="sm" ta="center" miw={0} aria-live="polite">
                {t("events.match.station.position", { n: at + 1, total: rows.length })}
              </Text>
              <Button
                variant="default"
                size="compact-md"
                style={{ flexShrink: 0 }}
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
