import { Center, Loader, Stack } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../app/auth.tsx";
import { PageHeader } from "../../components/page-header.tsx";

/** Ends the session, then shows the start page as a visitor sees it. */
export default function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  // Strict mode runs effects twice in development; one sign-out is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut()
      .catch(() => {})
      .finally(() => {
        if (window.location.pathname === "/") window.location.reload();
        else navigate("/", { replace: true });
      });
  }, [signOut, navigate]);

  return (
    <Center py={80}>
      <Stack align="center">
        <PageHeader title="account.titles.logout" />
        <Loader aria-hidden="true" />
      </Stack>
    </Center>
  );
}
