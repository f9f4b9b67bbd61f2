import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, newPage, screenshot, setUpProduct } from "./harness.ts";

const e2e = setUpProduct();

describe("the shell", () => {
  it("shows the header, footer and cookie notice, and keeps consent once agreed", async () => {
    const page = await newPage(e2e.browser, { showCookieNotice: true });
    await page.goto(e2e.product.url);
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
    const page = await newPage(e2e.browser, { width: 375, height: 740, language: "en" });
    await page.goto(e2e.product.url);
    const burger = page.getByRole("button", { name: "Open menu" });
    await burger.click();
    const menu = page.locator("#mobile-menu");
    await expect.poll(() => menu.getByRole("link", { name: "Contact" }).isVisible()).toBe(true);
    await screenshot(page, "shell-en-375-menu");
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("sends a visitor of a protected page to /login", async () => {
    const page = await newPage(e2e.browser);
    await page.goto(`${e2e.product.url}/my-pages/events`);
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it("reads every answer it gets: the signed-out visit's refresh call ends, so the page goes idle", async () => {
    const page = await newPage(e2e.browser);
    // An answer whose body the app leaves unread never ends for the browser (nor for monitoring that waits on it).
    const refresh = page.waitForEvent("requestfinished", {
      predicate: (r) => r.url().endsWith("/api/auth/refresh"),
      timeout: 5_000,
    });
    await page.goto(`${e2e.product.url}/my-pages/events`);
    await page.waitForURL(/\/login$/);
    expect((await (await refresh).response())?.status()).toBe(401);
    await page.waitForLoadState("networkidle", { timeout: 5_000 });
    await page.context().close();
  });
});
