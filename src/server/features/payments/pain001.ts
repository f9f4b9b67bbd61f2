import { createHash } from "node:crypto";
import type { Transfer } from "#shared/payments/approval";
import { digitsOf } from "#shared/payments/numbers";
import { stockholmLocal } from "#shared/time";

/**
 * An ISO 20022 pain.001.001.03 customer credit transfer initiation, as Swedish banks read it (the Swedish
 * common interpretation): one payment instruction in SEK, non-urgent (NURG), from the organizer's bankgiro;
 * one transfer per group to its bankgiro (proprietary scheme BGNR, clearing member 9900), plusgiro (BBAN,
 * 9960) or bank account (BBAN: clearing and account number, the clearing number as member). Validated
 * against the schema in tests/fixtures/pain.001.001.03.xsd.
 */

export interface PainInput {
  approvalNumber: number;
  createdAt: Date;
  executionDate: string;
  debtor: { name: string; organisationNumber: string; bankgiro: string };
  eventName: string;
  transfers: Array<Transfer & { creditorName: string; remittance: string }>;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const LETTERS: Record<string, string> = {
  å: "a",
  ä: "a",
  ö: "o",
  Å: "A",
  Ä: "A",
  Ö: "O",
  é: "e",
  É: "E",
  ü: "u",
  Ü: "U",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
};

/**
 * Text as every bank takes it: the SEPA Latin set (letters, digits, space and / - ? : ( ) . , ' +), Swedish
 * letters spelled without their dots and rings, anything else dropped; then cut to the field's length.
 */
export function plainText(text: string, max: number): string {
  const plain = text
    .replace(/[åäöÅÄÖéÉüÜæÆøØ]/g, (c) => LETTERS[c] ?? c)
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 /\-?:().,'+]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.slice(0, max).trim() || "-";
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
const amount = (ore: number) => (ore / 100).toFixed(2);

function creditorAccount(t: Transfer): { member: string; account: string } {
  const p = t.payment;
  if (p.method === "BANKGIRO")
    return { member: "9900", account: `<Othr><Id>${p.bankgiro}</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr>` };
  if (p.method === "PLUSGIRO")
    return { member: "9960", account: `<Othr><Id>${p.plusgiro}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>` };
  const clearing = p.clearingNumber ?? "";
  return {
    member: clearing.slice(0, 4),
    account: `<Othr><Id>${clearing}${p.accountNumber}</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>`,
  };
}

const agent = (member: string) =>
  `<FinInstnId><ClrSysMmbId><ClrSysId><Cd>SESBA</Cd></ClrSysId><MmbId>${member}</MmbId></ClrSysMmbId></FinInstnId>`;

/**
 * The file's own id: the approval's number and what the file was made for. The same approval, account and
 * date give the same id, so a bank that checks for duplicate files refuses the second upload of one payout.
 */
export function messageId(input: Pick<PainInput, "approvalNumber" | "executionDate" | "debtor">): string {
  const hash = createHash("sha256").update(`${input.debtor.bankgiro}/${input.executionDate}`).digest("hex").slice(0, 8);
  return `BEMANNA-A${input.approvalNumber}-${hash}`;
}

export function painDocument(input: PainInput): string {
  const total = input.transfers.reduce((sum, t) => sum + t.amount, 0);
  const count = input.transfers.length;
  const id = messageId(input);
  const orgId = digitsOf(input.debtor.organisationNumber);
  const party = `<Nm>${xml(plainText(input.debtor.name, 70))}</Nm><Id><OrgId><Othr><Id>${xml(orgId)}</Id></Othr></OrgId></Id>`;
  const transfers = input.transfers.map((t) => {
    const to = creditorAccount(t);
    return [
      "<CdtTrfTxInf>",
      `<PmtId><InstrId>${t.endToEndId}</InstrId><EndToEndId>${t.endToEndId}</EndToEndId></PmtId>`,
      `<Amt><InstdAmt Ccy="SEK">${amount(t.amount)}</InstdAmt></Amt>`,
      `<CdtrAgt>${agent(to.member)}</CdtrAgt>`,
      `<Cdtr><Nm>${xml(plainText(t.creditorName, 70))}</Nm></Cdtr>`,
      `<CdtrAcct><Id>${to.account}</Id></CdtrAcct>`,
      `<RmtInf><Ustrd>${xml(plainText(t.remittance, 140))}</Ustrd></RmtInf>`,
      "</CdtTrfTxInf>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    "<CstmrCdtTrfInitn>",
    "<GrpHdr>",
    `<MsgId>${id}</MsgId>`,
    `<CreDtTm>${stockholmLocal(input.createdAt)}:00</CreDtTm>`,
    `<NbOfTxs>${count}</NbOfTxs>`,
    `<CtrlSum>${amount(total)}</CtrlSum>`,
    `<InitgPty>${party}</InitgPty>`,
    "</GrpHdr>",
    "<PmtInf>",
    `<PmtInfId>${id}</PmtInfId>`,
    "<PmtMtd>TRF</PmtMtd>",
    `<NbOfTxs>${count}</NbOfTxs>`,
    `<CtrlSum>${amount(total)}</CtrlSum>`,
    "<PmtTpInf><SvcLvl><Cd>NURG</Cd></SvcLvl></PmtTpInf>",
    `<ReqdExctnDt>${input.executionDate}</ReqdExctnDt>`,
    `<Dbtr>${party}</Dbtr>`,
    `<DbtrAcct><Id><Othr><Id>${input.debtor.bankgiro}</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr></Id><Ccy>SEK</Ccy></DbtrAcct>`,
    `<DbtrAgt>${agent("9900")}</DbtrAgt>`,
    ...transfers,
    "</PmtInf>",
    "</CstmrCdtTrfInitn>",
    "</Document>",
    "",
  ].join("\n");
}
