import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { OfferStatus } from "#shared/offers/schema";

/**
 * The group side's colours of an offer's status (spec 02 §2): accepted green, declined grey, awaiting an
 * answer pink; an expired offer is drawn as out of date (an outline only). Dark shades, so white text meets
 * WCAG AA.
 */
export const offerStatusStyle: Record<OfferStatus, { color: string; variant: "filled" | "outline" }> = {
  ACCEPTED: { color: "#1e7b34", variant: "filled" },
  REJECTED: { color: "#495057", variant: "filled" },
  PROPOSAL: { color: "#a61e4d", variant: "filled" },
  EXPIRED: { color: "#495057", variant: "outline" },
  DRAFT: { color: "#495057", variant: "outline" },
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  const style = offerStatusStyle[status];
  return (
    <Badge
      color={style.color}
      variant={style.variant}
      tt="none"
      fz="sm"
      styles={{ root: { maxWidth: "none", height: "auto", paddingBlock: 3, flexShrink: 0 }, label: { overflow: "visible" } }}
    >
      {t(`offers.status.${status}`)}
    </Badge>
  );
}
