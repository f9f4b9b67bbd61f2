import { Alert, Anchor, Loader, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { EventView } from "#shared/events/schema";
import { DEFAULT_MATCH_SORT, type MatchSort, matchRows, sortMatchRows } from "#shared/offers/match";
import { useEventOffers } from "../api.ts";
import { MatchActions } from "./match-actions.tsx";
import { MatchTable } from "./match-table.tsx";
import { StationModal } from "./station-modal.tsx";

/**
 * The organizer's matching (spec 02 §2, /match): blocked with a warning while the event is DRAFT; actions,
 * the stations' table and a modal per station while it runs; the table alone once it is finished. The open
 * station is in the address (`?station=`), so back closes it and a link can point at it.
 */
export function MatchTab({ event }: { event: EventView }) {
  const { t } = useTranslation();
  const canMatch = event.abilities.match;
  const blocked = !canMatch && event.status === "DRAFT";
  const offers = useEventOffers(event.id, !blocked);
  const [sort, setSort] = useState<MatchSort>(DEFAULT_MATCH_SORT);
  const [params, setParams] = useSearchParams();
  const stationId = params.get("station");

  const rows = useMemo(
    () => sortMatchRows(matchRows(event.stations, offers.data ?? []), sort),
    [event.stations, offers.data, sort],
  );

  if (blocked)
    return (
      <Alert color="orange" role="status">
        <Text fw={700}>{t("events.match.notConfirmedTitle")}</Text>
        <Text>{t("events.match.notConfirmed")}</Text>
        <Anchor component={Link} to={`/my-pages/events/${event.id}`} c="dark.9" td="underline" display="inline-block" mt="xs">
          {t("events.match.toData")}
        </Anchor>
      </Alert>
    );
  if (offers.isPending) return <Loader role="status" aria-label={t("common.loading")} />;
  if (offers.isError)
    return (
      <Alert color="red.9" role="alert">
        {t("events.match.loadError")}
      </Alert>
    );

  const open = (id: string) => setParams({ station: id });
  const drafts = offers.data.filter((o) => o.status === "DRAFT").length;

  return (
    <Stack gap="lg">
      <Text>{canMatch ? t("events.match.intro") : t("events.match.readOnly")}</Text>
      {canMatch && <MatchActions eventId={event.id} drafts={drafts} />}
      {rows.length === 0 ? (
        <Text>{t("events.match.noStations")}</Text>
      ) : (
        <MatchTable rows={rows} sort={sort} onSort={setSort} onOpen={open} caption={t("events.match.caption")} />
      )}
      <StationModal
        eventId={event.id}
        rows={rows}
        stationId={stationId}
        offers={offers.data}
        canMatch={canMatch}
        onMove={(id) => setParams({ station: id }, { replace: true })}
        onClose={() => setParams({})}
      />
    </Stack>
  );
}
