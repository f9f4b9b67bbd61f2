import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ADD_USER_COUNTRY_CODES,
  addUserForm,
  type InviteType,
  inviteContext,
  joinPhone,
  type UserLookup,
} from "#shared/account/schema";
import { DialogHeader } from "../dialog-header.tsx";
import { apiFieldErrors, zodValidate } from "../form.ts";
import { inviteUser } from "./api.ts";

export type { InviteType };

interface AddUserFormProps {
  email: string;
  type: InviteType;
  /** The saved event or group the person is added to, named in their invitation; none for a new one. */
  contextId?: string;
  onDone(user: UserLookup): void;
  onCancel(): void;
}

type Values = { email: string; firstName: string; lastName: string; countryCode: string; phone: string };

/** The add-user form (spec 01 §3 New user, §5 Add-user form): invites someone who has no account yet. */
export function AddUserForm({ email, type, contextId, onDone, onCancel }: AddUserFormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm<Values>({
    initialValues: { email, firstName: "", lastName: "", countryCode: ADD_USER_COUNTRY_CODES[0], phone: "" },
    // Checked on submit only: an error appearing on blur would shift the buttons away from under the pointer.
    validate: zodValidate(addUserForm, t),
  });

  // Mantine's submit validates every field and shows all errors, as if each had been touched.
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFailed(false);
    try {
      const parsed = addUserForm.parse(values);
      const created = await inviteUser({
        email: parsed.email,
        firstName: parsed.firstName,
        lastName: parsed.lastName,
        phoneNumber: joinPhone(parsed.countryCode, parsed.phone),
        type,
        ...inviteContext(type, contextId),
      });
      onDone(created);
    } catch (err) {
      const fields = apiFieldErrors(err, t);
      if (fields.phoneNumber) fields.phone = fields.phoneNumber;
      form.setErrors(fields);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader title={t("users.addUser.title")} />
      <Stack gap="sm">
        <Text size="sm">{t("users.addUser.intro", { email })}</Text>
        {failed && (
          <Alert color="red" role="alert">
            {t("users.addUser.error")}
          </Alert>
        )}
        <TextInput
          label={t("users.addUser.email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("users.addUser.firstName")}
          name="firstName"
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps("firstName")}
        />
        <TextInput
          label={t("users.addUser.lastName")}
          name="lastName"
          autoComplete="off"
          required
          {...form.getInputProps("lastName")}
        />
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <NativeSelect
            label={t("users.addUser.countryCode")}
            name="countryCode"
            data={[...ADD_USER_COUNTRY_CODES]}
            w={130}
            {...form.getInputProps("countryCode")}
          />
          <TextInput
            label={t("users.addUser.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            required
            style={{ flex: 1 }}
            {...form.getInputProps("phone")}
          />
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t("users.addUser.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {t("users.addUser.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

let nextId = 0;

/**
 * Opens the add-user modal prefilled with `email`. Resolves with the created user, or null when the modal is
 * closed without creating one.
 */
export function openAddUserModal({
  email,
  type,
  contextId,
}: {
  email: string;
  type: InviteType;
  contextId?: string;
}): Promise<UserLookup | null> {
  return new Promise((resolve) => {
    const modalId = `add-user-${++nextId}`;
    let created: UserLookup | null = null;
    modals.open({
      modalId,
      withCloseButton: false,
      size: "md",
      onClose: () => resolve(created),
      children: (
        <AddUserForm
          email={email}
          type={type}
          contextId={contextId}
          onDone={(user) => {
            created = user;
            modals.close(modalId);
          }}
          onCancel={() => modals.close(modalId)}
        />
      ),
    });
  });
}
