import { useForm } from "@mantine/form";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { sameEventName } from "#shared/events/rules";
import { type EventView, eventCopyBody } from "#shared/events/schema";
import { ApiError } from "../../../app/api.ts";
import { useEventOffers } from "../../../app/offer-queries.ts";
import { apiErrorText, zodValidate } from "../../../components/form.ts";
import { focusFirstInvalid } from "../../../components/form-feedback.ts";
import { notifySuccess } from "../../../components/notify.ts";
import { type CopyAdjustValues, useCopyEvent, useEvent } from "../../../features/events/index.ts";

/** The copy wizard's steps, named as in the progress bar of spec 02 §2. */
export const COPY_STEPS = [
  "events.steps.chooseEvent",
  "events.steps.adjustEvent",
  "events.steps.newStations",
  "events.steps.staffStation",
];
const [CHOOSE, ADJUST, STATIONS, STAFF] = [0, 1, 2, 3];

const ADJUSTED = ["name", "date", "city", "startTime"] as const;
const EMPTY: CopyAdjustValues = { name: "", date: "", city: "", startTime: "" };

/**
 * The second step's values: as last left in the address, else the source's own, but never its date, which
 * must be given anew (spec 02 §2).
 */
function adjustedFrom(params: URLSearchParams, source: EventView): CopyAdjustValues {
  return {
    name: params.get("name") ?? source.name,
    date: params.get("date") ?? "",
    city: params.get("city") ?? source.city,
    startTime: params.get("startTime") ?? source.startTime,
  };
}

/**
 * The state of /my-pages/events/copy. Nothing is saved until the last step, so the address holds what
 * the user has chosen so far (the source, the step, the adjusted fields once left, the unticked groups):
 * a reload keeps the user where they were, with what they entered.
 */
