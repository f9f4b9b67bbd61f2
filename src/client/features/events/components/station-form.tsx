import { Button, Checkbox, Fieldset, Group, Loader, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { lazy, type Ref, Suspense, useImperativeHandle, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { defaultStationTimes, normalizeStation } from "#shared/events/rules";
import {
  CURRENCIES,
  PAYMENT_TYPES,
  type PaymentType,
  paymentFieldsOf,
  SKILLS,
  type StationInput,
  skillLabelId,
  stationAmong,
} from "#shared/events/schema";
import { findMunicipality, MUNICIPALITIES } from "#shared/geo/municipalities";
import { normalizeInstant, stockholmLocal } from "#shared/time";
import { DateTimeField } from "../../../components/date-fields.tsx";
import { zodValidate } from "../../../components/form.ts";
import { FormError } from "../../../components/form-error.tsx";
import { useSubmitFeedback } from "../../../components/form-feedback.ts";
import { useMapConfig } from "../../../components/map-config.ts";
import { UserEmailField } from "../../../components/people/index.ts";
import { UnsavedChangesPrompt } from "../../../components/unsaved-changes.tsx";
import { WholeNumberInput } from "../../../components/whole-number-input.tsx";
import { geoReverse, geoSearch } from "../api.ts";

const MapPicker = lazy(() => import("../../../components/map-picker.tsx"));

/** Swedish municipalities by name, then the Norwegian one: the order people look for them in. */
const municipalityOptions = [...MUNICIPALITIES].sort((a, b) =>
  a.country === b.country ? a.name.localeCompare(b.name, "sv") : a.country === "SE" ? -1 : 1,
);

/** Stockholm, for a map opened before a municipality is chosen. */
const FALLBACK_CENTRE = { lat: 59.3293, lng: 18.0686 };

export function newStation(eventDate: string): StationInput {
  return {
    name: "",
    description: "",
    ...defaultStationTimes(eventDate),
    municipality: "",
    markerLocation: "",
    markerCoordinates: null,
    teamLeaderEmail: "",
    officialQuantity: "" as unknown as number,
    officialMiniumumAge: "" as unknown as number,
    skills: [],
    paymentType: "NOCOMPENSATION",
    currency: null,
    groupPayment: null,
    paymentAdult: null,
    paymentChild: null,
  };
}

/** What the page around an open station form may ask of it, e.g. a wizard before it moves on. */
export interface StationFormHandle {
  dirty(): boolean;
  /** Validates and saves; true when the station was saved. */
  save(): Promise<boolean>;
}

interface Props {
  ref?: Ref<StationFormHandle>;
  initial: StationInput;
  /** The saved event the station belongs to: an invited new team leader is told its name. */
  eventId?: string;
  /** Names of the event's other stations: a name must differ from them. */
  otherNames: string[];
  teamLeaderName?: string;
  /** Saves; resolves with field errors from the server (by station field), or nothing on success; throws when the save failed. */
  onSubmit(values: StationInput): Promise<Record<string, string> | undefined>;
  onCancel(): void;
  readOnly?: boolean;
}

/** One station (spec 02 §3, §5): what, when, where on the map, how many, and the compensation. */
export function StationForm({ ref, initial, eventId, otherNames, teamLeaderName, onSubmit, onCancel, readOnly }: Props) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const schema = useMemo(() => stationAmong(otherNames) as z.ZodType, [otherNames]);
  // The time inputs hold Stockholm wall-clock time; the API's instants carry the offset as well.
  const form = useForm<StationInput>({
    initialValues: { ...initial, start: stockholmLocal(initial.start), end: stockholmLocal(initial.end) },
    validate: zodValidate(schema, t),
  });
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const feedback = useSubmitFeedback();
  const v = form.values;
  const shown = new Set(paymentFieldsOf(v.paymentType as PaymentType));
  const municipality = v.municipality ? findMunicipality(v.municipality) : undefined;

  const submit = async (): Promise<boolean> => {
    if (busy.current || readOnly) return false;
    if (!feedback.accept(form.validate())) return false;
    busy.current = true;
    setSaving(true);
    try {
      const errors = await onSubmit(
        normalizeStation({ ...v, start: normalizeInstant(v.start) ?? v.start, end: normalizeInstant(v.end) ?? v.end }),
      );
      if (!errors) return true;
      form.setErrors(Object.fromEntries(Object.entries(errors).map(([k, id]) => [k, t(id)])));
      feedback.accept({ hasErrors: true });
      return false;
    } catch (err) {
      feedback.fail(err);
      return false;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  useImperativeHandle(ref, () => ({ dirty: () => !readOnly && form.isDirty(), save: submit }));

  const setPaymentType = (type: PaymentType) => {
    const next = normalizeStation({ ...v, paymentType: type });
    if (paymentFieldsOf(type).includes("currency") && !next.currency) next.currency = "SEK";
    form.setValues(next);
  };

  return (
    <form
      ref={feedback.ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <UnsavedChangesPrompt dirty={!readOnly && form.isDirty()} />
      <Stack gap="md">
        <Fieldset legend={t("events.station.sections.station")} disabled={readOnly}>
          <Stack gap="sm">
            <TextInput label={t("events.station.name")} name="name" required {...form.getInputProps("name")} />
            <Textarea
              label={t("events.station.description")}
              name="description"
              required
              autosize
              minRows={2}
              {...form.getInputProps("description")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimeField label={t("events.station.start")} name="start" required {...form.getInputProps("start")} />
              <DateTimeField label={t("events.station.end")} name="end" required {...form.getInputProps("end")} />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t("events.station.sections.place")} disabled={readOnly}>
          <Stack gap="sm">
            <NativeSelect
              label={t("events.station.municipality")}
              name="municipality"
              required
              data={[
                { value: "", label: t("events.station.chooseMunicipality") },
                ...municipalityOptions.map((m) => ({ value: m.id, label: m.country === "SE" ? m.name : `${m.name} (Norge)` })),
              ]}
              {...form.getInputProps("municipality")}
            />
            <TextInput
              label={t("events.station.markerLocation")}
              name="markerLocation"
              {...form.getInputProps("markerLocation")}
            />
            {config.data ? (
              <Suspense fallback={<Loader size="sm" role="status" aria-label={t("events.map.loading")} />}>
                <MapPicker
                  config={config.data}
                  value={v.markerCoordinates ?? null}
                  center={municipality ?? FALLBACK_CENTRE}
                  onPick={(p) => form.setFieldValue("markerCoordinates", p)}
                  onAddress={(label) => form.setFieldValue("markerLocation", label.slice(0, 250))}
                  search={geoSearch}
                  reverse={(p) => geoReverse(p.lat, p.lng)}
                  readOnly={readOnly}
                  error={form.errors.markerCoordinates as string | undefined}
                />
              </Suspense>
            ) : (
              <Loader size="sm" role="status" aria-label={t("events.map.loading")} />
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={t("events.station.sections.staffing")} disabled={readOnly}>
          <Stack gap="sm">
            <UserEmailField
              label={t("events.station.teamLeaderEmail")}
              name="teamLeaderEmail"
              value={v.teamLeaderEmail ?? ""}
              onChange={(email) => form.setFieldValue("teamLeaderEmail", email)}
              inviteType="teamleader"
              inviteContextId={eventId}
              error={form.errors.teamLeaderEmail as string | undefined}
              disabled={readOnly}
              initialName={teamLeaderName}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <WholeNumberInput
                label={t("events.station.officialQuantity")}
                name="officialQuantity"
                {...form.getInputProps("officialQuantity")}
              />
              <WholeNumberInput
                label={t("events.station.officialMiniumumAge")}
                name="officialMiniumumAge"
                {...form.getInputProps("officialMiniumumAge")}
              />
            </SimpleGrid>
            <Checkbox.Group label={t("events.station.skills")} value={v.skills ?? []}>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt={4}>
                {SKILLS.map((skill) => (
                  <Checkbox
                    key={skill}
                    name="skills"
                    value={skill}
                    label={t(skillLabelId(skill))}
                    onChange={(e) => {
                      const current = v.skills ?? [];
                      form.setFieldValue(
                        "skills",
                        e.currentTarget.checked ? [...current, skill] : current.filter((s) => s !== skill),
                      );
                    }}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Stack>
        </Fieldset>

        <Fieldset legend={t("events.station.sections.payment")} disabled={readOnly}>
          <Stack gap="sm">
            <NativeSelect
              label={t("events.station.paymentType")}
              name="paymentType"
              required
              data={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`events.paymentTypes.${p}`) }))}
              value={v.paymentType}
              onChange={(e) => setPaymentType(e.currentTarget.value as PaymentType)}
              error={form.errors.paymentType}
            />
            {shown.has("currency") && (
              <NativeSelect
                label={t("events.station.currency")}
                name="currency"
                required
                data={CURRENCIES.map((c) => ({ value: c, label: t(`events.currencies.${c}`) }))}
                {...form.getInputProps("currency")}
                value={v.currency ?? "SEK"}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(["groupPayment", "paymentAdult", "paymentChild"] as const)
                .filter((f) => shown.has(f))
                .map((f) => (
                  <WholeNumberInput
                    key={f}
                    label={t(`events.station.${f}`)}
                    name={f}
                    thousandSeparator=" "
                    {...form.getInputProps(f)}
                    // The schema types these fields as unknown (it also takes ""); the form holds a number or nothing.
                    value={(form.values[f] as number | null | undefined) ?? ""}
                  />
                ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <FormError error={feedback.error} />

        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t("events.station.cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {t("events.station.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
