import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { DialogHeader } from "./dialog-header.tsx";

/**
 * Asks before a page with unsaved changes is left: inside the app with a dialog (stay / leave), and when the
 * tab is closed or reloaded with the browser's own question. Render the returned element anywhere on the
 * page; `dirty` is what the form holds that is not saved yet.
 */
export function UnsavedChangesPrompt({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  // A change of the search part only (a wizard's step) stays on the page and keeps the form.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const open = blocker.state === "blocked";
  return (
    <Modal opened={open} onClose={() => blocker.reset?.()} withCloseButton={false} centered>
      <DialogHeader title={t("common.unsavedTitle")} />
      <Stack gap="md">
        <Text>{t("common.unsavedText")}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t("common.stay")}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t("common.leave")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
