import { Text } from "@mantine/core";
import { readSection } from "#shared/public/sections";
import { TERMS_PARTS, TERMS_VALID_FROM } from "#shared/public/terms";
import { LegalSections } from "./legal-page.tsx";
import { PageHeader, usePublicTexts } from "./parts.tsx";
import classes from "./public.module.css";

/** The intro, then the general, the volunteer and the organizer terms, whose clauses are numbered. */
export default function TermsPage() {
  const { t, has } = usePublicTexts();
  const sections = TERMS_PARTS.map((part) => {
    const section = readSection(`public.terms.${part}`, has);
    return {
      anchor: `terms-${part}`,
      title: t(section.title),
      body:
        part === "intro" ? (
          section.paragraphs.map((id) => <p key={id}>{t(id)}</p>)
        ) : (
          <ol className={classes.clauses}>
            {section.paragraphs.map((id) => (
              <li key={id}>{t(id)}</li>
            ))}
          </ol>
        ),
    };
  });
  return (
    <>
      <PageHeader titleId="public.titles.terms">
        <Text className={classes.lead} mt="md" fw={600}>
          {t("public.terms.validFrom", { date: TERMS_VALID_FROM })}
        </Text>
      </PageHeader>
      <LegalSections sections={sections} />
    </>
  );
}
