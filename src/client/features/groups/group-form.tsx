import { Alert, Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ContactPerson } from "#shared/contacts";
import { skillLabelId } from "#shared/events/schema";
import { MUNICIPALITIES } from "#shared/geo/municipalities";
import { canRemoveContact } from "#shared/groups/rules";
import { AGES, groupBody, SKILLS } from "#shared/groups/schema";
import { NO_SPORT, OTHER_SPORT, SPORT_IDS, sportLabelId } from "#shared/groups/sports";
import type { PaymentView } from "#shared/payments/schema";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { ContactPersonsField } from "../../components/people/index.ts";
import { UnsavedChangesPrompt } from "../../components/unsaved-changes.tsx";
import { WholeNumberInput } from "../../components/whole-number-input.tsx";
import type { GroupPayload } from "./api.ts";
import { PaymentFields, type PaymentValues, paymentChange, paymentValuesOf } from "./payment-fields.tsx";

export interface GroupFormValues {
  name: string;
  organizationNumber: string;
  organizationName: string;
  municipality: string;
  numberOfMembers: number | string;
  ages: string[];
  sport: string;
  skills: string[];
  contactPersons: GroupPayload["contactPersons"];
  payment: PaymentValues;
}

export const emptyGroupValues = (contactPersons: GroupPayload["contactPersons"] = []): GroupFormValues => ({
  name: "",
  organizationNumber: "",
  organizationName: "",
  municipality: "",
  numberOfMembers: "",
  ages: [],
  sport: String(NO_SPORT),
  skills: [],
  contactPersons,
  payment: paymentValuesOf(null),
});

export function groupValuesOf(
  g: Omit<GroupPayload, "sport" | "payment"> & { sport: number | string | null; payment?: PaymentView | null },
): GroupFormValues {
  return {
    name: g.name,
    organizationNumber: g.organizationNumber,
    organizationName: g.organizationName,
    municipality: g.municipality,
    numberOfMembers: g.numberOfMembers,
    ages: [...g.ages],
    sport: String(g.sport ?? NO_SPORT),
    skills: [...g.skills],
    contactPersons: g.contactPersons.map((c) => ({ ...c })),
    payment: paymentValuesOf(g.payment),
  };
}

/**
 * The body the form sends: its values, with the payment only when it changed (the API keeps the saved
 * details when the body leaves them out).
 */
function bodyOf({ payment, ...values }: GroupFormValues, saved: PaymentValues): GroupPayload {
  const change = paymentChange(payment, saved);
  return { ...values, ...(change === undefined ? {} : { payment: change }) };
}

/** Municipalities by name in Swedish order, for the select lists. */
export function useMunicipalityOptions(only?: readonly string[]) {
  return useMemo(
    () =>
      [...MUNICIPALITIES]
        .filter((m) => !only || only.includes(m.id))
        .sort((a, b) => a.name.localeCompare(b.name, "sv"))
        .map((m) => ({ value: m.id, label: m.country === "SE" ? m.name : `${m.name} (${m.country})` })),
    [only],
  );
}

interface Props {
  initial: GroupFormValues;
  /** The saved group, when there is one: an invited new contact is told its name. */
  groupId?: string;
  /** E-mails that cannot be removed from the contacts (the creator's own entry in the wizard). */
  lockedEmails?: string[];
  submitLabel: string;
  onSubmit(values: GroupPayload): Promise<void>;
  /** The way back, left of the submit button (cancel, previous step). */
  actions?: ReactNode;
  /**
   * A saved group's contacts are saved the moment one is added or removed (nothing is lost on leaving the
   * page): given the new list, saves it and returns the contacts as stored. Without it (a group not created
   * yet) the contacts are part of the form and saved with it.
   */
  onContactsSave?(next: ContactPerson[]): Promise<ContactPerson[]>;
  /** Opened to add payment details: the payment part is scrolled to and its first choice focused. */
  focusPayment?: boolean;
}

const FIELDS = [
  "name",
  "organizationNumber",
  "organizationName",
  "municipality",
  "numberOfMembers",
  "ages",
  "sport",
  "skills",
  "payment",
] as const;

