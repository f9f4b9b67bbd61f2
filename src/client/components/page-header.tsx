import { Anchor, Breadcrumbs, Group, Title } from "@mantine/core";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export interface Crumb {
  /** Message id of the crumb's text, or the text itself when `text` is set (e.g. an event's name). */
  label: string;
  to: string;
}

interface Props {
  /** The page's h1: a message id, or a name from the data when `text` is true. */
  title: string;
  text?: boolean;
  /** The way back up: the pages above this one, outermost first; the page itself is the last crumb. */
  crumbs?: Crumb[];
  /** Beside the title: a status badge, an action. */
  aside?: ReactNode;
}

/**
 * The head of every signed-in page: breadcrumbs up to where the user came from, the h1 (also the document
 * title, so screen readers announce where they are) and what belongs beside it. One look for every page.
 */
export function PageHeader({ title, text, crumbs, aside }: Props) {
  const { t } = useTranslation();
  const shown = text ? title : t(title);
  useEffect(() => {
    document.title = `${shown} – ${t("app.name")}`;
  }, [shown, t]);
  return (
    <header>
      {crumbs && crumbs.length > 0 && (
        <nav aria-label={t("common.breadcrumbs")}>
          {/* A long name wraps instead of pushing the page sideways on a phone. */}
          <Breadcrumbs
            mb="xs"
            separatorMargin={6}
            styles={{ root: { flexWrap: "wrap" }, breadcrumb: { whiteSpace: "normal", overflowWrap: "anywhere", minWidth: 0 } }}
          >
            {crumbs.map((c) => (
              <Anchor key={c.to} component={Link} to={c.to} size="sm">
                {t(c.label, { defaultValue: c.label })}
              </Anchor>
            ))}
            <span aria-current="page" style={{ overflowWrap: "anywhere" }}>
              {shown}
            </span>
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Title order={1} style={{ overflowWrap: "anywhere" }}>
          {shown}
        </Title>
        {aside}
      </Group>
    </header>
  );
}
