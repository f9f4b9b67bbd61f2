import { Box, Burger, Container, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { useAuth } from "../auth.tsx";
import { LanguageSelect } from "./language-select.tsx";
import classes from "./shell.module.css";

interface Entry {
  to: string;
  label: string;
  mobileOnly?: boolean;
}

export function Header() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes on every navigation
  useEffect(() => close(), [pathname, close]);

  const signedIn = status === "LOGGED_IN";
  const entries: Entry[] = [
    { to: "/how-it-works-volunteer", label: t("shell.menu.volunteer") },
    { to: "/how-it-works-organizer", label: t("shell.menu.organizer") },
    { to: "/contact", label: t("shell.menu.contact"), mobileOnly: true },
    ...(signedIn
      ? [
          { to: "/my-pages", label: t("shell.menu.myPages") },
          { to: "/profile", label: t("shell.menu.profile") },
          { to: "/logout", label: t("shell.menu.logout") },
        ]
      : [
          { to: "/register", label: t("shell.menu.register") },
          { to: "/login", label: t("shell.menu.login") },
        ]),
  ];

  const links = (mobile: boolean) =>
    entries
      .filter((e) => mobile || !e.mobileOnly)
      .map((e) => (
        <NavLink key={e.to} to={e.to} className={classes.navLink}>
          {e.label}
        </NavLink>
      ));

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.logo} aria-label={t("shell.homeLink")}>
            {t("app.name")}
          </Link>
          <Group gap={4} visibleFrom="md" component="nav" aria-label={t("shell.mainNav")} wrap="nowrap">
            {links(false)}
            <LanguageSelect />
          </Group>
          <Burger
            hiddenFrom="md"
            opened={opened}
            onClick={toggle}
            aria-label={opened ? t("shell.closeMenu") : t("shell.openMenu")}
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>
      {opened && (
        <Box id="mobile-menu" className={classes.mobileMenu} hiddenFrom="md">
          <Stack component="nav" aria-label={t("shell.mainNav")} gap={4}>
            {links(true)}
            <LanguageSelect />
          </Stack>
        </Box>
      )}
    </header>
  );
}
