import { Box } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { toggleRawKeys } from "../i18n.ts";
import { CookieNotice } from "./cookie-notice.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import classes from "./shell.module.css";

export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  // The page scrolls to the top on every navigation (spec 01 §2, Shell).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useWindowEvent("keydown", (event) => {
    if (event.shiftKey && event.altKey && event.ctrlKey && ["Shift", "Alt", "Control"].includes(event.key)) toggleRawKeys();
  });

  return (
    <Box className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        {t("shell.skipToContent")}
      </a>
      <Header />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
      <Footer />
      <CookieNotice />
    </Box>
  );
}
