import { Alert, Box, Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { TFunction } from "i18next";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventPayout } from "#shared/attendance/schema";
import { type ApprovalView, bankFileQuery, type PayoutChange, paidBody } from "#shared/payments/schema";
import { shownInstant } from "#shared/time";
import { stockholmToday } from "#shared/validation";
import { ApiError } from "../../app/api.ts";
import { DateField } from "../../components/date-fields.tsx";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { apiErrorText, zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { money } from "../../components/money.ts";
import { ToneBadge } from "../../components/status-badge.tsx";
import { downloadBankFile, useApprovePayout, useAskForDetails, useMarkPaid } from "./api.ts";
import classes from "./attendance.module.css";
import { attendanceText } from "./format.ts";

/** A refusal about the payout as a whole (not approved, changed since, nothing to pay), translated; else null. */
function payoutProblem(err: unknown, t: TFunction): string | null {
  const id = err instanceof ApiError ? err.fields?.payout : undefined;
  return id ? t(id) : null;
}

const sek = (t: TFunction, amount: number, lang: string) => money(t, amount, "SEK", lang);

/** The bankgiro the organizer pays from, kept in this browser: the same number every time. */
const DEBTOR_KEY = "bemanna.debtorBankgiro";
const keptDebtor = () => (typeof localStorage === "undefined" ? null : localStorage.getItem(DEBTOR_KEY)) ?? "";

/** Where the payout stands, in one badge: not approved, approved, changed after the approval, or paid. */
export function ApprovalBadge({ approval }: { approval: ApprovalView | null }) {
  const { t } = useTranslation();
  if (!approval) return <ToneBadge tone="neutral">{t("payout.approval.notApproved")}</ToneBadge>;
  if (approval.changed) return <ToneBadge tone="attention">{t("payout.approval.changed")}</ToneBadge>;
  if (approval.paidOn) return <ToneBadge tone="done">{t("payout.approval.paid", { date: approval.paidOn })}</ToneBadge>;
  return <ToneBadge tone="done">{t("payout.approval.approved")}</ToneBadge>;
}

/**
 * A titled box of the payout's steps: approve, the bank file, paid. `status` says where the step stands,
 * in a live region that is there from the start, so a change in it is announced.
 */
function Step({
  title,
  intro,
  status,
  children,
  data,
}: {
  title: string;
  intro?: string;
  status?: ReactNode;
  children: ReactNode;
  data: string;
}) {
  const id = useId();
  return (
    <Paper component="section" withBorder p={{ base: "sm", xs: "md" }} aria-labelledby={id} data-step={data}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {intro && <Text size="sm">{intro}</Text>}
          <div role="status">{status}</div>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The organizer's steps after the statements: approve them ("attestera"), download the bank file of what was
 * approved, and mark it paid. Which buttons show is the server's call (`abilities`).
 */
export function PayoutApproval({ event, payout }: { event: EventTabProps["event"]; payout: EventPayout }) {
  return (
    <Stack gap="md">
      <ApproveStep eventId={event.id} payout={payout} />
      {payout.approval && payout.bankFile && <BankFileStep event={event} payout={payout} />}
      {payout.approval && <PaidStep eventId={event.id} payout={payout} approval={payout.approval} />}
    </Stack>
  );
}

/** "4 vuxna och 1 barn → 3 vuxna och 1 barn", or "inget" for a station added or gone since the approval. */
function changeText(t: TFunction, c: PayoutChange) {
  const side = (a: PayoutChange["before"]) => (a ? attendanceText(t, a) : t("payout.approval.none"));
  return t("payout.approval.change", {
    group: c.groupName,
    station: c.stationName,
    before: side(c.before),
    after: side(c.after),
  });
}

function ApproveStep({ eventId, payout }: { eventId: string; payout: EventPayout }) {
  const { t, i18n } = useTranslation();
  const approve = useApprovePayout(eventId);
  const [error, setError] = useState<string | null>(null);
  const { approval, abilities } = payout;

  const run = async () => {
    setError(null);
    try {
      await approve.mutateAsync();
    } catch (err) {
      setError(payoutProblem(err, t) ?? apiErrorText(err, t));
    }
  };

  return (
    <Step
      title={t("payout.approval.title")}
      intro={t("payout.approval.intro")}
      data="approve"
      status={
        <Stack gap={4} mt="xs" data-approval={approval ? (approval.changed ? "changed" : "approved") : "none"}>
          <Group gap="xs">
            <ApprovalBadge approval={approval} />
          </Group>
          {approval && (
            <Text className={classes.wrap}>
              {t("payout.approval.approvedBy", {
                date: shownInstant(approval.approvedAt),
                name: approval.approvedBy,
                total: sek(t, approval.total, i18n.language),
              })}
            </Text>
          )}
        </Stack>
      }
    >
      {approval?.changed && (
        <Alert
          color="orange"
          title={t("payout.approval.changesTitle")}
          styles={{ title: { color: "var(--mantine-color-dark-9)" } }}
          data-changes
        >
          <Stack gap="xs">
            <List size="sm" spacing={2} className={classes.wrap}>
              {approval.changes.map((c) => (
                <List.Item key={`${c.groupId}/${c.stationId}`}>{changeText(t, c)}</List.Item>
              ))}
            </List>
            <Text size="sm">{t("payout.approval.changedHint")}</Text>
          </Stack>
        </Alert>
      )}
      {abilities.approve && (
        <>
          {payout.notRecorded > 0 && (
            <Alert color="yellow" data-not-recorded>
              <Text size="sm">{t("payout.approval.notRecordedWarning")}</Text>
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t("payout.approval.approveHint")}
          </Text>
          <Group>
            <Button onClick={() => void run()} loading={approve.isPending}>
              {approval?.changed ? t("payout.approval.approveAgain") : t("payout.approval.approve")}
            </Button>
          </Group>
        </>
      )}
      <FormError error={error} />
    </Step>
  );
}

function BankFileStep({ event, payout }: { event: EventTabProps["event"]; payout: EventPayout }) {
  const { t, i18n } = useTranslation();
  const file = payout.bankFile as NonNullable<EventPayout["bankFile"]>;
  const lang = i18n.language;
  const form = useForm({
    initialValues: { debtorBankgiro: keptDebtor(), executionDate: file.suggestedExecutionDate },
    validate: zodValidate(bankFileQuery, t),
  });
  const feedback = useSubmitFeedback();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const allowed = payout.abilities.downloadBankFile;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    if (busy || !feedback.accept(form.validate())) return;
    setBusy(true);
    try {
      await downloadBankFile(event, form.values, t("payout.bankFile.filePrefix"));
      localStorage.setItem(DEBTOR_KEY, form.values.debtorBankgiro.trim());
      setDone(true);
    } catch (err) {
      const problem = payoutProblem(err, t);
      if (problem) feedback.setError(problem);
      else feedback.fail(err, form.setErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Step title={t("payout.bankFile.title")} intro={t("payout.bankFile.intro")} data="bank-file">
      {file.transfers > 0 ? (
        <>
          <Text fw={700} data-bank-file-summary>
            {t("payout.bankFile.summary", { count: file.transfers, total: sek(t, file.total, lang) })}
          </Text>
          <form ref={feedback.ref} noValidate onSubmit={submit}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={840}>
                <TextInput
                  name="debtorBankgiro"
                  label={t("payout.bankFile.debtorBankgiro")}
                  description={t("groups.payment.bankgiroHint")}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  disabled={!allowed}
                  {...form.getInputProps("debtorBankgiro")}
                />
                <DateField
                  name="executionDate"
                  label={t("payout.bankFile.executionDate")}
                  description={t("payout.bankFile.executionHint")}
                  minDate={stockholmToday(new Date())}
                  required
                  disabled={!allowed}
                  {...form.getInputProps("executionDate")}
                />
              </SimpleGrid>
              {!allowed && (
                <Text size="sm" fw={600}>
                  {t("payout.validation.changedSinceApproval")}
                </Text>
              )}
              <FormError error={feedback.error} />
              <Stack gap={4}>
                <Group>
                  <Button type="submit" loading={busy} disabled={!allowed}>
                    {t("payout.bankFile.download")}
                  </Button>
                </Group>
                <div role="status">
                  {done && (
                    <Alert color="brand" mt="xs" data-downloaded>
                      {t("payout.bankFile.downloaded")}
                    </Alert>
                  )}
                </div>
              </Stack>
            </Stack>
          </form>
        </>
      ) : (
        <Text fw={600}>{t("payout.validation.nothingToPay")}</Text>
      )}
      {file.missingDetails.length > 0 && <MissingDetails eventId={event.id} payout={payout} />}
      {file.otherCurrency.length > 0 && (
        <Stack gap={4} data-other-currency>
          <Title order={4} size="h5">
            {t("payout.bankFile.otherCurrencyTitle")}
          </Title>
          <GroupAmounts groups={file.otherCurrency} />
        </Stack>
      )}
    </Step>
  );
}

/** Groups and what each is owed, one a line. */
function GroupAmounts({ groups }: { groups: Array<{ groupId: string; name: string; currency: string; amount: number }> }) {
  const { t, i18n } = useTranslation();
  return (
    <List size="sm" spacing={2} className={classes.wrap}>
      {groups.map((g) => (
        <List.Item key={`${g.groupId}/${g.currency}`} data-group={g.name}>
          {g.name}: {money(t, g.amount, g.currency, i18n.language)}
        </List.Item>
      ))}
    </List>
  );
}

function MissingDetails({ eventId, payout }: { eventId: string; payout: EventPayout }) {
  const { t } = useTranslation();
  const ask = useAskForDetails(eventId);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const file = payout.bankFile as NonNullable<EventPayout["bankFile"]>;

  const run = async () => {
    setOutcome(null);
    try {
      const { mailed } = await ask.mutateAsync();
      setOutcome({ ok: true, text: mailed ? t("payout.bankFile.asked", { count: mailed }) : t("payout.bankFile.askedNone") });
    } catch (err) {
      const tooOften = err instanceof ApiError && err.code === "LimitExceededException";
      setOutcome({ ok: false, text: tooOften ? t("payout.bankFile.askedTooOften") : t("payout.bankFile.askError") });
    }
  };

  return (
    <Stack gap={4} data-missing-details>
      <Title order={4} size="h5">
        {t("payout.bankFile.missingTitle")}
      </Title>
      <GroupAmounts groups={file.missingDetails} />
      <Text size="sm" c="dimmed">
        {t("payout.bankFile.missingHint")}
      </Text>
      {payout.abilities.askForDetails && (
        <Group mt={4}>
          <Button variant="default" onClick={() => void run()} loading={ask.isPending}>
            {t("payout.bankFile.askForDetails")}
          </Button>
        </Group>
      )}
      <div role="status">
        {outcome?.ok && (
          <Alert color="brand" mt="xs" data-asked>
            {outcome.text}
          </Alert>
        )}
      </div>
      {outcome && !outcome.ok && <FormError error={outcome.text} />}
    </Stack>
  );
}

function PaidStep({ eventId, payout, approval }: { eventId: string; payout: EventPayout; approval: ApprovalView }) {
  const { t } = useTranslation();
  const markPaid = useMarkPaid(eventId);
  const today = stockholmToday(new Date());
  const form = useForm({ initialValues: { paidOn: today }, validate: zodValidate(paidBody, t) });
  const feedback = useSubmitFeedback();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (markPaid.isPending || !feedback.accept(form.validate())) return;
    try {
      await markPaid.mutateAsync(form.values.paidOn);
    } catch (err) {
      const problem = payoutProblem(err, t);
      if (problem) feedback.setError(problem);
      else feedback.fail(err, form.setErrors);
    }
  };

  return (
    <Step
      title={t("payout.approval.paidTitle")}
      intro={approval.paidOn || !payout.abilities.markPaid ? undefined : t("payout.approval.markPaidIntro")}
      data="paid"
      status={
        approval.paidOn && (
          <Text fw={700} data-paid={approval.paidOn}>
            {approval.paidBy
              ? t("payout.approval.paidBy", { date: approval.paidOn, name: approval.paidBy })
              : t("payout.approval.paid", { date: approval.paidOn })}
          </Text>
        )
      }
    >
      {!approval.paidOn && payout.abilities.markPaid && (
        <form ref={feedback.ref} noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Box maw={260}>
              <DateField
                name="paidOn"
                label={t("payout.approval.paidOn")}
                maxDate={today}
                required
                {...form.getInputProps("paidOn")}
              />
            </Box>
            <FormError error={feedback.error} />
            <Group>
              <Button type="submit" variant="default" loading={markPaid.isPending}>
                {t("payout.approval.markPaid")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {!approval.paidOn && !payout.abilities.markPaid && (
        <Text size="sm" c="dimmed">
          {t("payout.validation.changedSinceApproval")}
        </Text>
      )}
    </Step>
  );
}
