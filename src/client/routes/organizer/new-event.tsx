import { Alert, Button, Container, Group, Loader, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { RequireAuth } from "../../app/guards.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { ProgressSteps } from "../../components/progress-steps.tsx";
import { ConfirmEvent, EventForm, StationsEditor, useEvent } from "../../features/events/index.ts";

/** The create wizard's steps, named as in the progress bar of spec 01 §2. */
const STEPS = ["events.steps.registerEvent", "events.steps.registerStation", "events.steps.confirmEvent"];

/**
 * /my-pages/events/new: register event → register stations → confirm event. The saved event's id and the
 * step live in the address, so a reload keeps the user where they were.
 */
export default function NewEventPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get("id") ?? undefined;
  const step = id ? Math.min(Math.max(Number(params.get("step") ?? 0) || 0, 0), STEPS.length - 1) : 0;
  const event = useEvent(id);
  const [stationsMissing, setStationsMissing] = useState(false);

  const go = (next: number, eventId = id) => {
    setStationsMissing(false);
    setParams(eventId ? { id: eventId, step: String(next) } : {}, { replace: false });
    window.scrollTo({ top: 0 });
  };

  return (
    <RequireAuth>
      <Container size="md" py="lg">
        <PageTitle id="events.wizard.title" />
        <ProgressSteps steps={STEPS} active={step} onStepClick={(i) => go(i)} />
        {id && event.isPending ? (
          <Loader aria-label={t("common.loading")} />
        ) : id && event.isError ? (
          <Alert color="red" role="alert">
            {t("events.page.loadError")}
          </Alert>
        ) : step === 0 ? (
          <EventForm
            key={event.data?.id ?? "new"}
            event={event.data}
            withNext
            onSaved={(saved, intent) => {
              if (intent === "next") go(1, saved.id);
              else if (!id) setParams({ id: saved.id, step: "0" }, { replace: true });
            }}
          />
        ) : event.data && step === 1 ? (
          <Stack gap="lg">
            <Text>{t("events.wizard.stationsIntro")}</Text>
            <StationsEditor event={event.data} startOpen />
            {stationsMissing && event.data.stations.length === 0 && (
              <Alert color="red" role="alert">
                {t("events.validation.noStations")}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => go(0)}>
                {t("events.wizard.back")}
              </Button>
              <Button onClick={() => (event.data.stations.length === 0 ? setStationsMissing(true) : go(2))}>
                {t("events.wizard.next")}
              </Button>
            </Group>
          </Stack>
        ) : event.data ? (
          <Stack gap="lg">
            <ConfirmEvent event={event.data} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => go(1)}>
                {t("events.wizard.back")}
              </Button>
              <Group>
                <Button component={Link} to={`/my-pages/events/${event.data.id}`} variant="default">
                  {t("events.wizard.toEvent")}
                </Button>
                <Button component={Link} to="/my-pages/events" variant={event.data.status === "DRAFT" ? "default" : "filled"}>
                  {t("events.wizard.toList")}
                </Button>
              </Group>
            </Group>
          </Stack>
        ) : null}
      </Container>
    </RequireAuth>
  );
}
