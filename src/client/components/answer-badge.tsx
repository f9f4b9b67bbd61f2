import { Badge, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A named volunteer's answer to the day-before text (issue 24): JA in green, NEJ in red, drawn as the
 * ToneBadge is (a pale fill with dark text, for contrast). The short word is shown; a screen reader reads
 * the whole sentence instead. `messages` is where the area keeps the texts: `yes`, `no`, `yesLabel`,
 * `noLabel` below it. Nothing is drawn for no answer (null, or undefined in a list kept from before).
 */
export function AnswerBadge({
  confirmed,
  messages,
  id,
  size = "sm",
}: {
  confirmed: boolean | null | undefined;
  messages: string;
  /** Of the sentence read, for an `aria-describedby` of a control that carries the badge. */
  id?: string;
  /** `xs` on a line of small text (the check-in list's line under a name). */
  size?: "sm" | "xs";
}) {
  const { t } = useTranslation();
  if (confirmed !== true && confirmed !== false) return null;
  const color = confirmed ? "green" : "red";
  const label = t(`${messages}.${confirmed ? "yesLabel" : "noLabel"}`);
  return (
    <Badge
      component="span"
      bg={`${color}.1`}
      c="dark.9"
      bd={`1px solid var(--mantine-color-${color}-5)`}
      variant="filled"
      tt="none"
      fz={size}
      fw={700}
      title={label}
      data-answer={confirmed ? "yes" : "no"}
      styles={{ root: { flexShrink: 0, height: "auto", paddingBlock: size === "xs" ? 0 : 2, verticalAlign: "middle" } }}
    >
      <span aria-hidden="true">{t(`${messages}.${confirmed ? "yes" : "no"}`)}</span>
      <VisuallyHidden id={id}>{label}</VisuallyHidden>
    </Badge>
  );
}
