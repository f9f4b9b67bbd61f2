import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isPast } from "#shared/events/rules";
import type { EventSummary } from "#shared/events/schema";
import { StatusBadge } from "../../../components/status-badge.tsx";

interface Props {
  events: EventSummary[];
  /** The event already chosen, when the user came back to this step. */
  chosen?: string;
  onChoose(id: string): void;
}

/**
 * The copy wizard's first step (spec 02 §2): the user's events as cards, past ones first since a copy is
 * most often next year's edition of one already held; any of them may be copied. Within each, the server's
 * order: coming events soonest first, past ones most recent first.
 */
export function CopySourceList({ events, chosen, onChoose }: Props) {
  const { t } = useTranslation();
  const now = new Date();
  const past = events.filter((e) => isPast(e.date, now));
  const current = events.filter((e) => !isPast(e.date, now));
  if (events.length === 0) return <Text>{t("events.copy.choose.empty")}</Text>;
  return (
    <Stack gap="lg">
      <Text>{t("events.copy.choose.intro")}</Text>
      {past.length > 0 && (
        <SourceSection title={t("events.copy.choose.pastTitle")} events={past} chosen={chosen} onChoose={onChoose} />
      )}
      {current.length > 0 && (
        <SourceSection title={t("events.copy.choose.currentTitle")} events={current} chosen={chosen} onChoose={onChoose} />
      )}
    </Stack>
  );
}

function SourceSection({ title, events, chosen, onChoose }: Props & { title: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h4" mb="xs" id={id}>
        {title}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
        {events.map((e) => (
          <Paper
            component="li"
            key={e.id}
            withBorder
            radius="md"
            p="sm"
            data-source={e.name}
            aria-current={e.id === chosen ? "true" : undefined}
            bd={e.id === chosen ? "2px solid var(--mantine-primary-color-filled)" : undefined}
          >
            <Group justify="space-between" align="center" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: "1 1 12rem" }}>
                <Group gap="xs" align="center">
                  <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                    {e.name}
                  </Text>
                  <StatusBadge status={e.status} of="event" />
                </Group>
                <Text size="sm">
                  {e.date}
                  {e.city ? ` · ${e.city}` : ""}
                </Text>
              </Stack>
              <Button
                variant={e.id === chosen ? "filled" : "default"}
                aria-label={t("events.copy.choose.buttonNamed", { name: e.name, date: e.date })}
                onClick={() => onChoose(e.id)}
              >
                {t("events.copy.choose.button")}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
