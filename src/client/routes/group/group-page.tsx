import { Alert, Anchor, Button, Container, Group, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { Group as GroupData } from "#shared/groups/schema";
import { ApiError } from "../../app/api.ts";
import { useAuth } from "../../app/auth.tsx";
import { RequireAuth } from "../../app/guards.tsx";
import { NotFound } from "../../app/shell/not-found.tsx";
import { notifySuccess } from "../../components/notify.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useTabInView } from "../../components/tab-in-view.ts";
import { GroupPayout } from "../../features/attendance/index.ts";
import {
  AvailabilityForm,
  ConfirmGroupButton,
  ExportButton,
  GroupDetails,
  GroupForm,
  groupKeys,
  groupValuesOf,
  PaymentDetails,
  payloadOf,
  RemoveGroupButton,
  saveAvailabilities,
  saveContacts,
  updateGroup,
  useGroup,
  VolunteerList,
} from "../../features/groups/index.ts";

const TABS = ["edit", "confirm", "volunteers", "payout"] as const;
type Tab = (typeof TABS)[number];
const tabOfPath: Record<string, Tab> = { "": "edit", confirm: "confirm", volunteers: "volunteers", payout: "payout" };
/** The pay statement's label lives with the statement's texts. */
const tabLabel = (tab: Tab) => (tab === "payout" ? "payout.groupTab" : `groups.page.tabs.${tab}`);

/** A group's page: its data, its interest and confirmation, its volunteers (spec 02 §2), and what it is paid. */
export default function GroupPage() {
  return (
    <RequireAuth>
      <GroupPageContent />
    </RequireAuth>
  );
}

function GroupPageContent() {
  const { t } = useTranslation();
  const { id = "", "*": rest = "" } = useParams();
  const tab = tabOfPath[rest.replace(/\/$/, "")];
  const query = useGroup(id);
  const navigate = useNavigate();
  const tabList = useTabInView(tab ?? "");

  if (!tab) return <NotFound />;
  if (query.isPending)
    return (
      <Container size="md" py="xl">
        <Loader role="status" aria-label={t("common.loading")} />
      </Container>
    );
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {t("groups.page.loadError")}
        </Alert>
      </Container>
    );
  }
  const group = query.data;
  const base = `/my-pages/volunteers/${group.id}`;

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageHeader
          title={group.name}
          text
          crumbs={[{ label: "myPages.volunteers.title", to: "/my-pages/volunteers" }]}
          aside={<StatusBadge status={group.status} of="group" />}
        />
        <Tabs value={tab} onChange={(v) => v && navigate(v === "edit" ? base : `${base}/${v}`)} keepMounted={false}>
          <Tabs.List ref={tabList} aria-label={t("groups.page.tabsLabel")}>
            {TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(tabLabel(name))}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="edit" pt="lg">
            <EditTab group={group} />
          </Tabs.Panel>
          <Tabs.Panel value="confirm" pt="lg">
            <ConfirmTab group={group} />
          </Tabs.Panel>
          <Tabs.Panel value="volunteers" pt="lg">
            <VolunteersTab group={group} />
          </Tabs.Panel>
          <Tabs.Panel value="payout" pt="lg">
            <GroupPayout groupId={group.id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

/** Keeps a saved group in the cache, so every tab shows the new data and the new version. */
function useKeep() {
  const queryClient = useQueryClient();
  return (saved: GroupData) => {
    queryClient.setQueryData(groupKeys.group(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: groupKeys.summaries });
  };
}

function EditTab({ group }: { group: GroupData }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const keep = useKeep();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // `?edit=payment` (the payout tab's way to add missing details) opens the form at its payment part.
  const [editing, setEditing] = useState<false | "all" | "payment">(
    params.get("edit") === "payment" && group.abilities.edit ? "payment" : false,
  );
  const stopEditing = () => {
    setEditing(false);
    if (params.has("edit")) setParams({}, { replace: true });
  };

  /** True when the user is still one of the group's contacts; otherwise leaves the group, no longer theirs to see. */
  const stillMine = (saved: GroupData) => {
    if (saved.contactPersons.some((c) => c.email === user?.email)) return true;
    queryClient.removeQueries({ queryKey: groupKeys.group(group.id) });
    void queryClient.invalidateQueries({ queryKey: groupKeys.summaries });
    notifySuccess(t("groups.page.removedSelf"));
    navigate("/my-pages/volunteers");
    return false;
  };

  if (!editing)
    return (
      <Stack gap="lg">
        <GroupDetails group={group} />
        <PaymentDetails payment={group.payment} onAdd={group.abilities.edit ? () => setEditing("payment") : undefined} />
        <Group>
          <Button onClick={() => setEditing("all")} disabled={!group.abilities.edit}>
            {t("groups.page.edit")}
          </Button>
        </Group>
        <ExportButton group={group} />
        {group.abilities.remove && (
          <Group>
            <RemoveGroupButton group={group} />
          </Group>
        )}
      </Stack>
    );

  return (
    <GroupForm
      initial={groupValuesOf(group)}
      groupId={group.id}
      lockedEmails={group.contactPersons.filter((c) => c.creator).map((c) => c.email)}
      submitLabel={t("groups.page.save")}
      focusPayment={editing === "payment"}
      actions={
        <Button variant="default" onClick={stopEditing}>
          {t("groups.page.cancelEdit")}
        </Button>
      }
      onContactsSave={(next) =>
        saveContacts(group, next, (saved) => {
          if (stillMine(saved)) keep(saved);
        })
      }
      onSubmit={async (values) => {
        const saved = await updateGroup(group.id, group.version, values);
        if (!stillMine(saved)) return;
        keep(saved);
        notifySuccess(t("groups.page.saved"));
        stopEditing();
      }}
    />
  );
}

function ConfirmTab({ group }: { group: GroupData }) {
  const { t } = useTranslation();
  const keep = useKeep();
  return (
    <Stack gap="md">
      <Alert color={group.status === "CONFIRMED" ? "teal" : "orange"}>
        {group.status === "DRAFT" ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("groups.confirm.draftText")}</Text>
            <Anchor component={Link} to={`/my-pages/volunteers/${group.id}/volunteers`} size="sm" c="inherit" underline="always">
              {t("groups.confirm.goVolunteers")}
            </Anchor>
          </Stack>
        ) : (
          <Text size="sm">{t("groups.confirm.confirmedText")}</Text>
        )}
      </Alert>
      <Title order={2}>{t("groups.availability.title")}</Title>
      <Text>{t("groups.availability.intro")}</Text>
      <AvailabilityForm
        key={group.version}
        group={group}
        submitLabel={t("groups.availability.save")}
        onSubmit={async (availabilities) => {
          const saved = await saveAvailabilities(group, availabilities);
          keep({ ...group, ...saved });
          notifySuccess(t("groups.availability.saved"));
        }}
      />
    </Stack>
  );
}

function VolunteersTab({ group }: { group: GroupData }) {
  const { t } = useTranslation();
  const keep = useKeep();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={2}>{t("groups.volunteer.title")}</Title>
      <Text>{t("groups.volunteer.intro")}</Text>
      <VolunteerList
        group={group}
        onSave={async (volunteers) => keep(await updateGroup(group.id, group.version, payloadOf(group, { volunteers })))}
      />
      <Group mt="md">
        <ConfirmGroupButton
          group={group}
          onConfirmed={(confirmed) => {
            keep(confirmed);
            notifySuccess(t("groups.confirm.done"));
            navigate(`/my-pages/volunteers/${confirmed.id}/confirm`);
          }}
        />
      </Group>
    </Stack>
  );
}
