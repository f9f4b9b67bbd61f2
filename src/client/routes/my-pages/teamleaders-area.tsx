import { Alert, Anchor, Loader, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LedEvents, useLedEvents } from "../../features/teamleader/index.ts";
import { AreaFrame } from "./area-frame.tsx";

/**
 * The team leaders' area (spec 02 §2): the events where the user leads a station, coming ones first; those
 * more than 7 days past sit behind a toggle. An event opens read-only with only their stations.
 */
export default function TeamleadersArea() {
  const { t } = useTranslation();
  const led = useLedEvents();
  const [showPast, setShowPast] = useState(false);
  const all = led.data ?? [];
  const current = all.filter((e) => e.current);
  const past = all.filter((e) => !e.current);

  return (
    <AreaFrame area="teamleaders">
      {led.isPending ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : led.isError ? (
        <Alert color="red.9" role="alert">
          {t("teamleader.loadError")}
        </Alert>
      ) : all.length === 0 ? (
        <Text maw={720} data-empty>
          {t("teamleader.empty")}
        </Text>
      ) : (
        <Stack gap="lg">
          {current.length === 0 ? (
            <Stack gap="xs">
              <Text component="h2" fw={700} size="lg">
                {t("teamleader.listTitle")}
              </Text>
              <Text>{t("teamleader.noCurrent")}</Text>
            </Stack>
          ) : (
            <LedEvents events={current} caption={t("teamleader.listTitle")} />
          )}
          {past.length > 0 && (
            <div>
              <Anchor component="button" type="button" onClick={() => setShowPast((s) => !s)} aria-expanded={showPast}>
                {showPast ? t("teamleader.hidePast") : t("teamleader.showPast", { count: past.length })}
              </Anchor>
              {showPast && (
                <div style={{ marginTop: "var(--mantine-spacing-md)" }}>
                  <LedEvents events={past} caption={t("teamleader.pastTitle")} />
                </div>
              )}
            </div>
          )}
        </Stack>
      )}
    </AreaFrame>
  );
}
