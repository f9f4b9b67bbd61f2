import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildUser } from "../helpers/factories.ts";
import { confirmedEvent } from "../helpers/seed.ts";
import { expectNoAxeViolations, fitsWidth, input, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * The calendar section of the profile page: the feed's address in a read-only field, copied to the
 * clipboard with a notice, and renewed after a confirmation, so the old address stops working. In both
 * languages, at phone and desktop width, clean for axe.
 */

const e2e = setUpProduct();

const texts = {
  sv: {
    title: "Kalender",
    copy: "Kopiera adressen",
    copied: "Adressen är kopierad",
    renew: "Förnya adressen",
    open: "Öppna i kalendern",
  },
  en: {
    title: "Calendar",
    copy: "Copy the address",
    copied: "The address has been copied",
    renew: "Renew the address",
    open: "Open in calendar",
  },
} as const;

const FEED = /^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{65}\.ics$/;

/** The feed behind an address, fetched from the product under test (the address names PUBLIC_URL's host). */
const fetchFeed = (url: string) => fetch(`${e2e.product.url}${new URL(url).pathname}`);

/** A confirmed event whose one station has `leaderEmail` as its team leader. */
async function ledStation(leaderEmail: string) {
  const app = e2e.product.app;
  const organizer = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  const event = await confirmedEvent(app, organizer, {
    days: 30,
    event: { name: "Stockholm Stadslopp" },
    stations: [{ name: "Vätska vid Slussen", teamLeaderEmail: leaderEmail }],
  });
  expect(event.status).toBe("CONFIRMED");
}

const addressField = (page: Page) => input(page, "calendarUrl");

/** The viewport is `width` wide and the page has drawn itself at that width (a few animation frames). */
async function resizedTo(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await poll(() => page.evaluate<number>("window.innerWidth")).toBe(width);
  await page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))))",
  );
}

/** The page in both languages at 1280 and 375 px: a screenshot each, axe clean, nothing wider than the screen. */
async function checkEveryWay(page: Page, name: string) {
  for (const lang of ["sv", "en"] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator("header select").first().selectOption(lang);
    await poll(() => page.getByRole("heading", { name: texts[lang].title, exact: true }).isVisible()).toBe(true);
    for (const width of [1280, 375]) {
      await resizedTo(page, width, width === 375 ? 740 : 900);
      await screenshot(page, `calendar-${name}-${lang}-${width}`);
      await expectNoAxeViolations(page, `${name} (${lang}, ${width} px)`);
      expect(await fitsWidth(page), `${name} fits ${width} px`).toBe(true);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator("header select").first().selectOption("sv");
  await poll(() => page.getByRole("heading", { name: texts.sv.title, exact: true }).isVisible()).toBe(true);
}

describe("the calendar section of the profile page", () => {
  it("shows the address of the feed, copies it, and renews it so the old one stops working", async () => {
    const leader = await buildUser(e2e.product.app, { firstName: "Lena", lastName: "Ledare" });
    await ledStation(leader.email);

    const page = await newPage(e2e.browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.product.url });
    await signInAs(page, e2e.product, leader);
    await page.goto(`${e2e.product.url}/profile`);
    await poll(() => addressField(page).inputValue()).toMatch(FEED);
    const first = await addressField(page).inputValue();
    expect(await addressField(page).getAttribute("readonly")).not.toBeNull();
    // The field is named by its label, for screen readers too.
    expect(await page.getByRole("textbox", { name: "Kalenderadress" }).inputValue()).toBe(first);
    expect(await page.getByRole("link", { name: texts.sv.open }).getAttribute("href")).toBe(first.replace(/^http:/, "webcal:"));

    // The address is the feed: the station the user leads is in it.
    const feed = await fetchFeed(first);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("SUMMARY:Vätska vid Slussen — Stockholm Stadslopp");

    await checkEveryWay(page, "profile");

    // Copy: by keyboard, the address lands on the clipboard and a notice says so.
    await page.getByRole("button", { name: texts.sv.copy }).focus();
    await page.keyboard.press("Enter");
    await poll(() => page.getByText(texts.sv.copied).isVisible()).toBe(true);
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(first);
    await screenshot(page, "calendar-copied-sv-1280");

    // Renew: a confirmation that explains the old address stops working, then a new address.
    await page.getByRole("button", { name: texts.sv.renew }).click();
    const dialog = page.getByRole("dialog", { name: "Förnya kalenderadressen?" });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain("den gamla slutar fungera direkt");
    // axe waits for the dialog's fade-in to end, so the screenshot shows it as the user sees it.
    await expectNoAxeViolations(page, "renew dialog (sv)");
    await screenshot(page, "calendar-renew-sv-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoAxeViolations(page, "renew dialog (sv, 375 px)");
    await screenshot(page, "calendar-renew-sv-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole("button", { name: texts.sv.renew }).click();
    await poll(() => dialog.count()).toBe(0);
    await poll(() => addressField(page).inputValue()).not.toBe(first);
    const renewed = await addressField(page).inputValue();
    expect(renewed).toMatch(FEED);

    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(renewed)).status).toBe(200);
    // After a reload the page shows the new address, not a kept old one.
    await page.reload();
    await poll(() => addressField(page).inputValue()).toBe(renewed);
    await page.context().close();
  });

  it("fits a phone in English, with the renew dialog cancelled by keyboard", async () => {
    const user = await buildUser(e2e.product.app, { language: "en" });
    const page = await newPage(e2e.browser, { width: 375, height: 740, language: "en" });
    await signInAs(page, e2e.product, user);
    await page.goto(`${e2e.product.url}/profile`);
    await poll(() => addressField(page).inputValue()).toMatch(FEED);
    const address = await addressField(page).inputValue();
    expect(await fitsWidth(page)).toBe(true);

    await page.getByRole("button", { name: texts.en.renew }).click();
    const dialog = page.getByRole("dialog", { name: "Renew the calendar address?" });
    await poll(() => dialog.isVisible()).toBe(true);
    await expectNoAxeViolations(page, "renew dialog (en, 375 px)");
    await screenshot(page, "calendar-renew-en-375");
    await page.keyboard.press("Escape");
    await poll(() => dialog.count()).toBe(0);
    expect(await addressField(page).inputValue()).toBe(address);
    expect((await fetchFeed(address)).status).toBe(200);
    await page.context().close();
  });
});
