import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildUser } from "../helpers/factories.ts";
import { createOffer, sendOffers } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, draftEvent, draftGroup, type Json, stationId, type User } from "../helpers/seed.ts";
import {
  expectNoAxeViolations,
  expectTapTargets,
  inviteUser,
  newPage,
  poll,
  screenshot,
  settled,
  setUpProduct,
  signInAs,
} from "./harness.ts";

/**
 * One look for the signed-in app (issue 10, findings 7 and 14): the glossary's status words in one badge
 * look, one brand colour, one page header with breadcrumbs, notifications below the header, inputs in a row
 * aligned whether or not one has a hint.
 */
const e2e = setUpProduct();

/** The browser's own, for the functions that run in the page (the tests' TypeScript has no DOM library). */
declare const getComputedStyle: (element: unknown) => Record<string, string>;

type Lang = "sv" | "en";

const texts = {
  sv: {
    confirm: "Bekräfta evenemanget",
    event: { DRAFT: "Obekräftat", CONFIRMED: "Bekräftat" },
    group: { DRAFT: "Obekräftad", CONFIRMED: "Bekräftad" },
    proposal: "Väntar på svar",
    crumbs: "Du är här",
    groups: "Grupper",
    myPages: "Mina sidor",
    editProfile: "Redigera profil",
    save: "Spara",
    saved: "Din profil är sparad.",
  },
  en: {
    confirm: "Confirm the event",
    event: { DRAFT: "Unconfirmed", CONFIRMED: "Confirmed" },
    group: { DRAFT: "Unconfirmed", CONFIRMED: "Confirmed" },
    proposal: "Awaiting answer",
    crumbs: "You are here",
    groups: "Groups",
    myPages: "My pages",
    editProfile: "Edit profile",
    save: "Save",
    saved: "Your profile has been saved.",
  },
} as const;

/** Words the glossary rules out for a status. */
const RULED_OUT = /godkän|approved|historisk|historic/i;

/** The brand colour (the public site's green, Mantine teal 9) as the browser computes it. */
const BRAND = "rgb(8, 127, 91)";

interface Seed {
  user: User;
  /** A draft event for the test to confirm. */
  draft: Json;
  confirmed: Json;
  group: Json;
  offerPath: string;
}

/**
 * One person, who reads the app in `lang` (the account's language wins at sign-in), organizes events and is
 * the contact of a confirmed group, which has an offer awaiting its answer, and of an unconfirmed one.
 */
async function seed(lang: Lang): Promise<Seed> {
  const app = e2e.product.app;
  const user = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language: lang });
  const draft = await draftEvent(app, user, { event: { name: `Vårruset ${lang}` } });
  const confirmed = await confirmedEvent(app, user, { event: { name: `Sommarloppet ${lang}` }, days: 40 });
  const group = await confirmedGroup(app, user, { name: `IFK Exempel P16 ${lang}` });
  await draftGroup(app, user, { name: `Klass 8B ${lang}` });
  const key = { eventId: confirmed.id, groupId: group.id, stationId: stationId(confirmed) };
  await createOffer(app, user.token, key, 4);
  const sent = await sendOffers(app, user.token, confirmed.id);
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  return {
    user,
    draft,
    confirmed,
    group,
    offerPath: `/my-pages/volunteers/engagement/${key.eventId}/${key.groupId}/${key.stationId}`,
  };
}

const seeded: Partial<Record<Lang, Promise<Seed>>> = {};
const data = (lang: Lang) => {
  seeded[lang] ??= seed(lang);
  return seeded[lang];
};

async function signedIn(lang: Lang, width = 1280): Promise<Page> {
  const { user } = await data(lang);
  const page = await newPage(e2e.browser, { language: lang, width });
  await signInAs(page, e2e.product, user);
  return page;
}

/** What makes a badge look the way it does, as the browser draws it. */
function badgeLook(badge: Locator) {
  return badge.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      background: s.backgroundColor,
      color: s.color,
      textTransform: s.textTransform,
      fontSize: s.fontSize,
      fontWeight: s.fontWeight,
      radius: s.borderRadius,
      border: s.borderTopWidth,
    };
  });
}

const badgeIn = (scope: Page | Locator, text: string) =>
  scope
    .locator(".mantine-Badge-root")
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first();

