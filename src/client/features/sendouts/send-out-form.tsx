import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  MultiSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import type { TFunction } from "i18next";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  FILE_TYPES,
  MAX_EVENT_BYTES,
  MAX_EVENT_FILES,
  MAX_FILE_BYTES,
  MAX_TOTAL_BYTES,
  totalTooBig,
} from "#shared/sendouts/files";
import { noRecipientsReason, recipientsAt, SENT_MESSAGE_MS } from "#shared/sendouts/rules";
import {
  type FileUploaded,
  RECIPIENT_TYPES,
  type RecipientType,
  type SendOutCreated,
  type SendOutStation,
  sendOutBody,
  sendOutMsg,
} from "#shared/sendouts/schema";
import { stockholmLocal } from "#shared/time";
import { ApiError } from "../../app/api.ts";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { FileUpload, formatBytes, type UploadedFile } from "../../components/file-upload.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { UnsavedChangesPrompt } from "../../components/unsaved-changes.tsx";
import { uploadEventFile, useCreateSendOut, useSendOutStations } from "./api.ts";

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
 * Too many send-outs from this person for the event (ADR 025): when the next one can go, from the
 * server's Retry-After, in minutes within the hour and in hours beyond.
 */
function limitText(err: ApiError, t: TFunction): string {
  const minutes = Math.max(1, Math.ceil((err.retryAfterSeconds ?? 3600) / 60));
  return minutes <= 60
    ? t("sendouts.form.limitMinutes", { count: minutes })
    : t("sendouts.form.limitHours", { count: Math.ceil(minutes / 60) });
}

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
  /** What the event's files came to with the last upload (the server's count: others upload too). */
  const [eventFiles, setEventFiles] = useState<FileUploaded["eventFiles"] | null>(null);
  const [stationSearch, setStationSearch] = useState("");
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
  const reach = useSendOutStations(event.id);
  const chosen = (reach.data ?? []).filter((s) => form.values.stations.includes(s.id));
  const types = form.values.recipientTypes;
  // Why the chosen stations and recipients reach nobody, once a send was tried: gone as soon as they reach someone.
  const [tried, setTried] = useState(false);
  const nobody = reach.data && chosen.length > 0 && types.length > 0 ? noRecipientsReason(chosen, types) : null;
  const nobodyError = tried && nobody ? t(sendOutMsg[nobody]) : undefined;

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(null), SENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  if (!event.abilities.sendOut) return <Closed {...{ event, mode, base }} />;

  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const upload = async (file: File, onProgress: (share: number) => void): Promise<UploadedFile> => {
    const kept = await uploadEventFile(event.id)(file, onProgress);
    setEventFiles(kept.eventFiles);
    return { name: kept.name, type: kept.type, size: kept.size };
  };

  const submit = async () => {
    if (send.isPending || uploading) return;
    setTried(true);
    if (!feedback.accept({ hasErrors: form.validate().hasErrors || nobody !== null })) return;
    const totalTooBigText = t("upload.totalTooBig", { max: formatBytes(MAX_TOTAL_BYTES, i18n.language) });
    if (totalTooBig(form.values.attachments)) {
      feedback.setError(totalTooBigText);
      return;
    }
    try {
      const result = await send.mutateAsync(form.values);
      setSent({ ...result, subject: form.values.subject });
      setUnnamed(result.groupsWithoutVolunteers);
      setTried(false);
      form.setValues({ ...initial, stations: form.values.stations });
      form.resetDirty({ ...initial, stations: form.values.stations });
      setTimeout(() => sentRef.current?.focus(), 0);
    } catch (err) {
      if (err instanceof ApiError && err.code === "PayloadTooLarge") feedback.setError(totalTooBigText);
      else if (err instanceof ApiError && err.code === "LimitExceededException") feedback.setError(limitText(err, t));
      else feedback.fail(err, form.setErrors);
      // The server counted otherwise than the form did: the counts shown are out of date.
      if (err instanceof ApiError && err.fields?.stations) void reach.refetch();
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
            {t("sendouts.form.sent", { count: sent.recipients })}{" "}
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
            searchValue={stationSearch}
            onSearchChange={setStationSearch}
            required
            hidePickedOptions
            // "No station with that name" only once a name is typed; with nothing typed the list is empty
            // because every station is chosen. The message stands in the list box as an option that cannot
            // be chosen: a list box holds options only.
            nothingFoundMessage={
              <span role="option" aria-disabled="true" aria-selected="false" tabIndex={-1}>
                {t(stationSearch.trim() ? "sendouts.form.noStation" : "sendouts.form.allStationsChosen")}
              </span>
            }
            // The option list opens inside the page's landmarks, not in a portal at the end of the body.
            comboboxProps={{ withinPortal: false }}
            {...form.getInputProps("stations")}
            error={form.errors.stations ?? nobodyError}
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
          <Reach stations={chosen} types={types} />
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
            upload={upload}
            maxFileBytes={MAX_FILE_BYTES}
            maxTotalBytes={MAX_TOTAL_BYTES}
            accept={ACCEPT}
            error={(form.errors.attachments as string | undefined) ?? (form.errors["attachments.0.name"] as string | undefined)}
            onBusy={setUploading}
            messageValues={{ maxFiles: MAX_EVENT_FILES, maxBytes: size(MAX_EVENT_BYTES) }}
            note={
              eventFiles
                ? t("sendouts.form.eventFiles", {
                    count: eventFiles.count,
                    maxFiles: MAX_EVENT_FILES,
                    size: size(eventFiles.bytes),
                    maxSize: size(MAX_EVENT_BYTES),
                  })
                : undefined
            }
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

/** How many the send-out reaches at each chosen station, or why nobody there, before it is sent. */
function Reach({ stations, types }: { stations: SendOutStation[]; types: RecipientType[] }) {
  const { t } = useTranslation();
  const line = (s: SendOutStation) => {
    const nobody = noRecipientsReason([s], types);
    if (!nobody) return t("sendouts.form.reach.count", { count: recipientsAt(s, types) });
    return t(nobody === "noAcceptedGroups" ? "sendouts.form.reach.noGroups" : "sendouts.form.reach.notNamed");
  };
  return (
    <div aria-live="polite">
      {stations.length > 0 && types.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id="sendout-reach">
            {t("sendouts.form.reach.title")}
          </Text>
          <List size="sm" spacing={2} aria-labelledby="sendout-reach">
            {stations.map((s) => (
              <List.Item key={s.id} data-reach={s.name}>
                {s.name}: {line(s)}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </div>
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
