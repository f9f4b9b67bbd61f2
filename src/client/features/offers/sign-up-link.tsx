import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api.ts";
import { copyText } from "../../components/clipboard.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { apiErrorText } from "../../components/form.ts";
import { notifySuccess } from "../../components/notify.ts";
import { useSignUpLink } from "./api.ts";
import classes from "./group-offers.module.css";

/** The refusals of POST /api/link in the link's own words; anything else as any failed call. */
function linkErrorText(err: unknown, t: TFunction): string {
  const fallback = apiErrorText(err, t);
  return err instanceof ApiError ? t(`groups.offers.link.errors.${err.code}`, { defaultValue: fallback }) : fallback;
}

interface Props {
  groupId: string;
  groupName: string;
  eventId: string;
  eventName: string;
}

/**
 * The group's sign-up link for an event (spec 02 §2): a button fetches it and copies it to the clipboard.
 * The link is also shown in a field with a copy button of its own, as the clipboard may be out of reach (an
 * insecure page, a refused permission). Renewing makes a new link and kills the old one, so it asks first.
 */
export function SignUpLink({ groupId, groupName, eventId, eventName }: Props) {
  const { t } = useTranslation();
  const share = useSignUpLink(groupId, eventId);
  const field = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // Counted, so that each failed copy selects the link anew.
  const [copyFailures, setCopyFailures] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const url = share.data?.url;

  // Without a clipboard the link is selected in its field, ready to copy by hand.
  useEffect(() => {
    if (!copyFailures || !url) return;
    field.current?.focus();
    field.current?.select();
  }, [copyFailures, url]);

  const copied = async (copying: Promise<void>) => {
    try {
      await copying;
      setCopyFailures(0);
      notifySuccess(t("groups.offers.link.copied"));
    } catch {
      setCopyFailures((n) => n + 1);
    }
  };

  const fetchAndCopy = async () => {
    setError(null);
    const fetching = share.mutateAsync(false);
    // The clipboard is claimed within the click, before the answer comes (copyText).
    const copying = copyText(fetching.then((r) => r.url));
    try {
      await fetching;
    } catch (err) {
      copying.catch(() => {});
      return setError(linkErrorText(err, t));
    }
    await copied(copying);
  };

  const renew = async () => {
    setError(null);
    try {
      await share.mutateAsync(true);
      setCopyFailures(0);
      notifySuccess(t("groups.offers.link.renewed"));
    } catch (err) {
      // The dialog closes and the reason stands here, beside the link it is about.
      setError(linkErrorText(err, t));
    }
  };

  return (
    <Stack gap="xs" className={classes.link}>
      <Group gap="sm">
        <Button
          variant="outline"
          onClick={fetchAndCopy}
          loading={share.isPending && !confirming}
          aria-label={t("groups.offers.link.copyLabel", { group: groupName })}
          styles={{ root: { height: "auto", minHeight: 36 }, label: { whiteSpace: "normal", paddingBlock: 6 } }}
        >
          {t("groups.offers.link.copy")}
        </Button>
      </Group>
      <Text size="sm">{t("groups.offers.link.hint")}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {url && (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={field}
              className={classes.linkField}
              label={t("groups.offers.link.fieldLabel", { group: groupName })}
              value={url}
              readOnly
              variant="filled"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="default"
              onClick={() => copied(copyText(url))}
              aria-label={t("groups.offers.link.copyFieldLabel", { group: groupName })}
            >
              {t("groups.offers.link.copyField")}
            </Button>
          </Group>
          {copyFailures > 0 && (
            <Alert color="red" role="alert">
              {t("groups.offers.link.copyFailed")}
            </Alert>
          )}
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => setConfirming(true)}
              aria-label={t("groups.offers.link.renewLabel", { group: groupName })}
            >
              {t("groups.offers.link.renew")}
            </Button>
          </Group>
        </>
      )}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("groups.offers.link.renewTitle")}
        confirmLabel={t("groups.offers.link.renew")}
        onConfirm={renew}
      >
        {t("groups.offers.link.renewText", { group: groupName, event: eventName })}
      </ConfirmModal>
    </Stack>
  );
}
