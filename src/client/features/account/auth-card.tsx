import { Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header.tsx";
import classes from "./account.module.css";

interface Props {
  titleId: string;
  /** Message id of the lead text under the heading. */
  introId?: string;
  width?: number;
  children: ReactNode;
  /** Links under the form, such as to register or back to log in. */
  footer?: ReactNode;
}

/** The centred card every account page is laid out in. */
export function AuthCard({ titleId, introId, width = 460, children, footer }: Props) {
  const { t } = useTranslation();
  return (
    <div className={classes.backdrop}>
      <Paper className={classes.card} maw={width} withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: "xl" }}>
        <PageHeader title={titleId} intro={introId && t(introId)} />
        <Stack gap="lg">
          {children}
          {footer && (
            <Stack gap={6} className={classes.footerLinks}>
              {footer}
            </Stack>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
