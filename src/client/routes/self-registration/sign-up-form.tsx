import { Button, Checkbox, Fieldset, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { sortShirtSizes } from "#shared/events/rules";
import { formatPhone } from "#shared/phone";
import { needsGuardian } from "#shared/registration/rules";
import {
  type AddVolunteerResult,
  addVolunteerBodyOf,
  type PublicRegistration,
  type SelfRegistrationForm,
  type SelfRegistrationValues,
  selfRegistrationForm,
} from "#shared/registration/schema";
import { api } from "../../app/api.ts";
import { currentLanguage } from "../../app/i18n.ts";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { Facts } from "../../components/facts.tsx";
import { zodValidate } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback, useSubmitLock } from "../../components/form-feedback.ts";
import { WholeNumberInput } from "../../components/whole-number-input.tsx";
import { onFormFields } from "./form-fields.ts";
import { failureText } from "./link-errors.ts";

const EMPTY: SelfRegistrationValues = {
  name: "",
  email: "",
  phone: "",
  age: "",
  shirtSize: "",
  specialDiets: [],
  substituteTicked: false,
  substitute: "",
  guardianName: "",
  guardianEmail: "",
};

interface Props {
  registration: PublicRegistration;
  link: { hash: string; eventId: string };
  onDone(result: AddVolunteerResult, sent: SelfRegistrationForm): void;
}

/**
 * The volunteer's own sign-up (spec 02 §5): who they are, what the event asks, and a guardian below 18.
 * The shared rules check it as it is typed; a dialog shows what will be sent before it is.
 */
