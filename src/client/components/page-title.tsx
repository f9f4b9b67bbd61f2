import { Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The page's h1, also set as the document title so screen readers announce where they are. */
export function PageTitle({ id }: { id: string }) {
  const { t } = useTranslation();
  const text = t(id);
  useEffect(() => {
    document.title = `${text} – ${t("app.name")}`;
  }, [text, t]);
  return <Title order={1}>{text}</Title>;
}
