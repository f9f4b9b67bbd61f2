import { readSections } from "#shared/public/sections";
import { LegalSections } from "./legal-page.tsx";
import { PageHeader, usePublicTexts } from "./parts.tsx";

/** Up to nine sections, each a title and its paragraphs. */
export default function PrivacyPolicyPage() {
  const { t, has } = usePublicTexts();
  const sections = readSections("public.privacy.sections", has, 9).map((section, i) => ({
    anchor: `privacy-${i + 1}`,
    title: t(section.title),
    body: section.paragraphs.map((id) => <p key={id}>{t(id)}</p>),
  }));
  return (
    <>
      <PageHeader titleId="public.titles.privacy" introId="public.privacy.intro" />
      <LegalSections sections={sections} />
    </>
  );
}
