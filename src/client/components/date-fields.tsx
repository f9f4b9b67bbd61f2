import { Group, Input } from "@mantine/core";
import { DateInput, DatesProvider, TimePicker } from "@mantine/dates";
import "@mantine/dates/styles.css";
import "dayjs/locale/sv";
import "dayjs/locale/en";
import { type FocusEventHandler, type ReactNode, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * Date and time fields with one look whatever the browser's language: ISO dates (2027-05-16), 24-hour times
 * (09:00), weeks starting on Monday, month and day names in the page's language. The browser's own
 * date inputs follow the browser's locale instead (01/16/2027, 10:00 AM), which a Swedish page must not show.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME = /(\d{1,2})[:.](\d{2})/;

/** Reads what a person typed: 2027-05-16, 20270516 or 2027-5-16; an instant's date part is the date. */
function parseDate(text: string): string | null {
  const t = text.trim();
  const m = ISO_DATE.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t) ?? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function Dates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === "en" ? "en" : "sv";
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1, consistentWeeks: true }}>{children}</DatesProvider>;
}

/**
 * The `name` on the visible input, where forms and people look for it, not on Mantine's hidden copy. DateInput
 * gives its `name` to the hidden input only, and React removes a `name` it did not render from an input on
 * each update of it, so the attribute is put back whenever it goes. The input is found by its id: a ref given
 * to DateInput does not reach the input element.
 */
function useNamed(name: string | undefined, id: string) {
  useEffect(() => {
    const input = document.getElementById(id);
    if (!name || !input) return;
    const put = () => {
      if (input.getAttribute("name") !== name) input.setAttribute("name", name);
    };
    put();
    const watch = new MutationObserver(put);
    watch.observe(input, { attributes: true, attributeFilter: ["name"] });
    return () => watch.disconnect();
  }, [name, id]);
}

const CALENDAR_LABELS = [
  "previousMonth",
  "nextMonth",
  "previousYear",
  "nextYear",
  "previousDecade",
  "nextDecade",
  "monthLevelControl",
  "yearLevelControl",
] as const;

/**
 * What every picker's calendar needs to be usable without sight and readable: named arrows, no dimmed days of
 * the neighbouring months and no red weekend days (both below the contrast minimum), and the dropdown inside
 * the page's landmarks rather than in a portal at the end of the body.
 */
function useCalendarProps() {
  const { t } = useTranslation();
  return {
    ariaLabels: Object.fromEntries(CALENDAR_LABELS.map((k) => [k, t(`common.calendar.${k}`)])),
    hideOutsideDates: true,
    weekendDays: [],
    popoverProps: { withinPortal: false },
  };
}

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

/** A date, held as `YYYY-MM-DD` ("" when empty). Spread `form.getInputProps(path)` onto it. */
export function DateField({ value, onChange, ...props }: FieldProps & { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  useNamed(props.name, id);
  const calendar = useCalendarProps();
  return (
    <Dates>
      <DateInput
        id={id}
        {...calendar}
        {...props}
        name={undefined}
        value={parseDate(value ?? "")}
        onChange={(v) => onChange(v ?? "")}
        valueFormat="YYYY-MM-DD"
        dateParser={parseDate}
        placeholder={t("common.datePlaceholder")}
        clearable={!props.required}
        autoComplete="off"
      />
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
}: FieldProps & { value: string; onChange(v: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  useNamed(props.name, id);
  const calendar = useCalendarProps();
  const date = parseDate(value ?? "") ?? "";
  const time = TIME.exec((value ?? "").slice(10))?.[0] ?? "";
  const join = (d: string, tm: string) => onChange(d ? `${d}T${tm ? tm.slice(0, 5).padStart(5, "0") : "00:00"}` : "");

  return (
    <Dates>
      <Input.Wrapper label={label} description={description} error={error} required={props.required} id={id}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <DateInput
            id={id}
            {...calendar}
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
            dateParser={parseDate}
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
    </Dates>
  );
}
