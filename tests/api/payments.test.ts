import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { queryRows } from "../../src/server/db/client.ts";
import { eventPayoutView, payoutStatementView } from "../../src/shared/attendance/schema.ts";
import { approvalView, feesView } from "../../src/shared/payments/schema.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError, mailingAppForFile, mailsTo, nthMail } from "../helpers/identity.ts";
import { type OfferKey, refreshToken } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, draftEvent, type Json, offerAt, stationId, type User } from "../helpers/seed.ts";
import type { SunkMail } from "../helpers/smtp-sink.ts";

/**
 * Money (issue 25): a group's payment details and who sees them, the payout's approval and its bank file
 * (pain.001.001.03, validated against ISO's schema), payment, and the organizer's fee invoices.
 */

const PRICE = 25;
const files = mailingAppForFile({ env: { PRICE_PER_VOLUNTEER: String(PRICE) } });
const app = () => files.app;
const XSD = readFileSync(new URL("../fixtures/pain.001.001.03.xsd", import.meta.url), "utf8");

const people: User[] = [];
async function person(firstName: string, lastName: string, overrides: Record<string, unknown> = {}) {
  const u = await buildUser(app(), { firstName, lastName, ...overrides });
  people.push(u);
  return u;
}

async function moveTo(at: Date) {
  const ms = at.getTime() - app().clock.now().getTime();
  if (ms > 0) app().clock.advance(ms);
  for (const u of people) await refreshToken(app(), u);
}

const BANKGIRO = { method: "BANKGIRO", bankgiro: "5050-1055" };
const PLUSGIRO = { method: "PLUSGIRO", plusgiro: "90 20 03-3" };
const ACCOUNT = { method: "BANK_ACCOUNT", clearingNumber: "8424-4", accountNumber: "983 189 224-6" };

const groupOf = (u: User, id: string) => call(app().server, "GET", `/api/groups/${id}`, { token: u.token });
async function setPayment(u: User, id: string, payment: unknown) {
  const current = (await groupOf(u, id)).body;
  const { id: _i, status: _s, abilities: _a, payment: _p, volunteers: _v, availabilities: _av, ...fields } = current;
  return call(app().server, "PUT", `/api/groups/${id}`, { token: u.token, body: { ...fields, payment } });
}

const payout = (u: User | undefined, eventId: string) =>
  call(app().server, "GET", `/api/events/${eventId}/payout`, { token: u?.token });
const approve = (u: User | undefined, eventId: string) =>
  call(app().server, "POST", `/api/events/${eventId}/payout/approve`, { token: u?.token });
const paid = (u: User | undefined, eventId: string, paidOn: string) =>
  call(app().server, "POST", `/api/events/${eventId}/payout/paid`, { token: u?.token, body: { paidOn } });
const bankFile = (u: User | undefined, eventId: string, debtorBankgiro = "5050-1055", executionDate = nextWeekday()) =>
  call(
    app().server,
    "GET",
    `/api/events/${eventId}/payout.xml?debtorBankgiro=${encodeURIComponent(debtorBankgiro)}&executionDate=${executionDate}`,
    { token: u?.token },
  );
const fees = (u: User | undefined, eventId: string) =>
  call(app().server, "GET", `/api/events/${eventId}/fees`, { token: u?.token });

