import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ERASE_AFTER_DAYS } from "#shared/registration/retention";
import classes from "./consent-dialog.module.css";

interface Props {
  opened: boolean;
  /** The day the volunteer's data for the event is erased at the earliest (YYYY-MM-DD). */
  erasureDate: string;
  onAgree(): void;
  onCancel(): void;
}

/**
 * What signing up means for a volunteer's personal data (spec 02 §1): what is kept, who sees it and when
 * it goes. The form opens only after a yes; Escape is a no. A native modal dialog (see the CSS module).
 */
export function ConsentDialog({ opened, erasureDate, onAgree, onCancel }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (opened && !d.open) {
      d.showModal();
      // Read from the top: the heading takes the focus, not the first link.
      title.current?.focus();
    } else if (!opened && d.open) d.close();
  }, [opened]);

  return (
    <dialog
      ref={dialog}
      className={classes.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId} ref={title} tabIndex={-1} className={classes.title}>
          {t("registration.consent.title")}
        </Title>
        <Text>{t("registration.consent.stored")}</Text>
        <Text>{t("registration.consent.who")}</Text>
        <Text>{t("registration.consent.erasure", { days: ERASE_AFTER_DAYS, date: erasureDate })}</Text>
        <Text>{t("registration.consent.minors")}</Text>
        <Text>
          {/* A new tab, so the sign-up page and its dialog are still there to come back to. */}
          <Anchor href="/privacy-policy" target="_blank" rel="noopener" underline="always">
            {t("registration.consent.policy")}
          </Anchor>
        </Text>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t("registration.consent.cancel")}
          </Button>
          <Button onClick={onAgree}>{t("registration.consent.agree")}</Button>
        </Group>
      </Stack>
    </dialog>
  );
}
