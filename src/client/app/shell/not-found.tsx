import { Button, Container, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t("shell.notFound.title")}</Title>
      <Text my="md">{t("shell.notFound.text")}</Text>
      <Button component={Link} to="/">
        {t("shell.notFound.home")}
      </Button>
    </Container>
  );
}
