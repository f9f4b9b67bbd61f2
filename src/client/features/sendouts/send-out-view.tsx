import { Alert, Anchor, Group, List, Loader, Progress, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SendOutView as SendOut } from "#shared/sendouts/schema";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { Facts } from "../../components/facts.tsx";
import { formatBytes } from "../../components/file-upload.tsx";
import { apiErrorText } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { downloadAttachment, useSendOut } from "./api.ts";
import { listTime } from "./send-out-list.tsx";

/**
 * /sendouts/{sendOutId} (spec 02 §2): one send-out, read-only: stations by name, recipient types, subject,
 * message, attachments, and how its mails fared (asked again while some are queued).
 */
export function SendOutView({ event, base, sendOutId }: EventTabProps & { sendOutId: string }) {
  const { t } = useTranslation();
  const query = useSendOut(event.id, sendOutId);
  const back = (
    <Anchor component={Link} to={`${base}/sendouts/list`}>
      {t("sendouts.view.back")}
    </Anchor>
  );
  if (query.isPending) return <Loader role="status" aria-label={t("common.loading")} />;
  if (query.isError)
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {t("sendouts.view.loadError")}
        </Alert>
        {back}
      </Stack>
    );

  const s = query.data;
  const settled = s.delivered + s.failed;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
          {s.subject}
        </Title>
        {back}
      </Group>
      <Facts
        rows={[
          [t("sendouts.view.created"), listTime(s.createdAt)],
          [t("sendouts.view.sender"), s.sender || t("sendouts.view.unknownSender")],
          [t("sendouts.view.stations"), s.stationNames.map((n) => n || t("sendouts.view.removedStation")).join(", ")],
          [t("sendouts.view.recipientTypes"), s.recipientTypes.map((r) => t(`sendouts.recipientTypes.${r}`)).join(", ")],
          [t("sendouts.view.subject"), s.subject],
          [
            t("sendouts.view.message"),
            <Text key="message" component="div" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {s.message}
            </Text>,
          ],
          [
            t("sendouts.view.attachments"),
            s.attachments.length === 0 ? (
              t("sendouts.view.noAttachments")
            ) : (
              <Attachments key="attachments" sendOut={s} eventId={event.id} />
            ),
          ],
        ]}
      />
      <Stack gap="xs" component="section" aria-labelledby="delivery-heading">
        <Title order={3} size="h4" id="delivery-heading">
          {t("sendouts.view.delivery")}
        </Title>
        {s.recipients === 0 ? (
          <Text>{t("sendouts.view.nobody")}</Text>
        ) : (
          <>
            <Progress
              value={Math.round((settled / s.recipients) * 100)}
              aria-label={t("sendouts.view.progress")}
              color={s.failed > 0 ? "orange" : "brand"}
            />
            <Facts
              rows={[
                [t("sendouts.view.recipients"), String(s.recipients)],
                [t("sendouts.view.delivered"), String(s.delivered)],
                [t("sendouts.view.failed"), String(s.failed)],
                [t("sendouts.view.queued"), String(s.queued)],
              ]}
            />
            {s.queued > 0 && (
              <Text size="sm" role="status">
                {t("sendouts.view.stillSending")}
              </Text>
            )}
          </>
        )}
        {s.failed > 0 && (
          <Alert color="orange" role="status">
            {t("sendouts.view.failedNote", { count: s.failed })}
          </Alert>
        )}
        {s.groupsWithoutVolunteers.length > 0 && (
          <Alert color="orange" role="status">
            <Text fw={700} size="sm">
              {t("sendouts.form.unnamedTitle")}
            </Text>
            {t("sendouts.view.unnamed", { groups: s.groupsWithoutVolunteers.join(", ") })}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The attachments by name and size; for the event's contacts and the sender each name saves the file as
 * it was sent, and a failed download says so beside the list.
 */
function Attachments({ sendOut, eventId }: { sendOut: SendOut; eventId: string }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const open = async (name: string) => {
    setError(null);
    setBusy(name);
    try {
      await downloadAttachment(eventId, sendOut.sendOutId, name);
    } catch (err) {
      setError(apiErrorText(err, t));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4}>
      <List size="sm" spacing={2}>
        {sendOut.attachments.map((a) => (
          <List.Item key={a.name} style={{ overflowWrap: "anywhere" }}>
            {sendOut.abilities.openAttachments ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                td="underline"
                onClick={() => void open(a.name)}
                disabled={busy !== null}
                aria-label={t("sendouts.view.download", { name: a.name })}
                style={{ overflowWrap: "anywhere", textAlign: "left", minHeight: 24 }}
              >
                {a.name}
              </Anchor>
            ) : (
              a.name
            )}{" "}
            ({formatBytes(a.size, i18n.language)})
          </List.Item>
        ))}
      </List>
      <FormError error={error} />
    </Stack>
  );
}
