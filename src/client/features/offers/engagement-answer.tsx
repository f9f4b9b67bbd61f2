import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Offer } from "#shared/offers/schema";
import { ApiError } from "../../app/api.ts";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { apiErrorText } from "../../components/form.ts";
import { notifySuccess } from "../../components/notify.ts";
import { offerKeys, useAnswerOffer } from "./api.ts";
import { OfferStatusBadge } from "./components/offer-badges.tsx";
import { dateTime } from "./group-format.ts";

type Answer = "accept" | "reject";

/**
 * The group's answer (spec 02 §4): "tacka ja" and "tacka nej" while the offer awaits it, each behind a
 * confirmation dialog; otherwise a text saying where the offer stands. A failed answer closes the dialog
 * and shows the server's message here.
 */
export function EngagementAnswer({ offer }: { offer: Offer }) {
  const { t } = useTranslation();
  const accept = useAnswerOffer("accept");
  const reject = useAnswerOffer("reject");
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Answer | null>(null);
  // The dialog keeps its words while it fades out.
  const [shown, setShown] = useState<Answer>("accept");
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const key = { eventId: offer.eventId, groupId: offer.groupId, stationId: offer.stationId };

  // The dialog closes when the offer can no longer be answered (its status changed meanwhile).
  useEffect(() => {
    if (!offer.abilities.answer) setAsking(null);
  }, [offer.abilities.answer]);

  // The error takes the focus once the dialog has given it back to its button.
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => errorRef.current?.focus(), 150);
    return () => clearTimeout(timer);
  }, [error]);

  const ask = (which: Answer) => {
    setShown(which);
    setAsking(which);
  };

  const answer = async (which: Answer) => {
    setError(null);
    try {
      await (which === "accept" ? accept : reject).mutateAsync(key);
      // The answer buttons are gone: the focus goes to the text that now says where the offer stands.
      setTimeout(() => statusRef.current?.focus(), 150);
      notifySuccess(t(`groups.offers.answer.${which}Done`));
    } catch (err) {
      // A 409 here means the offer no longer awaits an answer; the page shows it as it now is.
      setError(err instanceof ApiError && err.code === "Conflict" ? t("groups.offers.answer.changed") : apiErrorText(err, t));
      // The offer may have moved on meanwhile (answered elsewhere, expired): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: offerKeys.one(offer.groupId, offer.eventId, offer.stationId) });
    }
    setAsking(null);
  };

  const statusText = () => {
    switch (offer.status) {
      case "PROPOSAL":
        return t("groups.offers.answer.closed");
      case "ACCEPTED":
        if (!offer.abilities.nameAttendees) return t("groups.offers.answer.accepted");
        return t(offer.attendees.length > 0 ? "groups.offers.answer.acceptedNamed" : "groups.offers.answer.acceptedName");
      case "REJECTED":
        return t("groups.offers.answer.rejected");
      case "EXPIRED":
        return t("groups.offers.answer.expired", { date: offer.expiresAt ? dateTime(offer.expiresAt) : "" });
      default:
        return "";
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>{t("groups.offers.answer.statusLabel")}</Text>
        <OfferStatusBadge status={offer.status} />
      </Group>
      {error && (
        <Alert color="red" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      )}
      {offer.abilities.answer ? (
        <>
          <Text>
            {offer.expiresAt
              ? t("groups.offers.answer.answerBy", { date: dateTime(offer.expiresAt) })
              : t("groups.offers.answer.answerSoon")}
          </Text>
          <Group gap="sm">
            <Button onClick={() => ask("accept")}>{t("groups.offers.answer.accept")}</Button>
            <Button variant="outline" color="gray.8" onClick={() => ask("reject")}>
              {t("groups.offers.answer.reject")}
            </Button>
          </Group>
        </>
      ) : (
        <Text ref={statusRef} tabIndex={-1}>
          {statusText()}
        </Text>
      )}

      <ConfirmModal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={t(`groups.offers.answer.${shown}Title`)}
        confirmLabel={t(`groups.offers.answer.${shown}`)}
        color={shown === "reject" ? "gray.8" : undefined}
        onConfirm={() => answer(shown)}
      >
        {t(`groups.offers.answer.${shown}Text`, {
          station: offer.station.name,
          event: offer.event.name,
          volunteers: t("groups.offers.volunteerCount", { count: offer.volunteers }),
        })}
      </ConfirmModal>
    </Stack>
  );
}
