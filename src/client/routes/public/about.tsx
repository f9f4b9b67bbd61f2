import { Container, SimpleGrid } from "@mantine/core";
import { readSections } from "#shared/public/sections";
import { PageHeader, SectionCard, usePublicTexts } from "./parts.tsx";

export default function AboutPage() {
  const { has } = usePublicTexts();
  const sections = readSections("public.about.sections", has, 9);
  return (
    <>
      <PageHeader titleId="public.titles.about" introId="public.about.intro" />
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {sections.map((section) => (
            <SectionCard key={section.id} section={section} />
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
