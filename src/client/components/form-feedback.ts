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

/** Scrolls the first invalid field of `root` into the middle of the screen and focuses it. */
export function focusFirstInvalid(root: HTMLElement | null) {
  // After React has rendered the errors: the marks do not exist yet when validation returns.
  setTimeout(() => {
    const field = root && firstInvalid(root);
    if (!field) return;
    field.scrollIntoView({ block: "center", behavior: "smooth" });
    field.focus({ preventScroll: true });
  }, 0);
}

interface Validated {
  hasErrors: boolean;
}

/**
 * The one way every form says that a submit was refused, on a phone as on a desktop: the first invalid field
 * is scrolled to and focused (its own message beside it), and an alert by the submit button says that
 * something needs correcting, or what the server answered.
 *
 *   const feedback = useSubmitFeedback();
 *   if (!feedback.accept(form.validate())) return;        // before sending
 *   catch (err) { feedback.fail(err, form.setErrors); }   // the server refused
 *   <form ref={feedback.ref}> … <FormError error={feedback.error} /> <Button type="submit">
 */
export function useSubmitFeedback<E extends HTMLElement = HTMLFormElement>() {
  const { t } = useTranslation();
  const ref = useRef<E>(null);
  const [error, setError] = useState<string | null>(null);

  /** True when the form may be sent; otherwise shows where the problem is. */
  const accept = useCallback(
    (result: Validated) => {
      if (!result.hasErrors) {
        setError(null);
        return true;
      }
      setError(t("common.fixErrors"));
      focusFirstInvalid(ref.current);
      return false;
    },
    [t],
  );

  /** A refused or failed call: its field errors on the fields, its text by the button. */
  const fail = useCallback(
    (err: unknown, setErrors?: (errors: Record<string, string>) => void) => {
      const fields = apiFieldErrors(err, t);
      if (setErrors && Object.keys(fields).length > 0) {
        setErrors(fields);
        setError(t("common.fixErrors"));
        focusFirstInvalid(ref.current);
      } else setError(apiErrorText(err, t));
    },
    [t],
  );

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