/** A Monday to Friday at least two days ahead that is no holiday in these tests' weeks. */
function nextWeekday(): string {
  const d = new Date(app().clock.now().getTime() + 2 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function attend(owner: User, k: OfferKey, adults: number, children = 0) {
  const res = await call(app().server, "POST", `/api/events/${k.eventId}/attendance/${k.stationId}_${k.groupId}`, {
    token: owner.token,
    body: { adultAttendance: adults, childAttendance: children },
  });
  if (res.status !== 200) throw new Error(`attendance failed: ${res.status} ${JSON.stringify(res.body)}`);
}

let counter = 0;
/**
 * An event two days ahead (`leader` leads its first station) with groups paid per person in SEK: Alfa
 * (bankgiro) and Beta (a Swedbank account) accepted, Gamma accepted without details, Delta paid in EUR;
 * Epsilon only asked. Then the day comes.
 */
async function payoutEvent() {
  counter++;
  const [owner, leader, anna, bertil, cecilia, david, erik] = await Promise.all([
    person("Olle", `Organisatör${counter}`),
    person("Sara", `Stationsansvarig${counter}`),
    person("Anna", `Alfa${counter}`),
    person("Bertil", `Beta${counter}`),
    person("Cecilia", `Gamma${counter}`),
    person("David", `Delta${counter}`, { language: "en" }),
    person("Erik", `Epsilon${counter}`),
  ]);
  const perPerson = { paymentType: "PERPERSON", currency: "SEK", paymentAdult: 300, paymentChild: 150 };
  const event = await confirmedEvent(app(), owner, {
    days: 2,
    event: { name: `Vårruset ${counter}`, organizerName: "Föreningen Vårruset", organizerNumber: "802000-1239" },
    stations: [
      { name: "Vätska", ...perPerson, officialQuantity: 10, teamLeaderEmail: leader.email },
      { name: "Mål", ...perPerson, officialQuantity: 6 },
      { name: "Euro", paymentType: "GROUPPAYMENT", currency: "EUR", groupPayment: 500, officialQuantity: 4 },
    ],
  });
  const group = (u: User, name: string, payment?: unknown) =>
    confirmedGroup(app(), u, { name: `${name} ${counter}`, organizationName: `IK ${name}`, ...(payment ? { payment } : {}) });
  const alfa = await group(anna, "Alfa", BANKGIRO);
  const beta = await group(bertil, "Beta", ACCOUNT);
  const gamma = await group(cecilia, "Gamma");
  const delta = await group(david, "Delta", PLUSGIRO);
  const epsilon = await group(erik, "Epsilon", BANKGIRO);
  const at = (g: Json, station: string): OfferKey => ({ eventId: event.id, groupId: g.id, stationId: stationId(event, station) });
  await offerAt(app(), owner, anna, at(alfa, "Vätska"), { volunteers: 4, to: "ACCEPTED" });
  await offerAt(app(), owner, anna, at(alfa, "Mål"), { volunteers: 2, to: "ACCEPTED" });
  await offerAt(app(), owner, bertil, at(beta, "Vätska"), { volunteers: 3, to: "ACCEPTED" });
  await offerAt(app(), owner, cecilia, at(gamma, "Mål"), { volunteers: 2, to: "ACCEPTED" });
  await offerAt(app(), owner, david, at(delta, "Euro"), { volunteers: 2, to: "ACCEPTED" });
  await offerAt(app(), owner, erik, at(epsilon, "Mål"), { volunteers: 2, to: "PROPOSAL" });
  await moveTo(new Date(`${event.date}T09:00:00+01:00`));
  return { event, owner, leader, anna, bertil, cecilia, david, erik, alfa, beta, gamma, delta, epsilon, at };
}

type Seeded = Awaited<ReturnType<typeof payoutEvent>>;

async function recordAll(s: Seeded) {
  await attend(s.owner, s.at(s.alfa, "Vätska"), 3, 1); // 3×300 + 150 = 1050
  await attend(s.owner, s.at(s.alfa, "Mål"), 2); // 600
  await attend(s.owner, s.at(s.beta, "Vätska"), 3); // 900
  await attend(s.owner, s.at(s.gamma, "Mål"), 1); // 300, no details
  await attend(s.owner, s.at(s.delta, "Euro"), 2); // 500 EUR
}

describe("a group's payment details", () => {
  it("are checked on save, each refusal naming its field, and nothing is stored", async () => {
    const anna = await person("Anna", "Fel");
    const g = await confirmedGroup(app(), anna, { name: "Felgruppen" });
    const cases: Array<[unknown, string, string]> = [
      [{ method: "BANKGIRO", bankgiro: "5050-1056" }, "payment.bankgiro", "groups.validation.bankgiro"],
      [{ method: "BANKGIRO" }, "payment.bankgiro", "validation.required"],
      [{ method: "PLUSGIRO", plusgiro: "90 20 03-4" }, "payment.plusgiro", "groups.validation.plusgiro"],
      [
        { method: "BANK_ACCOUNT", clearingNumber: "0001", accountNumber: "1234567" },
        "payment.clearingNumber",
        "groups.validation.clearingNumber",
      ],
      [
        { method: "BANK_ACCOUNT", clearingNumber: "6789", accountNumber: "123456788" },
        "payment.accountNumber",
        "groups.validation.accountNumber",
      ],
      [{ method: "BANK_ACCOUNT", clearingNumber: "6789" }, "payment.accountNumber", "validation.required"],
      [{ method: "SWISH", bankgiro: "5050-1055" }, "payment.method", "validation.oneOf"],
    ];
    for (const [payment, field, message] of cases) {
      const res = await setPayment(anna, g.id, payment);
      expectCleanError(res, "ValidationError", 400);
      expect(res.body.fields, JSON.stringify(payment)).toMatchObject({ [field]: message });
    }
    expect((await groupOf(anna, g.id)).body.payment).toBeNull();
  });

  it("are stored as digits, shown to the group's contacts with the bank's name, and an old account is taken", async () => {
    const anna = await person("Anna", "Konto");
    const g = await confirmedGroup(app(), anna, { name: "Kontogruppen", payment: ACCOUNT });
    expect(g.payment).toMatchObject({
      method: "BANK_ACCOUNT",
      clearingNumber: "84244",
      accountNumber: "9831892246",
      bankgiro: null,
      bankName: "Swedbank",
      changedDaysAgo: 0,
    });
    const old = await setPayment(anna, g.id, { ...ACCOUNT, accountNumber: "983 189 224-7" });
    expect(old.status).toBe(200);
    expect(old.body.payment).toMatchObject({ accountNumber: "9831892247", noCheckDigit: true });
    // Left out of the body, they stay; null removes them.
    const { payment: _p, ...rest } = old.body;
    const kept = await call(app().server, "PUT", `/api/groups/${g.id}`, {
      token: anna.token,
      body: { ...rest, name: "Kontogruppen 2" },
    });
    expect(kept.body.payment.accountNumber).toBe("9831892247");
    const csv = String((await call(app().server, "GET", `/api/groups/${g.id}/export.csv`, { token: anna.token })).body);
    expect(csv).toContain("Betalas till;Bankkonto\r\nClearing- och kontonummer;84244, 9831892247\r\nBank;Swedbank");
    expect((await setPayment(anna, g.id, null)).body.payment).toBeNull();
  });

  it("mail every contact of the group on a change, with the numbers masked, and not when nothing changed", async () => {
    const anna = await person("Anna", "Mejl");
    const bo = await person("Bo", "Mejl", { language: "en" });
    const g = await confirmedGroup(app(), anna, { name: "Mejlgruppen", contactPersons: [{ email: bo.email }] });
    await setPayment(anna, g.id, BANKGIRO);
    await setPayment(bo, g.id, ACCOUNT);
    await nthMail(files.sink, anna.email, 2, /Betalningsuppgifterna för Mejlgruppen/);
    const toAnna = mailsTo(files.sink, anna.email, /Betalningsuppgifterna/).find((m) => m.text.includes("Bo Mejl")) as SunkMail;
    expect(toAnna.text).toContain("Bo Mejl har ändrat betalningsuppgifterna");
    expect(toAnna.text).toContain("Före: Bankgiro ••••1055");
    expect(toAnna.text).toContain("Efter: Bankkonto ••••••2246");
    expect(toAnna.text).not.toContain("50501055");
    expect(toAnna.text).not.toContain("9831892246");
    await nthMail(files.sink, bo.email, 2, /payment details of Mejlgruppen/);
    const toBo = mailsTo(files.sink, bo.email, /payment details/).find((m) => m.text.includes("Before: Bankgiro")) as SunkMail;
    expect(toBo.text).toContain("Before: Bankgiro ••••1055");
    await setPayment(anna, g.id, ACCOUNT);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(files.sink, anna.email, /Betalningsuppgifterna/)).toHaveLength(2);
  });

  it("are seen by the group, and in the payout by the event's contacts while the offer is accepted; by nobody else", async () => {
    const s = await payoutEvent();
    const other = await person("Otto", "Annat");
    const otherEvent = await confirmedEvent(app(), other, { days: 3, event: { name: "Annat lopp" } });
    // Another event's organizer who has only asked Alfa (PROPOSAL) sees no details of it.
    await offerAt(
      app(),
      other,
      s.anna,
      { eventId: otherEvent.id, groupId: s.alfa.id, stationId: stationId(otherEvent) },
      { to: "PROPOSAL" },
    );
    await refreshToken(app(), other);

    expect((await groupOf(s.anna, s.alfa.id)).body.payment.bankgiro).toBe("50501055");
    const mine = eventPayoutView.parse((await payout(s.owner, s.event.id)).body);
    const alfa = mine.statements.find((x) => x.group.id === s.alfa.id);
    expect(alfa?.payment).toMatchObject({ method: "BANKGIRO", bankgiro: "50501055" });
    expect(mine.statements.find((x) => x.group.id === s.epsilon.id)).toBeUndefined(); // only asked
    const theirs = (await payout(other, otherEvent.id)).body;
    expect(JSON.stringify(theirs)).not.toContain("50501055");
    for (const u of [s.owner, other, s.leader, s.bertil]) expect((await groupOf(u, s.alfa.id)).status, u.email).toBe(404);
    for (const u of [s.leader, s.anna, other]) expect((await payout(u, s.event.id)).status, u.email).toBe(404);
    // Nothing else that an organizer reads of a group carries them.
    const offers = await call(app().server, "GET", `/api/events/${s.event.id}/offers`, { token: s.owner.token });
    expect(JSON.stringify(offers.body)).not.toContain("50501055");
  });

  it("are pointed out in the payout as changed N days ago for 30 days", async () => {
    const s = await payoutEvent();
    const before = eventPayoutView.parse((await payout(s.owner, s.event.id)).body);
    // Saved when the group was made, the day before yesterday or yesterday by the clock.
    expect([1, 2]).toContain(before.statements.find((x) => x.group.id === s.alfa.id)?.payment?.changedDaysAgo);
    app().clock.advance(30 * 86_400_000);
    await refreshToken(app(), s.owner);
    const later = eventPayoutView.parse((await payout(s.owner, s.event.id)).body);
    expect(later.statements.find((x) => x.group.id === s.alfa.id)?.payment?.changedDaysAgo).toBeNull();
  });
});

describe("approving the payout", () => {
  it("fixes the statement as it is, answers the same to a second approval, and shows a later change until approved again", async () => {
    const s = await payoutEvent();
    await recordAll(s);
    expect(eventPayoutView.parse((await payout(s.owner, s.event.id)).body).abilities).toMatchObject({
      approve: true,
      downloadBankFile: false,
    });
    const first = await approve(s.owner, s.event.id);
    expect(first.status).toBe(200);
    const approval = approvalView.parse(first.body);
    expect(approval).toMatchObject({ approvedBy: `Olle Organisatör${counter}`, total: 2850, changed: false });
    expect(Math.abs(Date.parse(approval.approvedAt) - app().clock.now().getTime())).toBeLessThan(60_000);
    expect((await approve(s.owner, s.event.id)).body.approvedAt).toBe(approval.approvedAt);

    await attend(s.leader, s.at(s.alfa, "Vätska"), 4);
    const changed = eventPayoutView.parse((await payout(s.owner, s.event.id)).body);
    expect(changed.approval).toMatchObject({ changed: true, total: 2850 });
    expect(changed.approval?.changes).toEqual([
      {
        groupId: s.alfa.id,
        groupName: s.alfa.name,
        stationId: stationId(s.event, "Vätska"),
        stationName: "Vätska",
        before: { adultAttendance: 3, childAttendance: 1 },
        after: { adultAttendance: 4, childAttendance: 0 },
      },
    ]);
    expect(changed.abilities).toMatchObject({ approve: true, downloadBankFile: false, markPaid: false });
    expect((await bankFile(s.owner, s.event.id)).body.fields).toEqual({ payout: "payout.validation.changedSinceApproval" });
    const group = payoutStatementView
      .array()
      .parse((await call(app().server, "GET", `/api/groups/${s.alfa.id}/payout`, { token: s.anna.token })).body);
    expect(group[0].approval).toMatchObject({ changed: true, paidOn: null });

    app().clock.advance(60_000);
    const again = approvalView.parse((await approve(s.owner, s.event.id)).body);
    expect(again).toMatchObject({ changed: false, total: 3000 });
    expect(again.approvedAt).not.toBe(approval.approvedAt);
  });

  it("is refused when no group has accepted, and is for the event's contacts only", async () => {
    const owner = await person("Olle", "Tom");
    const event = await confirmedEvent(app(), owner, { days: 2 });
    const res = await approve(owner, event.id);
    expectCleanError(res, "Conflict", 409);
    expect(res.body.fields).toEqual({ payout: "payout.validation.nothingToApprove" });
    const s = await payoutEvent();
    await recordAll(s);
    for (const u of [s.leader, s.anna, owner]) expect((await approve(u, s.event.id)).status, u.email).toBe(404);
    expect((await approve(undefined, s.event.id)).status).toBe(401);
    expect((await payout(s.owner, s.event.id)).body.approval).toBeNull();
  });
});

describe("the bank file (pain.001.001.03)", () => {
  it("is refused before approval", async () => {
    const s = await payoutEvent();
    await recordAll(s);
    const res = await bankFile(s.owner, s.event.id);
    expectCleanError(res, "Conflict", 409);
    expect(res.body.fields).toEqual({ payout: "payout.validation.notApproved" });
  });

  it("pays each group with SEK and details once, validates against ISO's schema, and reads back exactly", async () => {
    const s = await payoutEvent();
    await recordAll(s);
    await approve(s.owner, s.event.id);
    const view = eventPayoutView.parse((await payout(s.owner, s.event.id)).body);
    expect(view.bankFile).toMatchObject({
      transfers: 2,
      total: 2550,
      missingDetails: [{ groupId: s.gamma.id, name: s.gamma.name, currency: "SEK", amount: 300 }],
      otherCurrency: [{ groupId: s.delta.id, name: s.delta.name, currency: "EUR", amount: 500 }],
    });

    const date = nextWeekday();
    const res = await bankFile(s.owner, s.event.id, "5050-1055", date);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment/);
    const xml = String(res.body);
    const validation = await validateXML({ xml: [{ fileName: "payout.xml", contents: xml }], schema: [XSD] });
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => n === "CdtTrfTxInf" }).parse(xml)
      .Document.CstmrCdtTrfInitn;
    expect(doc.GrpHdr.NbOfTxs).toBe("2");
    expect(doc.GrpHdr.CtrlSum).toBe("2550.00");
    expect(doc.PmtInf.NbOfTxs).toBe("2");
    expect(doc.PmtInf.CtrlSum).toBe("2550.00");
    expect(doc.PmtInf.ReqdExctnDt).toBe(date);
    expect(doc.PmtInf.DbtrAcct.Id.Othr.Id).toBe("50501055");
    const transfers = doc.PmtInf.CdtTrfTxInf.map((t: Json) => ({
      amount: t.Amt.InstdAmt["#text"],
      currency: t.Amt.InstdAmt["@_Ccy"],
      account: t.CdtrAcct.Id.Othr.Id,
      scheme: t.CdtrAcct.Id.Othr.SchmeNm.Prtry ?? t.CdtrAcct.Id.Othr.SchmeNm.Cd,
      member: t.CdtrAgt.FinInstnId.ClrSysMmbId.MmbId,
      name: t.Cdtr.Nm,
      text: t.RmtInf.Ustrd,
      id: t.PmtId.EndToEndId,
    }));
    expect(transfers.map(({ id: _id, ...t }: Json) => t).sort((a: Json, b: Json) => a.amount.localeCompare(b.amount))).toEqual([
      {
        amount: "1650.00",
        currency: "SEK",
        account: "50501055",
        scheme: "BGNR",
        member: "9900",
        name: "IK Alfa",
        text: `Varruset ${counter} Alfa ${counter}`,
      },
      {
        amount: "900.00",
        currency: "SEK",
        account: "842449831892246",
        scheme: "BBAN",
        member: "8424",
        name: "IK Beta",
        text: `Varruset ${counter} Beta ${counter}`,
      },
    ]);
    const sum = transfers.reduce((total: number, t: Json) => total + Math.round(Number(t.amount) * 100), 0);
    expect(sum).toBe(255_000);
    const ids = transfers.map((t: Json) => t.id);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(35);

    // The same approval names its payments the same way in every download.
    const again = String((await bankFile(s.owner, s.event.id, "5050-1055", date)).body);
    expect(again.match(/<EndToEndId>[^<]+/g)).toEqual(xml.match(/<EndToEndId>[^<]+/g));
    expect(again.match(/<MsgId>[^<]+/g)).toEqual(xml.match(/<MsgId>[^<]+/g));
  });

  it("puts a plusgiro payee in the file by its BBAN at 9960", async () => {
    const s = await payoutEvent();
    await recordAll(s);
    await setPayment(s.cecilia, s.gamma.id, PLUSGIRO);
    await approve(s.owner, s.event.id);
    const xml = String((await bankFile(s.owner, s.event.id)).body);
    expect((await validateXML({ xml: [{ fileName: "p.xml", contents: xml }], schema: [XSD] })).valid).toBe(true);
    expect(xml).toContain("<Othr><Id>9020033</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>");
    expect(xml).toContain("<MmbId>9960</MmbId>");
    expect(xml).toContain("<NbOfTxs>3</NbOfTxs>");
  });

  it("refuses a wrong debtor bankgiro, a day passed and a day banks are closed, with the field named", async () => {
    const s = await payoutEvent();
    await recordAll(s);
    await approve(s.owner, s.event.id);
    const cases: Array<[string, string, string, string]> = [
      ["5050-1056", nextWeekday(), "debtorBankgiro", "groups.validation.bankgiro"],
      ["", nextWeekday(), "debtorBankgiro", "validation.required"],
      ["5050-1055", "2020-01-02", "executionDate", "payout.validation.pastDate"],
      ["5050-1055", "2099-12-25", "executionDate", "payout.validation.notBankDay"],
      ["5050-1055", "2099-12-26", "executionDate", "payout.validation.notBankDay"],
      ["5050-1055", "31/12/2099", "executionDate", "validation.dateFormat"],
    ];
    for (const [bg, date, field, message] of cases) {
      const res = await bankFile(s.owner, s.event.id, bg, date);
      expectCleanError(res, "ValidationError", 400);
      expect(res.body.fields, `${bg} ${date}`).toEqual({ [field]: message });
    }
    for (const u of [s.leader, s.anna]) expect((await bankFile(u, s.event.id)).status).toBe(404);
    expect((await bankFile(undefined, s.event.id)).status).toBe(401);
  });

  it("asks the contacts of groups without details by mail, a few times a day at most", async () => {
    const s = await payoutEvent();
    await recordAll(s);
    const ask = () => call(app().server, "POST", `/api/events/${s.event.id}/payout/ask-details`, { token: s.owner.token });
    expect((await ask()).body.fields).toEqual({ payout: "payout.validation.notApproved" });
    await approve(s.owner, s.event.id);
    expect((await ask()).body).toEqual({ mailed: 1 });
    const mail = await nthMail(files.sink, s.cecilia.email, 1, /Lägg in betalningsuppgifter/);
    expect(mail.text).toContain(`/my-pages/volunteers/${s.gamma.id}`);
    expect(mailsTo(files.sink, s.anna.email, /Lägg in betalningsuppgifter/)).toHaveLength(0);
    await ask();
    await ask();
    expectCleanError(await ask(), "LimitExceededException", 429);
    expect(
      (await call(app().server, "POST", `/api/events/${s.event.id}/payout/ask-details`, { token: s.leader.token })).status,
    ).toBe(404);
    expect((await call(app().server, "POST", `/api/events/${s.event.id}/payout/ask-details`)).status).toBe(401);
  });
});

