import "../../components/print.css";
import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { stationTime } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import { coordinatesText, mapLink } from "#shared/geo/map-link";
import { stationPlace } from "#shared/geo/municipalities";
import { asksDiets, asksShirtSize } from "#shared/offers/rules";
import type { Attendee, Offer } from "#shared/offers/schema";
import { formatPhone } from "#shared/phone";
import { type GroupRoster, roster } from "#shared/roster";
import { useStationOffers } from "../../app/offer-queries.ts";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { Facts } from "../../components/facts.tsx";
import { ToneBadge } from "../../components/status-badge.tsx";
import tap from "../../components/tap-target.module.css";
import { DietTally, ShirtTally } from "./tallies.tsx";

/** Below 576 px a table of people does not fit: each person becomes a short block of lines. */
const PHONE = "(max-width: 35.99em)";

/**
 * /stations/{stationId}/sheet: what the station needs on the day, on one page that prints well: when and
 * where, who leads it, each group that has accepted with its contacts and named volunteers, and the shirts
 * and diets to hand out. The event is the page's; the groups come in one request.
 */
export function StationSheet({ event, base, stationId }: EventTabProps & { stationId: string }) {
  const { t, i18n } = useTranslation();
  const station = event.stations.find((s) => s.id === stationId);
  const sheet = useStationOffers(event.id, stationId, station !== undefined);
  const back = (
    <Anchor component={Link} to={`${base}/stations`} data-print="hide">
      {t("sheet.back")}
    </Anchor>
  );
  if (!station)
    return (
      <Stack gap="md">
        <Alert color="red.9" role="alert">
          {t("sheet.notFound")}
        </Alert>
        {back}
      </Stack>
    );

  const r = sheet.data ? roster(event, [station], sheet.data.offers) : null;
  const counts = r?.stations[0];
  const place = stationPlace(station);

  return (
    <Stack gap="lg" data-printable="station-sheet">
      <Group justify="space-between" gap="sm" data-print="hide">
        {back}
        <Button onClick={() => window.print()}>{t("sheet.print")}</Button>
      </Group>
      <section aria-labelledby="sheet-title">
        <Title order={2} size="h3" mb="sm" id="sheet-title">
          {t("sheet.title", { name: station.name })}
        </Title>
        <Facts
          rows={[
            [t("sheet.event"), event.name],
            [t("sheet.date"), event.date],
            [t("sheet.time"), stationTime(station)],
            [t("sheet.place"), place],
            [
              t("sheet.map"),
              <Anchor key="map" href={mapLink(station.markerCoordinates)} target="_blank" rel="noreferrer" className={tap.target}>
                {t("sheet.mapLink", { coordinates: coordinatesText(station.markerCoordinates, i18n.language) })}
              </Anchor>,
            ],
            [
              t("sheet.teamLeader"),
              station.teamLeaderEmail ? (
                <span key="leader">
                  {station.teamLeaderName ? `${station.teamLeaderName}, ` : ""}
                  <Anchor href={`mailto:${station.teamLeaderEmail}`}>{station.teamLeaderEmail}</Anchor>
                </span>
              ) : (
                t("sheet.noTeamLeader")
              ),
            ],
            [t("sheet.needed"), station.officialQuantity],
            ...(counts
              ? ([
                  [t("sheet.promised"), counts.promised],
                  ...(counts.named === null ? [] : [[t("sheet.named"), counts.named]]),
                ] as Array<[string, number]>)
              : []),
          ]}
        />
      </section>

      {sheet.isPending ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : sheet.isError || !r || !counts ? (
        <Alert color="red.9" role="alert">
          {t("sheet.loadError")}
        </Alert>
      ) : (
        <>
          <section aria-labelledby="sheet-groups">
            <Title order={2} size="h3" mb="sm" id="sheet-groups">
              {t("sheet.groupsTitle")}
            </Title>
            {!r.namesShown && (
              <Alert color="gray" mb="sm">
                {t("sheet.namesHidden")}
              </Alert>
            )}
            {counts.groups.length === 0 ? (
              <Text>{t("sheet.noGroups")}</Text>
            ) : (
              <Stack gap="md">
                {counts.groups.map((g) => (
                  <GroupBlock
                    key={g.groupId}
                    event={event}
                    group={g}
                    offer={sheet.data.offers.find((o) => o.groupId === g.groupId && o.status === "ACCEPTED") as Offer}
                  />
                ))}
              </Stack>
            )}
          </section>
          {(r.asksShirtSize || r.asksDiets) && r.namesShown && (
            <section aria-labelledby="sheet-totals" data-print-block>
              <Title order={2} size="h3" mb="sm" id="sheet-totals">
                {t("sheet.totalsTitle")}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" style={{ alignItems: "start" }}>
                {r.asksShirtSize && <ShirtTally shirts={counts.shirts} withoutSize={counts.withoutShirtSize} />}
                {r.asksDiets && <DietTally diets={counts.diets} />}
              </SimpleGrid>
            </section>
          )}
        </>
      )}
    </Stack>
  );
}

