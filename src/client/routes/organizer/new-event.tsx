import { Alert, Button, Container, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { RequireAuth } from "../../app/guards.tsx";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { ProgressSteps } from "../../components/progress-steps.tsx";
import { ConfirmEvent, EventForm, StationsEditor, type StationsEditorHandle, useEvent } from "../../features/events/index.ts";

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
  const stations = useRef<StationsEditorHandle>(null);
  /** The step asked for while a filled-in station was not saved yet. */
  const [unsavedFor, setUnsavedFor] = useState<number | null>(null);
  const [savingStation, setSavingStation] = useState(false);

  const go = (next: number, eventId = id) => {
    setStationsMissing(false);
    setParams(eventId ? { id: eventId, step: String(next) } : {}, { replace: false });
    window.scrollTo({ top: 0 });
  };

  /** Onward from the stations step once no station is left open; confirming needs one saved station. */
  const leaveStations = (next: number, saved = event.data?.stations.length ?? 0) => {
    if (next === 2 && saved === 0) setStationsMissing(true);
    else go(next);
  };

  /** Every way out of the stations step asks first when the open station holds what is not saved. */
  const fromStations = (next: number) => {
    const open = stations.current?.open() ?? "none";
    if (open === "dirty") return setUnsavedFor(next);
    leaveStations(next);
  };

  const saveOpenStation = async () => {
    const next = unsavedFor ?? 2;
    setSavingStation(true);
    const saved = (await stations.current?.save()) ?? false;
    setSavingStation(false);
    setUnsavedFor(null);
    // Refused: the station form shows what to correct by its button.
    if (saved) leaveStations(next, Math.max(1, event.data?.stations.length ?? 0));
  };

  const discardOpenStation = () => {
    const next = unsavedFor ?? 2;
    setUnsavedFor(null);
    stations.current?.discard();
    leaveStations(next);
  };

  return (
    <RequireAuth>
      <Container size="md" py="lg">
        <PageHeader title="events.wizard.title" crumbs={[{ label: "myPages.events.title", to: "/my-pages/events" }]} />
        <ProgressSteps steps={STEPS} active={step} onStepClick={(i) => (step === 1 ? fromStations(i) : go(i))} />
        {id && event.isPending ? (
          <Loader role="status" aria-label={t("common.loading")} />
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
            <StationsEditor ref={stations} event={event.data} startOpen />
            {stationsMissing && event.data.stations.length === 0 && (
              <Alert color="red" role="alert">
                {t("events.validation.noStations")}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => fromStations(0)}>
                {t("events.wizard.back")}
              </Button>
              <Button onClick={() => fromStations(2)}>{t("events.wizard.next")}</Button>
            </Group>
            <Modal opened={unsavedFor !== null} onClose={() => setUnsavedFor(null)} withCloseButton={false} centered>
              <DialogHeader title={t("events.station.unsavedTitle")} />
              <Stack gap="md">
                <Text>{t("events.station.unsavedText")}</Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setUnsavedFor(null)}>
                    {t("common.stay")}
                  </Button>
                  <Button variant="default" color="red" onClick={discardOpenStation}>
                    {t("events.station.unsavedDiscard")}
                  </Button>
                  <Button onClick={saveOpenStation} loading={savingStation} data-autofocus>
                    {t("events.station.unsavedSave")}
                  </Button>
                </Group>
              </Stack>
            </Modal>
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