describe("status words and badges", () => {
  for (const lang of ["sv", "en"] as const) {
    it(`names event, group and offer statuses with the glossary's words in one badge look (${lang})`, async () => {
      const tx = texts[lang];
      const { draft, offerPath } = await data(lang);
      const page = await signedIn(lang);

      // The draft event: unconfirmed; after "Bekräfta evenemanget" it says confirmed, nothing else.
      await page.goto(`${e2e.product.url}/my-pages/events/${draft.id}`);
      await poll(() => badgeIn(page, tx.event.DRAFT).isVisible()).toBe(true);
      await page.getByRole("button", { name: tx.confirm }).click();
      await page.getByRole("dialog").getByRole("button", { name: tx.confirm }).click();
      await poll(() => badgeIn(page, tx.event.CONFIRMED).isVisible()).toBe(true);
      expect(await page.locator("main").innerText()).not.toMatch(RULED_OUT);
      const eventConfirmed = await badgeLook(badgeIn(page, tx.event.CONFIRMED));

      // The event list says the same.
      await page.goto(`${e2e.product.url}/my-pages/events`);
      const row = page.locator(`[data-event="${draft.name}"]`).first();
      await poll(() => badgeIn(row, tx.event.CONFIRMED).isVisible()).toBe(true);
      expect(await badgeLook(badgeIn(row, tx.event.CONFIRMED))).toEqual(eventConfirmed);
      await expectNoAxeViolations(page, `events list (${lang})`);

      // Groups: the same words with -ad, the same badge for the same status.
      await page.goto(`${e2e.product.url}/my-pages/volunteers`);
      await poll(() => badgeIn(page, tx.group.CONFIRMED).isVisible()).toBe(true);
      expect(await badgeLook(badgeIn(page, tx.group.CONFIRMED))).toEqual(eventConfirmed);
      const groupDraft = await badgeLook(badgeIn(page, tx.group.DRAFT));
      expect(await page.locator("main").innerText()).not.toMatch(RULED_OUT);

      // An offer's status on the group's side: the same badge shape and dark text, only its tone differs.
      await page.goto(`${e2e.product.url}${offerPath}`);
      await poll(() => badgeIn(page, tx.proposal).isVisible()).toBe(true);
      const offer = await badgeLook(badgeIn(page, tx.proposal));
      for (const look of [offer, groupDraft]) {
        expect({ ...look, background: "" }).toEqual({ ...eventConfirmed, background: "" });
      }
      expect(eventConfirmed.textTransform).toBe("none");
      await expectNoAxeViolations(page, `engagement page (${lang})`);
      await page.context().close();
    });
  }
});

describe("one look", () => {
  it("uses the brand colour for buttons, links and the logo alike, never the browser's blue", async () => {
    const page = await signedIn("sv", 1280);
    await page.goto(`${e2e.product.url}/my-pages/events`);
    const link = page.locator('[data-event="Vårruset sv"] a').first();
    await poll(() => link.isVisible()).toBe(true);
    expect(await link.evaluate((el) => getComputedStyle(el).color)).toBe(BRAND);
    const logo = page.locator("header a").first();
    expect(await logo.evaluate((el) => getComputedStyle(el).color)).toBe(BRAND);

    // The groups area's create button was a second green.
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    const create = page.getByRole("link", { name: "Registrera en ny grupp" });
    await poll(() => create.isVisible()).toBe(true);
    expect(await create.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(BRAND);
    await page.context().close();
  });

  for (const [lang, width] of [
    ["sv", 375],
    ["en", 1280],
  ] as const) {
    it(`heads every page the same way: breadcrumbs up, then the h1, never a "← back" link (${lang}, ${width} px)`, async () => {
      const tx = texts[lang];
      const { offerPath, group } = await data(lang);
      const page = await signedIn(lang, width);
      const crumbs = page.getByRole("navigation", { name: tx.crumbs });

      // The offer's page: up to the groups and to the group the offer was sent to.
      await page.goto(`${e2e.product.url}${offerPath}`);
      await poll(() => crumbs.isVisible()).toBe(true);
      expect(await crumbs.getByRole("link").allInnerTexts()).toEqual([tx.groups, group.name]);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("S1");
      expect(await page.locator("main").innerText()).not.toContain("←");
      await expectNoAxeViolations(page, `engagement page header (${lang})`);

      // The profile: up to my pages.
      await page.goto(`${e2e.product.url}/profile`);
      await poll(() => crumbs.isVisible()).toBe(true);
      expect(await crumbs.getByRole("link").allInnerTexts()).toEqual([tx.myPages]);
      await crumbs.getByRole("link", { name: tx.myPages }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/my-pages/"));

      // The areas' titles are the same header, h1 within it.
      for (const area of ["events", "teamleaders", "volunteers"]) {
        await page.goto(`${e2e.product.url}/my-pages/${area}`);
        await poll(() => page.locator("main header h1").count()).toBe(1);
      }
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
      await page.context().close();
    });

    it(`shows notifications below the header, never over it (${lang}, ${width} px)`, async () => {
      const tx = texts[lang];
      const page = await signedIn(lang, width);
      await page.goto(`${e2e.product.url}/profile`);
      await page.getByRole("button", { name: tx.editProfile }).click();
      await page.getByRole("button", { name: tx.save, exact: true }).click();
      const note = page.locator(".mantine-Notification-root").filter({ hasText: tx.saved });
      await poll(() => note.isVisible()).toBe(true);
      const header = await page.locator("body > div header, #root header").first().boundingBox();
      const box = await note.boundingBox();
      expect(header).not.toBeNull();
      expect(box).not.toBeNull();
      expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
      // Nothing of the notifications' layer lies over the rest of the page.
      const covered = `[[0.1, 0.5], [0.5, 0.5], [0.9, 0.5], [0.5, 0.95]].some(([x, y]) =>
        document.elementFromPoint(innerWidth * x, innerHeight * y)?.closest(".mantine-Notifications-root"))`;
      expect(await page.evaluate<boolean>(covered)).toBe(false);
      await screenshot(page, `look-notification-${lang}-${width}`);
      await expectNoAxeViolations(page, `profile saved (${lang})`);
      await page.context().close();
    });
  }

  it("lines up inputs side by side whether or not one of them has a hint", async () => {
    const page = await signedIn("sv", 1280);
    await page.goto(`${e2e.product.url}/my-pages/events/new`);
    const withHint = page.locator('input[name="organizerNumber"]');
    const without = page.locator('input[name="organizerName"]');
    await poll(() => withHint.isVisible()).toBe(true);
    const [a, b] = [await withHint.boundingBox(), await without.boundingBox()];
    // Side by side at this width…
    expect(Math.abs((a?.x ?? 0) - (b?.x ?? 0))).toBeGreaterThan(100);
    // …and at the same height.
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 0))).toBeLessThanOrEqual(1);
    await page.context().close();
  });
});

