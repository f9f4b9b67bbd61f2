import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { forgotPasswordForm } from "#shared/account/schema";
import { api } from "../../app/api.ts";
import { useAuth } from "../../app/auth.tsx";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { AuthCard } from "../../features/account/auth-card.tsx";
import { accountErrorText, errorCode } from "../../features/account/errors.ts";
import { BackToLoginLink, EmailField, MailedCodeField, NewPasswordField, SubmitButton } from "../../features/account/fields.tsx";

/** Spec 01 §4 forgot-password states; "new password set" leaves the page. */
type Step = "CODE_NOT_SENT" | "CODE_SENT";

const sendErrors = {
  UserNotFoundException: "account.forgot.errors.userNotFound",
  LimitExceededException: "account.forgot.errors.limit",
};
const confirmErrors = {
  CodeMismatchException: "account.forgot.errors.codeMismatch",
  ExpiredCodeException: "account.forgot.errors.expired",
  InvalidPasswordException: "account.forgot.errors.invalidPassword",
  LimitExceededException: "account.forgot.errors.limit",
};

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { setRegistrationEmail } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("CODE_NOT_SENT");
  const [busy, setBusy] = useState(false);
  const feedback = useSubmitFeedback();
  const { error, setError } = feedback;
  const [notVerified, setNotVerified] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { email: "", code: "", newPassword: "" },
    validate: zodValidate(forgotPasswordForm, t),
  });
  const { email } = form.getValues();
  const address = email.trim().toLowerCase();

  useEffect(() => {
    if (step === "CODE_SENT") codeRef.current?.focus();
  }, [step]);

  const sendCode = async () => {
    if (!feedback.accept({ hasErrors: form.validateField("email").hasError })) return;
    setBusy(true);
    setError(null);
    try {
      await api("POST", "/auth/forgot-password", { email: address });
      setStep("CODE_SENT");
    } catch (err) {
      if (errorCode(err) === "InvalidParameterException") setNotVerified(true);
      else setError(accountErrorText(err, t, sendErrors, "account.forgot.errors.generic"));
    } finally {
      setBusy(false);
    }
  };

  const confirm = form.onSubmit(
    async (values) => {
      const body = forgotPasswordForm.parse(values);
      setBusy(true);
      setError(null);
      try {
        await api("POST", "/auth/confirm-forgot-password", body);
        navigate("/login?password-reset=true", { state: { email: body.email } });
      } catch (err) {
        setBusy(false);
        setError(accountErrorText(err, t, confirmErrors, "account.forgot.errors.generic"));
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (step === "CODE_SENT") return confirm(event);
    event.preventDefault();
    void sendCode();
  };

  const toVerify = () => {
    setRegistrationEmail(address);
    navigate("/verify-email", { state: { email: address } });
  };

  return (
    <AuthCard titleId="account.titles.forgotPassword" introId="account.forgot.intro" footer={<BackToLoginLink />}>
      <Modal opened={notVerified} onClose={() => setNotVerified(false)} withCloseButton={false} centered radius="lg">
        <DialogHeader title={t("account.forgot.notVerifiedTitle")} />
        <Stack>
          <Text>{t("account.forgot.notVerifiedText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNotVerified(false)}>
              {t("common.close")}
            </Button>
            <Button onClick={toVerify} data-autofocus>
              {t("account.forgot.toVerify")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <form onSubmit={submit} noValidate ref={feedback.ref}>
        <Stack gap="md">
          <EmailField autoComplete="username" readOnly={step === "CODE_SENT"} {...form.getInputProps("email")} />
          <FormError error={error} />
          {step === "CODE_NOT_SENT" ? (
            <Button type="submit" loading={busy} fullWidth size="md">
              {t("account.forgot.sendCode")}
            </Button>
          ) : (
            <>
              <Alert color="brand" role="status">
                {t("account.forgot.codeSent", { email: address })}
              </Alert>
              <MailedCodeField ref={codeRef} label={t("account.fields.code")} name="code" {...form.getInputProps("code")} />
              <NewPasswordField
                label={t("account.fields.newPassword")}
                name="newPassword"
                checklistId="forgot-password-rules"
                {...form.getInputProps("newPassword")}
              />
              <SubmitButton loading={busy}>{t("account.forgot.submit")}</SubmitButton>
              <Button variant="subtle" onClick={() => void sendCode()} disabled={busy}>
                {t("account.forgot.resend")}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
