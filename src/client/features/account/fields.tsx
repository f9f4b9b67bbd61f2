import {
  Anchor,
  Button,
  type ButtonProps,
  Group,
  NativeSelect,
  PasswordInput,
  type PasswordInputProps,
  SimpleGrid,
  TextInput,
  type TextInputProps,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { COUNTRY_CODES } from "#shared/account/schema";
import classes from "./account.module.css";
import { PasswordChecklist } from "./password-checklist.tsx";

/** The account's e-mail address as the user types it. */
export function EmailField(props: Omit<TextInputProps, "label" | "name" | "type">) {
  const { t } = useTranslation();
  return <TextInput label={t("account.fields.email")} name="email" type="email" required {...props} />;
}

/** A six-digit code from a mail. */
export function MailedCodeField(props: TextInputProps & { name: string; label: string }) {
  return <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...props} />;
}

/** A password the user chooses, with the live checklist of the rules under it. */
export function NewPasswordField({
  checklistId,
  ...props
}: PasswordInputProps & { name: string; label: string; checklistId: string }) {
  return (
    <>
      <PasswordInput autoComplete="new-password" required {...props} />
      <PasswordChecklist password={String(props.value ?? "")} id={checklistId} />
    </>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: the fields below read only their own names from any form
type AnyForm = Pick<UseFormReturnType<any>, "getInputProps">;

/** First and last name side by side (one above the other on a phone). */
export function NameFields({ form, autoFocus }: { form: AnyForm; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        label={t("account.fields.firstName")}
        name="firstName"
        autoComplete="given-name"
        required
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps("firstName")}
      />
      <TextInput
        label={t("account.fields.lastName")}
        name="lastName"
        autoComplete="family-name"
        required
        {...form.getInputProps("lastName")}
      />
    </SimpleGrid>
  );
}

/** The country code and the national number; `phoneName` is the form's (and the input's) name of the number. */
export function PhoneFields({ form, phoneName }: { form: AnyForm; phoneName: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <NativeSelect
        label={t("account.fields.countryCode")}
        name="countryCode"
        data={[...COUNTRY_CODES]}
        w={130}
        {...form.getInputProps("countryCode")}
      />
      <TextInput
        label={t("account.fields.phone")}
        name={phoneName}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        style={{ flex: 1 }}
        {...form.getInputProps(phoneName)}
      />
    </Group>
  );
}

/** The card's main button, across its whole width. */
export function SubmitButton(props: ButtonProps & { children: ReactNode }) {
  return <Button type="submit" fullWidth size="md" mt="xs" {...props} />;
}

/** The footer link of the pages a user reaches on the way to signing in. */
export function BackToLoginLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/login" className={classes.link} size="sm">
      {t("account.forgot.backToLogin")}
    </Anchor>
  );
}
