import { Alert, Container, Group, Loader, Paper, Stack, Stepper, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { Group as GroupData } from "#shared/groups/schema";
import { useAuth } from "../../app/auth.tsx";
import { RequireAuth } from "../../app/guards.tsx";
import { notifySuccess } from "../../components/notify.ts";
import { PageHeader } from "../../components/page-header.tsx";
import {
  AvailabilityForm,
  BackButton,
  ConfirmGroupButton,
  createGroup,
  emptyGroupValues,
  GroupDetails,
  GroupForm,
  groupKeys,
  groupValuesOf,
  payloadOf,
  RemoveGroupButton,
  saveAvailabilities,
  saveContacts,
  updateGroup,
  useGroup,
  VolunteerList,
} from "../../features/groups/index.ts";

const STEPS = ["group", "interest", "volunteers"] as const;

/**
 * The group wizard (spec 02 §2): the group, its interest with a look at the group, then its volunteers and the
 * one way to finish, confirming the group. The saved group's id and the step live in the address, as in the
 * event wizard, so a reload keeps the user where they were.
 */
export default function GroupWizardPage() {
  return (
    <RequireAuth>
      <GroupWizard />
    </RequireAuth>
  );
}

function GroupWizard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = params.get("id") ?? "";
  const step = id ? Math.min(Math.max(Number(params.get("step") ?? 0) || 0, 0), STEPS.length - 1) : 0;
  const query = useGroup(id, { enabled: !!id });
  const group = id ? query.data : undefined;
  if (!user) return null;

  const go = (next: number, groupId = id) => {
    setParams(groupId ? { id: groupId, step: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  const keep = (saved: GroupData) => {
    queryClient.setQueryData(groupKeys.group(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: groupKeys.summaries });
  };

  const me = { email: user.email, name: `${user.firstName} ${user.lastName}`, phone: user.phone };
  const back = <BackButton onClick={() => go(step - 1)} />;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <PageHeader title="groups.wizard.title" crumbs={[{ label: "myPages.volunteers.title", to: "/my-pages/volunteers" }]} />
          <Text>{t("groups.wizard.intro")}</Text>
        </div>
        <Stepper
          active={step}
          // Earlier, completed steps can be revisited; later ones only through Next.
          onStepClick={(s) => s < step && go(s)}
          allowNextStepsSelect={false}
          size="sm"
          aria-label={t("groups.wizard.progressLabel")}
        >
          {STEPS.map((s) => (
            <Stepper.Step key={s} label={t(`groups.wizard.steps.${s}`)} />
          ))}
        </Stepper>

        {id && query.isPending ? (
          <Loader role="status" aria-label={t("common.loading")} />
        ) : id && !group ? (
          <Alert color="red" role="alert">
            {t("groups.page.loadError")}
          </Alert>
        ) : (
          <Paper withBorder p={{ base: "sm", sm: "lg" }}>
            {step === 0 && (
              <Stack gap="md">
                <Title order={2}>{t("groups.wizard.steps.group")}</Title>
                <GroupForm
                  key={group?.id ?? "new"}
                  initial={group ? groupValuesOf(group) : emptyGroupValues([me])}
                  groupId={group?.id}
                  lockedEmails={[user.email]}
                  submitLabel={t("groups.wizard.next")}
                  onContactsSave={group && ((next) => saveContacts(group, next, keep))}
                  onSubmit={async (values) => {
                    const saved = group ? await updateGroup(group.id, group.version, values) : await createGroup(values);
                    keep(saved);
                    go(1, saved.id);
                  }}
                />
              </Stack>
            )}
            {step === 1 && group && (
              <Stack gap="md">
                <Title order={2}>{t("groups.availability.title")}</Title>
                <Text>{t("groups.availability.intro")}</Text>
                <AvailabilityForm
                  key={group.id}
                  group={group}
                  submitLabel={t("groups.wizard.next")}
                  actions={back}
                  onSubmit={async (availabilities) => {
                    const saved = await saveAvailabilities(group, availabilities);
                    keep({ ...group, ...saved });
                    go(2);
                  }}
                />
                <Title order={3} mt="md">
                  {t("groups.wizard.steps.group")}
                </Title>
                <GroupDetails group={group} />
              </Stack>
            )}
            {step === 2 && group && (
              <Stack gap="md">
                <Title order={2}>{t("groups.volunteer.title")}</Title>
                <Text>{t("groups.volunteer.intro")}</Text>
                <VolunteerList
                  group={group}
                  onSave={async (volunteers) =>
                    keep(await updateGroup(group.id, group.version, payloadOf(group, { volunteers })))
                  }
                />
                <Text mt="md">{t(group.abilities.confirm ? "groups.wizard.finishHint" : "groups.confirm.confirmedText")}</Text>
                <Group justify="space-between">
                  {back}
                  <ConfirmGroupButton
                    group={group}
                    onConfirmed={(confirmed) => {
                      keep(confirmed);
                      notifySuccess(t("groups.confirm.done"));
                      navigate(`/my-pages/volunteers/${confirmed.id}/volunteers`);
                    }}
                  />
                </Group>
              </Stack>
            )}
          </Paper>
        )}
        {group?.abilities.remove && (
          <Group>
            <RemoveGroupButton group={group} />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
