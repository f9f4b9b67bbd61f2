import { Alert, Anchor, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatPhone, toStoredPhone } from "#shared/phone";
import type { DayBeforeResult, TextsView } from "#shared/sms/schema";
import { shownInstant } from "#shared/time";
import { ApiError, api } from "../../app/api.ts";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { apiErrorText } from "../../components/form.ts";
import { notifySuccess } from "../../components/notify.ts";

/** While some texts wait to be sent, the view is asked again this often. */
const QUEUED_POLL_MS = 5000;

export const textsKey = (eventId: string) => ["texts", eventId] as const;

/**
 * The event's texts on the organizer's Idag and Utskick tabs (issue 24): texts on or off for the event, how many were
 * sent and delivered, the ones that failed (whom to reach another way), and the day-before reminder sent
 * by hand, after saying what it will send.
 */
export function TextsSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const texts = useQuery({
    queryKey: textsKey(eventId),
    queryFn: () => api<TextsView>("GET", `/events/${eventId}/texts`),
    refetchInterval: (query) => ((query.state.data?.counts.queued ?? 0) > 0 ? QUEUED_POLL_MS : false),
  });

  return (
    <Paper component="section" withBorder p="sm" aria-labelledby={titleId} data-texts>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {t("checkin.texts.title")}
        </Title>
        <Text size="sm">{t("checkin.texts.intro")}</Text>
        {texts.isPending ? (
          <Loader size="sm" role="status" aria-label={t("common.loading")} />
        ) : texts.isError ? (
          <Alert color="red" role="alert">
            {t("checkin.texts.loadError")}
          </Alert>
        ) : (
          <>
            <TextsSwitch eventId={eventId} view={texts.data} />
            <TextCounts view={texts.data} />
            <FailedTexts view={texts.data} />
            {texts.data.abilities.remind && <RemindAll eventId={eventId} textsOn={texts.data.enabled} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function TextsSwitch({ eventId, view }: { eventId: string; view: TextsView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) => api<TextsView>("PUT", `/events/${eventId}/texts`, { enabled }),
    onSuccess: (saved) => {
      client.setQueryData(textsKey(eventId), saved);
      notifySuccess(t(saved.enabled ? "checkin.texts.turnedOn" : "checkin.texts.turnedOff"));
    },
  });
  return (
    <Stack gap={4}>
      <Switch
        label={t("checkin.texts.enabled")}
        description={t("checkin.texts.enabledHint")}
        // While the change is on its way the switch shows where it goes.
        checked={change.isPending ? change.variables : view.enabled}
        disabled={!view.abilities.change || change.isPending}
        onChange={(e) => change.mutate(e.currentTarget.checked)}
        data-texts-enabled={view.enabled}
      />
      {change.isError && (
        <Alert color="red" role="alert">
          {apiErrorText(change.error, t)}
        </Alert>
      )}
    </Stack>
  );
}

const COUNTS = ["sent", "delivered", "failed", "queued"] as const;

function TextCounts({ view }: { view: TextsView }) {
  const { t } = useTranslation();
  const total = COUNTS.reduce((n, k) => n + view.counts[k], 0);
  if (total === 0) return <Text size="sm">{t("checkin.texts.noneYet")}</Text>;
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" data-text-counts={COUNTS.map((k) => view.counts[k]).join("/")}>
      {COUNTS.map((k) => (
        <Paper key={k} withBorder p={6} ta="center" data-text-count={k}>
          <Text fz={22} fw={700} lh={1.1}>
            {view.counts[k]}
          </Text>
          <Text size="xs">{t(`checkin.texts.counts.${k}`)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The texts that could not be delivered: who, their number to call instead, what the text was and why. */
function FailedTexts({ view }: { view: TextsView }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (view.failed.length === 0)
    return view.counts.sent + view.counts.delivered + view.counts.queued > 0 ? (
      <Text size="sm">{t("checkin.texts.noneFailed")}</Text>
    ) : null;
  return (
    <Stack gap={6} data-failed-texts>
      <Title order={4} size="h5" id={titleId}>
        {t("checkin.texts.failedTitle")}
      </Title>
      <Text size="sm">{t("checkin.texts.failedIntro")}</Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-labelledby={titleId}>
        {view.failed.map((f) => (
          <Paper component="li" key={f.id} withBorder p="xs" data-failed-text={f.name ?? f.to} data-reason={f.reason}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {f.name ?? t("checkin.texts.unknownName")}
              </Text>
              <Anchor
                href={`tel:${toStoredPhone(f.to)}`}
                size="sm"
                style={{ minHeight: 24, lineHeight: "24px", whiteSpace: "nowrap" }}
              >
                {formatPhone(f.to)}
              </Anchor>
            </Group>
            <Text size="sm">
              {t(`checkin.texts.kinds.${f.kind}`)} · <span style={{ whiteSpace: "nowrap" }}>{shownInstant(f.at)}</span>
            </Text>
            <Text size="sm">{t(`checkin.texts.reasons.${f.reason}`)}</Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** A refusal of the reminder in its own words (the general texts of these codes speak of other actions). */
function remindError(err: unknown, t: TFunction): string {
  const code = err instanceof ApiError ? err.code : "unknown";
  return t(`checkin.texts.remind.errors.${code}`, { defaultValue: apiErrorText(err, t) });
}

/**
 * "Påminn alla funktionärer nu": asks first what the reminder would send now, says it, and sends it on
 * confirmation; when it would send nothing, says so and offers nothing to send.
 */
function RemindAll({ eventId, textsOn }: { eventId: string; textsOn: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [preview, setPreview] = useState<DayBeforeResult | null>(null);
  const [opened, setOpened] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => api<DayBeforeResult>("POST", `/events/${eventId}/day-before`),
    onSuccess: (sent) => {
      setOpened(false);
      notifySuccess(
        sent.mailed === 0
          ? t("checkin.texts.remind.doneNone")
          : t("checkin.texts.remind.done", { mailed: sent.mailed, texted: sent.texted }),
      );
      void client.invalidateQueries({ queryKey: textsKey(eventId) });
    },
  });

  const check = async () => {
    setError(null);
    setChecking(true);
    try {
      const would = await api<DayBeforeResult>("GET", `/events/${eventId}/day-before`);
      send.reset();
      setPreview(would);
      setOpened(true);
    } catch (err) {
      setError(remindError(err, t));
    } finally {
      setChecking(false);
    }
  };
  const close = () => {
    if (!send.isPending) setOpened(false);
  };

  return (
    <Stack gap={6} align="flex-start" data-remind>
      <Button onClick={() => void check()} loading={checking}>
        {t("checkin.texts.remind.open")}
      </Button>
      <Text size="sm">{t("checkin.texts.remind.hint")}</Text>
      {error && (
        <Alert color="red" role="alert" w="100%">
          {error}
        </Alert>
      )}
      <Modal opened={opened} onClose={close} withCloseButton={false} centered>
        <DialogHeader title={t("checkin.texts.remind.title")} />
        {preview && (
          <Stack gap="md" data-remind-preview={`${preview.mailed}/${preview.texted}/${preview.skipped}`}>
            {preview.mailed === 0 ? (
              <Text>
                {preview.skipped > 0
                  ? t("checkin.texts.remind.allReminded", { count: preview.skipped })
                  : t("checkin.texts.remind.nothing")}
              </Text>
            ) : (
              <Text>
                {t("checkin.texts.remind.mailed", { count: preview.mailed })}{" "}
                {preview.texted >= preview.mailed
                  ? t("checkin.texts.remind.textedAll", { count: preview.mailed })
                  : preview.texted > 0
                    ? t("checkin.texts.remind.texted", { count: preview.texted })
                    : t(textsOn ? "checkin.texts.remind.noneTexted" : "checkin.texts.remind.textsOff")}
              </Text>
            )}
            {preview.mailed > 0 && preview.skipped > 0 && (
              <Text>{t("checkin.texts.remind.skipped", { count: preview.skipped })}</Text>
            )}
            {send.isError && (
              <Alert color="red" role="alert">
                {remindError(send.error, t)}
              </Alert>
            )}
            <Group justify="flex-end">
              {preview.mailed === 0 ? (
                <Button onClick={close}>{t("common.close")}</Button>
              ) : (
                <>
                  <Button variant="default" onClick={close} disabled={send.isPending}>
                    {t("common.cancel")}
                  </Button>
                  <Button onClick={() => send.mutate()} loading={send.isPending}>
                    {t("checkin.texts.remind.send")}
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
