import { Anchor, Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { stationTime } from "#shared/events/rules";
import type { EventView, StationView } from "#shared/events/schema";
import { paymentFieldsOf } from "#shared/events/schema";
import { findMunicipality } from "#shared/geo/municipalities";
import { formatPhone } from "#shared/phone";
import { Facts } from "../../../components/facts.tsx";
import { money } from "../../../components/money.ts";

/** One station as read-only facts: what, when, where, who leads it, how many, and the pay. */
export function StationFacts({ station: s }: { station: StationView }) {
  const { t, i18n } = useTranslation();
  const none = t("events.page.none");
  const municipality = findMunicipality(s.municipality)?.name ?? s.municipality;
  const amounts = paymentFieldsOf(s.paymentType)
    .filter((f) => f !== "currency" && s[f] !== null)
    .map((f) => [t(`events.station.${f}`), money(t, s[f] as number, s.currency, i18n.language)] as [string, string]);
  return (
    <Facts
      rows={[
        [t("events.station.description"), s.description],
        [t("events.station.columns.time"), stationTime(s)],
        [t("events.station.municipality"), municipality],
        ...(s.markerLocation ? [[t("events.station.markerLocation"), s.markerLocation] as [string, string]] : []),
        ...(s.teamLeaderEmail
          ? [
              [
                t("events.station.teamLeaderEmail"),
                s.teamLeaderName ? `${s.teamLeaderName} (${s.teamLeaderEmail})` : s.teamLeaderEmail,
              ] as [string, string],
            ]
          : []),
        [t("events.station.officialQuantity"), s.officialQuantity],
        [t("events.station.officialMiniumumAge"), s.officialMiniumumAge],
        [t("events.station.skills"), s.skills.length ? s.skills.map((k) => t(`events.skills.${k}`)).join(", ") : none],
        [t("events.station.paymentType"), t(`events.paymentTypes.${s.paymentType}`)],
        ...amounts,
      ]}
    />
  );
}

/** What the event page may put beside each station of a read-only list, e.g. the link to its sheet. */
export type StationAction = (station: StationView) => ReactNode;

/** The event's contacts, one a line: name, e-mail and (where shown) mobile number, to reach them on the day. */
function ContactLines({ contacts }: { contacts: EventView["contactPersons"] }) {
  return (
    <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: "none" }}>
      {contacts.map((c) => (
        <li key={c.email}>
          {c.name ? `${c.name}, ` : ""}
          <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
          {c.phone ? (
            <>
              {", "}
              <Anchor href={`tel:${c.phone}`} style={{ whiteSpace: "nowrap" }}>
                {formatPhone(c.phone)}
              </Anchor>
            </>
          ) : null}
        </li>
      ))}
    </Stack>
  );
}

/**
 * An event that may not be changed (finished, or read by a team leader) as read-only facts, its stations
 * below (spec 01 §4: a HISTORIC event cannot be edited). Nothing here looks like a field, so nothing
 * invites an edit that cannot be made.
 */
export function EventSummary({ event: e, stationAction }: { event: EventView; stationAction?: StationAction }) {
  const { t } = useTranslation();
  const none = t("events.page.none");
  const list = (items: readonly string[], label: (x: string) => string) => (items.length ? items.map(label).join(", ") : none);
  return (
    <Stack gap="xl">
      <section aria-labelledby="event-summary-title">
        <Title order={2} size="h3" mb="sm" id="event-summary-title">
          {t("events.page.summaryTitle")}
        </Title>
        <Facts
          rows={[
            [t("events.form.name"), e.name],
            [t("events.form.date"), e.date],
            [t("events.form.startTime"), e.startTime],
            [t("events.form.city"), e.city],
            [t("events.form.sections.included"), list(e.included, (x) => t(`events.included.${x}`))],
            ...(e.included.includes("CLOTHES")
              ? [[t("events.form.shirtSizes"), list(e.shirtSizes, (x) => x)] as [string, string]]
              : []),
            ...(e.included.includes("FOOD")
              ? [[t("events.form.foodOptions"), list(e.foodOptions, (x) => t(`events.foodOptions.${x}`))] as [string, string]]
              : []),
            [t("events.form.substitute"), e.substitute ? t("common.yes") : t("common.no")],
            [t("events.form.organizerName"), e.organizerName],
            [t("events.form.organizerNumber"), e.organizerNumber],
            ...(e.organizerWebsite ? [[t("events.form.organizerWebsite"), e.organizerWebsite] as [string, string]] : []),
            ...(e.organizerEmail ? [[t("events.form.organizerEmail"), e.organizerEmail] as [string, string]] : []),
            ...(e.invoiceAddress ? [[t("events.form.invoiceAddress"), e.invoiceAddress] as [string, string]] : []),
            [
              t("events.form.sections.contacts"),
              e.contactPersons.length ? <ContactLines key="contacts" contacts={e.contactPersons} /> : none,
            ],
          ]}
        />
      </section>
      <StationsSummary stations={e.stations} stationAction={stationAction} />
    </Stack>
  );
}

/** The stations of an event that may not be changed, each with its facts (and `stationAction` beside its name). */
export function StationsSummary({ stations, stationAction }: { stations: StationView[]; stationAction?: StationAction }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="stations-summary-title">
      <Title order={2} size="h3" mb="sm" id="stations-summary-title">
        {t("events.page.stationsTitle")}
      </Title>
      {stations.length === 0 ? (
        t("events.station.empty")
      ) : (
        <Stack gap="md">
          {stations.map((s) => (
            <Paper key={s.id} withBorder p={{ base: "sm", sm: "md" }} radius="md" data-station={s.name}>
              <Group justify="space-between" align="baseline" gap="xs" mb="xs">
                <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
                  {s.name}
                </Title>
                {stationAction?.(s)}
              </Group>
              <StationFacts station={s} />
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
