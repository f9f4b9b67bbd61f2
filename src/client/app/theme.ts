import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "teal",
  // Shade 9: white text on teal 8 falls short of the WCAG AA contrast of 4.5:1.
  primaryShade: { light: 9, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  defaultRadius: "md",
  // md = 62em (992 px): the menu folds below 991 px (spec 01 §9).
  breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
});

/** Mantine's error (red 6) and dimmed (gray 6) texts fall short of 4.5:1 on white; these shades meet it. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Mantine lightens shade 9 on hover, back below 4.5:1; darker instead.
    "--mantine-color-teal-filled-hover": "#066649",
  },
  dark: {},
});
