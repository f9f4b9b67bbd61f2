import { Button, Text } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import classes from "./shell.module.css";

/** The notice's height while it shows: the page keeps that much room below its content (shell.module.css). */
const HEIGHT_VAR = "--cookie-notice-height";

/**
 * The consent is kept in the browser; once agreed, the notice stays hidden. While it shows it covers
 * nothing: the page gets room for it at the bottom, and whatever is scrolled or tabbed to stops above it.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useLocalStorage({
    key: "bemanna.cookieConsent",
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const notice = useRef<HTMLElement>(null);

  useEffect(() => {
    const box = notice.current;
    if (agreed || !box) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_VAR, `${box.offsetHeight}px`));
    observer.observe(box);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, [agreed]);

  if (agreed) return null;
  return (
    <section ref={notice} className={classes.cookie} aria-label={t("shell.cookies.agree")} data-cookie-notice>
      <Text size="sm" className={classes.cookieText}>
        {t("shell.cookies.text")}
      </Text>
      <Button color="brand.3" c="dark.9" size="sm" onClick={() => setAgreed(true)} className={classes.cookieButton}>
        {t("shell.cookies.agree")}
      </Button>
    </section>
  );
}
