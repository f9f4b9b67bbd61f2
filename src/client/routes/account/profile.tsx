import { Box, Button, Container, Divider, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatPhone, joinPhone, type Profile, profileForm, splitPhone } from "#shared/account/schema";
import { api } from "../../app/api.ts";
import { useAuth } from "../../app/auth.tsx";
import { RequireAuth } from "../../app/guards.tsx";
import { apiErrorText, apiFieldErrors, zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { notifySuccess } from "../../components/notify.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { UnsavedChangesPrompt } from "../../components/unsaved-changes.tsx";
import classes from "../../features/account/account.module.css";
import { CalendarFeed } from "../../features/account/calendar-feed.tsx";
import { NameFields, PhoneFields } from "../../features/account/fields.tsx";

export default function ProfilePage() {
  return (
    <RequireAuth>
      <ProfileContent />
    </RequireAuth>
  );
}

/** A signed-in page like the others (not the sign-in pages' card): header with the way back, then the data. */
function ProfileContent() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <Container size="md" py="lg">
      <PageHeader
        title="account.titles.profile"
        crumbs={[{ label: "shell.menu.myPages", to: "/my-pages" }]}
        intro={t("account.profile.intro")}
      />
      <Box maw={560}>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap="md">
            <dl className={classes.readOnlyList} style={{ margin: 0 }}>
              <dt>{t("account.fields.name")}</dt>
              <dd>
                {user.firstName} {user.lastName}
              </dd>
              <dt>{t("account.fields.email")}</dt>
              <dd>{user.email}</dd>
              <dt>{t("account.fields.phone")}</dt>
              <dd>{formatPhone(user.phone)}</dd>
            </dl>
            <Group>
              <Button onClick={() => setEditing(true)}>{t("account.profile.edit")}</Button>
            </Group>
          </Stack>
        )}
        <Divider my="xl" />
        <CalendarFeed />
      </Box>
    </Container>
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
        notifySuccess(t("account.profile.saved"));
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
      <UnsavedChangesPrompt dirty={form.isDirty() && !busy} />
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
