import { Loader, Text } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { stationTime } from "#shared/events/rules";
import { skillLabelId } from "#shared/events/schema";
import { stationPlace } from "#shared/geo/municipalities";
import type { Offer } from "#shared/offers/schema";
import { Facts } from "../../components/facts.tsx";
import { useMapConfig } from "../../components/map-config.ts";
import { Section } from "../../components/section.tsx";
import { dateTime, payTerms } from "./group-format.ts";

const MapPicker = lazy(() => import("../../components/map-picker.tsx"));

/** The offer read-only: the event, the station with its place on the map, and the terms (spec 02 §2). */
export function EngagementDetails({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation();
  const config = useMapConfig();
  const { event, station } = offer;
  const place = stationPlace(station);

  return (
    <>
      <Section title={t("groups.offers.engagement.sections.event")}>
        <Facts
          rows={[
            [t("groups.offers.engagement.fields.event"), event.name],
            [t("groups.offers.engagement.fields.date"), `${event.date}, ${event.startTime}`],
            [t("groups.offers.engagement.fields.city"), event.city],
            [t("groups.offers.engagement.fields.organizer"), event.organizerName],
          ]}
        />
      </Section>

      <Section title={t("groups.offers.engagement.sections.station")}>
        <Facts
          rows={[
            [t("groups.offers.engagement.fields.station"), station.name],
            [
              t("groups.offers.engagement.fields.task"),
              <span key="task" style={{ whiteSpace: "pre-line" }}>
                {station.description}
              </span>,
            ],
            [t("groups.offers.engagement.fields.time"), stationTime(station)],
            [t("groups.offers.engagement.fields.place"), place],
          ]}
        />
        {config.data ? (
          <Suspense fallback={<Loader size="sm" role="status" aria-label={t("events.map.loading")} />}>
            <MapPicker
              config={config.data}
              value={station.markerCoordinates}
              center={station.markerCoordinates}
              onPick={() => {}}
              readOnly
              height={260}
              label={t("groups.offers.engagement.mapLabel", { station: station.name })}
            />
          </Suspense>
        ) : config.isPending ? (
          <Loader size="sm" role="status" aria-label={t("events.map.loading")} />
        ) : null}
      </Section>

      <Section title={t("groups.offers.engagement.sections.terms")}>
        <Facts
          rows={[
            [t("groups.offers.engagement.fields.volunteers"), t("groups.offers.volunteerCount", { count: offer.volunteers })],
            [t("groups.offers.engagement.fields.payment"), payTerms(t, station, i18n.language)],
            ...(event.included.length > 0
              ? [
                  [
                    t("groups.offers.engagement.fields.included"),
                    event.included.map((i) => t(`events.included.${i}`)).join(", "),
                  ] as [string, ReactNode],
                ]
              : []),
            [
              t("groups.offers.engagement.fields.skills"),
              station.skills.length > 0
                ? station.skills.map((s) => t(skillLabelId(s))).join(", ")
                : t("groups.offers.engagement.noSkills"),
            ],
            [
              t("groups.offers.engagement.fields.minimumAge"),
              station.officialMiniumumAge > 0
                ? t("groups.offers.engagement.years", { age: station.officialMiniumumAge })
                : t("groups.offers.engagement.noMinimumAge"),
            ],
            // The answer-by date matters only while an answer is (or was) awaited.
            ...(offer.expiresAt && (offer.status === "PROPOSAL" || offer.status === "EXPIRED")
              ? [[t("groups.offers.engagement.fields.answerBy"), dateTime(offer.expiresAt)] as [string, ReactNode]]
              : []),
          ]}
        />
        {station.officialQuantity > offer.volunteers && (
          <Text size="sm" c="dimmed">
            {t("groups.offers.engagement.ofNeeded", { n: station.officialQuantity })}
          </Text>
        )}
      </Section>
    </>
  );
}
