import { Button, Container, Group, Paper, Stack, Stepper, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Group as GroupData } from "#shared/groups/schema";
import { useAuth } from "../../app/auth.tsx";
import { RequireAuth } from "../../app/guards.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import {
  AvailabilityForm,
  ConfirmGroupButton,
  createGroup,
  emptyGroupValues,
  GroupDetails,
  GroupForm,
  groupKeys,
  groupValuesOf,
  notifyDone,
  payloadOf,
  saveAvailabilities,
  updateGroup,
  VolunteerList,
} from "../../features/groups/index.ts";

const STEPS = ["group", "interest", "volunteers"] as const;

/** The group wizard (spec 02 §2): the group, its interest with a look at the group, then its volunteers. */
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
  const [step, setStep] = useState(0);
  const [group, setGroup] = useState<GroupData | null>(null);
  if (!user) return null;

  const keep = (saved: GroupData) => {
    setGroup(saved);
    queryClient.setQueryData(groupKeys.group(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: groupKeys.summaries });
  };

  const me = { email: user.email, name: `${user.firstName} ${user.lastName}`, phone: user.phone };
  const back = (
    <Button variant="default" onClick={() => setStep((s) => Math.max(0, s - 1))}>
      {t("groups.wizard.back")}
    </Button>
  );

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <PageTitle id="groups.wizard.title" />
          <Text mt="sm">{t("groups.wizard.intro")}</Text>
        </div>
        <Stepper
          active={step}
          // Earlier, completed steps can be revisited; later ones only through Next.
          onStepClick={(s) => s < step && setStep(s)}
          allowNextStepsSelect={false}
          size="sm"
          aria-label={t("groups.wizard.progressLabel")}
        >
          {STEPS.map((s) => (
            <Stepper.Step key={s} label={t(`groups.wizard.steps.${s}`)} />
          ))}
        </Stepper>

        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          {step === 0 && (
            <Stack gap="md">
              <Title order={2}>{t("groups.wizard.steps.group")}</Title>
              <GroupForm
                initial={group ? groupValuesOf(group) : emptyGroupValues([me])}
                groupId={group?.id}
                lockedEmails={[user.email]}
                submitLabel={t("groups.wizard.next")}
                onSubmit={async (values) => {
                  keep(group ? await updateGroup(group.id, group.version, values) : await createGroup(values));
                  setStep(1);
                }}
              />
            </Stack>
          )}
          {step === 1 && group && (
            <Stack gap="md">
              <Title order={2}>{t("groups.availability.title")}</Title>
              <Text>{t("groups.availability.intro")}</Text>
              <AvailabilityForm
                group={group}
                submitLabel={t("groups.wizard.next")}
                actions={back}
                onSubmit={async (availabilities) => {
                  const saved = await saveAvailabilities(group, availabilities);
                  keep({ ...group, ...saved });
                  setStep(2);
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
                onSave={async (volunteers) => keep(await updateGroup(group.id, group.version, payloadOf(group, { volunteers })))}
              />
              <Group mt="md">
                {back}
                <ConfirmGroupButton
                  group={group}
                  onConfirmed={(confirmed) => {
                    keep(confirmed);
                    notifyDone(t("groups.confirm.done"), t("common.close"));
                    navigate(`/my-pages/volunteers/${confirmed.id}/volunteers`);
                  }}
                />
                <Button component={Link} to={`/my-pages/volunteers/${group.id}`} variant="default">
                  {t("groups.wizard.finish")}
                </Button>
              </Group>
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
