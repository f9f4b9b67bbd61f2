import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { joinPhone, type Profile, profileForm, splitPhone } from "#shared/account/schema";
import { api } from "../../app/api.ts";
import { useAuth } from "../../app/auth.tsx";
import { RequireAuth } from "../../app/guards.tsx";
import { apiErrorText, apiFieldErrors, zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import classes from "../../features/account/account.module.css";
import { AuthCard } from "../../features/account/auth-card.tsx";
import { NameFields, PhoneFields } from "../../features/account/fields.tsx";

export default function ProfilePage() {
  return (
    <RequireAuth>
      <ProfileCard />
    </RequireAuth>
  );
}

function ProfileCard() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <AuthCard titleId="account.titles.profile" introId="account.profile.intro" width={560}>
      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className={classes.readOnlyList} style={{ margin: 0 }}>
            <dt>{t("account.fields.name")}</dt>
            <dd>
              {user.firstName} {user.lastName}
            </dd>
            <dt>{t("account.fields.email")}</dt>
            <dd>{user.email}</dd>
            <dt>{t("account.fields.phone")}</dt>
            <dd>{user.phone}</dd>
          </dl>
          <Group>
            <Button onClick={() => setEditing(true)}>{t("account.profile.edit")}</Button>
          </Group>
        </>
      )}
    </AuthCard>
  );
}

function ProfileForm({ user, onDone }: { user: Profile; onDone(): void }) {
  const { t } = useTranslation();
  const { setUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const feedback = useSubmitFeedback();
  const { error, setError } = feedback;
  const split = splitPhone(user.phone);
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      countryCode: split.countryCode,
      phoneWithoutCountryCode: split.phone,
    },
    validate: zodValidate(profileForm, t),
  });

  const submit = form.onSubmit(
    async (values) => {
      const body = profileForm.parse(values);
      setBusy(true);
      setError(null);
      try {
        await api<Profile>("PUT", "/auth/me", {
          firstName: body.firstName,
          lastName: body.lastName,
          phone: joinPhone(body.countryCode, body.phoneWithoutCountryCode),
        });
        // Spec 01 §4: after a profile update the user info is fetched again.
        setUser(await api<Profile>("GET", "/auth/me"));
        notifications.show({ color: "teal", message: t("account.profile.saved") });
        onDone();
      } catch (err) {
        setBusy(false);
        const fields = apiFieldErrors(err, t);
        if (fields.phone) fields.phoneWithoutCountryCode = fields.phone;
        form.setErrors(fields);
        setError(Object.keys(fields).length > 0 ? apiErrorText(err, t) : t("account.profile.error"));
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  return (
    <form onSubmit={submit} noValidate ref={feedback.ref}>
      <Stack gap="md">
        <TextInput
          label={t("account.fields.email")}
          name="email"
          value={user.email}
          readOnly
          description={t("account.profile.emailReadOnly")}
          variant="filled"
        />
        <NameFields form={form} autoFocus />
        <PhoneFields form={form} phoneName="phoneWithoutCountryCode" />
        <FormError error={error} />
        <Group mt="xs">
          <Button type="submit" loading={busy}>
            {t("account.profile.save")}
          </Button>
          <Button variant="default" onClick={onDone} disabled={busy}>
            {t("account.profile.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
