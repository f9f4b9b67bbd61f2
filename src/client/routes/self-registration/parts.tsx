import { Alert, Button, Container, Loader, Paper, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { stationPlace } from "#shared/geo/municipalities";
import { stationTime } from "#shared/time";
import { Facts } from "../../components/facts.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { failureText, isDeadLink } from "./link-errors.ts";

/**
 * The frame of the pages reached through a link, without an account: one narrow column, made for the phone
 * the link is most often opened on.
 */
export function LinkPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container size="sm" py="lg" px={{ base: "sm", xs: "md" }}>
      <PageHeader title={title} text intro={intro} />
      <Stack gap="md">{children}</Stack>
    </Container>
  );
}

/** While the page asks the server what the link is about. */
export function Loading({ text }: { text: string }) {
  return (
    <Stack align="center" gap="xs" py="lg" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text>{text}</Text>
    </Stack>
  );
}

interface StationItem {
  name: string;
  start: string;
  end: string;
  markerLocation?: string;
  municipality?: string;
}

/** The group's stations at the event: name, time and, when known, place. */
export function StationList({ stations, label }: { stations: StationItem[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
      {stations.map((s) => {
        const place = stationPlace(s);
        return (
          <Paper component="li" key={`${s.name}-${s.start}`} withBorder p="sm" bg="gray.0">
            <Text fw={700} mb={4} style={{ overflowWrap: "anywhere" }}>
              {s.name}
            </Text>
            <Facts
              rows={[
                [t("registration.signUp.stations.time"), stationTime(s)],
                ...(place ? [[t("registration.signUp.stations.place"), place] as [string, ReactNode]] : []),
              ]}
            />
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * Why a link's page cannot show what the link is about: a dead link in the page's own words, anything
 * else as the error's text with a way to try again.
 */
export function LinkFailure({ error, dead, onRetry }: { error: unknown; dead: string; onRetry(): void }) {
  const { t } = useTranslation();
  if (isDeadLink(error))
    return (
      <Alert color="yellow" role="alert">
        {dead}
      </Alert>
    );
  return (
    <>
      <Alert color="red" role="alert">
        {failureText(error, t)}
      </Alert>
      <div>
        <Button variant="default" onClick={onRetry}>
          {t("registration.signUp.retry")}
        </Button>
      </div>
    </>
  );
}

/**
 * What the page's one action achieved. Arriving in place of the button, it takes the focus (`focus`), so
 * the focus is not lost with the button and a screen reader says the outcome.
 */
export function Outcome({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Alert ref={ref} tabIndex={-1} color="brand" role="status">
      {children}
    </Alert>
  );
}
