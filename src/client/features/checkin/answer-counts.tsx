import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CheckinCounts } from "#shared/checkin/rules";
import { ToneBadge } from "../../components/status-badge.tsx";

/**
 * How many of a station's expected volunteers answered the day-before text JA, and how many NEJ when some
 * did (issue 24). Counts kept from before the answers (a list on the phone, an older stream message) have
 * none: read as 0.
 */
export function AnswerCounts({ counts }: { counts: Pick<CheckinCounts, "expected"> & Partial<CheckinCounts> }) {
  const { t } = useTranslation();
  const confirmed = counts.confirmed ?? 0;
  const declined = counts.declined ?? 0;
  return (
    <Group gap="xs" wrap="wrap" data-answers={`${confirmed}/${declined}`}>
      <Text size="sm">{t("checkin.counts.confirmed", { confirmed, expected: counts.expected })}</Text>
      {declined > 0 && <ToneBadge tone="attention">{t("checkin.counts.declined", { declined })}</ToneBadge>}
    </Group>
  );
}
