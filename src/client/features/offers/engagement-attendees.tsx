import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Group as GroupData, Volunteer } from "#shared/groups/schema";
import { asksDiets, asksShirtSize, attendeeCountProblem, attendeeRefusal, volunteersShort } from "#shared/offers/rules";
import type { AttendeesInput } from "#shared/offers/schema";
import { type Offer, offerMsg } from "#shared/offers/schema";
import { awaitsGuardian } from "#shared/registration/rules";
import { ApiError } from "../../app/api.ts";
import { AnswerBadge } from "../../components/answer-badge.tsx";
import { DialogHeader } from "../../components/dialog-header.tsx";
import { FormError } from "../../components/form-error.tsx";
import { useSubmitFeedback } from "../../components/form-feedback.ts";
import { notifySuccess } from "../../components/notify.ts";
import { UnsavedChangesPrompt } from "../../components/unsaved-changes.tsx";
import { useNameAttendees } from "./api.ts";
import { statedDetails } from "./group-format.ts";
import { SignUpLink } from "./sign-up-link.tsx";

/** What the contact states for one volunteer at this event. */
type Participation = NonNullable<AttendeesInput["participation"]>[number];

interface Choice {
  chosen: boolean;
  shirtSize: string;
  specialDiets: string[];
  substitute: string;
}

function initialChoices(offer: Offer, volunteers: readonly Volunteer[]): Record<string, Choice> {
  return Object.fromEntries(
    volunteers.map((v) => {
      const stated = v.participation.find((p) => p.eventId === offer.eventId);
      return [
        v.id,
        {
          chosen: offer.attendees.includes(v.id),
          shirtSize: stated?.shirtSize ?? "",
          specialDiets: stated?.specialDiets ?? [],
          substitute: stated?.substitute ?? "",
        },
      ];
    }),
  );
}

/**
 * The volunteers the group names for an accepted offer (spec 02 §5): a checklist of the group's volunteers
 * with, per event, shirt size, special diets and whom a substitute replaces — each asked only when the event
 * offers it. Read-only once naming is closed.
 */
/** `group` is the offer's group as the route reads it (its volunteers are the ones to choose from). */
export function EngagementAttendees({ offer, group }: { offer: Offer; group: UseQueryResult<GroupData> }) {
  const { t } = useTranslation();

  if (group.isPending) return <Loader size="sm" role="status" aria-label={t("common.loading")} />;
  if (group.isError)
    return (
      <Alert color="red" role="alert">
        {t("groups.offers.attendees.groupLoadError")}
      </Alert>
    );
  const volunteers = group.data.volunteers;
  // Accepted more places than the group has volunteers: the sign-up link is offered right here.
  const short = offer.abilities.shareLink && volunteersShort(volunteers.length, offer.volunteers) > 0;
  return (
    <Stack gap="md">
      <SavedAttendees offer={offer} volunteers={volunteers} />
      {short && (
        <Stack gap="xs" data-short>
          <Text>
            {volunteers.length === 0
              ? t("groups.offers.attendees.shortNone")
              : t("groups.offers.attendees.short", { count: volunteers.length, accepted: offer.volunteers })}
          </Text>
          <SignUpLink groupId={offer.groupId} groupName={offer.groupName} eventId={offer.eventId} eventName={offer.eventName} />
        </Stack>
      )}
      {offer.abilities.nameAttendees &&
        (volunteers.length === 0 ? (
          <Stack gap={4}>
            {!short && <Text>{t("groups.offers.attendees.noVolunteers")}</Text>}
            <Anchor component={Link} to={`/my-pages/volunteers/${offer.groupId}/volunteers`}>
              {t("groups.offers.attendees.toVolunteers")}
            </Anchor>
          </Stack>
        ) : (
          <AttendeesForm offer={offer} volunteers={volunteers} />
        ))}
    </Stack>
  );
}

/**
 * The attendees as saved on the offer, with what they stated for the event, their answer to the day-before
 * text (JA/NEJ) and what else they texted (issue 24).
 */
