import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { EventCopyInput } from "#shared/events/schema";
import { DateField, TimeField } from "../../../components/date-fields.tsx";
import { FormError } from "../../../components/form-error.tsx";

/** What the copy wizard's second step asks for the new event. */
export type CopyAdjustValues = Required<Pick<EventCopyInput, "name" | "date" | "city" | "startTime">>;

interface Props {
  form: UseFormReturnType<CopyAdjustValues>;
  sourceName: string;
  /** The form element, for the wizard's submit feedback (focus on the first invalid field). */
  formRef: RefObject<HTMLFormElement | null>;
  error: string | null;
  onBack(): void;
  onNext(): void;
}

/** The copy's name, date, city and start time (spec 02 §2, step 1), prefilled from the source but the date. */
export function CopyAdjustForm({ form, sourceName, formRef, error, onBack, onNext }: Props) {
  const { t } = useTranslation();
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onNext();
      }}
    >
      <Stack gap="lg">
        <Text>{t("events.copy.adjust.intro", { name: sourceName })}</Text>
        <Fieldset legend={t("events.copy.adjust.legend")}>
          <Stack gap="sm">
            <TextInput
              label={t("events.form.name")}
              description={t("events.copy.adjust.nameHint")}
              name="name"
              required
              {...form.getInputProps("name")}
            />
            <DateField
              label={t("events.form.date")}
              description={t("events.copy.adjust.dateHint")}
              name="date"
              required
              {...form.getInputProps("date")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t("events.form.city")} name="city" required {...form.getInputProps("city")} />
              <TimeField label={t("events.form.startTime")} name="startTime" required {...form.getInputProps("startTime")} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <FormError error={error} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t("events.wizard.back")}
          </Button>
          <Button type="submit">{t("events.wizard.next")}</Button>
        </Group>
      </Stack>
    </form>
  );
}
