import { Alert, Button, Container, Group, Loader, SegmentedControl, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { PassView } from "#shared/checkin/schema";
import { api } from "../../app/api.ts";
import { RequireAuth } from "../../app/guards.tsx";
import { PageHeader } from "../../components/page-header.tsx";
// The pass card alone, not the check-in page the feature's index also exports.
import { PassSheet } from "../../features/checkin/pass-card.tsx";

/**
 * /my-pages/volunteers/{groupId}/passes/{eventId}: every pass of the group's named volunteers at the event,
 * for its contacts to print — one page per volunteer, or a sheet of cards (issue 23).
 */
export default function GroupPassesPage() {
  const { t } = useTranslation();
  const { id = "", eventId = "" } = useParams();
  const [layout, setLayout] = useState<"pages" | "cards">("pages");
  const passes = useQuery({
    queryKey: ["passes", id, eventId],
    queryFn: () => api<PassView[]>("GET", `/groups/${id}/events/${eventId}/passes`),
  });
  const eventName = passes.data?.[0]?.event.name ?? "";

  return (
    <RequireAuth>
      <Container size="md" py="lg">
        <Stack gap="md">
          <PageHeader
            title={eventName ? t("checkin.pass.groupTitle", { event: eventName }) : t("checkin.pass.open")}
            text
            crumbs={[
              { label: "myPages.volunteers.title", to: "/my-pages/volunteers" },
              { label: passes.data?.[0]?.groupName ?? t("checkin.pass.group"), to: `/my-pages/volunteers/${id}` },
            ]}
            intro={t("checkin.pass.groupIntro")}
          />
          {passes.isPending ? (
            <Loader role="status" aria-label={t("common.loading")} />
          ) : passes.isError ? (
            <Alert color="red" role="alert">
              {t("checkin.pass.loadError")}
            </Alert>
          ) : passes.data.length === 0 ? (
            <Text>{t("checkin.pass.none")}</Text>
          ) : (
            <>
              <Group justify="space-between" data-print="hide" wrap="wrap">
                <SegmentedControl
                  aria-label={t("checkin.pass.layout")}
                  value={layout}
                  onChange={(v) => setLayout(v as "pages" | "cards")}
                  data={[
                    { value: "pages", label: t("checkin.pass.pages") },
                    { value: "cards", label: t("checkin.pass.cards") },
                  ]}
                />
                <Button onClick={() => window.print()}>{t("checkin.pass.print")}</Button>
              </Group>
              <PassSheet passes={passes.data} layout={layout} />
            </>
          )}
        </Stack>
      </Container>
    </RequireAuth>
  );
}
