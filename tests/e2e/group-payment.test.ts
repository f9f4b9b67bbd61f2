import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { stockholmToday } from "#shared/validation";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import {
  ABY_GROUP,
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  draftGroup,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";
import { expectNoAxeViolations, field, fitsWidth, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * The group contact's payment details (issue 25): added from the group page through the group form, the bank
 * named from the clearing number, an old account warned about, a wrong one refused; shown on the page; and
 * the payout tab's word on each event's approval. The cross-role flow is tested elsewhere.
 */

const e2e = setUpProduct();

const combos = [
  { lang: "sv" as const, width: 375 },
  { lang: "en" as const, width: 1280 },
];

async function signedIn(lang: "sv" | "en", width: number) {
  const owner = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist", language: lang });
  const page = await newPage(e2e.browser, { width, language: lang });
  await signInAs(page, e2e.product, owner);
  return { owner, page };
}

/**
 * Two events today at which `contact`'s group (paid by bankgiro) worked and its attendance was recorded: one
 * payout approved, the other also paid.
 */
async function approvedPayouts(contact: User) {
  const app = e2e.product.app;
  const organizer = await buildUser(app, { firstName: "Olle", lastName: "Nilsson" });
  const group = await confirmedGroup(app, contact, { ...ABY_GROUP, payment: { method: "BANKGIRO", bankgiro: "5050-1055" } });
  const today = dayFromNow(app, 0);
  const station = { name: "Parkering", start: `${today}T07:00`, end: `${today}T12:00`, skills: [], groupPayment: 2000 };
  for (const [name, paid] of [
    ["Vårruset", false],
    ["Sjöloppet", true],
  ] as const) {
    const event = await confirmedEvent(app, organizer, { date: today, event: { name }, stations: [station] });
    const key = { eventId: event.id, groupId: group.id, stationId: stationId(event, "Parkering") };
    await offerAt(app, organizer, contact, key, { volunteers: 4, to: "ACCEPTED" });
    const post = (path: string, body?: unknown) =>
      call(app.server, "POST", `/api/events/${event.id}/${path}`, { token: organizer.token, body });
    expect((await post(`attendance/${key.stationId}_${group.id}`, { adultAttendance: 4, childAttendance: 0 })).status).toBe(200);
    expect((await post("payout/approve")).status).toBe(200);
    if (paid) expect((await post("payout/paid", { paidOn: today })).status).toBe(200);
  }
  return group;
}

describe.each(combos)("the group's payment details, $lang at $width px", ({ lang, width }) => {
  const tx = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
  const tag = `${lang}-${width}`;

  it("adds a bank account from the group page: the bank named, an old account warned about, a wrong one refused", async () => {
    const { owner, page } = await signedIn(lang, width);
    const group = await draftGroup(e2e.product.app, owner, ABY_GROUP);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${group.id}`);
    await poll(() => page.getByText(tx("groups.payment.noneYet")).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `no payment details ${tag}`);
    await page.getByRole("button", { name: tx("groups.payment.add") }).click();

    // The form opens at its payment part, the first choice focused.
    await poll(() => page.evaluate("document.activeElement?.getAttribute('name')")).toBe("method");
    await page.getByRole("radio", { name: tx("groups.payment.method.BANK_ACCOUNT") }).check();
    await field(page, "clearingNumber").fill("8424-4");
    await poll(() => page.locator("[data-bank]").textContent()).toBe(tx("groups.payment.bankName", { bank: "Swedbank" }));
    // An account whose check digit does not add up at a bank that has such accounts: warned about once typed.
    await field(page, "accountNumber").fill("983 189 224-7");
    await field(page, "accountNumber").blur();
    await poll(() => page.getByText(tx("groups.payment.noCheckDigit")).isVisible()).toBe(true);

    // A wrong account number at Handelsbanken is refused, on the field, before anything is sent.
    await field(page, "clearingNumber").fill("6789");
    await poll(() => page.locator("[data-bank]").textContent()).toBe(tx("groups.payment.bankName", { bank: "Handelsbanken" }));
    await field(page, "accountNumber").fill("123 456 788");
    await page.getByRole("button", { name: tx("groups.page.save") }).click();
    await poll(() => page.getByText(tx("groups.validation.accountNumber")).isVisible()).toBe(true);
    await poll(() => page.evaluate("document.activeElement?.getAttribute('name')")).toBe("accountNumber");

    await field(page, "accountNumber").fill("123 456 789");
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `payment form ${tag}`);
    await screenshot(page, `group-payment-form-${tag}`);
    await page.getByRole("button", { name: tx("groups.page.save") }).click();

    const details = page.locator("[data-payment-details]");
    await poll(() => details.locator("[data-number]").textContent()).toBe("6789, 123456789");
    await poll(() => details.getByText("Handelsbanken").isVisible()).toBe(true);
    const today = stockholmToday(e2e.product.app.clock.now());
    await poll(() => details.getByText(tx("groups.payment.changedAt", { date: today })).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `payment details ${tag}`);
    await screenshot(page, `group-payment-page-${tag}`);
    await page.context().close();
  });
});

// The payout tab's statements are the attendance suite's; here only the word on their approval, on a phone.
describe.each(combos.slice(0, 1))("the group's payout tab, $lang at $width px", ({ lang, width }) => {
  const tx = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
  const tag = `${lang}-${width}`;

  it("shows which events' pay is approved and which is paid", async () => {
    const { owner, page } = await signedIn(lang, width);
    const group = await approvedPayouts(owner);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${group.id}/payout`);
    const statement = (name: string) => page.locator(`[data-event="${name}"]`);
    await poll(() => statement("Vårruset").locator('[data-approval="approved"]').textContent()).toBe(
      tx("payout.approval.approved"),
    );
    const today = stockholmToday(e2e.product.app.clock.now());
    await poll(() => statement("Sjöloppet").locator('[data-approval="paid"]').textContent()).toBe(
      tx("payout.approval.paid", { date: today }),
    );
    expect(await page.locator("[data-missing-payment]").count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `group payout ${tag}`);
    await screenshot(page, `group-payment-payout-${tag}`);
    await page.context().close();
  });
});
