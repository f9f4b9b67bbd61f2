import { Button, Group, Text } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import classes from "./shell.module.css";

/** The consent is kept in the browser; once agreed, the notice stays hidden. */
export function CookieNotice() {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useLocalStorage({
    key: "bemanna.cookieConsent",
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (agreed) return null;
  return (
    <section className={classes.cookie} aria-label={t("shell.cookies.agree")}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Text size="sm">{t("shell.cookies.text")}</Text>
        <Button color="brand.3" c="dark.9" onClick={() => setAgreed(true)} style={{ flexShrink: 0 }}>
          {t("shell.cookies.agree")}
        </Button>
      </Group>
    </section>
  );
}
