import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PayoutStatement } from "#shared/attendance/schema";
import { ToneBadge } from "../../components/status-badge.tsx";
import { useGroupPayout } from "./api.ts";
import { StatementTable } from "./statement-table.tsx";

/**
 * Where the event's payout of this statement stands (issue 25): paid on a day, or approved for payment
 * while the approval still holds; nothing before an approval, nor once attendance changed after it.
 */
function ApprovalLine({ approval }: { approval: PayoutStatement["approval"] }) {
  const { t } = useTranslation();
  if (approval?.paidOn)
    return (
      <Group data-approval="paid">
        <ToneBadge tone="done">{t("payout.approval.paid", { date: approval.paidOn })}</ToneBadge>
      </Group>
    );
  if (approval && !approval.changed)
    return (
      <Group data-approval="approved">
        <ToneBadge tone="waiting">{t("payout.approval.approved")}</ToneBadge>
      </Group>
    );
  return null;
}

/** The group contact's own statement: per event, what the group is paid for the stations it accepted. */
export function GroupPayout({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const payout = useGroupPayout(groupId);
  // The details are the group's, the same in every statement: without them no organizer can pay.
  const missingDetails = payout.data !== undefined && payout.data.length > 0 && payout.data[0].payment === null;
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={2}>{t("payout.groupTitle")}</Title>
        <Text maw={720}>{t("payout.groupIntro")}</Text>
      </Stack>
      {missingDetails && (
        <Alert color="orange" data-missing-payment>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("groups.payment.noneYet")}</Text>
            <Anchor component={Link} to={`/my-pages/volunteers/${groupId}?edit=payment`} size="sm" c="inherit" underline="always">
              {t("groups.payment.add")}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {payout.isPending ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : payout.isError ? (
        <Alert color="red" role="alert">
          {t("payout.loadError")}
        </Alert>
      ) : payout.data.length === 0 ? (
        <Text role="status">{t("payout.groupEmpty")}</Text>
      ) : (
        payout.data.map((s) => (
          <Paper key={s.event.id} withBorder p="md" data-event={s.event.name}>
            <StatementTable
              statement={s}
              heading={`${s.event.name} ${s.event.date}`}
              details={<ApprovalLine approval={s.approval} />}
            />
          </Paper>
        ))
      )}
    </Stack>
  );
}
