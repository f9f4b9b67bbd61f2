import type { Language } from "#shared/account/schema";
import { skillLabelId } from "#shared/events/schema";
import { findMunicipality } from "#shared/geo/municipalities";
import { statusLabelId } from "#shared/groups/rules";
import type { Group } from "#shared/groups/schema";
import { sportLabelId } from "#shared/groups/sports";
import { translate } from "#shared/i18n/index";
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

const row = (cells: Array<string | number | null | undefined>) => cells.map(csvCell).join(SEPARATOR);

/**
 * The group's data as its contacts see it: the group, its contacts, volunteers and availability. Phones
 * as people write them ("070-123 45 67"): a spreadsheet keeps that as text, where "+46701234567" or
 * "0701234567" would become a number and lose its plus or its leading zero.
 */
export function groupCsv(group: Group, lang: Language, eventNames: Map<string, string>): string {
  const t = (id: string) => translate(lang, id);
  const place = (id: string) => findMunicipality(id)?.name ?? id;
  const lines: string[] = [
    row([t("groups.csv.group")]),
    row([t("groups.fields.name"), group.name]),
    row([t("groups.fields.organizationNumber"), group.organizationNumber]),
    row([t("groups.fields.organizationName"), group.organizationName]),
    row([t("groups.fields.municipality"), place(group.municipality)]),
    row([t("groups.fields.numberOfMembers"), group.numberOfMembers]),
    row([t("groups.fields.ages"), group.ages.map((a) => t(`groups.ages.${a}`)).join(", ")]),
    row([t("groups.fields.sport"), t(sportLabelId(group.sport))]),
    row([t("groups.fields.skills"), group.skills.map((s) => t(skillLabelId(s))).join(", ")]),
    row([t("groups.fields.status"), t(statusLabelId(group.status))]),
    "",
    row([t("groups.csv.contactPersons")]),
    row([t("groups.fields.contactName"), t("groups.fields.email"), t("groups.fields.phone")]),
    ...group.contactPersons.map((c) => row([c.name, c.email, formatPhone(c.phone)])),
    "",
    row([t("groups.csv.volunteers")]),
    row([t("groups.volunteer.name"), t("groups.volunteer.email"), t("groups.volunteer.phone"), t("groups.volunteer.age")]),
    ...group.volunteers.map((v) => row([v.name, v.email, formatPhone(v.phone), v.age])),
    "",
    row([t("groups.csv.availabilities")]),
    row([
      t("groups.availability.type"),
      t("groups.availability.startDate"),
      t("groups.availability.endDate"),
      t("groups.availability.eventId"),
      t("groups.availability.location"),
    ]),
    ...group.availabilities.map((a) =>
      row([
        t(`groups.availability.types.${a.type}`),
        a.startDate,
        a.endDate,
        a.eventId ? (eventNames.get(a.eventId) ?? a.eventId) : "",
        place(a.location),
      ]),
    ),
  ];
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** A file name that any system accepts: the group's name reduced to letters, digits and dashes. */
export function csvFileName(group: Group): string {
  const base = group.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return `${base || "group"}.csv`;
}
