import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildUser } from "../helpers/factories.ts";
import { expectNoAxeViolations, input, inviteUser, newPage, screenshot, setUpProduct, signIn, signInAs } from "./harness.ts";

/** Every account page in both languages at phone and desktop width: axe finds nothing, and a screenshot each. */

const e2e = setUpProduct();

/**
 * Checks the page as it is now in Swedish and English at 1280 and 375 px. The language is switched with the
 * header's chooser, so state that lives only in memory (a sent code, a password challenge) survives.
 */
async function checkEveryWay(page: Page, name: string) {
  for (const lang of ["sv", "en"] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator("header select").first().selectOption(lang);
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(lang);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      // The scan waits until the page is drawn at the new width and nothing moves any more.
      await expectNoAxeViolations(page, `${name} (${lang}, ${width} px)`);
      await screenshot(page, `account-${name}-${lang}-${width}`);
      // Nothing may be wider than the phone's screen.
      expect(await page.evaluate<number>("document.documentElement.scrollWidth"), `${name} scroll width`).toBeLessThanOrEqual(
        width,
      );
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator("header select").first().selectOption("sv");
}

async function dismissReminder(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.locator("button[data-autofocus]").click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe("the account pages pass axe and fit on a phone", () => {
  it("login, with errors shown", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/login?password-reset=true`);
    await input(page, "email").waitFor();
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByText("Du måste fylla i fältet").count()).toBe(2);
    await checkEveryWay(page, "login");
    await page.context().close();
  });

  it("shows where the keyboard focus is", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/login`);
    await input(page, "email").waitFor();
    const outline = () =>
      page.evaluate<string>(
        "(() => { const s = getComputedStyle(document.activeElement); return s.outlineStyle + ' ' + s.outlineWidth; })()",
      );
    await input(page, "email").focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate<string>("document.activeElement.name")).toBe("password");
    expect(await outline()).toMatch(/^solid [2-9]/);
    await screenshot(page, "account-login-focus-input");
    // The password's show/hide toggle may take a stop of its own.
    for (let i = 0; i < 2 && (await page.evaluate<string>("document.activeElement.type")) !== "submit"; i++)
      await page.keyboard.press("Tab");
    expect(await page.evaluate<string>("document.activeElement.type")).toBe("submit");
    expect(await outline()).toMatch(/^solid [2-9]/);
    await screenshot(page, "account-login-focus-button");
    await page.context().close();
  });

  it("register, with the checklist half met and the passwords differing", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/register`);
    await input(page, "email").fill("ny@example.se");
    await input(page, "password").fill("lösenord1");
    await input(page, "repeatPassword").fill("lösenord2");
    await checkEveryWay(page, "register");
    await page.context().close();
  });

  it("verify-email, with the reminder and then the form", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/verify-email`);
    await page.getByRole("dialog").waitFor();
    await screenshot(page, "account-verify-email-reminder-sv-1280");
    await expectNoAxeViolations(page, "verify-email reminder");
    await dismissReminder(page);
    await checkEveryWay(page, "verify-email");
    await page.context().close();
  });

  it("forgot-password, both steps", async () => {
    const account = await buildUser(e2e.product.app);
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/forgot-password`);
    await input(page, "email").waitFor();
    await checkEveryWay(page, "forgot-password-1");
    await input(page, "email").fill(account.email);
    await page.locator('button[type="submit"]').click();
    await input(page, "code").waitFor();
    await input(page, "newPassword").fill("Abc");
    await checkEveryWay(page, "forgot-password-2");
    await page.context().close();
  });

  it("change-password, for an invited user's first sign-in", async () => {
    const { email, temporaryPassword } = await inviteUser(e2e.product);

    const page = await newPage(e2e.browser);
    await signIn(page, e2e.product, email, temporaryPassword);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Välj nytt lösenord");
    await input(page, "newPassword").fill("Nytt");
    await checkEveryWay(page, "change-password");
    await page.context().close();
  });

  it("profile, viewing and editing", async () => {
    const account = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist" });
    const page = await newPage(e2e.browser);
    await signInAs(page, e2e.product, account);
    await page.goto(`${e2e.product.url}/profile`);
    await page.getByText("Karin Lindqvist").waitFor();
    await checkEveryWay(page, "profile-view");
    await page.getByRole("button", { name: "Redigera profil" }).click();
    await input(page, "firstName").fill("");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect.poll(() => page.getByText("Du måste fylla i fältet").count()).toBe(1);
    await checkEveryWay(page, "profile-edit");
    await page.context().close();
  });
});
