import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { stockholmToday } from "#shared/validation";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { confirmedEvent, confirmedGroup, dayFromNow, type Json, LUND, offerAt, stationBody, stationId } from "../helpers/seed.ts";
import { expectNoAxeViolations, field, fitsWidth, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * Money from end to end (issue 25): a group's contact adds the group's bankgiro (English, on a phone); the
 * organizer (Swedish, at a desk) records the attendance, sees how each group is paid, approves, downloads
 * the bank file, asks for missing details and marks the pay paid; the contact sees the pay approved, then
 * paid. Then the fees tab in the test phase and a printable invoice. The rules and refusals are the API's
 * tests (tests/api/payments.test.ts); this one checks that people can do it on the pages.
 */

const e2e = setUpProduct();

const IFK = "IFK Lund P16";
const DALBY = "Dalby GIF F17";

/** Today's event with two stations and two accepted groups without payment details; Dalby's attendance recorded. */
async function seed(app: TestApp) {
  const organizer = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist" });
  const contact = await buildUser(app, { firstName: "Olle", lastName: "Nilsson", language: "en" });
  const today = dayFromNow(app, 0);
  const station = (name: string, pay: Record<string, unknown>) =>
    stationBody(today, { ...LUND, name, skills: [], officialQuantity: 10, currency: "SEK", groupPayment: null, ...pay });
  const event = await confirmedEvent(app, organizer, {
    date: today,
    event: { name: "Sjöloppet", organizerName: "Lunds IK" },
    stations: [
      station("Vätskestation", { paymentType: "PERPERSON", paymentAdult: 300, paymentChild: 150 }),
      station("Parkering", { paymentType: "GROUPPAYMENT", groupPayment: 2000 }),
    ],
  });
  const ifk = await confirmedGroup(app, contact, { name: IFK });
  const dalby = await confirmedGroup(app, contact, { name: DALBY });
  const at = (g: Json, name: string) => ({ eventId: event.id, groupId: g.id, stationId: stationId(event, name) });
  await offerAt(app, organizer, contact, at(ifk, "Vätskestation"), { volunteers: 5, to: "ACCEPTED" });
  await offerAt(app, organizer, contact, at(dalby, "Parkering"), { volunteers: 5, to: "ACCEPTED" });
  const res = await call(app.server, "POST", `/api/events/${event.id}/attendance/${stationId(event, "Parkering")}_${dalby.id}`, {
    token: organizer.token,
    body: { adultAttendance: 3, childAttendance: 0 },
  });
  expect(res.status).toBe(200);
  return { organizer, contact, event, today, ifk };
}

const sv = (id: string, values?: Record<string, string | number>) => translate("sv", id, values);
const en = (id: string, values?: Record<string, string | number>) => translate("en", id, values);

async function look(page: Page, name: string) {
  expect(await fitsWidth(page), `${name} fits the screen`).toBe(true);
  await expectNoAxeViolations(page, name);
  await screenshot(page, name);
}

describe("money from end to end", () => {
  it("a contact adds the bankgiro; the organizer records attendance, approves, downloads the bank file, asks for details and marks it paid; the contact sees it; an invoice prints", async () => {
    const s = await seed(e2e.product.app);

    // The group's contact, in English on a phone, adds the group's bankgiro.
    const phone = await newPage(e2e.browser, { width: 375, language: "en" });
    await signInAs(phone, e2e.product, s.contact);
    await phone.goto(`${e2e.product.url}/my-pages/volunteers/${s.ifk.id}`);
    await phone.getByRole("button", { name: en("groups.payment.add") }).click();
    await phone.getByRole("radio", { name: en("groups.payment.method.BANKGIRO") }).check();
    await field(phone, "bankgiro").fill("5050-1055");
    await phone.getByRole("button", { name: en("groups.page.save") }).click();
    await poll(() => phone.locator("[data-payment-details] [data-number]").textContent()).toBe("5050-1055");
    await look(phone, "money-details-en-375");

    // The organizer records IFK's attendance at the station.
    const page = await newPage(e2e.browser, { width: 1280, language: "sv" });
    await signInAs(page, e2e.product, s.organizer);
    await page.goto(`${e2e.product.url}/my-pages/events/${s.event.id}/attendance`);
    await page.getByRole("link", { name: sv("attendance.list.showStation", { station: "Vätskestation" }) }).click();
    await field(page, "adultAttendance").fill("4");
    await field(page, "childAttendance").fill("0");
    await page.getByRole("button", { name: sv("attendance.form.submit") }).click();
    await poll(() => page.getByText(sv("attendance.form.saved", { group: IFK })).isVisible()).toBe(true);
    await page.getByRole("tab", { name: sv("payout.tab") }).click();

    // How each group is paid, and that IFK's number changed today.
    const ifk = page.locator(`[data-statement="${IFK}"]`).locator("..");
    await poll(() => ifk.locator("[data-payment-number]").innerText()).toBe("5050-1055");
    expect(await ifk.locator("[data-recent-change]").getAttribute("data-recent-change")).toBe("0");
    expect(await page.locator(`[data-statement="${DALBY}"]`).locator("..").locator("[data-payment]").innerText()).toBe(
      sv("payout.bankFile.paymentNone"),
    );

    // Approved: the status says so, and the bank file's form appears.
    await page.getByRole("button", { name: sv("payout.approval.approve") }).click();
    await poll(() => page.locator("[data-approval]").getAttribute("data-approval")).toBe("approved");
    expect(await page.locator("[data-step=approve] [role=status]").innerText()).toContain(sv("payout.approval.approved"));
    expect(await page.locator("[data-bank-file-summary]").innerText()).toMatch(/^1 betalning på sammanlagt 1\s200 kr$/);

    // A bankgiro number with a wrong check digit is named under the field; a right one downloads the file.
    await field(page, "debtorBankgiro").fill("5050-1056");
    await page.getByRole("button", { name: sv("payout.bankFile.download") }).click();
    await poll(() => page.locator("[data-step=bank-file]").innerText()).toContain(sv("groups.validation.bankgiro"));
    await field(page, "debtorBankgiro").fill("5050-1055");
    const executionDate = await field(page, "executionDate").inputValue();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: sv("payout.bankFile.download") }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`bankfil-Sjöloppet-${executionDate}.xml`);
    const xml = await readFile((await file.path()) as string, "utf8");
    expect(xml).toContain("pain.001.001.03");
    expect(xml).toContain(`<ReqdExctnDt>${executionDate}</ReqdExctnDt>`);
    await poll(() => page.locator("[data-downloaded]").isVisible()).toBe(true);
    expect(xml).toContain("<Othr><Id>50501055</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr>");

    // The contact sees the pay approved for payment.
    await phone.getByRole("tab", { name: en("payout.groupTab") }).click();
    await poll(() => phone.locator(`[data-event="Sjöloppet"] [data-approval="approved"]`).textContent()).toBe(
      en("payout.approval.approved"),
    );
    await look(phone, "money-approved-en-375");

    // Dalby has no details: one mail to its contact.
    expect(await page.locator("[data-missing-details]").innerText()).toContain(DALBY);
    await page.getByRole("button", { name: sv("payout.bankFile.askForDetails") }).click();
    await poll(() => page.locator("[data-asked]").innerText()).toBe(sv("payout.bankFile.asked_one", { count: 1 }));

    // Paid today by default.
    expect(await field(page, "paidOn").inputValue()).toBe(stockholmToday(new Date()));
    await page.getByRole("button", { name: sv("payout.approval.markPaid") }).click();
    await poll(() => page.locator("[data-paid]").innerText()).toBe(
      sv("payout.approval.paidBy", { date: stockholmToday(new Date()), name: "Karin Lindqvist" }),
    );
    await look(page, "payout-approval-paid-sv-1280");
    await phone.reload();
    await poll(() => phone.locator(`[data-event="Sjöloppet"] [data-approval="paid"]`).textContent()).toBe(
      en("payout.approval.paid", { date: s.today }),
    );
    await phone.context().close();

    // The fees in the test phase, and the start fee's invoice on a page of its own.
    await page.getByRole("tab", { name: sv("fees.tab") }).click();
    await poll(() => page.locator("[data-test-phase]").innerText()).toContain(sv("fees.testPhase"));
    const number = (await page.locator("[data-invoice]").first().getAttribute("data-invoice")) ?? "";
    await look(page, "fees-test-phase-sv-1280");
    await page.getByRole("link", { name: sv("fees.invoice.open", { number }) }).click();
    await page.waitForURL(`${e2e.product.url}/my-pages/events/${s.event.id}/invoices/${number}`);
    await poll(() => page.locator("main h1").innerText()).toBe(sv("fees.invoice.title", { number }));
    expect(await page.locator("[data-party]").first().innerText()).toContain(sv("fees.invoice.seller"));
    expect(await page.locator("[data-sum=vat]").innerText()).toContain(sv("fees.invoice.vat", { rate: 25 }));
    expect(await page.getByRole("button", { name: sv("fees.invoice.print") }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 375, height: 800 });
    await look(page, "invoice-test-phase-sv-375");

    // On paper only the invoice and its title.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: sv("fees.invoice.print") }).isVisible()).toBe(false);
    expect(await page.locator("[data-printable]").isVisible()).toBe(true);
    await page.context().close();
  });
});