export function useCopyWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sourceId = params.get("source") ?? undefined;
  const step = sourceId ? Math.min(Math.max(Number(params.get("step") ?? ADJUST) || 0, CHOOSE), STAFF) : CHOOSE;
  const source = useEvent(sourceId);
  const offers = useEventOffers(sourceId);
  const copy = useCopyEvent(sourceId ?? "");

  // The server's own rules for these four fields, so the step refuses what the save would.
  const schema = useMemo(() => eventCopyBody(() => new Date()).pick({ name: true, date: true, city: true, startTime: true }), []);
  const form = useForm<CopyAdjustValues>({ initialValues: EMPTY, validate: zodValidate(schema, t) });
  /** The source whose values the form holds; the form is filled once per source. */
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const adjustRef = useRef<HTMLFormElement>(null);
  const staffRef = useRef<HTMLFormElement>(null);
  const [adjustError, setAdjustError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [offerErrors, setOfferErrors] = useState<Record<string, string>>({});
  const [askSameName, setAskSameName] = useState(false);
  /** Errors set while another step shows are focused once the second step's form is on the screen. */
  const focusPending = useRef(false);

  // Held here as well as in the address: a box must change as it is clicked, not once the router has moved.
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(
    () => new Set((params.get("skip") ?? "").split(",").filter(Boolean)),
  );
  // Only what the groups accepted is asked again (STAFFING §4).
  const accepted = useMemo(() => (offers.data ?? []).filter((o) => o.status === "ACCEPTED"), [offers.data]);
  const ready = !!source.data && filledFor === source.data.id;

  useEffect(() => {
    if (!source.data || filledFor === source.data.id) return;
    form.setValues(adjustedFrom(params, source.data));
    form.resetDirty();
    setFilledFor(source.data.id);
  }, [source.data, filledFor, params, form]);

  /** To `next`, with the adjusted fields written into the address so a reload there still has them. */
  const go = (next: number, chosen = sourceId, replace = false) => {
    const out = new URLSearchParams();
    if (chosen) out.set("source", chosen);
    out.set("step", String(next));
    if (chosen === sourceId && ready) {
      for (const field of ADJUSTED) if (form.values[field]) out.set(field, form.values[field]);
      if (skipped.size) out.set("skip", [...skipped].join(","));
    }
    setParams(out, { replace });
    window.scrollTo({ top: 0 });
  };

  /** Back to the second step to correct what its form now marks. */
  const toAdjust = (replace = false) => {
    setAdjustError(t("common.fixErrors"));
    focusPending.current = true;
    go(ADJUST, sourceId, replace);
  };

  // A later step reached without valid adjusted fields (an edited or old address) goes back to correct them.
  useEffect(() => {
    if (!ready || step < STATIONS || form.isValid()) return;
    form.validate();
    toAdjust(true);
  });

  useEffect(() => {
    if (step !== ADJUST || !ready || !focusPending.current) return;
    focusPending.current = false;
    focusFirstInvalid(adjustRef.current);
  });

  const choose = (id: string) => {
    if (id !== sourceId) {
      setFilledFor(null);
      setSkipped(new Set());
      setOfferErrors({});
    }
    go(ADJUST, id);
  };

  const next = () => {
    const result = form.validate();
    if (result.hasErrors) {
      setAdjustError(t("common.fixErrors"));
      focusFirstInvalid(adjustRef.current);
      return;
    }
    setAdjustError(null);
    go(STATIONS);
  };

  const toggle = (key: string, ticked: boolean) => {
    const unticked = new Set(skipped);
    if (ticked) unticked.delete(key);
    else unticked.add(key);
    setSkipped(unticked);
    setOfferErrors(({ [key]: _dropped, ...rest }) => rest);
    setParams(
      (p) => {
        if (unticked.size) p.set("skip", [...unticked].join(","));
        else p.delete("skip");
        return p;
      },
      { replace: true },
    );
  };

  const save = async (sameName = false) => {
    if (copy.isPending || !source.data) return;
    if (form.validate().hasErrors) return toAdjust();
    if (!sameName && sameEventName(form.values.name, source.data.name)) return setAskSameName(true);
    const sent = accepted.filter((o) => !skipped.has(o.stationIdGroupId));
    setSaveError(null);
    setOfferErrors({});
    try {
      const made = await copy.mutateAsync({
        ...form.values,
        offers: sent.map((o) => ({ groupId: o.groupId, stationId: o.stationId })),
        ...(sameName ? { sameName: true } : {}),
      });
      notifySuccess(t("events.copy.saved", { name: made.name }));
      navigate("/my-pages/events");
    } catch (err) {
      if (err instanceof ApiError && err.code === "SameName") return setAskSameName(true);
      const fields = err instanceof ApiError && err.code === "ValidationError" ? (err.fields ?? {}) : {};
      // Offers are named by their place in the list sent (`offers.2`); the rest are the second step's fields.
      const byOffer: Record<string, string> = {};
      const byField: Record<string, string> = {};
      for (const [path, id] of Object.entries(fields)) {
        const offer = /^offers\.(\d+)/.exec(path);
        const key = offer ? sent[Number(offer[1])]?.stationIdGroupId : undefined;
        if (key) byOffer[key] = id;
        else if ((ADJUSTED as readonly string[]).includes(path)) byField[path] = t(id);
      }
      setOfferErrors(byOffer);
      if (Object.keys(byField).length) {
        form.setErrors(byField);
        toAdjust();
      } else if (Object.keys(byOffer).length) {
        setSaveError(t("common.fixErrors"));
        focusFirstInvalid(staffRef.current);
      } else setSaveError(apiErrorText(err, t));
    }
  };

  return {
    step,
    sourceId,
    source,
    offers,
    accepted,
    form,
    ready,
    skipped,
    offerErrors,
    adjustError,
    saveError,
    saving: copy.isPending,
    adjustRef,
    staffRef,
    askSameName,
    closeSameName: () => setAskSameName(false),
    go,
    choose,
    next,
    toggle,
    save,
  };
}
