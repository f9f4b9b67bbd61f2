import { Group, Input } from "@mantine/core";
import { DateInput, DatesProvider, TimePicker } from "@mantine/dates";
import "@mantine/dates/styles.css";
import "dayjs/locale/sv";
import "dayjs/locale/en";
import { type FocusEventHandler, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { readTypedDate } from "#shared/validation";

/**
 * Date and time fields with one look whatever the browser's language: ISO dates (2027-05-16), 24-hour times
 * (09:00), weeks starting on Monday, month and day names in the page's language. The browser's own
 * date inputs follow the browser's locale instead (01/16/2027, 10:00 AM), which a Swedish page must not show.
 */

const TIME = /(\d{1,2})[:.](\d{2})/;

function Dates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "sv";
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1, consistentWeeks: true }}>{children}</DatesProvider>;
}

/**
 * What every date input's calendar needs to pass axe: names for its arrows, no pale days (Mantine draws the
 * weekend in light red and the neighbouring months' days at half opacity), and the dropdown inside the page's
 * landmarks rather than in a portal at the end of the body.
 */
function useCalendarProps() {
  const { t } = useTranslation();
  const k = (id: string) => t(`common.calendar.${id}`);
  return {
    ariaLabels: {
      previousMonth: k("previousMonth"),
      nextMonth: k("nextMonth"),
      previousYear: k("previousYear"),
      nextYear: k("nextYear"),
      previousDecade: k("previousDecade"),
      nextDecade: k("nextDecade"),
      monthLevelControl: k("chooseMonth"),
      yearLevelControl: k("chooseYear"),
    },
    weekendDays: [] as Array<0 | 1 | 2 | 3 | 4 | 5 | 6>,
    hideOutsideDates: true,
    popoverProps: { withinPortal: false },
  };
}

/**
 * The `name` on the first visible input inside the returned box, where forms and people look for it, not on
 * Mantine's hidden copy. Set from outside: the pickers keep `name` for the hidden input and do not hand a ref
 * on to the visible one.
 */
function useNamed(name: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!name || !box) return;
    // Watched, not set once: the picker may render its input after this effect, or render it anew.
    const apply = () => {
      const input = box.querySelector("input:not([type=hidden])");
      if (input && input.getAttribute("name") !== name) input.setAttribute("name", name);
    };
    apply();
    const watch = new MutationObserver(apply);
    watch.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["name"] });
    return () => watch.disconnect();
  }, [name]);
  return ref;
}

/** A box that adds nothing to the layout, to find the picker's inputs in. */
const Named = ({ box, children }: { box: RefObject<HTMLDivElement | null>; children: ReactNode }) => (
  <div ref={box} style={{ display: "contents" }}>
    {children}
  </div>
);

