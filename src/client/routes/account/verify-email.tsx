import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { verifyEmailForm } from "#shared/account/schema";
import { api } from "../../app/api.ts";
import { useAuth } from "../../app/auth.tsx";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { AuthCard } from "../../features/account/auth-card.tsx";
import { accountErrorText } from "../../features/account/errors.ts";
import { BackToLoginLink, EmailField, MailedCodeField, SubmitButton } from "../../features/account/fields.tsx";
import type { LoginState } from "./login.tsx";

/** Spec 01 §4 activation code status. */
type ActivationCodeStatus = "INIT" | "SENDING" | "SENT" | "SENT_FAILED";

const verifyErrors = {
  CodeMismatchException: "account.verify.errors.codeMismatch",
  ExpiredCodeException: "account.verify.errors.expired",
  LimitExceededException: "account.verify.errors.limit",
  UserNotFoundException: "errors.UserNotFoundException",
};

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const { registrationEmail, setRegistrationEmail } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const prefilled = (location.state as { email?: string } | null)?.email ?? registrationEmail ?? "";
  const [reminderOpen, setReminderOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const feedback = useSubmitFeedback();
  const { error, setError } = feedback;
  const [codeStatus, setCodeStatus] = useState<ActivationCodeStatus>("INIT");
  const [resendError, setResendError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState("");
  const form = useForm({
    initialValues: { email: prefilled, verificationCode: "" },
    validate: zodValidate(verifyEmailForm, t),
  });

  const submit = form.onSubmit(
    async (values) => {
      const { email, verificationCode } = verifyEmailForm.parse(values);
      setBusy(true);
      setError(null);
      try {
        await api("POST", "/auth/confirm-sign-up", { email, code: verificationCode });
        setRegistrationEmail(null);
        navigate("/login", { state: { activated: true, email } satisfies LoginState });
      } catch (err) {
        setBusy(false);
        setError(accountErrorText(err, t, verifyErrors, "account.verify.errors.generic"));
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  const resend = async () => {
    if (form.validateField("email").hasError) return;
    const email = verifyEmailForm.shape.email.parse(form.getValues().email);
    setCodeStatus("SENDING");
    setResendError(null);
    try {
      await api("POST", "/auth/resend-code", { email });
      setSentTo(email);
      setCodeStatus("SENT");
    } catch (err) {
      setCodeStatus("SENT_FAILED");
      setResendError(
        accountErrorText(
          err,
          t,
          { LimitExceededException: "account.verify.errors.limit" },
          "account.verify.errors.activationCode",
        ),
      );
    }
  };

  return (
    <AuthCard titleId="account.titles.verifyEmail" introId="account.verify.intro" footer={<BackToLoginLink />}>
      <Modal opened={reminderOpen} onClose={() => setReminderOpen(false)} withCloseButton={false} centered radius="lg">
        <DialogHeader title={t("account.verify.reminderTitle")} />
        <Stack>
          <Text>{t("account.verify.reminderText")}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setReminderOpen(false)} data-autofocus>
              {t("account.verify.reminderOk")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <form onSubmit={submit} noValidate ref={feedback.ref}>
        <Stack gap="md">
          <EmailField autoComplete="email" {...form.getInputProps("email")} />
          <MailedCodeField
            label={t("account.fields.verificationCode")}
            name="verificationCode"
            {...form.getInputProps("verificationCode")}
          />
          <FormError error={error} />
          <SubmitButton loading={busy}>{t("account.verify.submit")}</SubmitButton>
        </Stack>
      </form>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="gray.7">
          {t("account.verify.noCode")}
        </Text>
        <Button variant="outline" onClick={() => void resend()} disabled={codeStatus === "SENDING"}>
          {codeStatus === "SENDING" ? t("account.verify.sending") : t("account.verify.resend")}
        </Button>
        <div role="status" aria-live="polite">
          {codeStatus === "SENT" && (
            <Text size="sm" c="brand.9">
              {t("account.verify.sent", { email: sentTo })}
            </Text>
          )}
        </div>
        {codeStatus === "SENT_FAILED" && resendError && (
          <Alert color="red" role="alert" w="100%">
            {resendError}
          </Alert>
        )}
      </Stack>
    </AuthCard>
  );
}
