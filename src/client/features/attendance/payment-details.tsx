import { Alert, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { shownNumber } from "#shared/payments/numbers";
import type { PaymentView } from "#shared/payments/schema";
import classes from "./attendance.module.css";

/**
 * How a group is paid, as the organizer compares it with the bank: the method and its number, the bank of
 * an account. A change within the last weeks stands out: changed numbers are how invoice fraud works.
 */
export function PaymentDetails({ payment }: { payment: PaymentView | null }) {
  const { t } = useTranslation();
  if (!payment)
    return (
      <Text size="sm" fw={600} c="red.9" data-payment="none">
        {t("payout.bankFile.paymentNone")}
      </Text>
    );
  const days = payment.changedDaysAgo;
  return (
    <Stack gap={4} data-payment={payment.method}>
      <Text size="sm" className={classes.wrap}>
        <Text span fw={600}>
          {t("groups.payment.method.label")}:
        </Text>{" "}
        {t(`groups.payment.method.${payment.method}`)} <span data-payment-number>{shownNumber(payment)}</span>
        {payment.bankName ? ` (${payment.bankName})` : ""}
      </Text>
      {payment.noCheckDigit && (
        <Text size="sm" c="dimmed">
          {t("groups.payment.noCheckDigit")}
        </Text>
      )}
      {days !== null && (
        <Alert color="orange" p="xs" data-recent-change={days}>
          <Text size="sm" fw={700} className={classes.sentence}>
            {days === 0 ? t("payout.bankFile.recentChangeToday") : t("payout.bankFile.recentChange", { count: days })}
          </Text>
          <Text size="sm">{t("payout.bankFile.recentChangeHint")}</Text>
        </Alert>
      )}
    </Stack>
  );
}
