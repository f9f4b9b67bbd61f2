import { ActionIcon, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Group as GroupData, type Volunteer, type VolunteerFormValues, volunteerForm } from "#shared/groups/schema";
import { formatPhone } from "#shared/phone";
import { awaitsGuardian } from "#shared/registration/rules";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback, useSubmitLock } from "../../components/form-feedback.ts";
import { notifySuccess } from "../../components/notify.ts";
import { ToneBadge } from "../../components/status-badge.tsx";
import { UnsavedChangesPrompt } from "../../components/unsaved-changes.tsx";
import { WholeNumberInput } from "../../components/whole-number-input.tsx";

export interface VolunteerValues {
  name: string;
  email: string;
  phone: string;
  age: number;
}

interface FormProps {
  /** The group's volunteers, whose e-mails are taken (but for the one being edited). */
  volunteers: ReadonlyArray<{ id?: string; email: string }>;
  initial?: Volunteer;
  onSubmit(values: VolunteerValues): Promise<void>;
  onCancel(): void;
}

/** One volunteer: name, e-mail (unique within the group), phone and age. */
export function VolunteerForm({ volunteers, initial, onSubmit, onCancel }: FormProps) {
  const { t } = useTranslation();
  const schema = volunteerForm(volunteers, {}, initial?.id);
  const form = useForm<VolunteerFormValues>({
    initialValues: {
      name: initial?.name ?? "",
      email: initial?.email ?? "",
      phone: initial ? formatPhone(initial.phone) : "",
      age: initial?.age ?? "",
    },
    validate: zodValidate(schema, t),
    validateInputOnBlur: true,
  });
  const { locked, lock } = useSubmitLock();
  const feedback = useSubmitFeedback();
  const hasErrors = Object.keys(form.errors).length > 0;

  const submit = form.onSubmit(
    async (values) => {
      const parsed = schema.parse(values);
      feedback.setError(null);
      try {
        await onSubmit({ name: parsed.name, email: parsed.email, phone: parsed.phone, age: parsed.age });
        form.resetDirty();
      } catch (err) {
        feedback.fail(err, form.setErrors);
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  return (
    <form
      ref={feedback.ref}
      onSubmit={(event) => {
        lock();
        submit(event);
      }}
      noValidate
    >
      <UnsavedChangesPrompt dirty={form.isDirty() && !form.submitting} />
      <Stack gap="md">
        <TextInput label={t("groups.volunteer.name")} name="name" required data-autofocus {...form.getInputProps("name")} />
        <TextInput
          label={t("groups.volunteer.email")}
          name="email"
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps("email")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t("groups.volunteer.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="off"
            {...form.getInputProps("phone")}
          />
          <WholeNumberInput label={t("groups.volunteer.age")} name="age" max={120} {...form.getInputProps("age")} />
        </SimpleGrid>
        <FormError error={feedback.error} />
        <Group mt="xs" justify="space-between">
          <Button variant="default" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={locked || hasErrors || form.submitting} loading={form.submitting}>
            {t("groups.volunteer.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface ListProps {
  group: GroupData;
  /** Saves the group's whole volunteer list (the group is saved with it, version-checked). */
  onSave(volunteers: Array<VolunteerValues & { id?: string }>): Promise<void>;
}

type Editing = { mode: "add" } | { mode: "edit"; volunteer: Volunteer } | null;

/** The group's volunteers with add, edit and remove (while the group may be edited); a removed volunteer is deleted for good. */
export function VolunteerList({ group, onSave }: ListProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Volunteer | null>(null);
  const volunteers = group.volunteers;
  // What PUT takes: a volunteer's guardian is theirs to name through the sign-up link, so it is not sent and stays stored.
  const plain = (v: Volunteer) => ({
    id: v.id,
    name: v.name,
    email: v.email,
    phone: v.phone,
    age: v.age,
    participation: v.participation,
  });

  const save = async (values: VolunteerValues) => {
    const next =
      editing?.mode === "edit"
        ? volunteers.map((v) => (v.id === editing.volunteer.id ? { ...plain(v), ...values } : plain(v)))
        : [...volunteers.map(plain), values];
    await onSave(next);
    notifySuccess(t("groups.volunteer.saved"));
    setEditing(null);
  };

  const remove = async () => {
    if (removing) await onSave(volunteers.filter((v) => v.id !== removing.id).map(plain));
  };

  return (
    <Stack gap="sm">
      {volunteers.length === 0 ? (
        <Text c="dimmed">{t("groups.volunteer.empty")}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t("groups.volunteer.count", { count: volunteers.length })}
          </Text>
          {volunteers.some(awaitsGuardian) && <Text size="sm">{t("groups.volunteer.awaitingGuardianHint")}</Text>}
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("groups.volunteer.title")}>
            {volunteers.map((v) => (
              <Paper component="li" key={v.id} withBorder p="xs" px="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} align="center">
                      <Text fw={600} size="sm">
                        {v.name}, {v.age}
                      </Text>
                      {awaitsGuardian(v) && <ToneBadge tone="waiting">{t("groups.volunteer.awaitingGuardian")}</ToneBadge>}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {v.email} · {formatPhone(v.phone)}
                    </Text>
                    {v.guardian && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                        {t("groups.volunteer.guardian", { name: v.guardian.name, email: v.guardian.email })}
                      </Text>
                    )}
                  </div>
                  {group.abilities.edit && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        onClick={() => setEditing({ mode: "edit", volunteer: v })}
                        aria-label={t("groups.volunteer.edit", { name: v.name })}
                      >
                        <span aria-hidden="true">✎</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        onClick={() => setRemoving(v)}
                        aria-label={t("groups.volunteer.remove", { name: v.name })}
                      >
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {group.abilities.edit && (
        <Group>
          <Button variant="outline" onClick={() => setEditing({ mode: "add" })}>
            {t("groups.volunteer.add")}
          </Button>
        </Group>
      )}

      <Modal opened={editing !== null} onClose={() => setEditing(null)} withCloseButton={false}>
        <DialogHeader title={t(editing?.mode === "edit" ? "groups.volunteer.editTitle" : "groups.volunteer.addTitle")} />
        {editing && (
          <VolunteerForm
            key={editing.mode === "edit" ? editing.volunteer.id : "new"}
            volunteers={volunteers}
            initial={editing.mode === "edit" ? editing.volunteer : undefined}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t("groups.volunteer.removeTitle")}
        confirmLabel={t("common.remove")}
        color="red.9"
        onConfirm={remove}
      >
        {t("groups.volunteer.removeText", { name: removing?.name ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
