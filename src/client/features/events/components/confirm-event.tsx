import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { EventView } from "#shared/events/schema";
import { matchPath } from "#shared/offers/rules";
import { shownInstant } from "#shared/time";
import { ConfirmModal } from "../../../components/confirm-modal.tsx";
import { useConfirmEvent } from "../api.ts";

/** The confirm step: what confirming means and costs (as text, no amounts), then the confirm modal. */
export function ConfirmEvent({ event }: { event: EventView }) {
  const { t } = useTranslation();
  const confirm = useConfirmEvent(event.id);
  const [open, setOpen] = useState(false);

  if (event.status !== "DRAFT") {
    const at = event.confirmedAt ? shownInstant(event.confirmedAt) : "";
    return (
      <Alert
        color="brand"
        role="status"
        title={
          // Dark text: the light variant's green title falls short of 4.5:1.
          <Text component="span" fw={700} c="dark.9">
            {t("events.confirm.confirmed")}
          </Text>
        }
      >
        {event.confirmedAt && <Text>{t("events.confirm.confirmedBy", { at, by: event.confirmedBy ?? "" })}</Text>}
        {event.abilities.match && (
          <Anchor component={Link} to={matchPath(event.id)} c="dark.9" td="underline" display="inline-block" mt="xs">
            {t("events.confirm.toMatch")}
          </Anchor>
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={720}>
      <Title order={2} size="h3">
        {t("events.confirm.title")}
      </Title>
      <Text>{t("events.confirm.intro")}</Text>
      <Text>{t("events.confirm.fee")}</Text>
      {event.stations.length === 0 && (
        <Alert color="orange" role="alert">
          {t("events.validation.noStations")}
        </Alert>
      )}
      <div>
        <Button onClick={() => setOpen(true)} disabled={!event.abilities.confirm}>
          {t("events.confirm.button")}
        </Button>
      </div>
      <ConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("events.confirm.title")}
        confirmLabel={t("events.confirm.button")}
        onConfirm={() => confirm.mutateAsync()}
      >
        {t("events.confirm.modalText", { name: event.name })}
      </ConfirmModal>
    </Stack>
  );
}
