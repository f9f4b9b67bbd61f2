import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Dictionary, messageIds, resources, translate } from "#shared/i18n/index";
import { TERMS_VALID_FROM } from "#shared/public/terms";
import { buildUser } from "../helpers/factories.ts";
import { expectNoAxeViolations, expectTapTargets, newPage, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * Every public page in Swedish and English at phone and desktop width: the page shows all of its texts,
 * no raw message id and (in Swedish) no English text; axe finds nothing; a screenshot each.
 */

const e2e = setUpProduct();

type Lang = "sv" | "en";
const LANGS: Lang[] = ["sv", "en"];
const WIDTHS = [1280, 375];

/** The ids (or id prefixes) whose texts each page must show in full, as a visitor sees it. */
const PAGES: Record<string, string[]> = {
  "/": [
    "app.slogan",
    "public.home.lead",
    "public.home.choose",
    "public.home.organizerButton",
    "public.home.volunteerButton",
    "public.home.sectionsTitle",
    "public.home.sections",
  ],
  "/how-it-works-volunteer": [
    "public.titles.howItWorksVolunteer",
    "public.howItWorksVolunteer",
    "public.howItWorks.stepsLabel",
    "public.howItWorks.registerTitle",
    "public.howItWorks.registerTextVisitor",
    "public.howItWorks.register",
  ],
  "/how-it-works-organizer": [
    "public.titles.howItWorksOrganizer",
    "public.howItWorksOrganizer",
    "public.howItWorks.stepsLabel",
    "public.howItWorks.registerTitle",
    "public.howItWorks.registerTextVisitor",
    "public.howItWorks.register",
  ],
  "/faq": ["public.titles.faq", "public.faq"],
  "/about": ["public.titles.about", "public.about"],
  "/privacy-policy": ["public.titles.privacy", "public.privacy"],
  "/contact": ["public.titles.contact", "public.contact"],
  "/terms": ["public.titles.terms", "public.terms"],
};

/** A text that is a message id itself, as i18next shows an id it has no text for. */
const RAW_ID = /^(?:public|shell|app|common|errors|validation|account|myPages|languages|password)\.[\w.]+$/;

/** Every text node and accessible label of the page, one by one, so neighbouring texts never run together. */
async function pageStrings(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) out.push(walker.currentNode.nodeValue.trim());
    for (const el of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
      for (const name of ["aria-label", "title", "alt", "placeholder"]) if (el.hasAttribute(name)) out.push(el.getAttribute(name).trim());
    }
    out.push(document.title);
    return out.filter(Boolean);
  })()`)) as string[];
}
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** The texts of the given ids and everything under the given prefixes, placeholders filled in. */
function textsOf(lang: Lang, prefixes: string[]): string[] {
  const ids = messageIds(resources[lang] as Dictionary).filter((id) => prefixes.some((p) => id === p || id.startsWith(`${p}.`)));
  return ids.map((id) => squash(translate(lang, id, { date: TERMS_VALID_FROM })));
}

/** English public texts long enough that finding one on a Swedish page can only mean a missing translation. */
const englishTexts = textsOf("en", ["public", "app"]).filter((t) => t.length >= 16 && !t.includes("@"));

async function mainText(page: Page) {
  return squash((await page.locator("main").textContent()) ?? "");
}

/** Opens a page and waits until its content (not only the shell) is on screen. */
async function open(page: Page, path: string, firstText: string) {
  await page.goto(`${e2e.product.url}${path}`);
  await page.locator("main h1").waitFor();
  await expect.poll(() => mainText(page)).toContain(firstText);
}

async function expectCompletePage(page: Page, lang: Lang, path: string, label: string) {
  const text = await mainText(page);
  const missing = textsOf(lang, PAGES[path]).filter((t) => !text.includes(t));
  expect(missing, `texts missing on ${label}`).toEqual([]);
  const strings = await pageStrings(page);
  expect(
    strings.filter((t) => RAW_ID.test(t) || t.includes("{{")),
    `raw message ids on ${label}`,
  ).toEqual([]);
  const body = squash((await page.locator("body").textContent()) ?? "");
  if (lang === "sv") {
    expect(
      englishTexts.filter((t) => body.includes(t)),
      `English text on ${label}`,
    ).toEqual([]);
  }
  expect(await page.locator("html").getAttribute("lang")).toBe(lang);
}

const slug = (path: string) => (path === "/" ? "home" : path.slice(1));

describe("the public pages", () => {
  for (const lang of LANGS) {
    for (const path of Object.keys(PAGES)) {
      it(`${path} in ${lang} shows all its texts and passes axe at 1280 and 375 px, with targets a finger hits`, async () => {
        const page = await newPage(e2e.browser, { language: lang });
        // Loaded once, then looked at in each width.
        await open(page, path, textsOf(lang, PAGES[path])[0]);
        for (const width of WIDTHS) {
          const label = `${path} (${lang}, ${width} px)`;
          await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
          await expectCompletePage(page, lang, path, label);
          await expectNoAxeViolations(page, label);
          if (width === 375) await expectTapTargets(page, label);
          await screenshot(page, `public-${slug(path)}-${lang}-${width}`);
        }
        await page.context().close();
      });
    }
  }
});

describe("the start page", () => {
  it("offers a visitor the way in as organizer or as volunteer group", async () => {
    const page = await newPage(e2e.browser, { language: "sv" });
    await open(page, "/", translate("sv", "app.slogan"));
    expect(await page.locator("main h1").textContent()).toBe(translate("sv", "app.slogan"));
    expect(await page.locator("main h3").count()).toBe(5);

    await page.getByRole("link", { name: translate("sv", "public.home.organizerButton") }).click();
    await page.waitForURL(/\/how-it-works-organizer$/);
    await expect.poll(() => page.locator("main h1").textContent()).toBe(translate("sv", "public.titles.howItWorksOrganizer"));
    const register = page.getByRole("link", { name: translate("sv", "public.howItWorks.register") });
    expect(await register.getAttribute("href")).toBe("/register");

    await page.goBack();
    await page.getByRole("link", { name: translate("sv", "public.home.volunteerButton") }).click();
    await page.waitForURL(/\/how-it-works-volunteer$/);
    await expect.poll(() => page.locator("main h1").textContent()).toBe(translate("sv", "public.titles.howItWorksVolunteer"));
    await page.context().close();
  });

  for (const lang of LANGS) {
    it(`greets a signed-in user by first name in ${lang}, with my pages and without the sections`, async () => {
      const firstName = lang === "sv" ? "Åsa" : "Oliver";
      const account = await buildUser(e2e.product.app, { firstName, language: lang });
      const page = await newPage(e2e.browser, { language: lang });
      await signInAs(page, e2e.product, account);
      const greeting = translate(lang, "public.home.greeting", { name: firstName });
      // Loaded once, then looked at in each width.
      await open(page, "/", greeting);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
        expect(await page.locator("main h1").textContent()).toBe(greeting);
        const events = page.locator("main").getByRole("link", { name: translate(lang, "public.home.myEvents") });
        const groups = page.locator("main").getByRole("link", { name: translate(lang, "public.home.myGroups") });
        expect(await events.getAttribute("href")).toBe("/my-pages/events");
        expect(await groups.getAttribute("href")).toBe("/my-pages/volunteers");
        const text = await mainText(page);
        expect(text).not.toContain(translate(lang, "public.home.sectionsTitle"));
        expect(text).not.toContain(translate(lang, "app.slogan"));
        for (const id of ["1", "2", "3", "4", "5"])
          expect(text).not.toContain(translate(lang, `public.home.sections.${id}.title`));
        await expectNoAxeViolations(page, `signed-in start page (${lang}, ${width} px)`);
        await screenshot(page, `public-home-signed-in-${lang}-${width}`);
      }

      // The how-it-works pages send a signed-in user to the matching my-pages area instead of /register.
      await open(page, "/how-it-works-organizer", translate(lang, "public.titles.howItWorksOrganizer"));
      const toEvents = page.getByRole("link", { name: translate(lang, "public.howItWorks.toMyEvents") });
      expect(await toEvents.getAttribute("href")).toBe("/my-pages/events");
      await open(page, "/how-it-works-volunteer", translate(lang, "public.titles.howItWorksVolunteer"));
      const toGroups = page.getByRole("link", { name: translate(lang, "public.howItWorks.toMyGroups") });
      expect(await toGroups.getAttribute("href")).toBe("/my-pages/volunteers");
      expect(await page.locator('main a[href="/register"]').count()).toBe(0);
      await page.context().close();
    });
  }
});

describe("changing the language", () => {
  it("loads the other language's public texts before it shows them", async () => {
    const page = await newPage(e2e.browser, { language: "sv" });
    await open(page, "/faq", translate("sv", "public.faq.volunteer.1.question"));
    await page.locator("header select").first().selectOption("en");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await expect.poll(() => mainText(page)).toContain(translate("en", "public.faq.volunteer.1.question"));
    await expectCompletePage(page, "en", "/faq", "/faq after switching to English");

    // A page opened afterwards in the new language has its texts too.
    await page.getByRole("link", { name: translate("en", "shell.footer.terms") }).click();
    await expect.poll(() => mainText(page)).toContain(translate("en", "public.terms.general.paragraphs.1"));
    await expectCompletePage(page, "en", "/terms", "/terms after switching to English");
    await page.context().close();
  });
});
