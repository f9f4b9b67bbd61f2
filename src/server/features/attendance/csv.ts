import type { Language } from "#shared/account/schema";
import type { PayoutStation } from "#shared/attendance/schema";
import { translate } from "#shared/i18n/index";
import { shownInstant } from "#shared/time";
import { csvDocument, csvFileNameOf, csvRow } from "../groups/csv.ts";
import type { EventStatements } from "./present.ts";

/**
 * An amount for a spreadsheet: two decimals, no thousands separator, and the decimal comma that Swedish
 * Excel reads as a number (a decimal point in English).
 */
const amountCell = (amount: number, lang: Language) => {
  const text = amount.toFixed(2);
  return lang === "sv" ? text.replace(".", ",") : text;
};

/**
 * The event's payout for the organizer's bookkeeping: one line per group and station, a total line per
 * group and currency, then the event's totals per currency. Stations not recorded yet or paid by agreement
 * have no amount and say so in the last column.
 */
export function payoutCsv(payout: EventStatements, lang: Language): string {
  const t = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
  const note = (s: PayoutStation) =>
    s.pay.kind === "notRecorded" ? t("payout.notRecorded") : s.pay.kind === "byAgreement" ? t("payout.byAgreement") : "";
  const lines: string[] = [
    csvRow([payout.event.name, payout.event.date]),
    "",
    csvRow([
      t("payout.columns.group"),
      t("payout.columns.organizationName"),
      t("payout.columns.station"),
      t("payout.columns.start"),
      t("payout.columns.end"),
      t("payout.columns.paymentType"),
      t("payout.columns.volunteers"),
      t("payout.columns.adults"),
      t("payout.columns.children"),
      t("payout.columns.amount"),
      t("payout.columns.currency"),
      t("payout.columns.note"),
    ]),
  ];
  for (const statement of payout.statements) {
    const { group } = statement;
    for (const s of statement.stations)
      lines.push(
        csvRow([
          group.name,
          group.organizationName,
          s.name,
          shownInstant(s.start),
          shownInstant(s.end),
          t(`events.paymentTypes.${s.paymentType}`),
          s.volunteers,
          s.adultAttendance,
          s.childAttendance,
          s.pay.amount === null ? "" : amountCell(s.pay.amount, lang),
          s.pay.currency ?? "",
          note(s),
        ]),
      );
    for (const total of statement.totals)
      lines.push(
        csvRow([
          group.name,
          group.organizationName,
          t("payout.csv.groupTotal"),
          "",
          "",
          "",
          "",
          "",
          "",
          amountCell(total.amount, lang),
          total.currency,
          "",
        ]),
      );
  }
  lines.push("");
  for (const total of payout.totals)
    lines.push(
      csvRow([t("payout.csv.eventTotal"), "", "", "", "", "", "", "", "", amountCell(total.amount, lang), total.currency, ""]),
    );
  if (payout.notRecorded > 0) lines.push(csvRow([t("payout.csv.notRecorded", { count: payout.notRecorded })]));
  return csvDocument(lines);
}

export const payoutCsvFileName = (payout: EventStatements, lang: Language) =>
  csvFileNameOf(`${translate(lang, "payout.csv.filePrefix")} ${payout.event.name} ${payout.event.date}`, "payout");
