import { Box, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SectionIds } from "#shared/public/sections";
import { useAuth } from "../../app/auth.tsx";
import { currentLanguage } from "../../app/i18n.ts";
import { PageTitle } from "../../components/page-title.tsx";
import classes from "./public.module.css";

/**
 * Whether an id has a text, and its text. Asked in the current language even while raw ids are shown,
 * so the numbered sections stay on the page in that mode.
 */
export function usePublicTexts() {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage();
  const has = useCallback((id: string) => i18n.exists(id, { lng }), [i18n, lng]);
  const text = useCallback((id: string) => (has(id) ? t(id) : undefined), [has, t]);
  return { t, has, text };
}

/** The top of an inner public page: its h1 and lead paragraph on a light band. */
export function PageHeader({ titleId, introId, children }: { titleId: string; introId?: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.pageHeader}>
      <Container size="lg">
        <PageTitle id={titleId} />
        {introId && (
          <Text className={classes.lead} mt="md">
            {t(introId)}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}

/** A section's paragraphs, then its list items. */
export function SectionBody({ section }: { section: SectionIds }) {
  const { t } = useTranslation();
  return (
    <>
      {section.text && <Text className={classes.body}>{t(section.text)}</Text>}
      {section.paragraphs.map((id) => (
        <Text key={id} className={classes.body}>
          {t(id)}
        </Text>
      ))}
      {section.items.length > 0 && (
        <ul className={classes.checkList}>
          {section.items.map((id) => (
            <li key={id}>{t(id)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A titled card for one section; `children` come after its text. */
export function SectionCard({
  section,
  order = 2,
  icon,
  children,
}: {
  section: SectionIds;
  order?: 2 | 3;
  icon?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = `${section.id.replaceAll(".", "-")}-title`;
  return (
    <Card component="section" aria-labelledby={headingId} padding="lg" radius="md" className={classes.card}>
      <Stack gap="sm">
        {icon}
        <Title order={order} size="h4" id={headingId} className={classes.cardTitle}>
          {t(section.title)}
        </Title>
        <SectionBody section={section} />
        {children}
      </Stack>
    </Card>
  );
}

/** The register call to action: /register for a visitor, the matching my-pages area when signed in. */
export function RegisterCta({ area }: { area: "events" | "volunteers" }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === "LOGGED_IN";
  return (
    <Card component="section" aria-labelledby="register-title" padding="xl" radius="md" className={classes.cta}>
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={6} maw={560}>
          <Title order={2} size="h3" id="register-title">
            {t("public.howItWorks.registerTitle")}
          </Title>
          <Text className={classes.body}>
            {t(signedIn ? "public.howItWorks.registerTextSignedIn" : "public.howItWorks.registerTextVisitor")}
          </Text>
        </Stack>
        <Button component={Link} to={signedIn ? `/my-pages/${area}` : "/register"} size="lg" className={classes.heroButton}>
          {signedIn
            ? t(area === "events" ? "public.howItWorks.toMyEvents" : "public.howItWorks.toMyGroups")
            : t("public.howItWorks.register")}
        </Button>
      </Group>
    </Card>
  );
}
