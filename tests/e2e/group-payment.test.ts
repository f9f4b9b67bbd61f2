import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { stockholmToday } from "#shared/validation";
import { buildUser } from "../helpers/factories.ts";
import { ABY_GROUP, draftGroup } from "../helpers/seed.ts";
import { expectNoAxeViolations, field, fitsWidth, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * The group contact's payment details (issue 25): added from the group page through the group form, the bank
 * named from the clearing number, an old account warned about, a wrong one refused; shown on the page. The
 * payout tab's word on the approval is in the cross-role flow (money.test.ts).
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
