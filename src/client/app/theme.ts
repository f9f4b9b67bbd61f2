import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineThemeComponents } from "@mantine/core";
import classes from "./theme.module.css";

/**
 * The one brand colour, the public site's green: the app's buttons, links, badges and the public pages all
 * take it from here (`brand.N`, or `--mantine-color-brand-N` / `--mantine-primary-color-N` in CSS).
 */
const brand = DEFAULT_THEME.colors.teal;

/**
 * A hint goes under its input, so inputs side by side line up whether or not one of them has a hint.
 * Set per input (not on Input.Wrapper), so checkbox and radio groups keep their hint above the options.
 */
const INPUTS = [
  "TextInput",
  "Textarea",
  "PasswordInput",
  "NumberInput",
  "Select",
  "MultiSelect",
  "NativeSelect",
  "Autocomplete",
  "TagsInput",
  "DateInput",
  "DatePickerInput",
  "DateTimePicker",
  "TimeInput",
  "TimePicker",
];
const inputs: MantineThemeComponents = Object.fromEntries(
  INPUTS.map((name) => [name, { defaultProps: { inputWrapperOrder: ["label", "input", "description", "error"] } }]),
);

export const theme = createTheme({
  colors: { brand },
  primaryColor: "brand",
  // Shade 9: white text on shade 8 falls short of the WCAG AA contrast of 4.5:1.
  primaryShade: { light: 9, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  defaultRadius: "md",
  // md = 62em (992 px): the menu folds below 991 px (spec 01 §9).
  breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
  // The page's title shrinks on a phone, so a long word of an event's name (Midsommarloppet) fits a line.
  headings: { sizes: { h1: { fontSize: "clamp(1.75rem, 1.15rem + 2.5vw, 2.125rem)" } } },
  components: {
    ...inputs,
    InputWrapper: { classNames: { description: classes.description } },
    // A hovered row's grey: Mantine's gray.1 leaves the brand-green links in it just short of 4.5:1.
    Table: { defaultProps: { highlightOnHoverColor: "gray.0" } },
    Fieldset: { classNames: { root: classes.fieldset } },
    Title: { classNames: { root: classes.title } },
    Tabs: { classNames: { list: classes.tabsList, tab: classes.tab } },
  },
});

/** Mantine's error (red 6) and dimmed (gray 6) texts fall short of 4.5:1 on white; these shades meet it. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // The sticky header's height, once: the header, the mobile menu and the notifications below it use it.
  variables: { "--app-header-height": "75px" },
  light: {
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Mantine lightens shade 9 on hover, back below 4.5:1; darker instead.
    "--mantine-color-brand-filled-hover": "#066649",
    "--mantine-primary-color-filled-hover": "#066649",
  },
  dark: {},
});
