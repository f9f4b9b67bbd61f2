import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { OfferStatus } from "#shared/offers/schema";

/** The events' badge style: a pale fill with dark text, which keeps 4.5:1 at badge size. */
function PaleBadge({ color, children }: { color: string; children: string }) {
  return (
    <Badge
      bg={`${color}.2`}
      c="dark.9"
      variant="filled"
      tt="none"
      fz="sm"
      styles={{ root: { maxWidth: "none", height: "auto", paddingBlock: 2 }, label: { overflow: "visible" } }}
    >
      {children}
    </Badge>
  );
}

const offerColors: Record<OfferStatus, string> = {
  DRAFT: "gray",
  PROPOSAL: "pink",
  ACCEPTED: "green",
  REJECTED: "gray",
  EXPIRED: "orange",
};

/** An offer's status in the glossary's words: utkast, väntar på svar, har tackat ja/nej, obesvarad. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  return <PaleBadge color={offerColors[status] ?? "gray"}>{t(`offers.status.${status}`)}</PaleBadge>;
}

/** A station is manned once its accepted volunteers reach the number needed. */
export function MannedBadge({ manned }: { manned: boolean }) {
  const { t } = useTranslation();
  return (
    <PaleBadge color={manned ? "green" : "orange"}>
      {t(manned ? "offers.allocation.manned" : "offers.allocation.unmanned")}
    </PaleBadge>
  );
}
