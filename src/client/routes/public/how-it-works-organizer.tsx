import { Box, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { HowItWorks } from "./how-it-works.tsx";
import classes from "./public.module.css";

/** The organizer's steps plus the services: titles, the price text and descriptions; never an amount of our own. */
export default function HowItWorksOrganizerPage() {
  const { t } = useTranslation();
  return (
    <HowItWorks page="howItWorksOrganizer" area="events">
      <Box component="section" aria-labelledby="pricing-title">
        <Title order={2} id="pricing-title" mb="xl">
          {t("public.howItWorksOrganizer.pricingTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card padding="xl" radius="md" className={classes.priceCard}>
            <Stack gap="sm">
              <Title order={3} size="h4" className={classes.cardTitle}>
                {t("public.howItWorksOrganizer.basicTitle")}
              </Title>
              <Text className={classes.price}>{t("public.howItWorksOrganizer.basicPrice")}</Text>
              <Text className={classes.body}>{t("public.howItWorksOrganizer.basicText")}</Text>
            </Stack>
          </Card>
          <Card padding="xl" radius="md" className={classes.card}>
            <Stack gap="sm">
              <Title order={3} size="h4" className={classes.cardTitle}>
                {t("public.howItWorksOrganizer.additionalTitle")}
              </Title>
              <Text className={classes.body}>{t("public.howItWorksOrganizer.additionalText")}</Text>
            </Stack>
          </Card>
        </SimpleGrid>
      </Box>
    </HowItWorks>
  );
}
