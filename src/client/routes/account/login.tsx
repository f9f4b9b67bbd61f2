import { Alert, Anchor, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, type Location, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { signInBody } from "#shared/account/schema";
import { useAuth } from "../../app/auth.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import classes from "../../features/account/account.module.css";
import { AuthCard } from "../../features/account/auth-card.tsx";
import { accountErrorText, errorCode } from "../../features/account/errors.ts";
import { EmailField, SubmitButton } from "../../features/account/fields.tsx";

/** What other pages hand to /login: the page to return to, or the address just activated. */
export interface LoginState {
  from?: Location;
  email?: string;
  activated?: boolean;
}

const loginErrors = {
  UserNotFoundException: "account.login.errors.userNotFound",
  NotAuthorizedException: "account.login.errors.wrongPassword",
  LimitExceededException: "account.login.errors.limit",
  ResourceNotFoundException: "account.login.errors.serviceNotFound",
};

export default function LoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as LoginState;
  const [busy, setBusy] = useState(false);
  const feedback = useSubmitFeedback();
  const { error, setError } = feedback;
  // Set when the sign-in happened on this page, so the redirect goes to the remembered page, not to /.
  const signedInHere = useRef(false);
  const form = useForm({
    initialValues: { email: state.email ?? "", password: "" },
    validate: zodValidate(signInBody, t),
  });

  if (auth.status === "PENDING") return null;
  if (auth.status === "NEW_PASSWORD_REQUIRED") return <Navigate to="/change-password" replace />;
  if (auth.status === "LOGGED_IN") {
    const from = state.from;
    const target = signedInHere.current ? (from ? `${from.pathname}${from.search}${from.hash}` : "/my-pages") : "/";
    return <Navigate to={target} replace />;
  }

  const submit = form.onSubmit(
    async (values) => {
      const email = values.email.trim().toLowerCase();
      setBusy(true);
      setError(null);
      signedInHere.current = true;
      try {
        await auth.signIn(email, values.password);
      } catch (err) {
        signedInHere.current = false;
        setBusy(false);
        if (errorCode(err) === "UserNotConfirmedException") {
          auth.setRegistrationEmail(email);
          navigate("/verify-email", { state: { email } });
          return;
        }
        setError(accountErrorText(err, t, loginErrors, "account.login.errors.generic"));
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  const notice = params.has("password-reset")
    ? t("account.login.passwordReset")
    : state.activated
      ? t("account.login.activated")
      : null;

  return (
    <AuthCard
      titleId="account.titles.login"
      introId="account.login.intro"
      footer={
        <>
          <Anchor component={Link} to="/forgot-password" className={classes.link} size="sm">
            {t("account.login.forgot")}
          </Anchor>
          <Text size="sm">
            {t("account.login.noAccount")}{" "}
            <Anchor component={Link} to="/register" className={classes.link}>
              {t("account.login.register")}
            </Anchor>
          </Text>
        </>
      }
    >
      {notice && (
        <Alert color="brand" role="status">
          {notice}
        </Alert>
      )}
      <form onSubmit={submit} noValidate ref={feedback.ref}>
        <Stack gap="md">
          <EmailField autoComplete="username" {...form.getInputProps("email")} />
          <PasswordInput
            label={t("account.fields.password")}
            name="password"
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
          />
          <FormError error={error} />
          <SubmitButton loading={busy}>{t("account.login.submit")}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
