import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { statusLabel } from "#shared/events/rules";

const colors: Record<string, string> = { DRAFT: "orange", CONFIRMED: "green", HISTORIC: "gray" };

/** DRAFT shows as unconfirmed in orange, CONFIRMED as approved, anything unexpected as unknown (spec 01 §4). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  // A pale fill with dark text: coloured text or white on the theme's filled shades misses 4.5:1 at badge size.
  return (
    <Badge
      bg={`${colors[status] ?? "gray"}.2`}
      c="dark.9"
      variant="filled"
      tt="none"
      fz="sm"
      styles={{ root: { maxWidth: "none", height: "auto", paddingBlock: 2 }, label: { overflow: "visible" } }}
    >
      {t(statusLabel(status))}
    </Badge>
  );
}
