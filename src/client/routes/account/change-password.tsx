import { Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { newPasswordForm } from "#shared/account/schema";
import { useAuth } from "../../app/auth.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { AuthCard } from "../../features/account/auth-card.tsx";
import { accountErrorText, errorCode } from "../../features/account/errors.ts";
import { NewPasswordField, SubmitButton } from "../../features/account/fields.tsx";

const changeErrors = {
  InvalidPasswordException: "account.change.errors.invalidPassword",
  NotAuthorizedException: "account.change.errors.expired",
  LimitExceededException: "errors.LimitExceededException",
};

/** The first sign-in of an invited user: the temporary password is replaced by one of their own. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const feedback = useSubmitFeedback();
  const { error, setError } = feedback;
  const [expired, setExpired] = useState(false);
  const form = useForm({ initialValues: { newPassword: "" }, validate: zodValidate(newPasswordForm, t) });

  if (auth.status === "PENDING") return null;
  if (auth.status === "LOGGED_IN") return <Navigate to="/my-pages/events" replace />;
  if (auth.status !== "NEW_PASSWORD_REQUIRED") return <Navigate to="/login" replace />;

  const submit = form.onSubmit(
    async ({ newPassword }) => {
      setBusy(true);
      setError(null);
      try {
        await auth.completeNewPassword(newPassword);
      } catch (err) {
        setBusy(false);
        setExpired(errorCode(err) === "NotAuthorizedException");
        setError(accountErrorText(err, t, changeErrors, "account.change.errors.generic"));
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  // The challenge has to go, or /login would send the user straight back here.
  const backToLogin = async () => {
    await auth.signOut().catch(() => {});
    navigate("/login", { replace: true });
  };

  return (
    <AuthCard titleId="account.titles.changePassword" introId="account.change.intro">
      {auth.passwordChallengeEmail && (
        <Text size="sm" fw={500}>
          {t("account.change.account", { email: auth.passwordChallengeEmail })}
        </Text>
      )}
      <form onSubmit={submit} noValidate ref={feedback.ref}>
        <Stack gap="md">
          <NewPasswordField
            label={t("account.fields.newPassword")}
            name="newPassword"
            checklistId="change-password-rules"
            disabled={expired}
            {...form.getInputProps("newPassword")}
          />
          <FormError error={error} />
          <SubmitButton loading={busy} disabled={expired}>
            {t("account.change.submit")}
          </SubmitButton>
          <Button variant={expired ? "filled" : "subtle"} onClick={() => void backToLogin()}>
            {t("account.change.backToLogin")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
