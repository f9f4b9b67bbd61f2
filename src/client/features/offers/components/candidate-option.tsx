import { Badge, Group, Paper, Radio, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Candidate } from "#shared/offers/schema";
import { reasonText, repeatsFacts } from "../reasons.ts";

/** One ranked group: name, score, how far away, and why it ranks where it does. */
export function CandidateOption({
  candidate,
  checked,
  suggested,
}: {
  candidate: Candidate;
  checked: boolean;
  suggested: boolean;
}) {
  const { t } = useTranslation();
  const km = Math.round(candidate.distanceKm);
  const distance = km <= 1 ? t("offers.reason.near") : t("offers.reason.distance", { km });
  const reasons = candidate.reasons
    .filter((r) => !repeatsFacts(r))
    .map((r) => reasonText(r, t))
    .filter((text): text is string => !!text);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      bg={checked ? "blue.0" : suggested ? "yellow.0" : undefined}
      style={{ borderColor: checked ? "var(--mantine-color-blue-7)" : undefined }}
      data-candidate={candidate.name}
    >
      <Radio
        value={candidate.groupId}
        label={
          <Group gap="xs" component="span" align="center">
            <Text component="span" fw={700} style={{ overflowWrap: "anywhere" }}>
              {candidate.name}
            </Text>
            {candidate.organizationName !== candidate.name && (
              <Text component="span" size="sm">
                {candidate.organizationName}
              </Text>
            )}
          </Group>
        }
        description={
          <Stack component="span" gap={4} mt={2}>
            <Group component="span" gap="xs">
              {suggested && (
                <Badge component="span" bg="yellow.3" c="dark.9" variant="filled" tt="none">
                  {t("events.match.add.suggested")}
                </Badge>
              )}
              <Text component="span" size="sm" fw={600} c="dark.9">
                {t("events.match.add.score", { score: candidate.score })} · {distance} ·{" "}
                {t("events.match.add.remaining", { count: candidate.remainingMembers })}
              </Text>
            </Group>
            {reasons.length > 0 && (
              <Text component="span" size="sm" c="dark.7">
                {reasons.join(" · ")}
              </Text>
            )}
          </Stack>
        }
        styles={{ body: { alignItems: "flex-start" }, labelWrapper: { minWidth: 0 } }}
      />
    </Paper>
  );
}
