import { useTranslation } from "react-i18next";
import type { OfferStatus } from "#shared/offers/schema";
import { type Tone, ToneBadge } from "../../../components/status-badge.tsx";

/** Each offer status's tone, the same on the organizer's and the group's side. */
export const offerTone: Record<OfferStatus, Tone> = {
  DRAFT: "neutral",
  PROPOSAL: "waiting",
  ACCEPTED: "done",
  REJECTED: "neutral",
  EXPIRED: "attention",
};

/** An offer's status in the glossary's words: utkast, väntar på svar, har tackat ja/nej, obesvarad. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  return <ToneBadge tone={offerTone[status] ?? "neutral"}>{t(`offers.status.${status}`)}</ToneBadge>;
}

/** A station is manned once its accepted volunteers reach the number needed. */
export function MannedBadge({ manned }: { manned: boolean }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={manned ? "done" : "attention"}>
      {t(manned ? "offers.allocation.manned" : "offers.allocation.unmanned")}
    </ToneBadge>
  );
}
