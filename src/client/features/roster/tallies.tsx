import { Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FoodOption, ShirtSize, Tally } from "#shared/roster";

/** A list of counts as a small two-column table with its caption: sizes or diets and how many. */
function TallyTable({ caption, head, rows }: { caption: string; head: string; rows: Array<[string, number]> }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder verticalSpacing={4} maw={360} data-print-block>
      <caption style={{ captionSide: "top", textAlign: "left", fontWeight: 700, paddingBottom: 4 }}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{head}</Table.Th>
          <Table.Th ta="right">{t("roster.count")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, count]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right">{count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Shirts per size, and how many named volunteers have not stated one. */
export function ShirtTally({ shirts, withoutSize }: { shirts: Array<Tally<ShirtSize>>; withoutSize: number }) {
  const { t } = useTranslation();
  const rows: Array<[string, number]> = shirts.map((s) => [s.key, s.count]);
  return (
    <TallyTable
      caption={t("roster.shirtsTitle")}
      head={t("roster.size")}
      rows={withoutSize > 0 ? [...rows, [t("roster.withoutSize"), withoutSize]] : rows}
    />
  );
}

/** How many named volunteers need each special diet. */
export function DietTally({ diets }: { diets: Array<Tally<FoodOption>> }) {
  const { t } = useTranslation();
  return (
    <TallyTable
      caption={t("roster.dietsTitle")}
      head={t("roster.diet")}
      rows={diets.map((d) => [t(`events.foodOptions.${d.key}`), d.count])}
    />
  );
}

/** The diets that someone needs, in one line: `Vegansk 2, Glutenfri 1`; empty when nobody needs one. */
export function dietsLine(t: (id: string) => string, diets: Array<Tally<FoodOption>>): string {
  return diets
    .filter((d) => d.count > 0)
    .map((d) => `${t(`events.foodOptions.${d.key}`)} ${d.count}`)
    .join(", ");
}
