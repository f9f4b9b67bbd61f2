import { Alert, Box, Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { answerByPassed, DEFAULT_ANSWER_DAYS, parseAnswerBy } from "#shared/offers/rules";
import { offerMsg } from "#shared/offers/schema";
import { stockholmToday } from "#shared/validation";
import { DateField } from "../../../components/date-fields.tsx";
import { apiFieldErrors } from "../../../components/form.ts";
import { focusFirstInvalid } from "../../../components/form-feedback.ts";
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

/** Sends every DRAFT of the event as invitations, with an optional answer-by date (STAFFING §2). */
export function SendOffers({ eventId, drafts }: { eventId: string; drafts: number }) {
  const { t, i18n } = useTranslation();
  const send = useSendOffers(eventId);
  const [expiresAt, setExpiresAt] = useState("");
  const [dateError, setDateError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const root = useRef<HTMLDivElement>(null);

  const showDateError = (id: string) => {
    setDateError(t(id));
    focusFirstInvalid(root.current);
  };

  const submit = async () => {
    setOutcome(null);
    setDateError(null);
    const due = expiresAt ? parseAnswerBy(expiresAt) : null;
    if (due && answerByPassed(due, new Date())) return showDateError(offerMsg.expiresInPast);
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
      const field = apiFieldErrors(err, t).expiresAt;
      if (field) return showDateError(field);
      setOutcome({ ok: false, text: t("events.match.send.error") });
    }
  };

  return (
    <Stack gap="xs" ref={root}>
      <Title order={2} size="h4">
        {t("events.match.send.title")}
      </Title>
      <Text size="sm">{t("events.match.send.drafts", { count: drafts })}</Text>
      <Box maw={260}>
        <DateField
          name="expiresAt"
          label={t("events.match.send.expiresAt")}
          description={t("events.match.send.expiresAtHint", { days: DEFAULT_ANSWER_DAYS })}
          value={expiresAt}
          minDate={stockholmToday(new Date())}
          onChange={(v) => {
            setExpiresAt(v);
            setDateError(null);
          }}
          error={dateError}
        />
      </Box>
      <div>
        <Button onClick={submit} loading={send.isPending}>
          {t("events.match.send.button")}
        </Button>
      </div>
      <OutcomeAlert outcome={outcome} />
    </Stack>
  );
}

/** Reminds every group whose offer still awaits its answer. */
export function SendReminders({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const remind = useSendReminders(eventId);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async () => {
    setOutcome(null);
    try {
      const { groups } = await remind.mutateAsync();
      setOutcome({
        ok: true,
        text: groups.length
          ? t("events.match.remind.sent", { groups: listText(groups, i18n.language) })
          : t("events.match.remind.none"),
      });
    } catch {
      setOutcome({ ok: false, text: t("events.match.remind.error") });
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
      <OutcomeAlert outcome={outcome} />
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
