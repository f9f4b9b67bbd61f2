import { Anchor, Container, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./shell.module.css";

const links = [
  ["/faq", "shell.footer.faq"],
  ["/terms", "shell.footer.terms"],
  ["/about", "shell.footer.about"],
  ["/privacy-policy", "shell.footer.privacy"],
  ["/contact", "shell.footer.contact"],
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <nav aria-label={t("shell.footer.label")}>
          <Group gap="lg" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {links.map(([to, id]) => (
              <li key={to}>
                <Anchor component={Link} to={to} className={classes.footerLink}>
                  {t(id)}
                </Anchor>
              </li>
            ))}
          </Group>
        </nav>
        <Text size="sm" c="gray.7" mt="md">
          {t("shell.footer.copyright")}
        </Text>
      </Container>
    </footer>
  );
}