/** The group form: the group's data and its contact persons (spec 02 §3, §5). */
export function GroupForm({
  initial,
  groupId,
  lockedEmails = [],
  submitLabel,
  onSubmit,
  actions,
  onContactsSave,
  focusPayment,
}: Props) {
  const { t } = useTranslation();
  const savedPayment = initial.payment;
  const form = useForm<GroupFormValues>({
    initialValues: initial,
    // The rules of the body as it will be sent: payment details are checked only once a method is chosen.
    validate: (values) => zodValidate(groupBody, t)(bodyOf(values, savedPayment)),
  });
  const paymentPart = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!focusPayment) return;
    // After the shell's own effects: a navigation here (the payout tab's link) scrolls the page to the top.
    const timer = setTimeout(() => {
      const part = paymentPart.current;
      part?.scrollIntoView({ block: "start" });
      (part?.querySelector<HTMLInputElement>("input:checked") ?? part?.querySelector("input"))?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [focusPayment]);
  const municipalities = useMunicipalityOptions();
  const sports = useMemo(() => {
    const named = SPORT_IDS.filter((id) => id !== NO_SPORT && id !== OTHER_SPORT)
      .map((id) => ({ value: String(id), label: t(sportLabelId(id)) }))
      .sort((a, b) => a.label.localeCompare(b.label, "sv"));
    return [
      { value: String(NO_SPORT), label: t(sportLabelId(NO_SPORT)) },
      ...named,
      { value: String(OTHER_SPORT), label: t(sportLabelId(OTHER_SPORT)) },
    ];
  }, [t]);
  const feedback = useSubmitFeedback();
  // Contacts saved on their own are not unsaved changes of the form.
  const dirty = (FIELDS.some((f) => form.isDirty(f)) || (!onContactsSave && form.isDirty("contactPersons"))) && !form.submitting;

  // The last remaining contact cannot be removed: lock whoever would be left alone.
  const contacts = form.values.contactPersons;
  const lastStanding = contacts.filter((c) => !c.toBeDeleted && !canRemoveContact(contacts, c.email)).map((c) => c.email);

  const submit = form.onSubmit(
    async (values) => {
      feedback.setError(null);
      try {
        await onSubmit({ ...bodyOf(values, savedPayment), sport: Number(values.sport) });
        form.resetDirty();
      } catch (err) {
        feedback.fail(err, form.setErrors);
      }
    },
    (errors) => feedback.accept({ hasErrors: Object.keys(errors).length > 0 }),
  );

  return (
    <form onSubmit={submit} noValidate ref={feedback.ref}>
      <UnsavedChangesPrompt dirty={dirty} />
      <Stack gap="md">
        <TextInput
          label={t("groups.fields.name")}
          description={t("groups.fields.nameHint")}
          name="name"
          required
          autoComplete="off"
          {...form.getInputProps("name")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("groups.fields.organizationName")}
            name="organizationName"
            required
            autoComplete="organization"
            {...form.getInputProps("organizationName")}
          />
          <TextInput
            label={t("groups.fields.organizationNumber")}
            description={t("groups.fields.organizationNumberHint")}
            name="organizationNumber"
            required
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps("organizationNumber")}
          />
          <NativeSelect
            label={t("groups.fields.municipality")}
            name="municipality"
            required
            data={[{ value: "", label: "" }, ...municipalities]}
            {...form.getInputProps("municipality")}
          />
          <WholeNumberInput
            label={t("groups.fields.numberOfMembers")}
            name="numberOfMembers"
            {...form.getInputProps("numberOfMembers")}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t("groups.fields.ages")}
          description={t("groups.fields.agesHint")}
          withAsterisk
          {...form.getInputProps("ages")}
        >
          <Group gap="md" mt="xs">
            {AGES.map((age) => (
              <Checkbox key={age} value={age} name="ages" label={t(`groups.ages.${age}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <NativeSelect label={t("groups.fields.sport")} name="sport" data={sports} {...form.getInputProps("sport")} />
        <Checkbox.Group label={t("groups.fields.skills")} {...form.getInputProps("skills")}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
            {SKILLS.map((skill) => (
              <Checkbox key={skill} value={skill} name="skills" label={t(skillLabelId(skill))} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Fieldset
          legend={t("groups.fields.contactPersons")}
          variant="unstyled"
          styles={{ legend: { fontWeight: 600, fontSize: "var(--mantine-font-size-sm)", marginBottom: 6 } }}
        >
          <ContactPersonsField
            value={form.values.contactPersons}
            onChange={(next) => form.setFieldValue("contactPersons", next)}
            onSave={
              onContactsSave &&
              (async (next) => {
                const saved = await onContactsSave(next);
                form.setInitialValues({ ...form.getInitialValues(), contactPersons: saved });
                form.setFieldValue("contactPersons", saved);
                return saved;
              })
            }
            lockedEmails={[...lockedEmails, ...lastStanding]}
            inviteType="group"
            inviteContextId={groupId}
          />
          {form.errors.contactPersons && (
            <Alert color="red" mt="xs" role="alert">
              {form.errors.contactPersons}
            </Alert>
          )}
        </Fieldset>
        <PaymentFields form={form} saved={savedPayment} rootRef={paymentPart} />
        <FormError error={feedback.error} />
        <Group mt="xs" justify={actions ? "space-between" : "flex-end"}>
          {actions}
          <Button type="submit" loading={form.submitting} ml="auto">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
