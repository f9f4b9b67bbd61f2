import { Container } from "@mantine/core";
import { PageTitle } from "../../components/page-title.tsx";

export default function Page() {
  return (
    <Container size="md" py="xl">
      <PageTitle id="public.titles.terms" />
    </Container>
  );
}
