import { notifications } from "@mantine/notifications";
import i18next from "i18next";

/** A short success message; its close button needs a name, which Mantine's has not by default. */
export function notifySuccess(message: string) {
  notifications.show({ message, closeButtonProps: { "aria-label": i18next.t("common.close") } });
}
