import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { statusLabel } from "#shared/events/rules";
import { statusLabelId } from "#shared/groups/rules";

/** What a badge says about where something stands; each tone has one colour everywhere. */
export type Tone = "done" | "waiting" | "attention" | "neutral";

const toneColor: Record<Tone, string> = { done: "brand", waiting: "pink", attention: "orange", neutral: "gray" };

/**
 * The one badge look of the signed-in app: a pale fill with dark text, which keeps the WCAG contrast of
 * 4.5:1 at badge size (coloured text, or white on the theme's filled shades, misses it). Not upper case, and
 * a long label wraps instead of being cut off on a phone.
 */
export function ToneBadge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <Badge
      bg={`${toneColor[tone]}.1`}
      c="dark.9"
      bd={`1px solid var(--mantine-color-${toneColor[tone]}-3)`}
      variant="filled"
      tt="none"
      fz="sm"
      fw={600}
      data-tone={tone}
      styles={{
        root: { maxWidth: "100%", height: "auto", paddingBlock: 2, flexShrink: 0 },
        label: { overflow: "visible", whiteSpace: "normal" },
      }}
    >
      {children}
    </Badge>
  );
}

const statusTone: Record<string, Tone> = { DRAFT: "attention", CONFIRMED: "done", HISTORIC: "neutral" };

/**
 * The status of an event or a group in the glossary's words: obekräftat, bekräftat, avslutat (a group:
 * obekräftad, bekräftad, avslutad); anything unexpected as unknown (spec 01 §4).
 */
export function StatusBadge({ status, of }: { status: string; of: "event" | "group" }) {
  const { t } = useTranslation();
  const label = of === "event" ? statusLabel(status) : statusLabelId(status);
  return <ToneBadge tone={statusTone[status] ?? "neutral"}>{t(label)}</ToneBadge>;
}
