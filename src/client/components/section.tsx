import { Paper, Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** A titled part of a page read on a phone (the engagement page, the sign-up page): a bordered box with its heading. */
export function Section({ title, hidden, children }: { title: string; hidden?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" withBorder p={{ base: "sm", xs: "md" }} aria-labelledby={id} display={hidden ? "none" : undefined}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
