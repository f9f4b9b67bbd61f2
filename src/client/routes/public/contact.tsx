import { Anchor, Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { readSections } from "#shared/public/sections";
import { PageHeader, SectionCard, usePublicTexts } from "./parts.tsx";
import classes from "./public.module.css";

/** Two sections, each with its e-mail address. */
export default function ContactPage() {
  const { t } = useTranslation();
  const { has } = usePublicTexts();
  const sections = readSections("public.contact.sections", has, 2);
  return (
    <>
      <PageHeader titleId="public.titles.contact" introId="public.contact.intro" />
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {sections.map((section) => {
            const email = has(`${section.id}.email`) ? t(`${section.id}.email`) : null;
            return (
              <SectionCard key={section.id} section={section}>
                {email && (
                  <Stack gap={2} mt="xs">
                    <Text size="sm" fw={700} c="gray.8">
                      {t("public.contact.emailLabel")}
                    </Text>
                    <Anchor href={`mailto:${email}`} className={classes.email} underline="always">
                      {email}
                    </Anchor>
                  </Stack>
                )}
              </SectionCard>
            );
          })}
        </SimpleGrid>
      </Container>
    </>
  );
}
