import { Alert, Button, Group, Loader, Paper, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { byDateFromToday, stationTime } from "#shared/events/rules";
import { engagementPath, sortForGroup } from "#shared/offers/rules";
import type { Offer } from "#shared/offers/schema";
import { useMyOffers } from "./api.ts";
import { dateTime, isPastEvent } from "./group-format.ts";
import classes from "./group-offers.module.css";
import { SignUpLink } from "./sign-up-link.tsx";

/**
 * The colours of the row buttons by offer status (spec 02 §2): accepted in the brand green, declined grey,
 * awaiting an answer pink; an expired offer is drawn as out of date (an outline only). Dark shades, so the
 * white text meets WCAG AA.
 */
const offerStatusStyle: Record<Offer["status"], { color: string; variant: "filled" | "outline" }> = {
  ACCEPTED: { color: "brand", variant: "filled" },
  REJECTED: { color: "gray.7", variant: "filled" },
  PROPOSAL: { color: "pink.9", variant: "filled" },
  EXPIRED: { color: "gray.7", variant: "outline" },
  DRAFT: { color: "gray.7", variant: "outline" },
};

interface EventOffers {
  event: Offer["event"];
  groups: Array<{ id: string; name: string; offers: Offer[] }>;
}

/**
 * Offers by event, then by group, in the order of `sortForGroup` within each group (awaiting an answer
 * first). Events in the order of every list of events: today's and coming ones soonest first, then past ones
 * latest first (byDateFromToday).
 */
function byEvent(offers: readonly Offer[], now: Date): EventOffers[] {
  const events = new Map<string, EventOffers>();
  for (const o of sortForGroup(offers)) {
    const entry = events.get(o.eventId) ?? { event: o.event, groups: [] };
    events.set(o.eventId, entry);
    const group = entry.groups.find((g) => g.id === o.groupId) ?? { id: o.groupId, name: o.groupName, offers: [] };
    if (!entry.groups.includes(group)) entry.groups.push(group);
    group.offers.push(o);
  }
  for (const e of events.values()) e.groups.sort((a, b) => a.name.localeCompare(b.name, "sv"));
  return byDateFromToday(
    [...events.values()].map((e) => e.event),
    now,
  ).map((event) => events.get(event.id) as EventOffers);
}

/** The offers to every group the user is a contact of (spec 02 §2, volunteer area's start page). */
export function GroupOfferList() {
  const { t } = useTranslation();
  const offers = useMyOffers();
  const [showPast, setShowPast] = useState(false);
  const titleId = useId();

  const now = new Date();
  const visible = (offers.data ?? []).filter((o) => o.status !== "DRAFT");
  const current = visible.filter((o) => !isPastEvent(o.event, now));
  const past = visible.filter((o) => isPastEvent(o.event, now));
  const pastEvents = new Set(past.map((o) => o.eventId)).size;

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} id={titleId}>
          {t("groups.offers.list.title")}
        </Title>
        {pastEvents > 0 && (
          <Switch
            label={t("groups.offers.list.showPast", { count: pastEvents })}
            checked={showPast}
            onChange={(e) => setShowPast(e.currentTarget.checked)}
          />
        )}
      </Group>
      {offers.isPending ? (
        <Loader size="sm" role="status" aria-label={t("common.loading")} />
      ) : offers.isError ? (
        <Alert color="red" role="alert">
          {t("groups.offers.list.loadError")}
        </Alert>
      ) : visible.length === 0 ? (
        <Text c="dimmed">{t("groups.offers.list.empty")}</Text>
      ) : (
        <Stack gap="md">
          {current.length === 0 ? (
            <Text c="dimmed">{t("groups.offers.list.noCurrent")}</Text>
          ) : (
            byEvent(current, now).map((e) => <EventBlock key={e.event.id} entry={e} />)
          )}
          {showPast && (
            <Stack gap="md" aria-label={t("groups.offers.list.pastTitle")} component="section">
              <Title order={3} size="h4">
                {t("groups.offers.list.pastTitle")}
              </Title>
              {byEvent(past, now).map((e) => (
                <EventBlock key={e.event.id} entry={e} level={4} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** An event with its groups' offers; under "previous events" its headings sit one level lower. */
function EventBlock({ entry, level = 3 }: { entry: EventOffers; level?: 3 | 4 }) {
  const { t } = useTranslation();
  const { event } = entry;
  return (
    <Paper withBorder p={{ base: "sm", xs: "md" }} data-event={event.name}>
      <Stack gap="sm">
        <div>
          <Title order={level} size="h4">
            {event.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t("groups.offers.list.eventLine", { date: event.date, city: event.city, organizer: event.organizerName })}
          </Text>
        </div>
        {entry.groups.map((g) => (
          <Stack key={g.id} gap={6}>
            <Title order={level === 3 ? 4 : 5} size="h5">
              {t("groups.offers.list.groupHeading", { name: g.name })}
            </Title>
            <StationRows offers={g.offers} caption={`${event.name} – ${g.name}`} />
            {g.offers.some((o) => o.abilities.shareLink) && (
              <SignUpLink groupId={g.id} groupName={g.name} eventId={event.id} eventName={event.name} />
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** The button of a row: its colour and text say the status; it opens the offer. */
function StatusButton({ offer, fullWidth }: { offer: Offer; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const style = offerStatusStyle[offer.status];
  const status = t(`offers.status.${offer.status}`);
  return (
    <Button
      component={Link}
      to={engagementPath(offer)}
      size="xs"
      color={style.color}
      variant={style.variant}
      fullWidth={fullWidth}
      aria-label={t("groups.offers.list.open", { status, station: offer.station.name })}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      styles={{
        root: { height: "auto", minHeight: 30 },
        inner: { height: "auto" },
        label: { whiteSpace: "normal", height: "auto", lineHeight: 1.3, paddingBlock: 5, textAlign: "center" },
      }}
    >
      {status}
    </Button>
  );
}

/** Rows per station: a table on wider screens, cards below 576 px. */
function StationRows({ offers, caption }: { offers: Offer[]; caption: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery("(max-width: 575px)", false, { getInitialValueInEffect: false });
  // The answer-by date matters only while an answer is (or was) awaited.
  const answerBy = (o: Offer) =>
    o.expiresAt && (o.status === "PROPOSAL" || o.status === "EXPIRED") ? dateTime(o.expiresAt) : null;

  if (narrow)
    return (
      <Stack component="ul" gap="xs" p={0} m={0} className={classes.plainList} aria-label={caption}>
        {offers.map((o) => (
          // The whole card opens the offer; the button is the keyboard's and screen reader's way in.
          <Paper
            component="li"
            key={o.stationId}
            withBorder
            p="sm"
            className={classes.row}
            onClick={() => navigate(engagementPath(o))}
          >
            <Stack gap={4}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {o.station.name}
              </Text>
              <Text size="sm">{stationTime(o.station)}</Text>
              <Text size="sm">{t("groups.offers.volunteerCount", { count: o.volunteers })}</Text>
              {answerBy(o) && <Text size="sm">{t("groups.offers.list.answerByLine", { date: answerBy(o) })}</Text>}
              <StatusButton offer={o} fullWidth />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Table highlightOnHover verticalSpacing="xs" layout="fixed">
      <caption className={classes.visuallyHidden}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="26%">{t("groups.offers.list.columns.station")}</Table.Th>
          <Table.Th w="24%">{t("groups.offers.list.columns.time")}</Table.Th>
          <Table.Th w="14%">{t("groups.offers.list.columns.volunteers")}</Table.Th>
          <Table.Th w="17%">{t("groups.offers.list.columns.answerBy")}</Table.Th>
          <Table.Th w="19%">{t("groups.offers.list.columns.status")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {offers.map((o) => (
          <Table.Tr key={o.stationId} className={classes.row} onClick={() => navigate(engagementPath(o))}>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{o.station.name}</Table.Td>
            <Table.Td>{stationTime(o.station)}</Table.Td>
            <Table.Td>{o.volunteers}</Table.Td>
            <Table.Td>{answerBy(o) ?? "–"}</Table.Td>
            <Table.Td>
              <StatusButton offer={o} fullWidth />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
