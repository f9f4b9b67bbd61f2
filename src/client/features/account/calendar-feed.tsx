import { Alert, Button, Group, List, Loader, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { webcalAddress } from "#shared/calendar";
import { copyText } from "../../components/clipboard.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { notifySuccess } from "../../components/notify.ts";
import { useCalendarAddress, useRenewCalendarAddress } from "./calendar-api.ts";

/**
 * The user's calendar feed: what it holds, its secret address to copy or open in a calendar app, and a way
 * to renew the address when it has been shared by mistake.
 */
export function CalendarFeed() {
  const { t } = useTranslation();
  const titleId = useId();
  const address = useCalendarAddress();

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t("account.calendar.title")}
      </Title>
      <Text>{t("account.calendar.intro")}</Text>
      <List spacing={4}>
        <List.Item>{t("account.calendar.containsLeader")}</List.Item>
        <List.Item>{t("account.calendar.containsGroup")}</List.Item>
      </List>
      <Text>{t("account.calendar.updates")}</Text>
      {address.isPending ? (
        <Loader size="sm" role="status" aria-label={t("common.loading")} />
      ) : address.isError ? (
        <Alert color="red.9" role="alert">
          {t("account.calendar.loadError")}
        </Alert>
      ) : (
        <FeedAddress url={address.data.url} />
      )}
    </Stack>
  );
}

function FeedAddress({ url }: { url: string }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renew = useRenewCalendarAddress();

  const copy = async () => {
    try {
      await copyText(url);
      setCopyFailed(false);
      notifySuccess(t("account.calendar.copied"));
    } catch {
      // No clipboard (an insecure page, a refused permission): the address is selected for copying by hand.
      setCopyFailed(true);
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        ref={field}
        name="calendarUrl"
        label={t("account.calendar.address")}
        description={t("account.calendar.private")}
        value={url}
        readOnly
        variant="filled"
        onFocus={(e) => e.currentTarget.select()}
      />
      {copyFailed && (
        <Alert color="red.9" role="alert">
          {t("account.calendar.copyFailed")}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={copy}>{t("account.calendar.copy")}</Button>
        <Button component="a" href={webcalAddress(url)} variant="default">
          {t("account.calendar.open")}
        </Button>
      </Group>
      <Text size="sm" mt="xs">
        {t("account.calendar.renewHint")}
      </Text>
      <Group>
        <Button variant="default" onClick={() => setConfirming(true)}>
          {t("account.calendar.renew")}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("account.calendar.renewTitle")}
        confirmLabel={t("account.calendar.renew")}
        onConfirm={async () => {
          await renew.mutateAsync();
          setCopyFailed(false);
          notifySuccess(t("account.calendar.renewed"));
        }}
      >
        {t("account.calendar.renewText")}
      </ConfirmModal>
    </Stack>
  );
}