describe("recording the payment", () => {
  it("records the day the approved payout was paid, which the group's contact sees", async () => {
    const s = await payoutEvent();
    await recordAll(s);
    expect((await paid(s.owner, s.event.id, s.event.date)).body.fields).toEqual({ payout: "payout.validation.notApproved" });
    await approve(s.owner, s.event.id);
    const tomorrow = new Date(app().clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await paid(s.owner, s.event.id, tomorrow)).body.fields).toEqual({ paidOn: "payout.validation.futurePaid" });
    expect((await paid(s.owner, s.event.id, "not a date")).status).toBe(400);
    const res = await paid(s.owner, s.event.id, s.event.date);
    expect(res.status).toBe(200);
    expect(approvalView.parse(res.body)).toMatchObject({ paidOn: s.event.date, changed: false });
    expect((await payout(s.owner, s.event.id)).body.abilities).toMatchObject({ markPaid: false, downloadBankFile: true });
    const group = payoutStatementView
      .array()
      .parse((await call(app().server, "GET", `/api/groups/${s.alfa.id}/payout`, { token: s.anna.token })).body);
    expect(group[0].approval).toEqual({ approvedAt: expect.any(String), paidOn: s.event.date, changed: false });
    for (const u of [s.leader, s.anna]) expect((await paid(u, s.event.id, s.event.date)).status).toBe(404);
    expect((await paid(undefined, s.event.id, s.event.date)).status).toBe(401);
  });
});

