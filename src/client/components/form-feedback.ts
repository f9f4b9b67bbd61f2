import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorText, apiFieldErrors } from "./form.ts";

/** The first field marked invalid inside `root`, the input itself where the mark sits on a wrapper. */
function firstInvalid(root: HTMLElement): HTMLElement | null {
  const marked = root.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"], [data-invalid]');
  if (!marked) return null;
  if (marked.matches("input, textarea, select, button")) return marked;
  return marked.querySelector<HTMLElement>("input, textarea, select, button") ?? marked;
}

/**
 * Focuses `field` without its focus events reaching React. A field that opens a list or a calendar when
 * focused (a searchable select, a date input) would otherwise open it over the message it is focused to
 * show; the person opens it when they choose (a click, typing, the arrow keys).
 */
function focusQuietly(field: HTMLElement) {
  const hush = (event: Event) => event.stopPropagation();
  // On the window, in the capture phase: before React's own listeners on the page's root see the event.
  window.addEventListener("focusin", hush, true);
  window.addEventListener("focus", hush, true);
  try {
    field.focus({ preventScroll: true });
  } finally {
    window.removeEventListener("focusin", hush, true);
    window.removeEventListener("focus", hush, true);
  }
}

/** Scrolls the first invalid field of `root` into the middle of the screen and focuses it, its message in sight. */
export function focusFirstInvalid(root: HTMLElement | null) {
  // After React has rendered the errors: the marks do not exist yet when validation returns.
  setTimeout(() => {
    const field = root && firstInvalid(root);
    if (!field) return;
    field.scrollIntoView({ block: "center", behavior: "smooth" });
    focusQuietly(field);
  }, 0);
}

interface Validated {
  hasErrors: boolean;
  /** What the alert says about the marked fields, when "something needs correcting" says too little. */
  message?: string;
}

/**
 * What the alert by the submit button says: that marked fields need correcting (gone once none is marked any
 * more), a rule of the whole form that is broken (gone once it holds), or a text such as the server's answer
 * (until the next submit).
 */
type Shown = { kind: "fields"; text?: string } | { kind: "problem" } | { kind: "text"; text: string } | null;

/**
 * The one way every form says that a submit was refused, on a phone as on a desktop: the first invalid field
 * is scrolled to and focused (its own message beside it), and an alert by the submit button says that
 * something needs correcting, or what the server answered. What is mended stops being shown: the alert about
 * marked fields goes when the last mark goes, and `problem` — a rule of the whole form, such as "choose at
 * least one", as it stands now — shows only while it still holds.
 *
 *   const feedback = useSubmitFeedback({ problem });       // problem: a translated text or null
 *   if (!feedback.accept(form.validate())) return;        // before sending
 *   catch (err) { feedback.fail(err, form.setErrors); }   // the server refused
 *   <form ref={feedback.ref}> … <FormError error={feedback.error} /> <Button type="submit">
 */
export function useSubmitFeedback<E extends HTMLElement = HTMLFormElement>(options: { problem?: string | null } = {}) {
  const { t } = useTranslation();
  const ref = useRef<E>(null);
  const [shown, setShown] = useState<Shown>(null);
  // Whether the fields' marks have been seen since the alert about them came: a server's field errors that
  // no field of the form shows must not take the alert away before anyone saw it.
  const marksSeen = useRef(false);
  const problem = options.problem ?? null;

  // After every render of the form: once no field is marked any more, the alert about them goes too.
  useEffect(() => {
    if (shown?.kind !== "fields" || !ref.current) return;
    if (firstInvalid(ref.current)) marksSeen.current = true;
    else if (marksSeen.current) setShown(null);
  });

  const showFields = useCallback((text?: string) => {
    marksSeen.current = false;
    setShown({ kind: "fields", text });
    focusFirstInvalid(ref.current);
  }, []);

  /** True when the form may be sent; otherwise shows where the problem is. */
  const accept = useCallback(
    (result: Validated) => {
      if (result.hasErrors) {
        showFields(result.message);
        return false;
      }
      if (problem) {
        setShown({ kind: "problem" });
        return false;
      }
      setShown(null);
      return true;
    },
    [problem, showFields],
  );

  /** A refused or failed call: its field errors on the fields, its text by the button. */
  const fail = useCallback(
    (err: unknown, setErrors?: (errors: Record<string, string>) => void) => {
      const fields = apiFieldErrors(err, t);
      if (setErrors && Object.keys(fields).length > 0) {
        setErrors(fields);
        showFields();
      } else setShown({ kind: "text", text: apiErrorText(err, t) });
    },
    [t, showFields],
  );

  /** Shows a text by the button until the next submit (null takes the alert away). */
  const setError = useCallback((text: string | null) => setShown(text === null ? null : { kind: "text", text }), []);

  const error =
    shown?.kind === "fields"
      ? (shown.text ?? t("common.fixErrors"))
      : shown?.kind === "problem"
        ? problem
        : shown?.kind === "text"
          ? shown.text
          : null;

  return { ref, error, setError, accept, fail };
}

/** The spec's submit lock (02 §5, §9): a clicked button stays disabled this long, so a double tap sends once. */
const SUBMIT_LOCK_MS = 500;

/** `lock()` on submit; `locked` disables the button for the next half second. */
export function useSubmitLock() {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lock = useCallback(() => {
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), SUBMIT_LOCK_MS);
  }, []);
  return { locked, lock };
}
