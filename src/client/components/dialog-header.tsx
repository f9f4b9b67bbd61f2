import { Group, Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A modal's title and close button. Use it as the first child of a `Modal` opened with
 * `withCloseButton={false}` and no `title`: Mantine's own header is a <header> element, which screen readers
 * and axe take for a second page banner, and its close button has no name.
 */
export function DialogHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
      <Modal.Title fw={700} fz="lg">
        {title}
      </Modal.Title>
      <Modal.CloseButton aria-label={t("common.close")} />
    </Group>
  );
}