/** Every signed-in page, as the seeded person reaches it. */
function signedInPages(seed: Seed): Array<[name: string, path: string]> {
  const event = `/my-pages/events/${seed.confirmed.id}`;
  const group = `/my-pages/volunteers/${seed.group.id}`;
  return [
    ["events", "/my-pages/events"],
    ["event-new", "/my-pages/events/new"],
    ["event-draft", `/my-pages/events/${seed.draft.id}`],
    ["event-data", event],
    ["event-stations", `${event}/stations`],
    ["event-match", `${event}/match`],
    ["teamleaders", "/my-pages/teamleaders"],
    ["volunteers", "/my-pages/volunteers"],
    ["group-new", "/my-pages/volunteers/new"],
    ["group-edit", group],
    ["group-confirm", `${group}/confirm`],
    ["group-volunteers", `${group}/volunteers`],
    ["engagement", seed.offerPath],
    ["profile", "/profile"],
  ];
}

describe("every signed-in page", () => {
  for (const lang of ["sv", "en"] as const) {
    for (const width of [375, 1280]) {
      it(`fits the screen, has targets a finger hits and is screenshotted (${lang}, ${width} px)`, async () => {
        const page = await signedIn(lang, width);
        for (const [name, path] of signedInPages(await data(lang))) {
          await page.goto(`${e2e.product.url}${path}`);
          await settled(page);
          await screenshot(page, `look-${name}-${lang}-${width}`);
          expect(await page.evaluate<number>("document.documentElement.scrollWidth"), name).toBeLessThanOrEqual(width);
          // On a phone every link and button is a target a finger hits (WCAG 2.5.8).
          if (width === 375) await expectTapTargets(page, `${name} (${lang}, ${width} px)`);
        }
        await page.context().close();

        // The first sign-in of an invited person: a password of their own.
        const invited = await inviteUser(e2e.product);
        const fresh = await newPage(e2e.browser, { language: lang, width });
        await fresh.goto(`${e2e.product.url}/login`);
        await fresh.locator('input[name="email"]').fill(invited.email);
        await fresh.locator('input[name="password"]').fill(invited.temporaryPassword);
        await fresh.locator('button[type="submit"]').click();
        await fresh.waitForURL((url) => url.pathname === "/change-password");
        await settled(fresh);
        await screenshot(fresh, `look-change-password-${lang}-${width}`);
        await fresh.context().close();
      });
    }
  }
});
