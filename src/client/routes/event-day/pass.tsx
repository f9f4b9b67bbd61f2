import { Alert, Button, Container, Group, Loader } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { PassView } from "#shared/checkin/schema";
import { ApiError, api } from "../../app/api.ts";
// The pass card alone: this public page does not load the check-in page the feature's index exports.
import { PassCard } from "../../features/checkin/pass-card.tsx";

/** /pass/{token}: a volunteer's pass, opened from their mail on the phone and shown at the station (issue 23). */
export default function PassPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const [pass, setPass] = useState<PassView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<PassView>("GET", `/passes/${encodeURIComponent(token)}`)
      .then(setPass)
      .catch((err) =>
        setError(err instanceof ApiError && err.status === 404 ? "checkin.pass.invalid" : "checkin.pass.loadError"),
      );
  }, [token]);

  useEffect(() => {
    document.title = `${t("checkin.pass.title")}${pass ? `: ${pass.name}` : ""} – ${t("app.name")}`;
  }, [pass, t]);

  return (
    <Container size="xs" py="md" px="xs">
      {error ? (
        <Alert color="red" role="alert">
          {t(error)}
        </Alert>
      ) : !pass ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : (
        <>
          <PassCard pass={pass} />
          <Group justify="center" mt="md" data-print="hide">
            <Button variant="default" onClick={() => window.print()}>
              {t("checkin.pass.print")}
            </Button>
          </Group>
        </>
      )}
    </Container>
  );
}
