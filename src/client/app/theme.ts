import { createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "teal",
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  defaultRadius: "md",
  // md = 62em (992 px): the menu folds below 991 px (spec 01 §9).
  breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
});
