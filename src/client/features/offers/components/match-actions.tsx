import { Alert, Box, Button, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_ANSWER_DAYS } from "#shared/offers/rules";
import { type RemindResult, sendOffersForm } from "#shared/offers/schema";
import { shownInstant } from "#shared/time";
import { stockholmToday } from "#shared/validation";
import { DateField } from "../../../components/date-fields.tsx";
import { apiFieldErrors, zodValidate } from "../../../components/form.ts";
import { FormError } from "../../../components/form-error.tsx";
import { useSubmitFeedback } from "../../../components/form-feedback.ts";
import { useSendOffers, useSendReminders } from "../api.ts";
import { listText } from "../reasons.ts";

type Outcome = { ok: boolean; text: string } | null;

/** The outcome of an action: a status when it went well, an alert when it did not. */
function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Alert color={outcome.ok ? "brand" : "red.9"} role={outcome.ok ? "status" : "alert"}>
      {outcome.text}
    </Alert>
  );
}

/**
 * Sends every DRAFT of the event as invitations, with an optional answer-by date (STAFFING §2). A date that
 * is none or has passed stays as typed, is named under the field, and nothing is sent.
 */
export function SendOffers({ eventId, drafts }: { eventId: string; drafts: number }) {
  const { t, i18n } = useTranslation();
  const send = useSendOffers(eventId);
  const form = useForm({
    initialValues: { expiresAt: "" },
    validate: zodValidate(
      sendOffersForm(() => new Date()),
      t,
    ),
  });
  const feedback = useSubmitFeedback();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    if (send.isPending || !feedback.accept(form.validate())) return;
    const { expiresAt } = form.values;
    try {
      const result = await send.mutateAsync({ offers: [], ...(expiresAt ? { expiresAt } : {}) });
      setOutcome(
        result.sent > 0
          ? {
              ok: true,
              text: t("events.match.send.sent", { count: result.sent, groups: listText(result.groups, i18n.language) }),
            }
          : { ok: true, text: t("events.match.send.none") },
      );
    } catch (err) {
      if (apiFieldErrors(err, t).expiresAt) feedback.fail(err, form.setErrors);
      else setOutcome({ ok: false, text: t("events.match.send.error") });
    }
  };

  return (
    <form ref={feedback.ref} noValidate onSubmit={submit}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("events.match.send.title")}
        </Title>
        <Text size="sm">{t("events.match.send.drafts", { count: drafts })}</Text>
        <Box maw={260}>
          <DateField
            name="expiresAt"
            label={t("events.match.send.expiresAt")}
            description={t("events.match.send.expiresAtHint", { days: DEFAULT_ANSWER_DAYS })}
            minDate={stockholmToday(new Date())}
            {...form.getInputProps("expiresAt")}
          />
        </Box>
        <FormError error={feedback.error} />
        <div>
          <Button type="submit" loading={send.isPending}>
            {t("events.match.send.button")}
          </Button>
        </div>
        <OutcomeAlert outcome={outcome} />
      </Stack>
    </form>
  );
}

/** A reminder's answer as a person reads it: who was reminded, and who was not, why and from when. */
function RemindOutcome({ result }: { result: RemindResult }) {
  const { t, i18n } = useTranslation();
  const { groups, notReminded } = result;
  return (
    <Alert color="brand" role="status">
      <Stack gap={4}>
        {groups.length > 0 && <Text size="sm">{t("events.match.remind.sent", { groups: listText(groups, i18n.language) })}</Text>}
        {notReminded.length > 0 && (
          <>
            <Text size="sm">{t(groups.length ? "events.match.remind.notRemindedTitle" : "events.match.remind.noneNow")}</Text>
            <List size="sm" spacing={2}>
              {notReminded.map((h) => (
                <List.Item key={h.group}>
                  {t(`events.match.remind.${h.reason}`, {
                    group: h.group,
                    from: shownInstant(h.from),
                  })}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {groups.length === 0 && notReminded.length === 0 && <Text size="sm">{t("events.match.remind.none")}</Text>}
      </Stack>
    </Alert>
  );
}

/**
 * Reminds every group whose offer still awaits its answer, at most once a day and not within a day of the
 * offer going out (the server decides, ADR 025); the answer says who was reminded and who was not.
 */
export function SendReminders({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const remind = useSendReminders(eventId);
  const [result, setResult] = useState<RemindResult | null>(null);
  const [failed, setFailed] = useState(false);

  const submit = async () => {
    setResult(null);
    setFailed(false);
    try {
      setResult(await remind.mutateAsync());
    } catch {
      setFailed(true);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t("events.match.remind.title")}
      </Title>
      <Text size="sm">{t("events.match.remind.intro")}</Text>
      <div>
        <Button variant="default" onClick={submit} loading={remind.isPending}>
          {t("events.match.remind.button")}
        </Button>
      </div>
      {result && <RemindOutcome result={result} />}
      <OutcomeAlert outcome={failed ? { ok: false, text: t("events.match.remind.error") } : null} />
    </Stack>
  );
}

/** The actions above the table: send the drafts, remind those who have not answered. */
export function MatchActions({ eventId, drafts }: { eventId: string; drafts: number }) {
  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <SendOffers eventId={eventId} drafts={drafts} />
        <SendReminders eventId={eventId} />
      </SimpleGrid>
    </Paper>
  );
}
