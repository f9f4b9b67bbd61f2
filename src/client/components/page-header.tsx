import { Anchor, Breadcrumbs, Group, Text, Title } from "@mantine/core";
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
  /** The lead text under the title: what the page is for, or what the page's item belongs to. */
  intro?: ReactNode;
}

/**
 * The head of every signed-in page: breadcrumbs up to where the user came from, the h1 (also the document
 * title, so screen readers announce where they are) and what belongs beside it. One look for every page.
 */
export function PageHeader({ title, text, crumbs, aside, intro }: Props) {
  const { t } = useTranslation();
  const shown = text ? title : t(title);
  useEffect(() => {
    document.title = `${shown} – ${t("app.name")}`;
  }, [shown, t]);
  return (
    <header>
      {crumbs && crumbs.length > 0 && (
        <nav aria-label={t("common.breadcrumbs")}>
          {/*
            One size for the links and the page itself; a long name wraps between words instead of widening
            the page. Each crumb is a line of 24 px at least, a target a finger hits (WCAG 2.5.8).
          */}
          <Breadcrumbs
            mb="xs"
            separatorMargin={6}
            fz="sm"
            styles={{
              root: { flexWrap: "wrap", rowGap: 0 },
              breadcrumb: {
                whiteSpace: "normal",
                overflowWrap: "break-word",
                minWidth: 0,
                lineHeight: "24px",
                minHeight: 24,
              },
            }}
          >
            {crumbs.map((c) => (
              <Anchor key={c.to} component={Link} to={c.to} fz="sm">
                {t(c.label, { defaultValue: c.label })}
              </Anchor>
            ))}
            <span aria-current="page">{shown}</span>
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="center" gap="sm" mb={intro ? "xs" : "lg"}>
        {/* A long name from the data breaks between words (the theme's headings), never wider than a phone. */}
        <Title order={1} miw={0}>
          {shown}
        </Title>
        {aside}
      </Group>
      {intro && (
        <Text mb="lg" maw={720}>
          {intro}
        </Text>
      )}
    </header>
  );
}
