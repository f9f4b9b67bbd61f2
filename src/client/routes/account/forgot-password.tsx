import { Container } from "@mantine/core";
import { PageTitle } from "../../components/page-title.tsx";

export default function Page() {
  return (
    <Container size="xs" py="xl">
      <PageTitle id="account.titles.forgotPassword" />
    </Container>
  );
}
