import type { Language } from "#shared/account/schema";
import { skillLabelId } from "#shared/events/schema";
import { findMunicipality } from "#shared/geo/municipalities";
import { statusLabelId } from "#shared/groups/rules";
import type { Group } from "#shared/groups/schema";
import { sportLabelId } from "#shared/groups/sports";
import { translate } from "#shared/i18n/index";
import { shownNumber } from "#shared/payments/numbers";
import { formatPhone } from "#shared/phone";

/** Swedish Excel reads semicolon-separated files and needs the byte-order mark to take them as UTF-8. */
const SEPARATOR = ";";
const BOM = "\uFEFF";

/**
 * One cell. Quoted when it holds the separator, a quote or a line break. A cell that a spreadsheet would run
 * as a formula (=, @, a tab, or + and - not followed by a plain number such as a phone) gets a leading
 * apostrophe, so exported names cannot execute anything.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=@\t\r]/.test(s) || (/^[+-]/.test(s) && !/^[+-][\d ]+$/.test(s))) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One line of a CSV file: its cells, each made safe, joined by the separator. */
export const csvRow = (cells: Array<string | number | null | undefined>) => cells.map(csvCell).join(SEPARATOR);

/** A whole CSV file from its lines (an empty string is an empty line): BOM first, Windows line ends. */
export const csvDocument = (lines: readonly string[]) => `${BOM}${lines.join("\r\n")}\r\n`;

/**
 * The group's data as its contacts see it: the group, its contacts, volunteers (with a minor's guardian),
 * what each volunteer stated per event, and availability. The erasure notice sends contacts here before
 * the volunteers' event data goes, so the per-event part is what they keep. Phones as people write them
 * ("070-123 45 67"): a spreadsheet keeps that as text, where "+46701234567" or "0701234567" would become a
 * number and lose its plus or its leading zero. `eventNames` holds "name (date)" of every event named.
 */
const numberLabel = {
  BANKGIRO: "groups.payment.bankgiro",
  PLUSGIRO: "groups.payment.plusgiro",
  BANK_ACCOUNT: "groups.payment.account",
} as const;

export function groupCsv(group: Group, lang: Language, eventNames: Map<string, string>): string {
  const t = (id: string) => translate(lang, id);
  const place = (id: string) => findMunicipality(id)?.name ?? id;
  const eventName = (id: string) => eventNames.get(id) ?? id;
  const yesNo = (yes: boolean) => t(yes ? "common.yes" : "common.no");
  const lines: string[] = [
    csvRow([t("groups.csv.group")]),
    csvRow([t("groups.fields.name"), group.name]),
    csvRow([t("groups.fields.organizationNumber"), group.organizationNumber]),
    csvRow([t("groups.fields.organizationName"), group.organizationName]),
    csvRow([t("groups.fields.municipality"), place(group.municipality)]),
    csvRow([t("groups.fields.numberOfMembers"), group.numberOfMembers]),
    csvRow([t("groups.fields.ages"), group.ages.map((a) => t(`groups.ages.${a}`)).join(", ")]),
    csvRow([t("groups.fields.sport"), t(sportLabelId(group.sport))]),
    csvRow([t("groups.fields.skills"), group.skills.map((s) => t(skillLabelId(s))).join(", ")]),
    csvRow([t("groups.fields.status"), t(statusLabelId(group.status))]),
    "",
    csvRow([t("groups.payment.csvTitle")]),
    ...(group.payment
      ? [
          csvRow([t("groups.payment.method.label"), t(`groups.payment.method.${group.payment.method}`)]),
          csvRow([t(numberLabel[group.payment.method]), shownNumber(group.payment)]),
          ...(group.payment.bankName ? [csvRow([t("groups.payment.bank"), group.payment.bankName])] : []),
        ]
      : [csvRow([t("groups.payment.none")])]),
    "",
    csvRow([t("groups.csv.contactPersons")]),
    csvRow([t("groups.fields.contactName"), t("groups.fields.email"), t("groups.fields.phone")]),
    ...group.contactPersons.map((c) => csvRow([c.name, c.email, formatPhone(c.phone)])),
    "",
    csvRow([t("groups.csv.volunteers")]),
    csvRow([
      t("groups.volunteer.name"),
      t("groups.volunteer.email"),
      t("groups.volunteer.phone"),
      t("groups.volunteer.age"),
      t("groups.csv.guardianName"),
      t("groups.csv.guardianEmail"),
      t("groups.csv.guardianConfirmed"),
    ]),
    ...group.volunteers.map((v) =>
      csvRow([
        v.name,
        v.email,
        formatPhone(v.phone),
        v.age,
        v.guardian?.name,
        v.guardian?.email,
        v.guardian ? yesNo(v.guardian.confirmed) : "",
      ]),
    ),
    "",
    csvRow([t("groups.csv.participation")]),
    csvRow([
      t("groups.volunteer.name"),
      t("groups.volunteer.email"),
      t("groups.csv.event"),
      t("groups.volunteer.shirtSize"),
      t("groups.csv.specialDiets"),
      t("groups.volunteer.substitute"),
    ]),
    ...group.volunteers.flatMap((v) =>
      v.participation.map((p) =>
        csvRow([
          v.name,
          v.email,
          eventName(p.eventId),
          p.shirtSize,
          p.specialDiets.map((d) => t(`events.foodOptions.${d}`)).join(", "),
          p.substitute,
        ]),
      ),
    ),
    "",
    csvRow([t("groups.csv.availabilities")]),
    csvRow([
      t("groups.availability.type"),
      t("groups.availability.startDate"),
      t("groups.availability.endDate"),
      t("groups.availability.eventId"),
      t("groups.availability.location"),
    ]),
    ...group.availabilities.map((a) =>
      csvRow([
        t(`groups.availability.types.${a.type}`),
        a.startDate,
        a.endDate,
        a.eventId ? eventName(a.eventId) : "",
        place(a.location),
      ]),
    ),
  ];
  return csvDocument(lines);
}

/** A file name that any system accepts: `name` reduced to letters, digits and dashes (`fallback` when none are left). */
export function csvFileNameOf(name: string, fallback: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return `${base || fallback}.csv`;
}

export const csvFileName = (group: Group) => csvFileNameOf(group.name, "group");
