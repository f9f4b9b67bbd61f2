import { Alert, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useGroupPayout } from "./api.ts";
import { StatementTable } from "./statement-table.tsx";

/** The group contact's own statement: per event, what the group is paid for the stations it accepted. */
export function GroupPayout({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const payout = useGroupPayout(groupId);
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={2}>{t("payout.groupTitle")}</Title>
        <Text maw={720}>{t("payout.groupIntro")}</Text>
      </Stack>
      {payout.isPending ? (
        <Loader aria-label={t("common.loading")} />
      ) : payout.isError ? (
        <Alert color="red" role="alert">
          {t("payout.loadError")}
        </Alert>
      ) : payout.data.length === 0 ? (
        <Text role="status">{t("payout.groupEmpty")}</Text>
      ) : (
        payout.data.map((s) => (
          <Paper key={s.event.id} withBorder p="md" data-event={s.event.name}>
            <StatementTable statement={s} heading={`${s.event.name} ${s.event.date}`} />
          </Paper>
        ))
      )}
    </Stack>
  );
}
