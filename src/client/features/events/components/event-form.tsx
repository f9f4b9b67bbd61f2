import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContactPerson } from "#shared/contacts";
import { sortShirtSizes, updateBodyOf } from "#shared/events/rules";
import { type EventFormInput, type EventView, eventForm, FOOD_OPTIONS, INCLUDED, SHIRT_SIZES } from "#shared/events/schema";
import { ApiError } from "../../../app/api.ts";
import { useAuth } from "../../../app/auth.tsx";
import { DateField, TimeField } from "../../../components/date-fields.tsx";
import { zodValidate } from "../../../components/form.ts";
import { FormError } from "../../../components/form-error.tsx";
import { useSubmitFeedback } from "../../../components/form-feedback.ts";
import { notifySuccess } from "../../../components/notify.ts";
import { ContactPersonsField } from "../../../components/people/index.ts";
import { UnsavedChangesPrompt } from "../../../components/unsaved-changes.tsx";
import { useCreateEvent, useUpdateEvent } from "../api.ts";

export type SaveIntent = "save" | "next";

interface Props {
  /** The saved event when editing; a new event otherwise. */
  event?: EventView;
  onSaved?(event: EventView, intent: SaveIntent): void;
  /** The wizard adds a next-step button that saves first. */
  withNext?: boolean;
}

function initialValues(event: EventView | undefined, me: { email: string; name: string } | null): EventFormInput {
  if (event) {
    // The form edits the PUT body; the version is added when saving.
    const { version: _v, ...values } = updateBodyOf(event);
    return values;
  }
  return {
    name: "",
    date: "",
    startTime: "",
    city: "",
    included: [],
    shirtSizes: [],
    foodOptions: [],
    substitute: false,
    organizerNumber: "",
    organizerName: "",
    organizerWebsite: "",
    organizerEmail: "",
    invoiceAddress: "",
    // The signed-in user is the first contact of a new event (spec 01 §3).
    contactPersons: me ? [{ email: me.email, name: me.name }] : [],
    stations: [],
  };
}

