import "@mantine/core/styles.css";
import "../../../src/client/app/i18n.ts";
import { Container, MantineProvider, Stack, Title } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { setAccessToken } from "../../../src/client/app/api.ts";
import { AuthProvider } from "../../../src/client/app/auth.tsx";
import { cssVariablesResolver, theme } from "../../../src/client/app/theme.ts";
import { ContactPersonsField, UserEmailField } from "../../../src/client/components/people/index.ts";

/**
 * A page that hosts the shared "people by e-mail" components on their own, so the end-to-end test exercises
 * them against the real API before any product page uses them. The test passes the signed-in user in the hash.
 * Plain JSX, because the server's type check covers tests/ without the DOM.
 */
const params = new URLSearchParams(window.location.hash.slice(1));
setAccessToken(params.get("token"));
const me = { id: "me", email: params.get("email") ?? "", name: params.get("name") ?? "" };

function Host() {
  const [contacts, setContacts] = useState([me]);
  const [leader, setLeader] = useState("");
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Title order={1}>Kontaktpersoner</Title>
        <ContactPersonsField value={contacts} onChange={setContacts} lockedEmails={[me.email]} inviteType="event" />
        <UserEmailField label="Lagledare" name="teamLeaderEmail" value={leader} onChange={setLeader} inviteType="teamleader" />
        <output data-testid="contacts">{JSON.stringify(contacts)}</output>
        <output data-testid="leader">{leader}</output>
      </Stack>
    </Container>
  );
}

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <AuthProvider>
          <ModalsProvider>
            <Host />
          </ModalsProvider>
        </AuthProvider>
      </MantineProvider>
    </StrictMode>,
  );
