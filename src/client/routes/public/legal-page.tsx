import { Anchor, Box, Container, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import tap from "../../components/tap-target.module.css";
import classes from "./public.module.css";

export interface LegalSection {
  /** The section element's id, the contents' link target. */
  anchor: string;
  title: string;
  body: ReactNode;
}

/** A legal text: numbered sections with headings, and a list of contents linking to them. */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <div className={classes.legal}>
        <nav aria-labelledby="legal-toc" className={classes.toc}>
          <Text id="legal-toc" fw={700} c="gray.9">
            {t("public.tocLabel")}
          </Text>
          <ol className={classes.clauses}>
            {sections.map((section) => (
              <li key={section.anchor}>
                <Anchor href={`#${section.anchor}`} underline="always" className={tap.target}>
                  {section.title}
                </Anchor>
              </li>
            ))}
          </ol>
        </nav>
        <Box className={classes.article}>
          {sections.map((section, i) => (
            <section
              key={section.anchor}
              id={section.anchor}
              aria-labelledby={`${section.anchor}-title`}
              className={classes.anchored}
            >
              <h2 id={`${section.anchor}-title`}>
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </Box>
      </div>
    </Container>
  );
}