/** One accepted group: how many it promised and named, its contacts, and its named volunteers. */
function GroupBlock({ event, group, offer }: { event: EventView; group: GroupRoster; offer: Offer }) {
  const { t } = useTranslation();
  const headingId = `sheet-group-${group.groupId}`;
  const contacts = offer.group.contactPersons;
  const attendees = offer.group.attendees;
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-print-block data-group={group.groupName}>
      <section aria-labelledby={headingId}>
        <Group justify="space-between" align="baseline" gap="xs" mb="xs">
          <Title order={3} size="h4" id={headingId} miw={0}>
            {group.groupName}
          </Title>
          <Text fw={600}>
            {group.named === null
              ? t("sheet.groupPromised", { promised: group.promised })
              : t("sheet.groupNamed", { named: group.named, promised: group.promised })}
          </Text>
        </Group>
        {contacts && (
          <>
            <Title order={4} size="h5" mt="sm" mb={4}>
              {t("sheet.contacts")}
            </Title>
            {contacts.length === 0 ? <Text>{t("sheet.noContacts")}</Text> : <Contacts contacts={contacts} />}
          </>
        )}
        {attendees && (
          <>
            <Title order={4} size="h5" mt="sm" mb={4}>
              {t("sheet.volunteers")}
            </Title>
            {attendees.length === 0 ? <Text>{t("sheet.noVolunteers")}</Text> : <Volunteers event={event} people={attendees} />}
          </>
        )}
      </section>
    </Paper>
  );
}

const phoneLink = (phone: string) =>
  phone ? (
    <Anchor href={`tel:${phone}`} inherit className={tap.target} style={{ whiteSpace: "nowrap" }}>
      {formatPhone(phone)}
    </Anchor>
  ) : null;

function Contacts({ contacts }: { contacts: NonNullable<Offer["group"]["contactPersons"]> }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE);
  if (phone)
    return (
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
        {contacts.map((c) => (
          <li key={c.email} style={{ overflowWrap: "anywhere" }}>
            <Text fw={600}>{c.name}</Text>
            <Text size="sm">
              <Anchor href={`mailto:${c.email}`} inherit className={tap.target}>
                {c.email}
              </Anchor>
              {c.phone && " · "}
              {phoneLink(c.phone)}
            </Text>
          </li>
        ))}
      </Stack>
    );
  return (
    <Table verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("sheet.columns.name")}</Table.Th>
          <Table.Th>{t("sheet.columns.email")}</Table.Th>
          <Table.Th>{t("sheet.columns.phone")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((c) => (
          <Table.Tr key={c.email}>
            <Table.Td>{c.name}</Table.Td>
            <Table.Td style={{ overflowWrap: "anywhere" }}>
              <Anchor href={`mailto:${c.email}`} inherit className={tap.target}>
                {c.email}
              </Anchor>
            </Table.Td>
            <Table.Td>{phoneLink(c.phone)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The named volunteers, with only the questions the event asks: shirt size, diets, whom a substitute replaces. */
function Volunteers({ event, people }: { event: EventView; people: Attendee[] }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE);
  const sizes = asksShirtSize(event);
  const diets = asksDiets(event);
  const substitutes = event.substitute;
  const size = (p: Attendee) => p.shirtSize ?? <ToneBadge tone="attention">{t("sheet.missingSize")}</ToneBadge>;
  const dietText = (p: Attendee) => p.specialDiets.map((d) => t(`events.foodOptions.${d}`)).join(", ");
  if (phone)
    return (
      <Stack component="ul" gap={8} p={0} m={0} style={{ listStyle: "none" }}>
        {people.map((p) => (
          <li key={p.id} data-volunteer={p.name} style={{ overflowWrap: "anywhere" }}>
            <Text fw={600}>
              {p.name}, {t("sheet.age", { age: p.age })}
            </Text>
            <Text size="sm">{phoneLink(p.phone)}</Text>
            {sizes && (
              <Text size="sm">
                {t("sheet.columns.shirtSize")}: {size(p)}
              </Text>
            )}
            {diets && p.specialDiets.length > 0 && (
              <Text size="sm">
                {t("sheet.columns.diets")}: {dietText(p)}
              </Text>
            )}
            {substitutes && p.substitute && <Text size="sm">{t("sheet.replaces", { name: p.substitute })}</Text>}
          </li>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("sheet.columns.name")}</Table.Th>
            <Table.Th>{t("sheet.columns.phone")}</Table.Th>
            <Table.Th>{t("sheet.columns.age")}</Table.Th>
            {sizes && <Table.Th>{t("sheet.columns.shirtSize")}</Table.Th>}
            {diets && <Table.Th>{t("sheet.columns.diets")}</Table.Th>}
            {substitutes && <Table.Th>{t("sheet.columns.substitute")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.id} data-volunteer={p.name}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td>{phoneLink(p.phone)}</Table.Td>
              <Table.Td>{p.age}</Table.Td>
              {sizes && <Table.Td>{size(p)}</Table.Td>}
              {diets && <Table.Td>{dietText(p)}</Table.Td>}
              {substitutes && <Table.Td>{p.substitute ?? ""}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
