import { Alert, Button, Checkbox, Fieldset, Group, Stack, Text } from "@mantine/core";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { moveStation, stationTime } from "#shared/events/rules";
import type { EventView } from "#shared/events/schema";
import type { Offer } from "#shared/offers/schema";
import { FormError } from "../../../components/form-error.tsx";

interface Props {
  source: EventView;
  /** The source's accepted offers: the ones a copy can ask again. */
  offers: Offer[];
  /** The new event's date, YYYY-MM-DD. */
  date: string;
  /** Offers (by stationIdGroupId) the organizer unticked. */
  skipped: ReadonlySet<string>;
  onToggle(key: string, ticked: boolean): void;
  /** The server's message id per offer (by stationIdGroupId) that it refused to copy. */
  errors: Record<string, string>;
  error: string | null;
  saving: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  onBack(): void;
  onSave(): void;
}

/**
 * The copy wizard's last step (spec 02 §2): per station, the groups that accepted at the source, all ticked,
 * so the organizer unticks those not to ask again. Nothing is mailed on saving (STAFFING §4).
 */
export function CopyOffersPicker({
  source,
  offers,
  date,
  skipped,
  onToggle,
  errors,
  error,
  saving,
  formRef,
  onBack,
  onSave,
}: Props) {
  const { t } = useTranslation();
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <Stack gap="lg">
        {offers.length === 0 ? (
          // Nobody to ask again: said once, not as "here are the groups" over a list of stations without any.
          <Text>{t("events.copy.staff.noneAccepted", { name: source.name })}</Text>
        ) : (
          <>
            <Text>{t("events.copy.staff.intro", { name: source.name })}</Text>
            <Alert variant="light" color="gray" p="sm">
              {t("events.copy.staff.notice")}
            </Alert>
          </>
        )}
        {offers.length > 0 &&
          source.stations.map((s) => {
            const accepted = offers.filter((o) => o.stationId === s.id);
            return (
              <Fieldset
                key={s.id}
                legend={<span style={{ overflowWrap: "anywhere" }}>{s.name}</span>}
                data-station={s.name}
                styles={{ legend: { fontWeight: 700 } }}
              >
                <Stack gap="sm">
                  <Text size="sm">{stationTime(moveStation(s, source.date, date))}</Text>
                  {accepted.length === 0 ? (
                    <Text size="sm">{t("events.copy.staff.none")}</Text>
                  ) : (
                    accepted.map((o) => (
                      <Checkbox
                        key={o.stationIdGroupId}
                        name="offers"
                        value={o.stationIdGroupId}
                        data-offer={o.groupName}
                        label={o.groupName}
                        description={t("events.match.volunteers", { count: o.volunteers })}
                        checked={!skipped.has(o.stationIdGroupId)}
                        onChange={(e) => onToggle(o.stationIdGroupId, e.currentTarget.checked)}
                        error={errors[o.stationIdGroupId] ? t(errors[o.stationIdGroupId], { n: s.officialQuantity }) : undefined}
                        disabled={saving}
                      />
                    ))
                  )}
                </Stack>
              </Fieldset>
            );
          })}
        <FormError error={error} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={saving}>
            {t("events.wizard.back")}
          </Button>
          <Button type="submit" loading={saving}>
            {t("events.copy.staff.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
