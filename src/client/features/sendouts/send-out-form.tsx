import { Alert, Anchor, Button, Checkbox, Group, MultiSelect, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FILE_TYPES, MAX_FILE_BYTES, MAX_TOTAL_BYTES, totalTooBig } from "#shared/sendouts/files";
import { SENT_MESSAGE_MS } from "#shared/sendouts/rules";
import { RECIPIENT_TYPES, type RecipientType, type SendOutCreated, sendOutBody } from "#shared/sendouts/schema";
import { stockholmLocal } from "#shared/time";
import { ApiError } from "../../app/api.ts";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { FileUpload, formatBytes, type UploadedFile } from "../../components/file-upload.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { UnsavedChangesPrompt } from "../../components/unsaved-changes.tsx";
import { uploadEventFile, useCreateSendOut } from "./api.ts";

interface Values {
  stations: string[];
  recipientTypes: RecipientType[];
  subject: string;
  message: string;
  attachments: UploadedFile[];
}

/** The file picker's filter: the kinds the server takes, by their endings. */
const ACCEPT = Object.fromEntries(Object.entries(FILE_TYPES).map(([type, endings]) => [type, endings.map((e) => `.${e}`)]));

/**
 * The send-out form (spec 02 §2 /sendouts): stations, recipient types, subject, message (with the
 * {coordinates} tag explained) and attachments; the sent message for 5 seconds, and a warning naming the
 * groups whose volunteers are not named yet. A team leader picks among their own stations only (the event
 * they read holds no others).
 */
