import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogHeader } from "./dialog-header.tsx";
import { apiErrorText } from "./form.ts";

interface Props {
  opened: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The action; the modal shows a spinner while it runs and an error if it fails. */
  onConfirm(): Promise<unknown>;
  /** A checkbox that must be ticked first (spec 01 §4, removal). */
  checkbox?: { label: string; error: string };
  /** Closing waits this long after success, so the user sees it happened (spec 01 §9: 500 ms). */
  closeDelayMs?: number;
  color?: string;
  /** Text of a failure; defaults to the API error's translated text. */
  errorText?: string;
}

/** A yes/no dialog for actions that cannot be undone: remove, confirm, delete. */
export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  checkbox,
  closeDelayMs = 0,
  color,
  errorText,
}: Props) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState(false);
  const [checkboxError, setCheckboxError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (opened) {
      setTicked(false);
      setCheckboxError(false);
      setBusy(false);
      setError(null);
    }
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [opened]);

  const confirm = async () => {
    if (busy) return;
    if (checkbox && !ticked) return setCheckboxError(true);
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      timer.current = setTimeout(onClose, closeDelayMs);
    } catch (err) {
      setError(errorText ?? apiErrorText(err, t));
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} withCloseButton={false} centered>
      <DialogHeader title={title} />
      <Stack gap="md">
        <Text>{children}</Text>
        {checkbox && (
          <Checkbox
            label={checkbox.label}
            checked={ticked}
            onChange={(e) => {
              setTicked(e.currentTarget.checked);
              if (e.currentTarget.checked) setCheckboxError(false);
            }}
            error={checkboxError ? checkbox.error : undefined}
            disabled={busy}
          />
        )}
        {error && (
          <Alert color="red.9" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button color={color} onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
