import "../../components/print.css";
import { Stack, Table, Text, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { invoiceLines, toKronor, toOre } from "#shared/payments/fees";
import { formatBankgiro, isBankgiro } from "#shared/payments/numbers";
import type { FeesView, InvoiceView } from "#shared/payments/schema";
import { Facts } from "../../components/facts.tsx";
import { money } from "../../components/money.ts";
import classes from "./fees.module.css";
import { dayOf } from "./fees-tab.tsx";

/** One party of the invoice: its name, then its lines, the empty ones left out. */
function Party({ title, name, lines }: { title: string; name: string; lines: string[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-party={title}>
      <Title order={2} size="h5" id={id} mb={4}>
        {title}
      </Title>
      <Text fw={700} className={classes.party}>
        {name}
      </Text>
      {lines
        .filter((line) => line.trim() !== "")
        .map((line) => (
          <Text key={line} className={classes.party}>
            {line}
          </Text>
        ))}
    </section>
  );
}

/**
 * An invoice of the organizer's fees as it goes on paper (issue 25): seller and buyer, its number and dates,
 * the event, the line (the start fee is half the places at the price; the final fee the volunteers who came
 * at the price, less the start fee), the sum excluding VAT, the VAT and what to pay.
 */
export function Invoice({ invoice, fees }: { invoice: InvoiceView; fees: FeesView }) {
  const { t, i18n } = useTranslation();
  const sek = (amount: number) => money(t, amount, "SEK", i18n.language);
  const { seller } = fees;
  const { buyer } = invoice;
  const price = sek(invoice.unitPrice);
  const event = `${invoice.eventName} ${invoice.eventDate}`;
  const texts = {
    start: t("fees.invoice.startLine", { event, quantity: invoice.quantity, price }),
    final: t("fees.invoice.finalLine", { event, quantity: invoice.quantity, price }),
    lessStart: t("fees.invoice.lessStart"),
  };
  const lines = invoiceLines({
    kind: invoice.kind,
    quantity: invoice.quantity,
    unitPriceOre: toOre(invoice.unitPrice),
    netOre: toOre(invoice.net),
  }).map(({ line, amount }) => ({ key: line, text: texts[line], amount: toKronor(amount) }));
  const bankgiro = isBankgiro(seller.bankgiro) ? formatBankgiro(seller.bankgiro) : seller.bankgiro;
  const payment = { amount: sek(invoice.gross), date: invoice.dueOn, number: invoice.number, bankgiro };

  return (
    <Stack gap="lg" data-printable="invoice" data-invoice={invoice.number}>
      <Facts
        rows={[
          [t("fees.invoice.number"), String(invoice.number)],
          [t("fees.invoice.issued"), dayOf(invoice.issuedAt)],
          [t("fees.invoice.due"), invoice.dueOn],
          [t("fees.invoice.event"), event],
        ]}
      />
      <div className={classes.parties}>
        <Party
          title={t("fees.invoice.seller")}
          name={seller.name}
          lines={[
            seller.address,
            seller.organisationNumber && t("fees.invoice.organisationNumber", { number: seller.organisationNumber }),
            seller.vatNumber && t("fees.invoice.vatNumber", { number: seller.vatNumber }),
            seller.bankgiro && t("fees.invoice.bankgiro", { number: bankgiro }),
          ]}
        />
        <Party
          title={t("fees.invoice.buyer")}
          name={buyer.name}
          lines={[
            buyer.invoiceAddress,
            buyer.organisationNumber && t("fees.invoice.organisationNumber", { number: buyer.organisationNumber }),
            buyer.email && t("fees.invoice.email", { email: buyer.email }),
          ]}
        />
      </div>
      <Table className={classes.lines} verticalSpacing="xs" data-lines>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("fees.invoice.description")}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t("fees.invoice.amount")}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map(({ key, text, amount }) => (
            <Table.Tr key={key} data-line={key}>
              <Table.Td>{text}</Table.Td>
              <Table.Td className={classes.amount}>{sek(amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot className={classes.sums}>
          <Table.Tr data-sum="net">
            <Table.Th scope="row">{t("fees.invoice.net")}</Table.Th>
            <Table.Td className={classes.amount}>{sek(invoice.net)}</Table.Td>
          </Table.Tr>
          <Table.Tr data-sum="vat">
            <Table.Th scope="row">{t("fees.invoice.vat", { rate: fees.vatRatePercent })}</Table.Th>
            <Table.Td className={classes.amount}>{sek(invoice.vat)}</Table.Td>
          </Table.Tr>
          <Table.Tr data-sum="gross">
            <Table.Th scope="row" fz="lg">
              {t("fees.invoice.gross")}
            </Table.Th>
            <Table.Td className={classes.amount} fz="lg" fw={700}>
              {sek(invoice.gross)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Stack gap={4}>
        <Text fw={600} data-pay>
          {invoice.gross > 0
            ? t(seller.bankgiro ? "fees.invoice.payTo" : "fees.invoice.payBy", payment)
            : t("fees.invoice.nothingToPay")}
        </Text>
        {invoice.kind === "START" && <Text size="sm">{t("fees.invoice.startNotRefunded")}</Text>}
      </Stack>
    </Stack>
  );
}
