import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorText } from "./form.ts";
import { FormError } from "./form-error.tsx";

/**
 * A button that fetches a file (a CSV export) and hands it to the browser, busy while it loads, with a hint
 * below and the error beside it when it fails. `errorText` replaces the server's message where one reads better.
 */
export function DownloadButton({
  label,
  hint,
  download,
  errorText,
}: {
  label: string;
  hint: string;
  download: () => Promise<void>;
  errorText?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await download();
    } catch (err) {
      setError(errorText ?? apiErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} maw={560}>
      <Group>
        <Button variant="default" onClick={() => void run()} loading={busy}>
          {label}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <FormError error={error} />
    </Stack>
  );
}
