import { Box, Container, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { readSections } from "#shared/public/sections";
import { PageHeader, RegisterCta, SectionBody, usePublicTexts } from "./parts.tsx";
import classes from "./public.module.css";

/** The numbered steps of a how-it-works page, read until an id is missing, then the register call. */
export function HowItWorks({
  page,
  area,
  children,
}: {
  page: "howItWorksVolunteer" | "howItWorksOrganizer";
  area: "events" | "volunteers";
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { has } = usePublicTexts();
  const sections = readSections(`public.${page}.sections`, has);
  return (
    <>
      <PageHeader titleId={`public.titles.${page}`} introId={`public.${page}.intro`} />
      <Container size="lg" py={48}>
        <Stack gap={48}>
          <Box component="section" aria-labelledby="steps-title" maw={820}>
            <Title order={2} id="steps-title" mb="xl">
              {t("public.howItWorks.stepsLabel")}
            </Title>
            <ol className={classes.steps}>
              {sections.map((section, i) => (
                <li key={section.id} className={classes.step}>
                  <Group align="flex-start" wrap="nowrap" gap="lg">
                    <span className={classes.stepNumber} aria-hidden="true">
                      {i + 1}
                    </span>
                    <Stack gap="xs" pt={8}>
                      <Title order={3} size="h4" className={classes.cardTitle}>
                        {t(section.title)}
                      </Title>
                      <SectionBody section={section} />
                    </Stack>
                  </Group>
                </li>
              ))}
            </ol>
          </Box>
          {children}
          <RegisterCta area={area} />
        </Stack>
      </Container>
    </>
  );
}
