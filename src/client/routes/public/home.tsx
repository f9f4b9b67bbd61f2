import { Box, Button, Container, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { readSections } from "#shared/public/sections";
import { useAuth } from "../../app/auth.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { HeroArt } from "./hero-art.tsx";
import { Icon, type IconName } from "./icons.tsx";
import { SectionCard, usePublicTexts } from "./parts.tsx";
import classes from "./public.module.css";

const sectionIcons: IconName[] = ["calendar", "coins", "list", "spark", "shield"];

/** The start page: a slogan and the way in for a visitor, a greeting and my pages for a signed-in user. */
export default function HomePage() {
  const { status, user } = useAuth();
  if (status === "PENDING") return <PendingHero />;
  if (status === "LOGGED_IN" && user) return <SignedInHome firstName={user.firstName} />;
  return <VisitorHome />;
}

/** Holds the hero's place while the session is restored, so neither variant flashes up. */
function PendingHero() {
  const { t } = useTranslation();
  return (
    <Box className={classes.hero} aria-busy="true">
      <VisuallyHidden>{t("public.home.loading")}</VisuallyHidden>
    </Box>
  );
}

function VisitorHome() {
  const { t } = useTranslation();
  const { has } = usePublicTexts();
  const sections = readSections("public.home.sections", has, 5);
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" className={classes.heroInner}>
          <Stack gap="lg" className={classes.heroText}>
            <PageTitle id="app.slogan" />
            <Text className={classes.heroLead}>{t("public.home.lead")}</Text>
            <Stack gap="xs" mt="sm">
              <Text className={classes.heroKicker} id="home-choose">
                {t("public.home.choose")}
              </Text>
              <Group gap="md" role="group" aria-labelledby="home-choose">
                <Button component={Link} to="/how-it-works-organizer" size="lg" variant="white" className={classes.heroButton}>
                  {t("public.home.organizerButton")}
                </Button>
                <Button
                  component={Link}
                  to="/how-it-works-volunteer"
                  size="lg"
                  variant="outline"
                  color="white"
                  className={classes.heroButton}
                >
                  {t("public.home.volunteerButton")}
                </Button>
              </Group>
            </Stack>
          </Stack>
          <Box visibleFrom="md" className={classes.heroArt}>
            <HeroArt />
          </Box>
        </Container>
      </Box>
      <Container size="lg" py={48} component="section" aria-labelledby="home-sections-title">
        <Title order={2} id="home-sections-title" mb="xl">
          {t("public.home.sectionsTitle")}
        </Title>
        <div className={classes.homeGrid}>
          {sections.map((section, i) => (
            <SectionCard
              key={section.id}
              section={section}
              order={3}
              icon={
                <span className={classes.icon}>
                  <Icon name={sectionIcons[i % sectionIcons.length]} />
                </span>
              }
            />
          ))}
        </div>
      </Container>
    </>
  );
}

function SignedInHome({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  const greeting = t("public.home.greeting", { name: firstName });
  useEffect(() => {
    document.title = `${greeting} – ${t("app.name")}`;
  }, [greeting, t]);
  return (
    <Box className={`${classes.hero} ${classes.heroFill}`}>
      <Container size="lg">
        <Stack gap="lg">
          <Title order={1}>{greeting}</Title>
          <Text className={classes.heroLead}>{t("public.home.signedInLead")}</Text>
          <div className={classes.areaLinks}>
            <Link to="/my-pages/events" className={classes.areaLink}>
              <span className={classes.areaKicker}>{t("public.home.organizerKicker")}</span>
              <span className={classes.areaLinkTitle}>{t("public.home.myEvents")}</span>
              <Text span display="block" mt={6} c="gray.8">
                {t("public.home.myEventsText")}
              </Text>
            </Link>
            <Link to="/my-pages/volunteers" className={classes.areaLink}>
              <span className={classes.areaKicker}>{t("public.home.volunteerKicker")}</span>
              <span className={classes.areaLinkTitle}>{t("public.home.myGroups")}</span>
              <Text span display="block" mt={6} c="gray.8">
                {t("public.home.myGroupsText")}
              </Text>
            </Link>
          </div>
        </Stack>
      </Container>
    </Box>
  );
}
