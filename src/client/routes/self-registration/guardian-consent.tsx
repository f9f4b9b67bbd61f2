import { Button, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { GuardianConsentPreview } from "#shared/registration/schema";
import { Facts } from "../../components/facts.tsx";
import { FormError } from "../../components/form-error.tsx";
import { failureText } from "./link-errors.ts";
import { useMailLink } from "./mail-link.ts";
import { LinkFailure, LinkPage, Loading, Outcome, StationList } from "./parts.tsx";

/**
 * The link in the mail to a minor's guardian (ADR 022): who signed up for what, and one button that says
 * yes. Saying no is the mail's other link, which removes the sign-up.
 */
export default function GuardianConsentPage() {
  const { t } = useTranslation();
  const { preview, action } = useMailLink<GuardianConsentPreview>("/volunteers/guardian-consent");
  const p = preview.data;
  const values = p && { volunteer: p.volunteerName, group: p.groupName };

  return (
    <LinkPage title={t("registration.guardian.title")} intro={values && t("registration.guardian.intro", values)}>
      {preview.isPending && <Loading text={t("registration.guardian.loading")} />}
      {preview.isError && (
        <LinkFailure error={preview.error} dead={t("registration.guardian.dead")} onRetry={() => void preview.refetch()} />
      )}
      {p && values && (
        <>
          <Facts
            rows={[
              [t("registration.guardian.volunteer"), p.volunteerName],
              [t("registration.guardian.group"), p.groupName],
              [t("registration.guardian.event"), p.eventName],
              [t("registration.guardian.date"), p.date],
            ]}
          />
          {p.stations.length > 0 && (
            <>
              <Title order={2} size="h4">
                {t("registration.guardian.stations")}
              </Title>
              <StationList stations={p.stations} label={t("registration.guardian.stations")} />
            </>
          )}
          <div aria-live="polite">
            {p.confirmed || action.isSuccess ? (
              <Outcome focus={action.isSuccess}>
                {t(action.isSuccess ? "registration.guardian.done" : "registration.guardian.already", values)}
              </Outcome>
            ) : (
              <>
                <Text mb="md">{t("registration.guardian.why", values)}</Text>
                <FormError error={action.isError ? failureText(action.error, t) : null} />
                <Button mt={action.isError ? "md" : 0} loading={action.isPending} onClick={() => action.mutate()}>
                  {t("registration.guardian.button")}
                </Button>
              </>
            )}
          </div>
          <Text size="sm">{t("registration.guardian.decline", values)}</Text>
        </>
      )}
    </LinkPage>
  );
}
