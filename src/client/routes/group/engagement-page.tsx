import { Alert, Button, Container, Loader, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { stationStarted } from "#shared/checkin/rules";
import { ApiError } from "../../app/api.ts";
import { RequireAuth } from "../../app/guards.tsx";
import { NotFound } from "../../app/shell/not-found.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Section } from "../../components/section.tsx";
import { useGroup } from "../../features/groups/api.ts";
import { useGroupOffer } from "../../features/offers/api.ts";
import { EngagementAnswer } from "../../features/offers/engagement-answer.tsx";
import { EngagementAttendees } from "../../features/offers/engagement-attendees.tsx";
import { EngagementDetails } from "../../features/offers/engagement-details.tsx";
import { StandIns } from "../../features/offers/stand-ins.tsx";

/** One offer to one of the user's groups: read it, answer it, name the volunteers (spec 02 §2). */
export default function EngagementPage() {
  return (
    <RequireAuth>
      <EngagementContent />
    </RequireAuth>
  );
}

function EngagementContent() {
  const { t } = useTranslation();
  const { eventId = "", groupId = "", stationId = "" } = useParams();
  const query = useGroupOffer(groupId, eventId, stationId);
  // The volunteers to name come from the group, read beside the offer.
  const group = useGroup(groupId);
  const offer = query.data;

  if (query.isPending)
    return (
      <Container size="md" py="xl">
        <Loader role="status" aria-label={t("common.loading")} />
      </Container>
    );
  if (query.isError || !offer) {
    if (query.error instanceof ApiError && [400, 403, 404].includes(query.error.status)) return <NotFound />;
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {t("groups.offers.engagement.loadError")}
        </Alert>
      </Container>
    );
  }

  const named = offer.status === "ACCEPTED" && (offer.abilities.nameAttendees || offer.attendees.length > 0);
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageHeader
          title={offer.station.name}
          text
          crumbs={[
            { label: "myPages.volunteers.title", to: "/my-pages/volunteers" },
            { label: offer.groupName, to: `/my-pages/volunteers/${offer.groupId}` },
          ]}
          intro={t("groups.offers.engagement.overline", { group: offer.groupName, event: offer.eventName })}
        />
        <Section title={t("groups.offers.engagement.sections.answer")}>
          <EngagementAnswer offer={offer} />
        </Section>
        {named && (
          <Section title={t("groups.offers.attendees.title")}>
            <EngagementAttendees offer={offer} group={group} />
            {offer.attendees.length > 0 && (
              <Button
                component={Link}
                to={`/my-pages/volunteers/${offer.groupId}/passes/${offer.eventId}`}
                variant="default"
                mt="md"
              >
                {t("groups.offers.attendees.passes")}
              </Button>
            )}
          </Section>
        )}
        {offer.abilities.standIns && offer.attendees.length > 0 && group.data && (
          <Section
            title={t(
              stationStarted(offer.station.start, new Date())
                ? "groups.offers.standIns.title"
                : "groups.offers.standIns.titleDeclined",
            )}
          >
            <StandIns offer={offer} members={group.data.volunteers} />
          </Section>
        )}
        <EngagementDetails offer={offer} />
      </Stack>
    </Container>
  );
}
