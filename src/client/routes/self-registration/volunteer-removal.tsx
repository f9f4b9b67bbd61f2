import { Button, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { VolunteerRemovalPreview } from "#shared/registration/schema";
import { FormError } from "../../components/form-error.tsx";
import { failureText } from "./link-errors.ts";
import { useMailLink } from "./mail-link.ts";
import { LinkFailure, LinkPage, Loading, Outcome } from "./parts.tsx";

/**
 * The link in every mail to a volunteer (and their guardian): asks once, then removes the volunteer and
 * everything they stated from the group (ADR 022). A used link finds no one: it is dead.
 */
export default function VolunteerRemovalPage() {
  const { t } = useTranslation();
  const { preview, action } = useMailLink<VolunteerRemovalPreview>("/volunteers/removal");
  const p = preview.data;
  const values = p && { name: p.volunteerName, group: p.groupName };

  return (
    <LinkPage title={t("registration.removal.title")}>
      {preview.isPending && <Loading text={t("registration.removal.loading")} />}
      {preview.isError && (
        <LinkFailure error={preview.error} dead={t("registration.removal.dead")} onRetry={() => void preview.refetch()} />
      )}
      {values && (
        <div aria-live="polite">
          {action.isSuccess ? (
            <Outcome focus>{t("registration.removal.done", values)}</Outcome>
          ) : (
            <>
              <Title order={2} size="h3" mb="xs" style={{ overflowWrap: "anywhere" }}>
                {t("registration.removal.question", values)}
              </Title>
              <Text mb="md">{t("registration.removal.text", values)}</Text>
              <FormError error={action.isError ? failureText(action.error, t) : null} />
              <Button color="red.9" mt={action.isError ? "md" : 0} loading={action.isPending} onClick={() => action.mutate()}>
                {t("registration.removal.button")}
              </Button>
            </>
          )}
        </div>
      )}
    </LinkPage>
  );
}
