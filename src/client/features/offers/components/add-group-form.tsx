import { Alert, Button, Group, Loader, NativeSelect, Radio, Stack, Text, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StationView } from "#shared/events/schema";
import { proposedVolunteers } from "#shared/offers/match";
import { offerLimit, unallocated } from "#shared/offers/rules";
import { type Allocation, type Candidate, offerBody, offerMsg } from "#shared/offers/schema";
import { ApiError } from "../../../app/api.ts";
import { apiFieldErrors } from "../../../components/form.ts";
import { FormError } from "../../../components/form-error.tsx";
import { useSubmitFeedback } from "../../../components/form-feedback.ts";
import { notifySuccess } from "../../../components/notify.ts";
import { WholeNumberInput } from "../../../components/whole-number-input.tsx";
import { useCandidates, useCreateOffer } from "../api.ts";
import { CandidateOption } from "./candidate-option.tsx";

/** How far the search reaches beyond the station's own municipality. */
export const RADII = [0, 10, 25, 50] as const;
const PAGE = 10;

interface Props {
  eventId: string;
  station: StationView;
  allocation: Allocation;
  /** An unanswered offer left places missing: the best candidate is the suggested replacement. */
  suggestReplacement: boolean;
}

type LimitCode = "TooManyVolunteers" | "Allocated" | "TooManyRequested";
const limitMessages: Record<LimitCode, string> = {
  TooManyVolunteers: offerMsg.tooManyVolunteers,
  Allocated: offerMsg.allocated,
  TooManyRequested: offerMsg.tooManyRequested,
};
const isLimit = (code: string): code is LimitCode => code in limitMessages;

/** Ranked candidates for the station, a radius to widen the search, the number of volunteers, add. */
export function AddGroupForm({ eventId, station, allocation, suggestReplacement }: Props) {
  const { t } = useTranslation();
  const [radiusKm, setRadiusKm] = useState(0);
  const [shown, setShown] = useState(PAGE);
  const candidates = useCandidates(eventId, station.id, radiusKm);
  const create = useCreateOffer();
  const list = candidates.data ?? [];
  const suggestedId = suggestReplacement ? list[0]?.groupId : undefined;
  const [chosen, setChosen] = useState<string | null>(null);
  /** What the user typed; null until then, so the field shows the proposal for the chosen group. */
  const [volunteers, setVolunteers] = useState<number | string | null>(null);
  const [errors, setErrors] = useState<{ groupId?: string; volunteers?: string }>({});
  const feedback = useSubmitFeedback();
  const groupsRef = useRef<HTMLDivElement>(null);

  const groupId = chosen ?? suggestedId ?? null;
  const candidate = list.find((c) => c.groupId === groupId);
  const count = volunteers ?? (candidate ? proposedVolunteers(allocation.missing, candidate.remainingMembers) : "");

  const choose = (id: string) => {
    setChosen(id);
    setVolunteers(null);
    setErrors({});
    feedback.setError(null);
  };

  const limitText = (code: LimitCode) => t(limitMessages[code], { n: station.officialQuantity });

  const fail = (next: { groupId?: string; volunteers?: string }) => {
    setErrors(next);
    if (next.groupId) {
      // The radios carry no invalid mark of their own: the group's first one is where the choice is made,
      // and choosing one takes the alert away.
      feedback.setError(t("common.fixErrors"));
      groupsRef.current?.querySelector<HTMLInputElement>("input")?.focus();
    } else feedback.accept({ hasErrors: true });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    feedback.setError(null);
    if (!candidate) return fail({ groupId: t(offerMsg.groupRequired) });
    const parsed = offerBody.shape.volunteers.safeParse(count);
    if (!parsed.success) return fail({ volunteers: t(parsed.error.issues[0].message, { n: 1 }) });
    const limit = offerLimit(
      parsed.data,
      { officialQuantity: station.officialQuantity, free: unallocated(allocation) },
      candidate.remainingMembers,
    );
    if (limit) return fail({ volunteers: limitText(limit) });
    try {
      await create.mutateAsync({ eventId, stationId: station.id, groupId: candidate.groupId, volunteers: parsed.data });
      notifySuccess(t("events.match.add.added", { group: candidate.name }));
      setChosen(null);
      setVolunteers(null);
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError && isLimit(err.code)) return fail({ volunteers: limitText(err.code) });
      const fields = apiFieldErrors(err, t);
      if (fields.volunteers || fields.groupId) return fail({ volunteers: fields.volunteers, groupId: fields.groupId });
      feedback.fail(err);
    }
  };

  return (
    <form ref={feedback.ref} onSubmit={submit} noValidate aria-labelledby={`add-${station.id}`}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={`add-${station.id}`}>
          {t("events.match.add.title")}
        </Title>
        {allocation.missing === 0 ? (
          <Text>{t("events.match.add.full")}</Text>
        ) : (
          <>
            <Text size="sm">{t("events.match.add.intro")}</Text>
            <NativeSelect
              label={t("events.match.add.radius")}
              name="radiusKm"
              value={String(radiusKm)}
              onChange={(e) => {
                setRadiusKm(Number(e.currentTarget.value));
                setShown(PAGE);
              }}
              data={RADII.map((km) => ({
                value: String(km),
                label: km === 0 ? t("events.match.add.radius0") : t("events.match.add.radiusKm", { km }),
              }))}
              maw={320}
            />
            {suggestedId && (
              <Alert color="yellow" role="status">
                {t("events.match.add.replacementHint")}
              </Alert>
            )}
            {candidates.isPending ? (
              <Loader size="sm" role="status" aria-label={t("common.loading")} />
            ) : candidates.isError ? (
              <Alert color="red.9" role="alert">
                {t("events.match.add.candidatesError")}
              </Alert>
            ) : list.length === 0 ? (
              <Text role="status">{t("events.match.add.noCandidates")}</Text>
            ) : (
              <Candidates
                list={list.slice(0, shown)}
                more={list.length > shown}
                onMore={() => setShown((n) => n + PAGE)}
                value={groupId}
                onChange={choose}
                suggestedId={suggestedId}
                error={errors.groupId}
                rootRef={groupsRef}
              />
            )}
            <WholeNumberInput
              name="volunteers"
              label={t("events.match.add.volunteers")}
              description={candidate ? t("events.match.add.volunteersHint", { count: candidate.remainingMembers }) : undefined}
              min={1}
              value={count}
              onChange={(v) => {
                setVolunteers(v);
                setErrors((e) => ({ ...e, volunteers: undefined }));
              }}
              error={errors.volunteers}
              maw={200}
            />
            <FormError error={feedback.error} />
            <Group>
              <Button type="submit" loading={create.isPending}>
                {t("events.match.add.button")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

interface CandidatesProps {
  list: Candidate[];
  more: boolean;
  onMore(): void;
  value: string | null;
  onChange(id: string): void;
  suggestedId: string | undefined;
  error: string | undefined;
  rootRef: React.Ref<HTMLDivElement>;
}

function Candidates({ list, more, onMore, value, onChange, suggestedId, error, rootRef }: CandidatesProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Radio.Group
        ref={rootRef}
        name="groupId"
        label={t("events.match.add.candidates")}
        value={value}
        onChange={onChange}
        error={error}
      >
        <Stack gap="xs" mt="xs">
          {list.map((c) => (
            <CandidateOption key={c.groupId} candidate={c} checked={c.groupId === value} suggested={c.groupId === suggestedId} />
          ))}
        </Stack>
      </Radio.Group>
      {more && (
        <Group>
          <Button variant="subtle" onClick={onMore}>
            {t("events.match.add.more")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
