import { Alert } from "@mantine/core";

/** The message of a failed action (a submit, a download), announced to screen readers; nothing without one. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
}