function SavedAttendees({ offer, volunteers }: { offer: Offer; volunteers: readonly Volunteer[] }) {
  const { t } = useTranslation();
  const named = volunteers.filter((v) => offer.attendees.includes(v.id));
  const details = (v: Volunteer) =>
    statedDetails(
      t,
      offer.event,
      v.participation.find((p) => p.eventId === offer.eventId),
    );
  const answers = new Map((offer.group.attendees ?? []).map((a) => [a.id, a]));
  const answered = named.some((v) => typeof answers.get(v.id)?.confirmed === "boolean");
  return (
    <Stack gap={4}>
      {named.length === 0 ? (
        <Text c="dimmed">{t("groups.offers.attendees.none")}</Text>
      ) : (
        <>
          <Text fw={600}>{t("groups.offers.attendees.savedTitle", { n: named.length, of: offer.volunteers })}</Text>
          <List spacing={2} aria-label={t("groups.offers.attendees.title")} data-testid="saved-attendees">
            {named.map((v) => {
              const more = details(v);
              const answer = answers.get(v.id);
              return (
                <List.Item key={v.id} data-attendee={v.name} style={{ overflowWrap: "anywhere" }}>
                  {v.name}
                  {more && (
                    <Text span c="dimmed" size="sm">
                      {" "}
                      – {more}
                    </Text>
                  )}
                  {typeof answer?.confirmed === "boolean" && (
                    <>
                      {" "}
                      <AnswerBadge confirmed={answer.confirmed} messages="groups.offers.attendees.answer" />
                    </>
                  )}
                  {answer?.message && (
                    <Text size="sm" data-message>
                      {t("groups.offers.attendees.message", { message: answer.message })}
                    </Text>
                  )}
                </List.Item>
              );
            })}
          </List>
          {answered && (
            <Text size="sm" c="dimmed">
              {t("groups.offers.attendees.answersHint")}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * The named volunteers the server refused one by one (`attendees.N`, N the place in what was sent), by id,
 * with the reason's message id: a minor still awaiting their guardian's yes, one younger than the station's
 * minimum age, or one no longer in the group.
 */
function refusedAttendees(err: unknown, sent: readonly Volunteer[]): Record<string, string> {
  if (!(err instanceof ApiError) || err.code !== "ValidationError") return {};
  return Object.fromEntries(
    Object.entries(err.fields ?? {}).flatMap(([field, message]) => {
      const index = /^attendees\.(\d+)$/.exec(field)?.[1];
      const volunteer = index === undefined ? undefined : sent[Number(index)];
      return volunteer ? [[volunteer.id, message]] : [];
    }),
  );
}

function AttendeesForm({ offer, volunteers }: { offer: Offer; volunteers: readonly Volunteer[] }) {
  const { t } = useTranslation();
  const save = useNameAttendees(offer.groupId, offer.eventId, offer.stationId);
  const [choices, setChoices] = useState(() => initialChoices(offer, volunteers));
  const [dirty, setDirty] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  // The server's reason per volunteer it refused, shown under their row until their choice changes.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [dialogOpen, setDialogOpen] = useState(false);
  const { event, station } = offer;
  const shirts = asksShirtSize(event);
  const diets = asksDiets(event);
  // A minor awaiting their guardian's yes cannot be named (ADR 022): shown, never sent.
  const chosen = volunteers.filter((v) => choices[v.id]?.chosen && !awaitsGuardian(v));
  const refusal = (v: Volunteer) => attendeeRefusal({ age: v.age, awaitingGuardian: awaitsGuardian(v) }, station);
  /** Why a ticked volunteer cannot be named, translated: the shared rule's reason, or the server's. */
  const rowError = (v: Volunteer) => {
    if (!choices[v.id]?.chosen) return undefined;
    const id = refusal(v) === "belowMinimumAge" ? offerMsg.belowMinimumAge : refused[v.id];
    return id ? t(id, { min: station.officialMiniumumAge }) : undefined;
  };
  const countProblem = attendeeCountProblem(chosen.length, offer.volunteers);
  const feedback = useSubmitFeedback({ problem: countProblem && t(offerMsg[countProblem]) });

  // A volunteer added on the group page since the form opened joins the list unticked.
  useEffect(() => {
    setChoices((current) => {
      const fresh = initialChoices(offer, volunteers);
      return Object.fromEntries(Object.entries(fresh).map(([id, c]) => [id, current[id] ?? { ...c, chosen: false }]));
    });
  }, [offer, volunteers]);

  const change = (id: string, patch: Partial<Choice>) => {
    setDirty(true);
    setChoices((c) => ({ ...c, [id]: { ...c[id], ...patch } }));
    if (patch.shirtSize) setMissing((m) => m.filter((x) => x !== id));
    if (patch.chosen !== undefined) setRefused(({ [id]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!feedback.accept({ hasErrors: chosen.some((v) => rowError(v)) })) return;
    try {
      await save.mutateAsync({
        attendees: chosen.map((v) => v.id),
        participation: chosen.map((v) => {
          const c = choices[v.id];
          return {
            volunteerId: v.id,
            shirtSize: (c.shirtSize || null) as Participation["shirtSize"],
            specialDiets: c.specialDiets as Participation["specialDiets"],
            substitute: c.substitute.trim() || null,
          };
        }),
      });
      setMissing([]);
      setDirty(false);
      notifySuccess(t("groups.offers.attendees.saved"));
    } catch (err) {
      if (err instanceof ApiError && err.code === "MissingSpecialInfo") {
        const ids = Object.keys(err.fields ?? {}).filter((id) => volunteers.some((v) => v.id === id));
        setMissing(ids);
        setDialogOpen(true);
        return;
      }
      const byVolunteer = refusedAttendees(err, chosen);
      if (Object.keys(byVolunteer).length === 0) return feedback.fail(err);
      setRefused(byVolunteer);
      feedback.accept({ hasErrors: true });
    }
  };

  const closeDialog = () => {
    setDialogOpen(false);
    // Straight to the first field to complete (after the dialog has let go of the focus).
    setTimeout(() => document.getElementById(`shirtSize-${missing[0]}`)?.focus(), 50);
  };

  return (
    <form onSubmit={submit} noValidate ref={feedback.ref}>
      <UnsavedChangesPrompt dirty={dirty && !save.isPending} />
      <Stack gap="sm">
        <Text>{t("groups.offers.attendees.intro", { max: offer.volunteers })}</Text>
        <Text size="sm" aria-live="polite" fw={600}>
          {t("groups.offers.attendees.chosen", { chosen: chosen.length, max: offer.volunteers })}
        </Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
          {volunteers.map((v) => {
            const c = choices[v.id];
            if (!c) return null;
            const why = refusal(v);
            const awaiting = why === "awaitingGuardian";
            const error = rowError(v);
            return (
              <Paper component="li" key={v.id} withBorder p="sm">
                <Stack gap="xs">
                  <Checkbox
                    name="attendees"
                    value={v.id}
                    checked={c.chosen && !awaiting}
                    disabled={awaiting}
                    onChange={(e) => change(v.id, { chosen: e.currentTarget.checked })}
                    label={t("groups.offers.attendees.volunteer", { name: v.name, age: v.age })}
                    description={
                      error
                        ? undefined
                        : awaiting
                          ? t("groups.offers.attendees.awaitingGuardian")
                          : why === "belowMinimumAge"
                            ? t("groups.offers.attendees.underAge", { age: station.officialMiniumumAge })
                            : undefined
                    }
                    error={error}
                    aria-invalid={error ? true : undefined}
                  />
                  {c.chosen && why === null && (shirts || diets || event.substitute) && (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" pl={{ base: 0, xs: "xl" }}>
                      {shirts && (
                        <NativeSelect
                          id={`shirtSize-${v.id}`}
                          name={`shirtSize-${v.id}`}
                          label={t("groups.offers.attendees.shirtSize")}
                          aria-label={t("groups.offers.attendees.shirtSizeFor", { name: v.name })}
                          required
                          value={c.shirtSize}
                          onChange={(e) => change(v.id, { shirtSize: e.currentTarget.value })}
                          data={[
                            { value: "", label: t("groups.offers.attendees.chooseSize") },
                            ...event.shirtSizes.map((s) => ({ value: s, label: s })),
                          ]}
                          error={missing.includes(v.id) ? t(offerMsg.missingShirtSize) : undefined}
                        />
                      )}
                      {event.substitute && (
                        <TextInput
                          name={`substitute-${v.id}`}
                          label={t("groups.offers.attendees.substitute")}
                          aria-label={t("groups.offers.attendees.substituteFor", { name: v.name })}
                          description={t("groups.offers.attendees.substituteHint")}
                          maxLength={250}
                          value={c.substitute}
                          onChange={(e) => change(v.id, { substitute: e.currentTarget.value })}
                        />
                      )}
                      {diets && (
                        <Checkbox.Group
                          label={t("groups.offers.attendees.specialDiets")}
                          aria-label={t("groups.offers.attendees.specialDietsFor", { name: v.name })}
                          value={c.specialDiets}
                          onChange={(value) => change(v.id, { specialDiets: value })}
                        >
                          <Group gap="md" mt={4}>
                            {event.foodOptions.map((d) => (
                              <Checkbox key={d} name={`specialDiets-${v.id}`} value={d} label={t(`events.foodOptions.${d}`)} />
                            ))}
                          </Group>
                        </Checkbox.Group>
                      )}
                    </SimpleGrid>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
        <FormError error={feedback.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("groups.offers.attendees.save")}
          </Button>
        </Group>
      </Stack>

      <Modal opened={dialogOpen} onClose={closeDialog} withCloseButton={false} centered returnFocus={false}>
        <DialogHeader title={t("groups.offers.attendees.missingTitle")} />
        <Stack gap="md">
          <Text>{t("groups.offers.attendees.missingText")}</Text>
          <List>
            {volunteers
              .filter((v) => missing.includes(v.id))
              .map((v) => (
                <List.Item key={v.id}>{v.name}</List.Item>
              ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={closeDialog}>{t("groups.offers.attendees.missingClose")}</Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
