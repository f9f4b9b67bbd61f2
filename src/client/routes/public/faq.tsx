import { Accordion, Anchor, Box, Container, Group, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { FAQ_GROUPS, faqPairs } from "#shared/public/faq";
import { PageHeader, usePublicTexts } from "./parts.tsx";
import classes from "./public.module.css";

/** Up to 40 question/answer pairs for volunteers, then for organizers; half-written pairs are left out. */
export default function FaqPage() {
  const { t, text } = usePublicTexts();
  return (
    <>
      <PageHeader titleId="public.titles.faq" introId="public.faq.intro" />
      <Container size="lg" py={48}>
        <Box maw={860}>
          {FAQ_GROUPS.map((group) => {
            const pairs = faqPairs(group, text);
            if (pairs.length === 0) return null;
            return (
              <Box key={group} component="section" aria-labelledby={`faq-${group}`} className={classes.faqGroup}>
                <Title order={2} id={`faq-${group}`} mb="lg">
                  {t(`public.faq.${group}Title`)}
                </Title>
                {/* Closed answers stay in the page (hidden), so the browser's find-in-page and a language change reach them. */}
                <Accordion variant="separated" radius="md" order={3} chevronPosition="right" keepMountedMode="display-none">
                  {pairs.map((pair) => (
                    <Accordion.Item key={pair.question} value={pair.question}>
                      <Accordion.Control>
                        <Text fw={600} c="gray.9">
                          {t(pair.question)}
                        </Text>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <Text className={classes.body}>{t(pair.answer)}</Text>
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                </Accordion>
              </Box>
            );
          })}
          <Group mt={48} gap="sm" className={classes.cta} p="lg" style={{ borderRadius: "var(--mantine-radius-md)" }}>
            <Text fw={600} c="gray.9">
              {t("public.faq.moreQuestions")}
            </Text>
            <Anchor component={Link} to="/contact" underline="always" fw={600}>
              {t("public.faq.contactUs")}
            </Anchor>
          </Group>
        </Box>
      </Container>
    </>
  );
}
