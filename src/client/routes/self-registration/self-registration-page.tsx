import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { AddVolunteerResult, PublicRegistration, SelfRegistrationForm } from "#shared/registration/schema";
import { api } from "../../app/api.ts";
import { loadArea } from "../../app/i18n.ts";
import { Facts } from "../../components/facts.tsx";
import { Section } from "../../components/section.tsx";
import { ConsentDialog } from "./consent-dialog.tsx";
import { isDeadLink } from "./link-errors.ts";
import { useRead } from "./mail-link.ts";
import { LinkFailure, LinkPage, Loading, StationList } from "./parts.tsx";

type Consent = "asking" | "given" | "refused";

/**
 * The form and its rules (the schemas, the event's labels of diets) load once the volunteer has agreed,
 * while they read on: the page itself opens with what it shows.
 */
const SignUpForm = lazy(async () => {
  const [module] = await Promise.all([import("./sign-up-form.tsx"), loadArea("events")]);
  return { default: module.SignUpForm };
});

/**
 * A group's sign-up link (spec 02 §2, STAFFING §2): the event and the group's stations, a consent dialog
 * about personal data on arrival, then the volunteer's form. No account: the link is the authority.
 */
export default function SelfRegistrationPage() {
  const { t } = useTranslation();
  const { eventId = "", hash = "" } = useParams();
  const path = `/public/self-registration/${encodeURIComponent(eventId)}/${encodeURIComponent(hash)}`;
  const query = useRead(() => api<PublicRegistration>("GET", path), path);

  if (query.isPending)
    return (
      <LinkPage title={t("registration.signUp.title")}>
        <Loading text={t("registration.signUp.loading")} />
      </LinkPage>
    );
  if (query.isError) {
    if (isDeadLink(query.error))
      return (
        <LinkPage title={t("registration.deadLink.title")}>
          <Text>{t("registration.deadLink.text")}</Text>
          <Text fw={700}>{t("registration.deadLink.ask")}</Text>
        </LinkPage>
      );
    return (
      <LinkPage title={t("registration.signUp.title")}>
        <LinkFailure error={query.error} dead={t("registration.deadLink.text")} onRetry={() => void query.refetch()} />
      </LinkPage>
    );
  }
  return query.data ? <SignUp registration={query.data} link={{ eventId, hash }} /> : null;
}

function SignUp({ registration: r, link }: { registration: PublicRegistration; link: { eventId: string; hash: string } }) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState<Consent>("asking");
  const [consented, setConsented] = useState(false);
  const [done, setDone] = useState<{ result: AddVolunteerResult; sent: SelfRegistrationForm } | null>(null);

  return (
    <LinkPage
      title={t("registration.signUp.title")}
      intro={t("registration.signUp.intro", { group: r.groupName, event: r.eventName })}
    >
      {done && <ThankYou registration={r} {...done} />}

      <Section title={t("registration.signUp.event.title")}>
        <Facts
          rows={[
            [t("registration.signUp.event.name"), r.eventName],
            [t("registration.signUp.event.date"), r.date],
            [t("registration.signUp.event.startTime"), r.startTime],
            [t("registration.signUp.event.city"), r.city],
            [t("registration.signUp.event.organizer"), r.organizerName],
            [t("registration.signUp.event.group"), r.groupName],
          ]}
        />
      </Section>

      <Section title={t("registration.signUp.stations.title")}>
        <Text size="sm">
          {t("registration.signUp.stations.intro")}
          {r.stations.length > 1 && ` ${t("registration.signUp.stations.several")}`}
        </Text>
        <StationList stations={r.stations} label={t("registration.signUp.stations.title")} />
      </Section>

      {/* Once shown, the form stays mounted, hidden while consent is withdrawn, so nothing typed is lost. */}
      {!done && consented && (
        <Section title={t("registration.signUp.form.title")} hidden={consent !== "given"}>
          <Suspense fallback={<Loading text={t("registration.signUp.formLoading")} />}>
            <SignUpForm registration={r} link={link} onDone={(result, sent) => setDone({ result, sent })} />
          </Suspense>
          <div>
            <Button variant="subtle" px={0} onClick={() => setConsent("asking")}>
              {t("registration.signUp.form.privacy")}
            </Button>
          </div>
        </Section>
      )}
      {!done && consent === "refused" && (
        <Section title={t("registration.signUp.form.title")}>
          <Text>{t("registration.consent.declined")}</Text>
          <div>
            <Button variant="outline" onClick={() => setConsent("asking")}>
              {t("registration.consent.readAgain")}
            </Button>
          </div>
        </Section>
      )}

      <ConsentDialog
        opened={!done && consent === "asking"}
        erasureDate={r.erasureDate}
        onAgree={() => {
          setConsent("given");
          setConsented(true);
        }}
        onCancel={() => setConsent("refused")}
      />
    </LinkPage>
  );
}

/** The answer to a sign-up, first on the page and focused, so a screen reader says it at once. */
function ThankYou({
  registration: r,
  result,
  sent,
}: {
  registration: PublicRegistration;
  result: AddVolunteerResult;
  sent: SelfRegistrationForm;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const values = { group: r.groupName, event: r.eventName, email: sent.email };
  const station = result.named && r.stations.length === 1 ? r.stations[0].name : null;
  return (
    <Alert color="brand" variant="light" role="status">
      <Stack gap="xs">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {t(result.awaitingGuardian ? "registration.signUp.done.guardianTitle" : "registration.signUp.done.title")}
        </Title>
        <Text>
          {result.awaitingGuardian
            ? t("registration.signUp.done.guardianText", { ...values, guardian: sent.guardianName ?? "" })
            : t("registration.signUp.done.text", values)}
        </Text>
        {station && <Text>{t("registration.signUp.done.named", { station })}</Text>}
        <Text>{t("registration.signUp.done.leave")}</Text>
      </Stack>
    </Alert>
  );
}