interface FieldProps {
  label: ReactNode;
  name?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** YYYY-MM-DD */
  minDate?: string;
  maxDate?: string;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * A date, held as `YYYY-MM-DD` ("" when empty). Spread `form.getInputProps(path)` onto it.
 *
 * What was typed stays as typed: a text that is no date (`24/12/2026`), or a date outside `minDate`..`maxDate`
 * (which only grey out the calendar's days), becomes the value too, so the form's rule says what is wrong
 * under the field and nothing is sent. (Mantine's own input keeps only dates it can take, and empties the
 * field on blur otherwise.)
 */
export function DateField({
  value,
  onChange,
  minDate,
  maxDate,
  ...props
}: FieldProps & { value?: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const ref = useNamed(props.name);
  const calendar = useCalendarProps();
  // What this field last handed the form. A value the form sets itself (a reset) that is no date starts the
  // input afresh, or it would go on showing the text typed before.
  const emitted = useRef(value ?? "");
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if ((value ?? "") === emitted.current) return;
    emitted.current = value ?? "";
    if (!readTypedDate(emitted.current)) setGeneration((g) => g + 1);
  }, [value]);
  const emit = (v: string) => {
    emitted.current = v;
    onChange(v);
  };
  const inRange = (date: string) => (!minDate || date >= minDate) && (!maxDate || date <= maxDate);

  return (
    <Dates>
      <Named box={ref}>
        <DateInput
          key={generation}
          {...calendar}
          {...props}
          name={undefined}
          minDate={minDate}
          maxDate={maxDate}
          value={readTypedDate(value ?? "")}
          onChange={(v) => emit(v ?? "")}
          // Runs before the input's change handler, which takes only an in-range date, or "" when clearable.
          onInput={(e) => {
            const text = e.currentTarget.value;
            const date = readTypedDate(text);
            if (text.trim() === "") emit("");
            else if (date === null) emit(text);
            else if (!inRange(date)) emit(date);
          }}
          fixOnBlur={false}
          valueFormat="YYYY-MM-DD"
          dateParser={readTypedDate}
          placeholder={t("common.datePlaceholder")}
          clearable={!props.required}
          clearButtonProps={{
            "aria-label":
              typeof props.label === "string"
                ? t("common.calendar.clearField", { label: props.label })
                : t("common.calendar.clear"),
          }}
          autoComplete="off"
        />
      </Named>
    </Dates>
  );
}

/**
 * A date and a time, held as `YYYY-MM-DDTHH:mm` (local wall-clock time, "" when empty), shown as a date field
 * and a 24-hour time field side by side. Typing a whole `2027-05-16T09:00` into the date sets both.
 */
export function DateTimeField({
  value,
  onChange,
  label,
  error,
  description,
  ...props
}: FieldProps & { value?: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const ref = useNamed(props.name);
  const calendar = useCalendarProps();
  const id = useId();
  const date = readTypedDate(value ?? "") ?? "";
  const time = TIME.exec((value ?? "").slice(10))?.[0] ?? "";
  const join = (d: string, tm: string) => onChange(d ? `${d}T${tm ? tm.slice(0, 5).padStart(5, "0") : "00:00"}` : "");

  return (
    <Dates>
      <Named box={ref}>
        <Input.Wrapper label={label} description={description} error={error} required={props.required} id={id}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <DateInput
              {...calendar}
              id={id}
              {...props}
              name={undefined}
              aria-label={`${typeof label === "string" ? label : ""} ${t("common.date")}`.trim()}
              error={Boolean(error)}
              value={date || null}
              onChange={(d) => join(d ?? "", time)}
              onInput={(e) => {
                const typed = e.currentTarget.value;
                const whole = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2})$/.exec(typed.trim());
                if (whole) join(whole[1], whole[2]);
              }}
              valueFormat="YYYY-MM-DD"
              dateParser={readTypedDate}
              placeholder={t("common.datePlaceholder")}
              autoComplete="off"
              style={{ flex: 3 }}
            />
            <TimePicker
              format="24h"
              value={time}
              onChange={(tm) => join(date, tm)}
              disabled={props.disabled || !date}
              readOnly={props.readOnly}
              error={Boolean(error)}
              hoursInputLabel={t("common.hours")}
              minutesInputLabel={t("common.minutes")}
              aria-label={`${typeof label === "string" ? label : ""} ${t("common.time")}`.trim()}
              style={{ flex: 2 }}
            />
          </Group>
        </Input.Wrapper>
      </Named>
    </Dates>
  );
}

/** A time of day, held as `HH:mm` ("" when empty), on a 24-hour clock; `name` sits on the hours input. */
export function TimeField({
  value,
  onChange,
  name,
  minDate: _min,
  maxDate: _max,
  // The picker's focus events are its wrapper's; the form does not need them for a time.
  onFocus: _focus,
  onBlur: _blur,
  ...props
}: FieldProps & { value?: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const ref = useNamed(name);
  return (
    <Named box={ref}>
      <TimePicker
        {...props}
        format="24h"
        value={value ?? ""}
        onChange={onChange}
        error={props.error}
        hoursInputLabel={t("common.hours")}
        minutesInputLabel={t("common.minutes")}
      />
    </Named>
  );
}
