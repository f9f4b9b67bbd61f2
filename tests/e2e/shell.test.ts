import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newPage, openBrowser, type Product, screenshot, startProduct } from "./harness.ts";

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe("the shell", () => {
  it("shows the header, footer and cookie notice, and keeps consent once agreed", async () => {
    const page = await newPage(browser, { showCookieNotice: true });
    await page.goto(product.url);
    await expect.poll(() => page.locator("header").getByRole("link", { name: "Logga in" }).isVisible()).toBe(true);
    const agree = page.getByRole("button", { name: "Jag förstår" });
    await expect.poll(() => agree.isVisible()).toBe(true);
    await screenshot(page, "shell-sv-1280");
    await agree.click();
    await page.reload();
    await page.locator("footer").waitFor();
    expect(await page.getByRole("button", { name: "Jag förstår" }).count()).toBe(0);
    await page.context().close();
  });

  it("folds the menu on a phone and opens it with the burger", async () => {
    const page = await newPage(browser, { width: 375, height: 740, language: "en" });
    await page.goto(product.url);
    const burger = page.getByRole("button", { name: "Open menu" });
    await burger.click();
    const menu = page.locator("#mobile-menu");
    await expect.poll(() => menu.getByRole("link", { name: "Contact" }).isVisible()).toBe(true);
    await screenshot(page, "shell-en-375-menu");
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("sends a visitor of a protected page to /login", async () => {
    const page = await newPage(browser);
    await page.goto(`${product.url}/my-pages/events`);
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });
});
