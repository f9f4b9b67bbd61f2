import "../../components/print.css";
import { Alert, Anchor, List, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { stationSheetPath } from "#shared/events/rules";
import type { Offer } from "#shared/offers/schema";
import { type GroupRoster, type Roster, roster, type StationRoster } from "#shared/roster";
import { type Answers, answers } from "#shared/roster-answers";
import { useEventOffers } from "../../app/offer-queries.ts";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { ToneBadge } from "../../components/status-badge.tsx";
import { DietTally, dietsLine, ShirtTally } from "./tallies.tsx";

/** Below 576 px the station table does not fit: each station becomes a card. */
const PHONE = "(max-width: 35.99em)";

/**
 * /roster (organizer): per station the volunteers the accepted groups promised and how many they have
 * named, who still lacks a shirt size, the diets; and across the event the shirts per size and the diets
 * to order. Built from the event's offers in one request.
 */
export function RosterTab({ event, base }: EventTabProps) {
  const { t } = useTranslation();
  const offers = useEventOffers(event.id);
  const r = offers.data ? roster(event, event.stations, offers.data) : null;

  return (
    <Stack gap="lg" data-printable="roster">
      <div>
        <Title order={2} size="h3" mb="xs">
          {t("roster.title")}
        </Title>
        <Text maw={720}>{t("roster.intro")}</Text>
      </div>
      {offers.isPending ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : offers.isError || !r ? (
        <Alert color="red.9" role="alert">
          {t("roster.loadError")}
        </Alert>
      ) : (
        <>
          {!r.namesShown && <Alert color="gray">{t("roster.namesHidden")}</Alert>}
          {r.missingSizes.length > 0 && (
            <Alert color="orange" role="status" data-missing-sizes>
              <Text fw={700}>{t("roster.missingTitle")}</Text>
              <Text size="sm" mb={4}>
                {t("roster.missingIntro")}
              </Text>
              <List size="sm">
                {r.missingSizes.map((g) => (
                  <List.Item key={`${g.stationId}/${g.groupId}`}>
                    {t("roster.missingGroup", {
                      group: g.groupName,
                      station: g.stationName,
                      names: g.withoutShirtSize.join(", "),
                    })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <section aria-labelledby="roster-order" data-roster-order>
            <Title order={3} size="h4" mb="xs" id="roster-order">
              {t("roster.orderTitle")}
            </Title>
            {r.asksShirtSize || r.asksDiets ? (
              <>
                <Text size="sm" mb="sm">
                  {t("roster.orderIntro")}
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" style={{ alignItems: "start" }}>
                  {r.asksShirtSize && <ShirtTally shirts={r.shirts} withoutSize={r.withoutShirtSize} />}
                  {r.asksDiets && <DietTally diets={r.diets} />}
                </SimpleGrid>
              </>
            ) : (
              <Text>{t("roster.nothingToOrder")}</Text>
            )}
          </section>
          <section aria-labelledby="roster-stations">
            <Title order={3} size="h4" mb="xs" id="roster-stations">
              {t("roster.stationsTitle")}
            </Title>
            {r.namesShown && (
              <Text size="sm" mb="sm">
                {t("roster.confirmedIntro")}
              </Text>
            )}
            <Stations roster={r} base={base} offers={offers.data} />
          </section>
        </>
      )}
    </Stack>
  );
}

interface StationsProps {
  roster: Roster;
  base: string;
  offers: readonly Offer[];
}

function Stations(props: StationsProps) {
  return useMediaQuery(PHONE) ? <StationCards {...props} /> : <StationRows {...props} />;
}

/** "3 of 5" of the named volunteers who answered the day-before text JA, and a badge for the NEJ (issue 24). */
function Confirmed({ answers: a }: { answers: Answers | null }) {
  const { t } = useTranslation();
  if (a === null) return <>–</>;
  return (
    <span data-confirmed={`${a.confirmed}/${a.named}/${a.declined}`}>
      {t("roster.confirmedOf", { confirmed: a.confirmed, named: a.named })}
      {a.declined > 0 && (
        <>
          {" "}
          <ToneBadge tone="attention">{t("roster.declined", { declined: a.declined })}</ToneBadge>
        </>
      )}
    </span>
  );
}

/** "4 of 5", with how many are still without a name when some are. */
function Named({ station }: { station: { named: number | null; promised: number } }) {
  const { t } = useTranslation();
  if (station.named === null) return <>{station.promised}</>;
  const unnamed = station.promised - station.named;
  return (
    <>
      {t("roster.namedOf", { named: station.named, promised: station.promised })}
      {unnamed > 0 && (
        <>
          {" "}
          <ToneBadge tone="attention">{t("roster.unnamed", { count: unnamed })}</ToneBadge>
        </>
      )}
    </>
  );
}

function groupLine(t: (id: string, values?: Record<string, unknown>) => string, g: GroupRoster) {
  return g.named === null
    ? t("roster.groupLinePromised", { group: g.groupName, promised: g.promised })
    : t("roster.groupLine", { group: g.groupName, named: g.named, promised: g.promised });
}

function GroupLines({ station }: { station: StationRoster }) {
  const { t } = useTranslation();
  if (station.groups.length === 0) return <Text size="sm">{t("roster.noGroups")}</Text>;
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: "none" }}>
      {station.groups.map((g) => (
        <Text component="li" size="sm" key={g.groupId}>
          {groupLine(t, g)}
        </Text>
      ))}
    </Stack>
  );
}

function StationRows({ roster: r, base, offers }: StationsProps) {
  const { t } = useTranslation();
  const all = r.stations.map((s) => s.stationId);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("roster.columns.station")}</Table.Th>
            <Table.Th ta="right">{t("roster.columns.needed")}</Table.Th>
            <Table.Th>{t("roster.columns.named")}</Table.Th>
            {r.namesShown && <Table.Th>{t("roster.columns.confirmed")}</Table.Th>}
            {r.asksShirtSize && <Table.Th ta="right">{t("roster.columns.missingSizes")}</Table.Th>}
            {r.asksDiets && <Table.Th>{t("roster.columns.diets")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.stations.map((s) => (
            <Table.Tr key={s.stationId} data-station={s.name} style={{ verticalAlign: "top" }}>
              <Table.Td>
                <Anchor component={Link} to={stationSheetPath(base, s.stationId)} fw={600}>
                  {s.name}
                </Anchor>
                <GroupLines station={s} />
              </Table.Td>
              <Table.Td ta="right">{s.needed}</Table.Td>
              <Table.Td>
                <Named station={s} />
              </Table.Td>
              {r.namesShown && (
                <Table.Td>
                  <Confirmed answers={answers(offers, [s.stationId])} />
                </Table.Td>
              )}
              {r.asksShirtSize && <Table.Td ta="right">{s.withoutShirtSize}</Table.Td>}
              {r.asksDiets && <Table.Td>{dietsLine(t, s.diets)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-total>
            <Table.Th scope="row">{t("roster.total")}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {r.stations.reduce((n, s) => n + s.needed, 0)}
            </Table.Td>
            <Table.Td fw={700}>
              <Named station={r} />
            </Table.Td>
            {r.namesShown && (
              <Table.Td fw={700}>
                <Confirmed answers={answers(offers, all)} />
              </Table.Td>
            )}
            {r.asksShirtSize && (
              <Table.Td ta="right" fw={700}>
                {r.withoutShirtSize}
              </Table.Td>
            )}
            {r.asksDiets && <Table.Td fw={700}>{dietsLine(t, r.diets)}</Table.Td>}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function StationCards({ roster: r, base, offers }: StationsProps) {
  const { t } = useTranslation();
  const all = r.stations.map((s) => s.stationId);
  const card = (s: StationRoster | null) => {
    const counts = s ?? r;
    return (
      <Paper
        component="li"
        key={s?.stationId ?? "total"}
        withBorder
        radius="md"
        p="sm"
        {...(s ? { "data-station": s.name } : { "data-total": true })}
      >
        {s ? (
          <Anchor component={Link} to={stationSheetPath(base, s.stationId)} fw={700} style={{ overflowWrap: "anywhere" }}>
            {s.name}
          </Anchor>
        ) : (
          <Text fw={700}>{t("roster.total")}</Text>
        )}
        <Text size="sm" mt={4}>
          {t("roster.columns.needed")}: {s ? s.needed : r.stations.reduce((n, x) => n + x.needed, 0)}
        </Text>
        <Text size="sm">
          {t("roster.columns.named")}: <Named station={counts} />
        </Text>
        {r.namesShown && (
          <Text size="sm">
            {t("roster.columns.confirmed")}: <Confirmed answers={answers(offers, s ? [s.stationId] : all)} />
          </Text>
        )}
        {r.asksShirtSize && (
          <Text size="sm">
            {t("roster.columns.missingSizes")}: {counts.withoutShirtSize}
          </Text>
        )}
        {r.asksDiets && dietsLine(t, counts.diets) && (
          <Text size="sm">
            {t("roster.columns.diets")}: {dietsLine(t, counts.diets)}
          </Text>
        )}
        {s && (
          <div style={{ marginTop: 4 }}>
            <GroupLines station={s} />
          </div>
        )}
      </Paper>
    );
  };
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
      {r.stations.map((s) => card(s))}
      {card(null)}
    </Stack>
  );
}