export function SignUpForm({ registration, link, onDone }: Props) {
  const { t } = useTranslation();
  const { shirtSizes, foodOptions, substitute } = registration;
  const schema = useMemo(
    () => selfRegistrationForm({ shirtSizes, foodOptions, substitute }),
    [shirtSizes, foodOptions, substitute],
  );
  const form = useForm<SelfRegistrationValues>({
    initialValues: EMPTY,
    validate: zodValidate(schema, t),
    validateInputOnBlur: true,
  });
  const feedback = useSubmitFeedback();
  const [review, setReview] = useState<SelfRegistrationForm | null>(null);
  const [sending, setSending] = useState(false);
  // Closed after a refusal, the dialog leaves the focus on the field to correct, not on the button.
  const [returnFocus, setReturnFocus] = useState(true);
  const { locked, lock } = useSubmitLock();

  const age = form.values.age;
  const minor = typeof age === "number" && needsGuardian(age);
  const ticked = form.values.substituteTicked;
  const hasErrors = Object.keys(form.errors).length > 0;
  // A field that is no longer shown no longer asks for anything, and its error must not hold the button.
  const { clearFieldError } = form;
  useEffect(() => {
    if (!minor) for (const f of ["guardianName", "guardianEmail"]) clearFieldError(f);
  }, [minor, clearFieldError]);
  useEffect(() => {
    if (!ticked) clearFieldError("substitute");
  }, [ticked, clearFieldError]);

  const submit = form.onSubmit(
    (values) => {
      feedback.setError(null);
      setReturnFocus(true);
      setReview(schema.parse(values));
    },
    () => feedback.accept({ hasErrors: true }),
  );

  const send = async () => {
    if (!review || sending) return;
    setSending(true);
    try {
      const result = await api<AddVolunteerResult>(
        "POST",
        "/groups/addVolunteer",
        addVolunteerBodyOf(review, link, currentLanguage()),
      );
      onDone(result, review);
    } catch (err) {
      const onFields = onFormFields(err);
      setReturnFocus(!onFields);
      setReview(null);
      if (onFields) feedback.fail(onFields, form.setErrors);
      else feedback.setError(failureText(err, t));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      ref={feedback.ref}
      noValidate
      onSubmit={(event) => {
        lock();
        submit(event);
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t("registration.signUp.form.name")}
          name="name"
          required
          autoComplete="name"
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t("registration.signUp.form.email")}
          name="email"
          type="email"
          required
          autoComplete="email"
          {...form.getInputProps("email")}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t("registration.signUp.form.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel"
            {...form.getInputProps("phone")}
          />
          <WholeNumberInput label={t("registration.signUp.form.age")} name="age" max={120} {...form.getInputProps("age")} />
        </SimpleGrid>

        {minor && (
          <Fieldset legend={t("registration.signUp.form.guardianTitle")}>
            <Stack gap="sm">
              <Text size="sm">{t("registration.signUp.form.guardianHint")}</Text>
              <TextInput
                label={t("registration.signUp.form.guardianName")}
                name="guardianName"
                required
                autoComplete="off"
                {...form.getInputProps("guardianName")}
              />
              <TextInput
                label={t("registration.signUp.form.guardianEmail")}
                name="guardianEmail"
                type="email"
                required
                autoComplete="off"
                {...form.getInputProps("guardianEmail")}
              />
            </Stack>
          </Fieldset>
        )}

        {shirtSizes.length > 0 && (
          <NativeSelect
            label={t("registration.signUp.form.shirtSize")}
            name="shirtSize"
            required
            data={[
              { value: "", label: t("registration.signUp.form.chooseSize") },
              ...sortShirtSizes(shirtSizes).map((s) => ({ value: s, label: s })),
            ]}
            {...form.getInputProps("shirtSize")}
          />
        )}

        {foodOptions.length > 0 && (
          <Checkbox.Group
            label={t("registration.signUp.form.specialDiets")}
            description={t("registration.signUp.form.specialDietsHint")}
            {...form.getInputProps("specialDiets")}
          >
            <Stack gap="xs" mt="xs">
              {foodOptions.map((d) => (
                <Checkbox key={d} name="specialDiets" value={d} label={t(`events.foodOptions.${d}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}

        {substitute && (
          <Stack gap="xs">
            <Checkbox
              label={t("registration.signUp.form.substituteTicked")}
              name="substituteTicked"
              {...form.getInputProps("substituteTicked", { type: "checkbox" })}
            />
            {ticked && (
              <TextInput
                label={t("registration.signUp.form.substitute")}
                name="substitute"
                required
                maxLength={250}
                {...form.getInputProps("substitute")}
              />
            )}
          </Stack>
        )}

        <FormError error={feedback.error} />
        <Group>
          <Button type="submit" disabled={locked || hasErrors}>
            {t("registration.signUp.form.submit")}
          </Button>
        </Group>
      </Stack>

      <Modal
        opened={review !== null}
        onClose={() => !sending && setReview(null)}
        withCloseButton={false}
        returnFocus={returnFocus}
        centered
      >
        <DialogHeader title={t("registration.signUp.confirm.title")} />
        {review && (
          <Stack gap="md">
            <Text>{t("registration.signUp.confirm.intro", { group: registration.groupName })}</Text>
            <Facts rows={reviewRows(review, registration, t)} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReview(null)} disabled={sending}>
                {t("registration.signUp.confirm.edit")}
              </Button>
              <Button onClick={() => void send()} loading={sending}>
                {t("registration.signUp.confirm.send")}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </form>
  );
}

/** What will be sent, as the volunteer typed it, only the questions the event asks. */
function reviewRows(
  v: SelfRegistrationForm,
  q: PublicRegistration,
  t: ReturnType<typeof useTranslation>["t"],
): Array<[string, ReactNode]> {
  const rows: Array<[string, ReactNode]> = [
    [t("registration.signUp.form.name"), v.name],
    [t("registration.signUp.form.email"), v.email],
    [t("registration.signUp.form.phone"), formatPhone(v.phone)],
    [t("registration.signUp.form.age"), String(v.age)],
  ];
  if (needsGuardian(v.age))
    rows.push([t("registration.signUp.confirm.guardian"), `${v.guardianName ?? ""}, ${v.guardianEmail ?? ""}`]);
  if (q.shirtSizes.length > 0) rows.push([t("registration.signUp.form.shirtSize"), v.shirtSize ?? ""]);
  if (q.foodOptions.length > 0)
    rows.push([
      t("registration.signUp.form.specialDiets"),
      v.specialDiets.length > 0
        ? v.specialDiets.map((d) => t(`events.foodOptions.${d}`)).join(", ")
        : t("registration.signUp.confirm.none"),
    ]);
  if (q.substitute)
    rows.push([
      t("registration.signUp.confirm.substitute"),
      v.substituteTicked && v.substitute
        ? t("registration.signUp.confirm.substituteFor", { name: v.substitute })
        : t("registration.signUp.confirm.no"),
    ]);
  return rows;
}
