import { Anchor, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { COUNTRY_CODES, registerForm } from "#shared/account/schema";
import { msg } from "#shared/validation";
import { ApiError, api } from "../../app/api.ts";
import { useAuth } from "../../app/auth.tsx";
import { currentLanguage } from "../../app/i18n.ts";
import { apiFieldErrors, zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import classes from "../../features/account/account.module.css";
import { AuthCard } from "../../features/account/auth-card.tsx";
import { accountErrorText } from "../../features/account/errors.ts";
import { EmailField, NameFields, NewPasswordField, PhoneFields, SubmitButton } from "../../features/account/fields.tsx";

const registerErrors = {
  UsernameExistsException: "account.register.errors.userExists",
  InvalidPasswordException: "errors.InvalidPasswordException",
  LimitExceededException: "errors.LimitExceededException",
};

/** The spec's "InvalidParameterException whose message mentions the phone". */
function mentionsPhone(err: ApiError): boolean {
  return Boolean(err.fields?.phone) || /phone/i.test(err.message);
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const { setRegistrationEmail } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const feedback = useSubmitFeedback();
  const { error, setError } = feedback;
  const form = useForm({
    initialValues: {
      email: "",
      firstName: "",
      lastName: "",
      countryCode: COUNTRY_CODES[0] as string,
      phone: "",
      password: "",
      repeatPassword: "",
    },
    validate: zodValidate(registerForm, t),
  });
  const { password, repeatPassword } = form.getValues();
  // Shown as soon as the repetition is as long as the password, not only after submitting.
  const differ = repeatPassword.length >= password.length && repeatPassword !== "" && repeatPassword !== password;

  const submit = form.onSubmit(
    async (values) => {
      const body = registerForm.parse(values);
      setBusy(true);
      setError(null);
      try {
        await api("POST", "/auth/sign-up", {
          email: body.email,
          password: body.password,
          firstName: body.firstName,
          lastName: body.lastName,
          countryCode: body.countryCode,
          phone: body.phone,
          language: currentLanguage(),
        });
        setRegistrationEmail(body.email);
        navigate("/verify-email", { state: { email: body.email } });
      } catch (err) {
        setBusy(false);
        form.setErrors(apiFieldErrors(err, t));
        if (err instanceof ApiError && err.code === "InvalidParameterException") {
          setError(t(mentionsPhone(err) ? "account.register.errors.invalidPhone" : "account.register.errors.invalidParameter"));
        } else setError(accountErrorText(err, t, registerErrors, "account.register.errors.generic"));
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  const repeatProps = form.getInputProps("repeatPassword");

  return (
    <AuthCard
      titleId="account.titles.register"
      width={600}
      footer={
        <Text size="sm">
          {t("account.register.haveAccount")}{" "}
          <Anchor component={Link} to="/login" className={classes.link}>
            {t("account.register.login")}
          </Anchor>
        </Text>
      }
    >
      <Stack gap={6} mt={-8}>
        <Text c="gray.7">{t("account.register.intro")}</Text>
        <Text c="gray.7">{t("account.register.introMail")}</Text>
      </Stack>
      <form onSubmit={submit} noValidate ref={feedback.ref}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("account.register.details")}
          </Title>
          <EmailField autoComplete="email" {...form.getInputProps("email")} />
          <NameFields form={form} />
          <PhoneFields form={form} phoneName="phone" />
          <Title order={2} size="h4" mt="sm">
            {t("account.register.choosePassword")}
          </Title>
          <NewPasswordField
            label={t("account.fields.password")}
            name="password"
            checklistId="register-password-rules"
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label={t("account.fields.repeatPassword")}
            name="repeatPassword"
            autoComplete="new-password"
            required
            {...repeatProps}
            error={repeatProps.error ?? (differ ? t(msg.passwordsDiffer) : undefined)}
          />
          <FormError error={error} />
          <SubmitButton loading={busy}>{t("account.register.submit")}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
