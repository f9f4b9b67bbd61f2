import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { attendanceRecorded } from "#shared/attendance/rules";
import { attendanceForm } from "#shared/attendance/schema";
import type { Offer } from "#shared/offers/schema";
import { formatPhone } from "#shared/phone";
import { ApiError } from "../../app/api.ts";
import { Facts } from "../../components/facts.tsx";
import { apiFieldErrors } from "../../components/form.ts";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { notifySuccess } from "../../components/notify.ts";
import { WholeNumberInput } from "../../components/whole-number-input.tsx";
import { useRecordAttendance } from "./api.ts";
import classes from "./attendance.module.css";
import { attendanceText } from "./format.ts";

type Field = "adultAttendance" | "childAttendance";
type Values = Record<Field, number | string>;
const FIELDS: Field[] = ["adultAttendance", "childAttendance"];

/** The server's refusals that have a text of their own; anything else is "error recording attendance". */
const EXPLAINED = new Set(["AttendanceNotOpen", "Conflict", "NotFound", "Unauthorized"]);

const valuesOf = (o: Offer): Values => ({ adultAttendance: o.adultAttendance ?? "", childAttendance: o.childAttendance ?? "" });

/**
 * One accepted group at the station: how many it promised, who to call, and how many came. Until
 * attendance is recorded, the form starts from who was checked in (`checkedIn`) for the person recording to
 * confirm or correct.
 */
export function OfferAttendance({
  offer,
  checkedIn,
}: {
  offer: Offer;
  checkedIn?: { adultAttendance: number; childAttendance: number };
}) {
  const { t } = useTranslation();
  const record = useRecordAttendance(offer.eventId, offer.stationId);
  const feedback = useSubmitFeedback();
  const anyCheckedIn = !!checkedIn && checkedIn.adultAttendance + checkedIn.childAttendance > 0;
  const prefilled = anyCheckedIn && !attendanceRecorded(offer) && offer.abilities.recordAttendance;
  const [values, setValues] = useState<Values>(() => (prefilled && checkedIn ? checkedIn : valuesOf(offer)));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  /** The sum is too big: both fields are marked, the message stands by the button. */
  const [tooMany, setTooMany] = useState(false);
  const open = offer.abilities.recordAttendance;
  const titleId = `attendance-${offer.stationIdGroupId}`;
  const exceedsText = t("attendance.validation.exceeds", { volunteers: offer.volunteers });

  const refuse = (fields: Partial<Record<Field, string>>, sum: boolean) => {
    setErrors(fields);
    setTooMany(sum);
    // Both fields are marked either way, so the alert goes once they are mended.
    feedback.accept({ hasErrors: true, message: sum && Object.keys(fields).length === 0 ? exceedsText : undefined });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = attendanceForm(offer.volunteers).safeParse(values);
    if (!parsed.success) {
      const fields: Partial<Record<Field, string>> = {};
      let sum = false;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field) fields[field] ??= t(issue.message);
        else sum = true;
      }
      return refuse(fields, sum);
    }
    setErrors({});
    setTooMany(false);
    feedback.setError(null);
    try {
      const saved = await record.mutateAsync({ groupId: offer.groupId, body: parsed.data });
      setValues(valuesOf(saved));
      notifySuccess(t("attendance.form.saved", { group: offer.groupName }));
    } catch (err) {
      if (!(err instanceof ApiError)) return feedback.setError(t("attendance.form.error"));
      if (err.code === "AttendanceExceedsVolunteers") return refuse({}, true);
      const fields = apiFieldErrors(err, t);
      if (Object.keys(fields).length > 0) return refuse(fields, false);
      feedback.setError(EXPLAINED.has(err.code) ? t(`errors.${err.code}`) : t("attendance.form.error"));
    }
  };

  const contacts = offer.group.contactPersons;
  const recorded = attendanceText(t, offer);

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId} data-group={offer.groupName}>
      <Stack gap="sm">
        <div>
          <Title order={4} id={titleId} className={classes.wrap}>
            {offer.groupName}
          </Title>
          <Text size="sm" c="dimmed" className={classes.wrap}>
            {offer.group.organizationName}
          </Text>
        </div>
        <Facts
          rows={[
            [
              t("attendance.offer.volunteers"),
              <span key="volunteers" data-volunteers>
                {offer.volunteers}
              </span>,
            ],
            [
              t("attendance.offer.recorded"),
              <span key="recorded" data-recorded>
                {recorded}
              </span>,
            ],
          ]}
        />
        <Stack gap={0}>
          <Text fw={600}>{t("attendance.offer.contacts")}</Text>
          {contacts === undefined ? (
            <Text size="sm" c="dimmed">
              {t("attendance.offer.contactsHidden")}
            </Text>
          ) : contacts.length === 0 ? (
            <Text size="sm">{t("attendance.offer.noContacts")}</Text>
          ) : (
            <Stack component="ul" gap="xs" className={classes.plainList}>
              {contacts.map((c) => (
                <li key={c.email}>
                  <Text className={classes.wrap}>{c.name}</Text>
                  <Group gap="lg" wrap="wrap" style={{ rowGap: 0 }}>
                    <Anchor
                      href={`mailto:${c.email.toLowerCase()}`}
                      className={classes.touch}
                      aria-label={t("attendance.offer.email", { name: c.name })}
                    >
                      {c.email.toLowerCase()}
                    </Anchor>
                    {c.phone && (
                      <Anchor
                        href={`tel:${c.phone}`}
                        className={classes.touch}
                        aria-label={t("attendance.offer.phone", { name: c.name })}
                      >
                        {formatPhone(c.phone)}
                      </Anchor>
                    )}
                  </Group>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
        <form
          ref={feedback.ref}
          onSubmit={submit}
          noValidate
          aria-label={t("attendance.form.legend", { group: offer.groupName })}
        >
          <Stack gap="sm">
            {!open && (
              <Alert color="orange" role="status">
                {offer.event.status === "HISTORIC" ? t("attendance.form.finished") : t("attendance.form.notOpen")}
              </Alert>
            )}
            {anyCheckedIn && checkedIn && (
              <Text size="sm" data-from-checkins={prefilled}>
                {t(prefilled ? "attendance.form.fromCheckins" : "attendance.form.checkins", {
                  adults: checkedIn.adultAttendance,
                  children: checkedIn.childAttendance,
                })}
              </Text>
            )}
            <div className={classes.counts}>
              {FIELDS.map((name) => (
                <WholeNumberInput
                  key={name}
                  name={name}
                  label={t(`attendance.form.${name}`)}
                  size="md"
                  inputMode="numeric"
                  max={offer.volunteers}
                  clampBehavior="none"
                  disabled={!open}
                  value={values[name]}
                  error={errors[name] ?? tooMany}
                  onChange={(v) => {
                    setValues((old) => ({ ...old, [name]: v }));
                    setErrors((old) => ({ ...old, [name]: undefined }));
                    setTooMany(false);
                  }}
                />
              ))}
            </div>
            <FormError error={feedback.error} />
            <Button type="submit" size="md" fullWidth disabled={!open} loading={record.isPending}>
              {t("attendance.form.submit")}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
