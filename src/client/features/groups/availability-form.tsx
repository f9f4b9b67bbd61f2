import { Button, CloseButton, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { eventLocations, newAvailability } from "#shared/groups/rules";
import { AVAILABILITY_TYPES, type AvailabilityInput, availability, type Group as GroupData } from "#shared/groups/schema";
import { DateField } from "../../components/date-fields.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { UnsavedChangesPrompt } from "../../components/unsaved-changes.tsx";
import { usePublicEvent, usePublicEvents } from "./api.ts";
import { useMunicipalityOptions } from "./group-form.tsx";

interface Values {
  availabilities: AvailabilityInput[];
}

const availabilityList = z.object({ availabilities: z.array(availability) });

const valuesOf = (group: GroupData): Values => ({
  availabilities:
    group.availabilities.length > 0
      ? group.availabilities.map((a) => ({ ...a }))
      : [newAvailability(new Date(), group.municipality)],
});

interface Props {
  group: GroupData;
  submitLabel: string;
  onSubmit(availabilities: AvailabilityInput[]): Promise<void>;
  /** The way back, left of the submit button (the wizard's previous step). */
  actions?: ReactNode;
}

/** The group's interest: when (a period) or for which event, and where, the group can work. */
export function AvailabilityForm({ group, submitLabel, onSubmit, actions }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({ initialValues: valuesOf(group), validate: zodValidate(availabilityList, t) });
  const feedback = useSubmitFeedback();

  const submit = form.onSubmit(
    async (values) => {
      feedback.setError(null);
      try {
        await onSubmit(values.availabilities);
        form.resetDirty();
      } catch (err) {
        feedback.fail(err, form.setErrors);
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  return (
    <form onSubmit={submit} noValidate ref={feedback.ref}>
      <UnsavedChangesPrompt dirty={form.isDirty() && !form.submitting} />
      <Stack gap="md">
        {form.values.availabilities.length === 0 && <Text c="dimmed">{t("groups.availability.empty")}</Text>}
        {form.values.availabilities.map((entry, index) => (
          <AvailabilityEntry key={form.key(`availabilities.${index}`)} form={form} index={index} entry={entry} />
        ))}
        {group.abilities.edit && (
          <>
            <Group>
              <Button
                variant="outline"
                onClick={() => form.insertListItem("availabilities", newAvailability(new Date(), group.municipality))}
              >
                {t("groups.availability.add")}
              </Button>
            </Group>
            <FormError error={feedback.error} />
            <Group mt="xs" justify={actions ? "space-between" : "flex-end"}>
              {actions}
              <Button type="submit" loading={form.submitting} ml="auto">
                {submitLabel}
              </Button>
            </Group>
          </>
        )}
        {!group.abilities.edit && actions && <Group>{actions}</Group>}
      </Stack>
    </form>
  );
}

function AvailabilityEntry({ form, index, entry }: { form: UseFormReturnType<Values>; index: number; entry: AvailabilityInput }) {
  const { t } = useTranslation();
  const path = (field: keyof AvailabilityInput) => `availabilities.${index}.${field}`;
  const isEvent = entry.type === "EVENT";
  const events = usePublicEvents();
  const event = usePublicEvent(isEvent ? entry.eventId : null);
  const only = isEvent && event.data?.stations ? eventLocations(event.data.stations) : undefined;
  const locations = useMunicipalityOptions(only);

  // An event narrows the locations to its stations' municipalities; one alone is chosen for the user.
  useEffect(() => {
    if (!only) return;
    if (only.length === 1 && entry.location !== only[0]) form.setFieldValue(path("location"), only[0]);
    else if (entry.location && !only.includes(entry.location)) form.setFieldValue(path("location"), "");
  });

  const n = index + 1;
  return (
    <Fieldset legend={t("groups.availability.legend", { n })} styles={{ legend: { fontWeight: 600 } }}>
      <Stack gap="sm">
        <Group justify="flex-end" mt={-8} mb={-8}>
          <CloseButton
            aria-label={t("groups.availability.remove", { n })}
            onClick={() => form.removeListItem("availabilities", index)}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t("groups.availability.type")}
            name="type"
            required
            data={AVAILABILITY_TYPES.map((type) => ({ value: type, label: t(`groups.availability.types.${type}`) }))}
            {...form.getInputProps(path("type"))}
          />
          {isEvent ? (
            <NativeSelect
              label={t("groups.availability.eventId")}
              name="eventId"
              required
              description={
                events.isError
                  ? t("groups.availability.eventsError")
                  : events.data?.length === 0
                    ? t("groups.availability.noEvents")
                    : undefined
              }
              data={[
                { value: "", label: "" },
                ...(events.data ?? []).map((e) => ({ value: e.id, label: `${e.name} – ${e.date} – ${e.city}` })),
              ]}
              {...form.getInputProps(path("eventId"))}
              value={entry.eventId ?? ""}
            />
          ) : (
            <>
              <DateField
                label={t("groups.availability.startDate")}
                name="startDate"
                required
                {...form.getInputProps(path("startDate"))}
                value={entry.startDate ?? ""}
              />
              <DateField
                label={t("groups.availability.endDate")}
                name="endDate"
                required
                minDate={entry.startDate ?? undefined}
                {...form.getInputProps(path("endDate"))}
                value={entry.endDate ?? ""}
              />
            </>
          )}
          <NativeSelect
            label={t("groups.availability.location")}
            description={isEvent ? t("groups.availability.locationHint") : undefined}
            name="location"
            required
            data={[{ value: "", label: "" }, ...locations]}
            {...form.getInputProps(path("location"))}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
