import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ERASE_AFTER_DAYS } from "#shared/registration/rules";
import { DialogHeader } from "../../components/dialog-header.tsx";

interface Props {
  opened: boolean;
  /** The day the volunteer's data for the event is erased at the earliest (YYYY-MM-DD). */
  erasureDate: string;
  onAgree(): void;
  onCancel(): void;
}

/**
 * What signing up means for a volunteer's personal data (spec 02 §1): what is kept, who sees it and when
 * it goes. The form opens only after a yes; closing the dialog any other way is a no.
 */
export function ConsentDialog({ opened, erasureDate, onAgree, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    // A tap beside the dialog is no answer: only the buttons (or Escape, a no) close it.
    <Modal opened={opened} onClose={onCancel} withCloseButton={false} closeOnClickOutside={false} centered>
      <DialogHeader title={t("registration.consent.title")} />
      <Stack gap="sm">
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
    </Modal>
  );
}
