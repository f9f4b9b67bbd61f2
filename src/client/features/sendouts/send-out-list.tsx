import { Alert, Anchor, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { shownInstant } from "#shared/time";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { useSendOuts } from "./api.ts";

/** YYYY-MM-DD HH:mm in Stockholm (spec 02 §9). */
export const listTime = shownInstant;

/**
 * /sendouts/list (spec 02 §2): the event's send-outs, newest first, created and subject; a row (its link,
 * for the keyboard) opens the send-out. A team leader sees those to their stations.
 */
export function SendOutList({ event, base }: EventTabProps) {
  const { t } = useTranslation();
  const list = useSendOuts(event.id);
  const navigate = useNavigate();
  const open = (id: string) => navigate(`${base}/sendouts/${id}`);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t("sendouts.list.title")}
        </Title>
        {event.abilities.sendOut && (
          <Anchor component={Link} to={`${base}/sendouts`}>
            {t("sendouts.list.toForm")}
          </Anchor>
        )}
      </Group>
      {list.isPending ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {t("sendouts.list.loadError")}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text>{t("sendouts.list.empty")}</Text>
      ) : (
        <Table highlightOnHover verticalSpacing="sm" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="9.5rem">{t("sendouts.list.created")}</Table.Th>
              <Table.Th>{t("sendouts.list.subject")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((s) => (
              <Table.Tr
                key={s.sendOutId}
                onClick={() => open(s.sendOutId)}
                style={{ cursor: "pointer" }}
                data-sendout={s.subject}
              >
                <Table.Td style={{ whiteSpace: "nowrap" }}>{listTime(s.createdAt)}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  <Anchor component={Link} to={`${base}/sendouts/${s.sendOutId}`} onClick={(e) => e.stopPropagation()}>
                    {s.subject}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t("sendouts.list.recipients", { count: s.recipients })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
