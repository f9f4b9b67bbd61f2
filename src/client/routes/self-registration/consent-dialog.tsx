import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_PARAM } from "#shared/i18n/language";
import { ERASE_AFTER_DAYS } from "#shared/registration/retention";
import { LanguageSelect } from "../../app/shell/language-select.tsx";
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
  const { t, i18n } = useTranslation();
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
      {/* The texts scroll; the answer stays in sight below them, on a phone too. */}
      <Stack gap="sm" className={classes.body}>
        {/* The dialog covers the header, so the language can be changed here too. */}
        <Group justify="space-between" align="center" gap="xs" className={classes.head}>
          <Title order={2} size="h4" id={titleId} ref={title} tabIndex={-1} className={classes.title}>
            {t("registration.consent.title")}
          </Title>
          <LanguageSelect className={classes.language} />
        </Group>
        <Text>{t("registration.consent.stored")}</Text>
        <Text>{t("registration.consent.who")}</Text>
        <Text>{t("registration.consent.erasure", { days: ERASE_AFTER_DAYS, date: erasureDate })}</Text>
        <Text>{t("registration.consent.minors")}</Text>
        <Text>
          {/* A new tab, so the sign-up page and its dialog are still there to come back to; in this page's language. */}
          <Anchor href={`/privacy-policy?${LANGUAGE_PARAM}=${i18n.language}`} target="_blank" rel="noopener" underline="always">
            {t("registration.consent.policy")}
          </Anchor>
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm" className={classes.actions}>
        <Button variant="default" onClick={onCancel}>
          {t("registration.consent.cancel")}
        </Button>
        <Button onClick={onAgree}>{t("registration.consent.agree")}</Button>
      </Group>
    </dialog>
  );
}
