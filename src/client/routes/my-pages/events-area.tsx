import { Alert, Anchor, Loader, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isPast, nextSort, type Sort, shouldBecomeHistoric } from "#shared/events/rules";
import type { EventSummary } from "#shared/events/schema";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { EventsTable, useEventSummaries, useRemoveEvent, useSetHistoric } from "../../features/events/index.ts";
import classes from "../organizer/events-hub.module.css";
import { AreaFrame } from "./area-frame.tsx";

/** The organizer's hub (spec 01 §2): new and copy circles, the events list, past events behind a link. */
export default function EventsArea() {
  const { t } = useTranslation();
  const summaries = useEventSummaries();
  const remove = useRemoveEvent();
  const setHistoric = useSetHistoric();
  // No header chosen: the server's order, today's and coming events first (ADR 028).
  const [sort, setSort] = useState<Sort | null>(null);
  const [showPast, setShowPast] = useState(false);
  const [removing, setRemoving] = useState<EventSummary | null>(null);
  const asked = useRef(new Set<string>());

  const now = new Date();
  const all = summaries.data ?? [];
  const current = all.filter((e) => !isPast(e.date, now));
  const past = all.filter((e) => isPast(e.date, now));

  // Showing past events asks for every past CONFIRMED one to become HISTORIC (spec 01 §4); the server's
  // scheduled sweep does the same, so this only closes the gap until its next run.
  useEffect(() => {
    if (!showPast) return;
    for (const e of past)
      if (shouldBecomeHistoric(e.status, e.date, new Date()) && !asked.current.has(e.id)) {
        asked.current.add(e.id);
        setHistoric.mutate(e.id);
      }
  }, [showPast, past, setHistoric]);

  return (
    <AreaFrame area="events">
      <Stack gap="xl">
        <nav aria-label={t("events.hub.actions")}>
          <SimpleGrid cols={2} spacing="lg" maw={520}>
            <UnstyledButton component={Link} to="/my-pages/events/new" className={classes.circle}>
              <span className={classes.plus} aria-hidden="true">
                +
              </span>
              <span className={classes.label}>{t("events.hub.newEvent")}</span>
              <span className={classes.hint}>{t("events.hub.newEventHint")}</span>
            </UnstyledButton>
            <UnstyledButton component={Link} to="/my-pages/events/copy" className={classes.circle}>
              <svg
                className={classes.icon}
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
              >
                <rect x="8" y="8" width="12" height="12" rx="2" />
                <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
              </svg>
              <span className={classes.label}>{t("events.hub.copyEvent")}</span>
              <span className={classes.hint}>{t("events.hub.copyEventHint")}</span>
            </UnstyledButton>
          </SimpleGrid>
        </nav>

        {summaries.isPending ? (
          <Loader role="status" aria-label={t("common.loading")} />
        ) : summaries.isError ? (
          <Alert color="red.9" role="alert">
            {t("events.hub.loadError")}
          </Alert>
        ) : (
          <Stack gap="lg">
            {current.length === 0 ? (
              <Stack gap="xs">
                <Text fw={700} size="lg">
                  {t("events.hub.listTitle")}
                </Text>
                <Text>{t("events.hub.empty")}</Text>
              </Stack>
            ) : (
              <EventsTable
                events={current}
                sort={sort}
                onSort={(f) => setSort((s) => nextSort(s, f))}
                onRemove={setRemoving}
                caption={t("events.hub.listTitle")}
              />
            )}
            {past.length > 0 && (
              <div>
                <Anchor component="button" type="button" onClick={() => setShowPast((s) => !s)} aria-expanded={showPast}>
                  {showPast ? t("events.hub.hidePast") : t("events.hub.showPast", { count: past.length })}
                </Anchor>
                {showPast && (
                  <div style={{ marginTop: "var(--mantine-spacing-md)" }}>
                    <EventsTable
                      events={past}
                      sort={sort}
                      onSort={(f) => setSort((s) => nextSort(s, f))}
                      onRemove={setRemoving}
                      caption={t("events.hub.pastTitle")}
                    />
                  </div>
                )}
              </div>
            )}
          </Stack>
        )}
      </Stack>

      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t("events.remove.title")}
        confirmLabel={t("events.remove.confirm")}
        color="red.9"
        checkbox={{ label: t("events.remove.checkbox"), error: t("events.remove.checkboxError") }}
        closeDelayMs={500}
        onConfirm={() => remove.mutateAsync(removing?.id ?? "")}
      >
        {t("events.remove.text", { name: removing?.name ?? "" })}
      </ConfirmModal>
    </AreaFrame>
  );
}
