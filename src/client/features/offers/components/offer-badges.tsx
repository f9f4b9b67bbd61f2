import { useTranslation } from "react-i18next";
import { staffingOf } from "#shared/offers/rules";
import type { Allocation, OfferStatus } from "#shared/offers/schema";
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

/** How far a station is staffed: manned, "16 av 25" while some but not all have accepted, or unmanned. */
export function MannedBadge({ allocation }: { allocation: Allocation }) {
  const { t } = useTranslation();
  const staffing = staffingOf(allocation);
  return (
    <ToneBadge tone={staffing === "manned" ? "done" : "attention"}>
      {staffing === "partly"
        ? t("offers.allocation.partly", { accepted: allocation.accepted, needed: allocation.needed })
        : t(`offers.allocation.${staffing}`)}
    </ToneBadge>
  );
}