export function SendOutForm({ event, mode, base }: EventTabProps) {
  const { t, i18n } = useTranslation();
  const send = useCreateSendOut(event.id);
  const feedback = useSubmitFeedback();
  const [uploading, setUploading] = useState(false);
  const [sent, setSent] = useState<(SendOutCreated & { subject: string }) | null>(null);
  const [unnamed, setUnnamed] = useState<string[]>([]);
  const sentRef = useRef<HTMLDivElement>(null);

  const stations = useMemo(
    () =>
      [...event.stations]
        .sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name, "sv"))
        .map((s) => ({ value: s.id, label: `${s.name} (${stockholmLocal(s.start).slice(11, 16)})` })),
    [event.stations],
  );
  const initial: Values = {
    // With one station there is nothing to choose.
    stations: event.stations.length === 1 ? [event.stations[0].id] : [],
    recipientTypes: ["VOLUNTEERS"],
    subject: "",
    message: "",
    attachments: [],
  };
  const form = useForm<Values>({ initialValues: initial, validate: zodValidate(sendOutBody, t) });

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(null), SENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  if (!event.abilities.sendOut) return <Closed {...{ event, mode, base }} />;

  const submit = async () => {
    if (send.isPending || uploading) return;
    if (!feedback.accept(form.validate())) return;
    const totalTooBigText = t("upload.totalTooBig", { max: formatBytes(MAX_TOTAL_BYTES, i18n.language) });
    if (totalTooBig(form.values.attachments)) {
      feedback.setError(totalTooBigText);
      return;
    }
    try {
      const result = await send.mutateAsync(form.values);
      setSent({ ...result, subject: form.values.subject });
      setUnnamed(result.groupsWithoutVolunteers);
      form.setValues({ ...initial, stations: form.values.stations });
      form.resetDirty({ ...initial, stations: form.values.stations });
      setTimeout(() => sentRef.current?.focus(), 0);
    } catch (err) {
      if (err instanceof ApiError && err.code === "PayloadTooLarge") feedback.setError(totalTooBigText);
      else feedback.fail(err, form.setErrors);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t("sendouts.form.title")}
        </Title>
        <Anchor component={Link} to={`${base}/sendouts/list`}>
          {t("sendouts.form.toList")}
        </Anchor>
      </Group>
      <Text>{t("sendouts.form.intro")}</Text>

      <div ref={sentRef} tabIndex={-1} style={{ outline: "none" }}>
        {sent && (
          <Alert color="green" role="status">
            <Text fw={700} size="sm">
              {t("sendouts.form.sentTitle")}
            </Text>
            {sent.recipients > 0 ? t("sendouts.form.sent", { count: sent.recipients }) : t("sendouts.form.sentToNobody")}{" "}
            <Anchor component={Link} to={`${base}/sendouts/${sent.sendOutId}`} c="dark.9" td="underline">
              {t("sendouts.form.followDelivery")}
            </Anchor>
          </Alert>
        )}
      </div>
      {unnamed.length > 0 && (
        <Alert color="orange" role="status" withCloseButton closeButtonLabel={t("common.close")} onClose={() => setUnnamed([])}>
          <Text fw={700} size="sm">
            {t("sendouts.form.unnamedTitle")}
          </Text>
          <Text size="sm">{t("sendouts.form.unnamed", { groups: unnamed.join(", ") })}</Text>
        </Alert>
      )}

      <form
        ref={feedback.ref}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <UnsavedChangesPrompt dirty={form.isDirty() && !send.isPending} />
        <Stack gap="md">
          <MultiSelect
            label={t("sendouts.form.stations")}
            description={mode === "teamleader" ? t("sendouts.form.stationsLeader") : undefined}
            name="stations"
            data={stations}
            searchable
            required
            hidePickedOptions
            nothingFoundMessage={t("sendouts.form.noStation")}
            {...form.getInputProps("stations")}
          />
          <Checkbox.Group label={t("sendouts.form.recipientTypes")} required {...form.getInputProps("recipientTypes")}>
            <Stack gap={6} mt={6}>
              {RECIPIENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  name="recipientTypes"
                  value={type}
                  label={t(`sendouts.recipientTypes.${type}`)}
                  description={t(`sendouts.recipientTypesHint.${type}`)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput label={t("sendouts.form.subject")} name="subject" required {...form.getInputProps("subject")} />
          <Textarea
            label={t("sendouts.form.message")}
            description={t("sendouts.form.messageHint")}
            name="message"
            required
            autosize
            minRows={6}
            maxRows={20}
            {...form.getInputProps("message")}
          />
          <FileUpload
            label={t("sendouts.form.attachments")}
            name="attachments"
            description={t("sendouts.form.attachmentsHint")}
            files={form.values.attachments}
            onChange={(files) => form.setFieldValue("attachments", files)}
            upload={uploadEventFile(event.id)}
            maxFileBytes={MAX_FILE_BYTES}
            maxTotalBytes={MAX_TOTAL_BYTES}
            accept={ACCEPT}
            error={(form.errors.attachments as string | undefined) ?? (form.errors["attachments.0.name"] as string | undefined)}
            onBusy={setUploading}
          />
          <FormError error={feedback.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending} disabled={uploading}>
              {t("sendouts.form.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** No send-outs on this event: why, and where to go instead. */
function Closed({ event, mode, base }: Pick<EventTabProps, "event" | "mode" | "base">) {
  const { t } = useTranslation();
  const draft = event.status === "DRAFT";
  return (
    <Stack gap="md">
      <Alert color="orange" role="status">
        <Text fw={700} size="sm">
          {t(draft ? "sendouts.closed.draftTitle" : "sendouts.closed.finishedTitle")}
        </Text>
        <Text size="sm">{t(draft ? "sendouts.closed.draft" : "sendouts.closed.finished")}</Text>
        {draft && mode === "organizer" && (
          <Anchor component={Link} to={base} c="dark.9" td="underline" display="inline-block" mt="xs" size="sm">
            {t("sendouts.closed.toData")}
          </Anchor>
        )}
      </Alert>
      <Anchor component={Link} to={`${base}/sendouts/list`}>
        {t("sendouts.form.toList")}
      </Anchor>
    </Stack>
  );
}
