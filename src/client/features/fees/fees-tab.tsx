import { Alert, Anchor, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FeesView } from "#shared/payments/schema";
import { stockholmLocal } from "#shared/time";
import type { EventTabProps } from "../../components/event-tabs.ts";
import { money } from "../../components/money.ts";
import { invoicePath, useFees } from "./api.ts";
import classes from "./fees.module.css";

/** An amount excluding VAT, as every figure of the calculation is. */
export const exVat = (t: TFunction, amount: number, lang: string) => `${money(t, amount, "SEK", lang)} ${t("fees.exVat")}`;

/** The day of an instant, Stockholm time. */
export const dayOf = (instant: string) => stockholmLocal(instant).slice(0, 10);

/**
 * /fees: what the event costs its organizer (spec 01 §9, issue 25): the price per volunteer, the places, the
 * start fee taken at confirmation and the final fee after the event, each excluding VAT; and the invoices,
 * each opening its printable page.
 */
export function FeesTab({ event }: EventTabProps) {
  const { t } = useTranslation();
  const fees = useFees(event.id);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2}>{t("fees.title")}</Title>
        <Text maw={720}>{t("fees.intro")}</Text>
      </Stack>
      {fees.isPending ? (
        <Loader role="status" aria-label={t("common.loading")} />
      ) : fees.isError ? (
        <Alert color="red.9" role="alert">
          {t("fees.loadError")}
        </Alert>
      ) : (
        <>
          {fees.data.pricePerVolunteer === 0 && (
            <Alert color="brand" data-test-phase>
              <Text fz="xl" fw={700}>
                {t("fees.testPhase")}
              </Text>
              <Text size="sm">{t("fees.testPhaseNote")}</Text>
            </Alert>
          )}
          <Calculation fees={fees.data} />
          <Invoices eventId={event.id} fees={fees.data} />
        </>
      )}
    </Stack>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" withBorder p={{ base: "sm", xs: "md" }} aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Calculation({ fees }: { fees: FeesView }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows: Array<[string, ReactNode, string]> = [
    [t("fees.pricePerVolunteer"), exVat(t, fees.pricePerVolunteer, lang), "price"],
    [t("fees.places"), String(fees.places), "places"],
    [t("fees.calculated"), exVat(t, fees.calculated, lang), "calculated"],
    [t("fees.startFee"), exVat(t, fees.startFee, lang), "start"],
    ...(fees.attended === null
      ? []
      : ([[t("fees.attended"), String(fees.attended), "attended"]] as Array<[string, string, string]>)),
    [t("fees.final"), fees.final === null ? t("fees.notYet") : exVat(t, fees.final, lang), "final"],
  ];
  return (
    <Part title={t("fees.calculationTitle")}>
      <Table className={classes.figures} verticalSpacing="xs" maw={640}>
        <Table.Tbody>
          {rows.map(([label, value, key]) => (
            <Table.Tr key={key} data-fee={key}>
              <Table.Th scope="row" fw={600}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Part>
  );
}

function Invoices({ eventId, fees }: { eventId: string; fees: FeesView }) {
  const { t, i18n } = useTranslation();
  return (
    <Part title={t("fees.invoices")}>
      {fees.invoices.length === 0 ? (
        <Text>{t("fees.noInvoices")}</Text>
      ) : (
        <ul className={classes.plainList}>
          {fees.invoices.map((invoice) => (
            <li key={invoice.number} data-invoice={invoice.number}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Stack gap={2} className={classes.grow}>
                  <Anchor component={Link} to={invoicePath(eventId, invoice.number)} fw={600}>
                    {t("fees.invoice.open", { number: invoice.number })}
                  </Anchor>
                  <Text size="sm">
                    {t(`fees.kind.${invoice.kind}`)} ·{" "}
                    <span className={classes.nowrap}>
                      {t("fees.invoice.issued")} {dayOf(invoice.issuedAt)}
                    </span>{" "}
                    ·{" "}
                    <span className={classes.nowrap}>
                      {t("fees.invoice.due")} {invoice.dueOn}
                    </span>
                  </Text>
                </Stack>
                <Text fw={700} className={classes.amount}>
                  {money(t, invoice.gross, "SEK", i18n.language)}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Part>
  );
}
