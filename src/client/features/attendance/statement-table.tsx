import { Stack, Table, Text, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { Money, PayoutStatement } from "#shared/attendance/schema";
import { stationTime } from "#shared/events/rules";
import classes from "./attendance.module.css";
import { attendanceText, payText, termsText, totalsText } from "./format.ts";

/** Why a total leaves stations out: not recorded yet, or paid by agreement. */
export function SumNotes({ notRecorded, byAgreement }: { notRecorded: number; byAgreement: number }) {
  const { t } = useTranslation();
  if (!notRecorded && !byAgreement) return null;
  return (
    <Stack gap={0}>
      {notRecorded > 0 && (
        <Text size="sm" c="dimmed">
          {t("payout.notRecordedNote", { count: notRecorded })}
        </Text>
      )}
      {byAgreement > 0 && (
        <Text size="sm" c="dimmed">
          {t("payout.byAgreementNote", { count: byAgreement })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One group's statement for one event: a line per station (time, pay terms, attendance, amount) and the
 * total. A table on a wide screen; on a phone each station is a block of labelled lines. `details` go under
 * the heading (the organizer sees how the group is paid).
 */
export function StatementTable({
  statement,
  heading,
  details,
}: {
  statement: PayoutStatement;
  heading: string;
  details?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const total = (totals: readonly Money[]) => totalsText(t, totals, lang);
  const headingId = useId();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" id={headingId} className={classes.wrap}>
        {heading}
      </Title>
      {details}
      <Table className={classes.statement} verticalSpacing="xs" aria-labelledby={headingId} data-statement={statement.group.name}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("payout.columns.station")}</Table.Th>
            <Table.Th scope="col">{t("payout.columns.terms")}</Table.Th>
            <Table.Th scope="col">{t("payout.columns.attendance")}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t("payout.columns.amount")}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.stations.map((s) => (
            <Table.Tr key={s.stationId} data-station={s.name}>
              <Table.Td>
                <Text fw={600} size="sm" className={classes.wrap}>
                  {s.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {stationTime(s)}
                </Text>
              </Table.Td>
              <Table.Td data-label={t("payout.columns.terms")}>{termsText(t, s, lang)}</Table.Td>
              <Table.Td data-label={t("payout.columns.attendance")}>{attendanceText(t, s)}</Table.Td>
              <Table.Td data-label={t("payout.columns.amount")} className={classes.amount} data-amount>
                {payText(t, s, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              {t("payout.total")}
            </Table.Th>
            <Table.Td className={classes.amount} fw={700} data-total>
              {total(statement.totals)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <SumNotes notRecorded={statement.notRecorded} byAgreement={statement.byAgreement} />
    </Stack>
  );
}
