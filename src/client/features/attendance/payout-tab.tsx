import { Alert, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DownloadButton } from "../../components/download-button.tsx";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { downloadPayoutCsv, useEventPayout } from "./api.ts";
import { totalsText } from "./format.ts";
import { PaymentDetails } from "./payment-details.tsx";
import { ApprovalBadge, PayoutApproval } from "./payout-approval.tsx";
import { StatementTable, SumNotes } from "./statement-table.tsx";

/**
 * /payout: what each group is paid for the event, from attendance and the stations' pay terms, with how
 * each group is paid; then the approval, the bank file and the payment (issue 25).
 */
export function PayoutTab({ event }: EventTabProps) {
  const { t, i18n } = useTranslation();
  const payout = useEventPayout(event.id);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2}>{t("payout.title")}</Title>
          {payout.data && payout.data.statements.length > 0 && <ApprovalBadge approval={payout.data.approval} />}
        </Group>
        <Text maw={720}>{t("payout.intro")}</Text>
      </Stack>
      <DownloadPayout event={event} />
      {payout.isPending ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : payout.isError ? (
        <Alert color="red" role="alert">
          {t("payout.loadError")}
        </Alert>
      ) : payout.data.statements.length === 0 ? (
        <Text role="status">{t("payout.empty")}</Text>
      ) : (
        <>
          {payout.data.statements.map((s) => (
            <Paper key={s.group.id} withBorder p="md">
              <StatementTable
                statement={s}
                heading={`${s.group.name} (${s.group.organizationName})`}
                details={<PaymentDetails payment={s.payment} />}
              />
            </Paper>
          ))}
          <Paper withBorder p="md" bg="gray.0">
            <Stack gap="xs">
              <Group justify="space-between" gap="sm">
                <Title order={3} size="h4">
                  {t("payout.eventTotal")}
                </Title>
                <Text fw={700} size="lg" data-event-total>
                  {totalsText(t, payout.data.totals, i18n.language)}
                </Text>
              </Group>
              <SumNotes notRecorded={payout.data.notRecorded} byAgreement={payout.data.byAgreement} />
            </Stack>
          </Paper>
          <PayoutApproval event={event} payout={payout.data} />
        </>
      )}
    </Stack>
  );
}

/** The CSV for the organizer's bookkeeping: one line per group and station, and the totals. */
function DownloadPayout({ event }: Pick<EventTabProps, "event">) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      label={t("payout.download")}
      hint={t("payout.downloadHint")}
      errorText={t("payout.downloadError")}
      download={() => downloadPayoutCsv(event, t("payout.csv.filePrefix"))}
    />
  );
}