/** The event form (spec 01 §3, §5): create in the wizard, edit on the event page. */
export function EventForm({ event, onSaved, withNext }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const me = user ? { email: user.email, name: `${user.firstName} ${user.lastName}` } : null;
  const schema = useMemo(() => eventForm(() => new Date(), event?.date), [event?.date]);
  const form = useForm<EventFormInput>({
    initialValues: initialValues(event, me),
    validate: zodValidate(schema, t),
  });
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? "");
  const busy = useRef(false);
  const [pending, setPending] = useState<SaveIntent | null>(null);
  const [conflict, setConflict] = useState(false);
  const feedback = useSubmitFeedback();
  const readOnly = event ? !event.abilities.edit : false;
  const creatorEmail = event?.contactPersons.find((c) => c.creator)?.email ?? me?.email;
  const v = form.values;

  const save = async (intent: SaveIntent) => {
    // Repeated clicks while a save is on its way are ignored (spec 01 §4).
    if (busy.current || readOnly) return;
    setConflict(false);
    if (!feedback.accept(form.validate())) return;
    busy.current = true;
    setPending(intent);
    const body = { ...v, shirtSizes: sortShirtSizes(v.shirtSizes ?? []) };
    try {
      const saved = event ? await update.mutateAsync({ ...body, version: event.version }) : await create.mutateAsync(body);
      form.resetDirty(initialValues(saved, me));
      if (intent === "save") notifySuccess(t("events.form.saved"));
      onSaved?.(saved, intent);
    } catch (err) {
      if (err instanceof ApiError && err.code === "Conflict") {
        feedback.setError(null);
        setConflict(true);
      } else feedback.fail(err, form.setErrors);
    } finally {
      busy.current = false;
      setPending(null);
    }
  };

  /** A saved event's contacts are saved on their own, at once, from the event as stored (not the form's edits). */
  const saveContacts = async (next: ContactPerson[]): Promise<ContactPerson[]> => {
    if (!event) return next;
    const saved = await update.mutateAsync({ ...updateBodyOf(event, { contactPersons: next }), version: event.version });
    const contacts = initialValues(saved, me).contactPersons ?? [];
    form.setInitialValues({ ...form.getInitialValues(), contactPersons: contacts });
    form.setFieldValue("contactPersons", contacts);
    return contacts.map((c) => ({ ...c, name: c.name ?? c.email }));
  };

  const toggle = (field: "included" | "shirtSizes" | "foodOptions", value: string, on: boolean) => {
    const current = (v[field] ?? []) as string[];
    form.setFieldValue(field, (on ? [...current, value] : current.filter((x) => x !== value)) as never);
  };

  return (
    <form
      ref={feedback.ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save("save");
      }}
    >
      <UnsavedChangesPrompt dirty={!readOnly && form.isDirty()} />
      <Stack gap="lg">
        <Fieldset legend={t("events.form.sections.event")} disabled={readOnly}>
          <Stack gap="sm">
            <TextInput label={t("events.form.name")} name="name" required {...form.getInputProps("name")} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <DateField label={t("events.form.date")} name="date" required {...form.getInputProps("date")} />
              <TimeField label={t("events.form.startTime")} name="startTime" required {...form.getInputProps("startTime")} />
              <TextInput label={t("events.form.city")} name="city" required {...form.getInputProps("city")} />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t("events.form.sections.included")} disabled={readOnly}>
          <Stack gap="sm">
            <Group gap="lg" role="group" aria-label={t("events.form.included")}>
              {INCLUDED.map((item) => (
                <Checkbox
                  key={item}
                  name="included"
                  value={item}
                  label={t(`events.included.${item}`)}
                  checked={v.included?.includes(item) ?? false}
                  onChange={(e) => toggle("included", item, e.currentTarget.checked)}
                />
              ))}
            </Group>
            <Alert variant="light" color="gray" p="xs">
              {t("events.form.includedHint")}
            </Alert>
            {v.included?.includes("CLOTHES") && (
              <Checkbox.Group label={t("events.form.shirtSizes")} value={v.shirtSizes ?? []}>
                <Group gap="md" mt={4}>
                  {SHIRT_SIZES.map((size) => (
                    <Checkbox
                      key={size}
                      name="shirtSizes"
                      value={size}
                      label={size}
                      onChange={(e) => toggle("shirtSizes", size, e.currentTarget.checked)}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            {v.included?.includes("FOOD") && (
              <Checkbox.Group label={t("events.form.foodOptions")} value={v.foodOptions ?? []}>
                <Group gap="md" mt={4}>
                  {FOOD_OPTIONS.map((option) => (
                    <Checkbox
                      key={option}
                      name="foodOptions"
                      value={option}
                      label={t(`events.foodOptions.${option}`)}
                      onChange={(e) => toggle("foodOptions", option, e.currentTarget.checked)}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={t("events.form.sections.substitute")} disabled={readOnly}>
          <Checkbox
            name="substitute"
            value="active"
            label={t("events.form.substitute")}
            checked={v.substitute === true || v.substitute === "active"}
            onChange={(e) => form.setFieldValue("substitute", e.currentTarget.checked)}
          />
        </Fieldset>

        <Fieldset legend={t("events.form.sections.organizer")} disabled={readOnly}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t("events.form.organizerNumber")}
                description={t("events.form.organizerNumberHint")}
                name="organizerNumber"
                required
                {...form.getInputProps("organizerNumber")}
              />
              <TextInput
                label={t("events.form.organizerName")}
                name="organizerName"
                required
                {...form.getInputProps("organizerName")}
              />
              <TextInput
                label={t("events.form.organizerWebsite")}
                name="organizerWebsite"
                type="url"
                {...form.getInputProps("organizerWebsite")}
              />
              <TextInput
                label={t("events.form.organizerEmail")}
                name="organizerEmail"
                type="email"
                {...form.getInputProps("organizerEmail")}
              />
            </SimpleGrid>
            <Textarea
              label={t("events.form.invoiceAddress")}
              name="invoiceAddress"
              autosize
              minRows={2}
              {...form.getInputProps("invoiceAddress")}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t("events.form.sections.contacts")} disabled={readOnly}>
          <Stack gap="xs">
            <Alert variant="light" color="gray" p="xs">
              {t("events.form.contactsHint")}
            </Alert>
            <ContactPersonsField
              value={(v.contactPersons ?? []).map((c) => ({ ...c, name: c.name ?? c.email }))}
              onChange={(next) => form.setFieldValue("contactPersons", next)}
              onSave={event && saveContacts}
              lockedEmails={creatorEmail ? [creatorEmail] : []}
              inviteType="event"
              inviteContextId={event?.id}
              disabled={readOnly}
            />
            {form.errors.contactPersons && (
              <Alert color="red.9" p="xs" role="alert">
                {form.errors.contactPersons}
              </Alert>
            )}
          </Stack>
        </Fieldset>

        {conflict && (
          <Alert color="orange" role="alert">
            <Stack gap="xs" align="flex-start">
              {t("events.form.conflict")}
              <Button size="xs" variant="default" onClick={() => window.location.reload()}>
                {t("events.form.reload")}
              </Button>
            </Stack>
          </Alert>
        )}
        <FormError error={feedback.error} />

        {!readOnly && (
          <Group justify="flex-end">
            <Button
              type="submit"
              variant={withNext ? "default" : "filled"}
              loading={pending === "save"}
              disabled={pending === "next"}
            >
              {t("events.form.save")}
            </Button>
            {withNext && (
              <Button onClick={() => void save("next")} loading={pending === "next"} disabled={pending === "save"}>
                {t("events.wizard.next")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
