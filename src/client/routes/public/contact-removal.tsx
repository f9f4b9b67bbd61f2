import { Alert, Button, Container, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { LeaveContactPreview } from "#shared/contacts";
import { ApiError, api } from "../../app/api.ts";
import { apiErrorText } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { PageHeader } from "./parts.tsx";

type State =
  | { step: "loading" }
  | { step: "failed"; error: string }
  | { step: "ready"; preview: LeaveContactPreview }
  | { step: "done"; preview: LeaveContactPreview };

/**
 * The link in the "you were added as a contact person" mail: says which event or group it is about and,
 * with one button, removes its person. No sign-in: the link itself is the proof.
 */
export default function ContactRemovalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>({ step: "loading" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const failed = (err: unknown) => live && setState({ step: "failed", error: apiErrorText(err, t) });
    if (!token) failed(new ApiError(404, "LinkInvalid"));
    else
      api<LeaveContactPreview>("POST", "/contacts/leave/preview", { token }).then(
        (preview) => live && setState({ step: "ready", preview }),
        failed,
      );
    return () => {
      live = false;
    };
  }, [token, t]);

  const leave = async (preview: LeaveContactPreview) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api("POST", "/contacts/leave", { token });
      setState({ step: "done", preview });
    } catch (err) {
      setError(apiErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader titleId="public.contactRemoval.title" />
      <Container size="lg" py={48}>
        <Stack gap="md" maw={640} aria-live="polite">
          {state.step === "loading" && (
            <Stack align="center" gap="xs">
              <Loader size="sm" aria-hidden="true" />
              <Text>{t("public.contactRemoval.loading")}</Text>
            </Stack>
          )}
          {state.step === "failed" && <FormError error={state.error} />}
          {state.step === "ready" && !state.preview.contact && (
            <Text>{t("public.contactRemoval.gone", { name: state.preview.name })}</Text>
          )}
          {state.step === "ready" && state.preview.contact && (
            <>
              <Text>
                {t(`public.contactRemoval.${state.preview.kind}`, { name: state.preview.name, email: state.preview.email })}
              </Text>
              <Text>{t("public.contactRemoval.question")}</Text>
              <FormError error={error} />
              <div>
                <Button color="red.9" loading={busy} onClick={() => void leave(state.preview)}>
                  {t("public.contactRemoval.button")}
                </Button>
              </div>
            </>
          )}
          {state.step === "done" && (
            <Alert color="brand" role="status">
              {t("public.contactRemoval.done", { name: state.preview.name })}
            </Alert>
          )}
        </Stack>
      </Container>
    </>
  );
}