describe("the organizer's fees", () => {
  it("shows what confirming would cost, then the START invoice at confirmation and the FINAL one when the event is historic", async () => {
    const owner = await person("Olle", "Avgift");
    const draft = await draftEvent(app(), owner, {
      days: 2,
      stations: [{ officialQuantity: 10 }, { officialQuantity: 5 }],
      event: { organizerName: "Föreningen Avgift", organizerNumber: "802000-1239", invoiceAddress: "Box 1, 111 11 Stockholm" },
    });
    const before = feesView.parse((await fees(owner, draft.id)).body);
    expect(before).toMatchObject({
      pricePerVolunteer: PRICE,
      currency: "SEK",
      places: 15,
      calculated: 375,
      startFee: 187.5,
      final: null,
      invoices: [],
    });

    await call(app().server, "POST", `/api/events/${draft.id}/confirm`, { token: owner.token });
    const confirmed = feesView.parse((await fees(owner, draft.id)).body);
    expect(confirmed.invoices).toHaveLength(1);
    expect(confirmed.invoices[0]).toMatchObject({
      kind: "START",
      quantity: 15,
      unitPrice: PRICE,
      net: 187.5,
      vat: 46.88,
      gross: 234.38,
      buyer: { name: "Föreningen Avgift", organisationNumber: "802000-1239", invoiceAddress: "Box 1, 111 11 Stockholm" },
    });

    // Seven people came: 7 × 25 = 175, less the start fee 187.50, is never below 0.
    const anna = await person("Anna", "Avgift");
    const g = await confirmedGroup(app(), anna, { name: "Avgiftsgruppen" });
    const k = { eventId: draft.id, groupId: g.id, stationId: stationId(draft) };
    await offerAt(app(), owner, anna, k, { volunteers: 8, to: "ACCEPTED" });
    await moveTo(new Date(`${draft.date}T12:00:00+01:00`));
    await attend(owner, k, 7);
    await moveTo(new Date(new Date(`${draft.date}T12:00:00+01:00`).getTime() + 8 * 86_400_000));
    expect((await call(app().server, "PUT", `/api/events/${draft.id}/historic`, { token: owner.token })).status).toBe(200);
    const after = feesView.parse((await fees(owner, draft.id)).body);
    expect(after).toMatchObject({ final: 0, attended: 7 });
    expect(after.invoices.map((i) => [i.kind, i.net, i.gross])).toEqual([
      ["START", 187.5, 234.38],
      ["FINAL", 0, 0],
    ]);
    expect(after.invoices[1].number).toBeGreaterThan(after.invoices[0].number);
    for (const u of [anna]) expect((await fees(u, draft.id)).status).toBe(404);
    expect((await fees(undefined, draft.id)).status).toBe(401);
  });

  it("numbers invoices without gaps when 20 events are confirmed at the same moment", async () => {
    const owner = await person("Olle", "Parallell");
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draftEvent(app(), owner, { days: 5 })));
    const [{ max: before }] = await queryRows<{ max: number | null }>(app().ctx.db, sql`SELECT max(number) AS max FROM invoices`);
    const results = await Promise.all(
      drafts.map((d) => call(app().server, "POST", `/api/events/${d.id}/confirm`, { token: owner.token })),
    );
    expect(results.map((r) => r.status)).toEqual(drafts.map(() => 200));
    const numbers = (
      await Promise.all(drafts.map(async (d) => feesView.parse((await fees(owner, d.id)).body).invoices.map((i) => i.number)))
    ).flat();
    expect(numbers).toHaveLength(20);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: 20 }, (_, i) => (before ?? 0) + 1 + i));
    // And no number anywhere in the service is skipped.
    const [{ n, max }] = await queryRows<{ n: number; max: number }>(
      app().ctx.db,
      sql`SELECT count(*)::int AS n, max(number) AS max FROM invoices`,
    );
    expect(n).toBe(max);
  });
});
