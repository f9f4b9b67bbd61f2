import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { canConfirm, sortByName } from "#shared/groups/rules";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useGroupSummaries } from "./api.ts";
import classes from "./groups.module.css";

/** The user's groups, by name: a row opens the group page. */
export function GroupList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summaries = useGroupSummaries();

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2}>{t("groups.area.listTitle")}</Title>
        <Button component={Link} to="/my-pages/volunteers/new">
          {t("groups.area.create")}
        </Button>
      </Group>
      {summaries.isPending ? (
        <Loader size="sm" role="status" aria-label={t("common.loading")} />
      ) : summaries.isError ? (
        <Alert color="red" role="alert">
          {t("groups.area.loadError")}
        </Alert>
      ) : summaries.data.length === 0 ? (
        <Text c="dimmed">{t("groups.area.empty")}</Text>
      ) : (
        <>
          {summaries.data.some((g) => canConfirm(g.status)) && (
            <Text size="sm" c="dimmed">
              {t("groups.area.draftHint")}
            </Text>
          )}
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
            {sortByName(summaries.data).map((g) => {
              const open = () => navigate(`/my-pages/volunteers/${g.id}`);
              return (
                // The whole row opens the group; the button is the keyboard's and screen reader's way in.
                <Paper component="li" key={g.id} withBorder p="sm" className={classes.row} onClick={open}>
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <div style={{ minWidth: 0, flex: "1 1 12rem" }}>
                      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                        {g.name}
                      </Text>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                        {g.organizationName}
                      </Text>
                    </div>
                    <Group gap="sm" wrap="wrap">
                      <StatusBadge status={g.status} of="group" />
                      {canConfirm(g.status) && (
                        // An unconfirmed group is taken back to where its registration is finished.
                        <Button
                          component={Link}
                          to={`/my-pages/volunteers/new?id=${encodeURIComponent(g.id)}&step=1`}
                          size="xs"
                          aria-label={t("groups.area.finishGroup", { name: g.name })}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {t("groups.area.finish")}
                        </Button>
                      )}
                      <Button
                        component={Link}
                        to={`/my-pages/volunteers/${g.id}`}
                        variant="outline"
                        size="xs"
                        aria-label={t("groups.area.openGroup", { name: g.name })}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {t("groups.area.open")}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </>
      )}
    </Stack>
  );
}
