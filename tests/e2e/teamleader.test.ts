import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { answerOffer, createOffer, nameAttendees, sendOffers } from "../helpers/offers.ts";
import {
  asUpdate,
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  type Json,
  stationBody,
  stationId,
  type User,
} from "../helpers/seed.ts";
import {
  expectNoAxeViolations,
  expectTapTargets,
  fitsWidth,
  newPage,
  poll,
  screenshot,
  settled,
  setUpProduct,
  signInAs,
} from "./harness.ts";

/**
 * The event day on paper and for team leaders: a team leader of one of two staffed stations sees only
 * that station and its station sheet with the named volunteers, on a phone too; the organizer's roster
 * totals what to order; the sheet prints without the site around it.
 */

const e2e = setUpProduct();

const texts = {
  sv: {
    current: "Aktuella evenemang",
    yourStations: "Dina stationer",
    sheetFor: (name: string) => `Stationsblad för ${name}`,
    sheetTitle: (name: string) => `Stationsblad: ${name}`,
    stationsTab: "Stationer",
    print: "Skriv ut",
    named: "2 av 3 anmälda",
    missingTitle: "Tröjstorlek saknas",
    vegan: "Vegansk",
    glutenFree: "Glutenfri",
    withoutSize: "Utan tröjstorlek",
    unnamed: "1 utan namn",
    empty: "Du är inte stationsansvarig för någon station just nu.",
    age: "13 år",
  },
  en: {
    current: "Current events",
    yourStations: "Your stations",
    sheetFor: (name: string) => `Station sheet for ${name}`,
    sheetTitle: (name: string) => `Station sheet: ${name}`,
    stationsTab: "Stations",
    print: "Print",
    named: "2 of 3 named",
    missingTitle: "Shirt size missing",
    vegan: "Vegan",
    glutenFree: "Gluten-free",
    withoutSize: "Without shirt size",
    unnamed: "1 not named",
    empty: "You are not the team leader of any station right now.",
    age: "13 years",
  },
} as const;
type Lang = keyof typeof texts;

const station = (date: string, name: string, from: string, teamLeaderEmail = "") =>
  stationBody(date, {
    name,
    description: "Funktionärer vid banan. Ni visar vägen och delar ut vatten.",
    start: `${date}T${from}`,
    end: `${date}T14:00`,
    markerLocation: "Sergels torg",
    teamLeaderEmail,
    officialMiniumumAge: 12,
    skills: [],
  });

/**
 * Through the API: an event with two stations, Entrén (led by the team leader) and Vätskekontroll; a group
 * accepted at each, with named volunteers. The event first offers only food; shirts come later, so the group
 * at Vätskekontroll has named volunteers without a size while the one at Entrén gave theirs. The volunteers'
 * addresses are this file's own: other files wait for mail to theirs.
 */
async function seed(app: TestApp) {
  const organizer = await buildUser(app, { firstName: "Olle", lastName: "Arrangör" });
  const leader = await buildUser(app, { firstName: "Lena", lastName: "Ledare" });
  const contact = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", phone: "0709876543" });
  const date = dayFromNow(app, 20);

  const created = await confirmedEvent(app, organizer, {
    date,
    event: { included: ["FOOD"], shirtSizes: [], foodOptions: ["VEGAN", "GLUTEN_FREE"], organizerWebsite: "" },
    stations: [station(date, "Entrén", "08:00", leader.email), station(date, "Vätskekontroll", "09:00")],
  });
  const entrance = stationId(created, "Entrén");
  const water = stationId(created, "Vätskekontroll");

  const group = (name: string, volunteers: Array<{ name: string; email: string; phone: string; age: number }>) =>
    confirmedGroup(app, contact, { name, organizationName: name, ages: ["12", "13", "14"], volunteers });
  const ifk = await group("IFK Exempel P12", [
    { name: "Kim Berg", email: "kim.stationsblad@example.se", phone: "0701234567", age: 13 },
    { name: "Ali Said", email: "ali.stationsblad@example.se", phone: "0707654321", age: 12 },
    { name: "Sam Ek", email: "sam.stationsblad@example.se", phone: "0709876541", age: 14 },
  ]);
  const solna = await group("Solna SK F13", [
    { name: "Eva Lund", email: "eva.stationsblad@example.se", phone: "0701112233", age: 13 },
    { name: "Bo Ek", email: "bo.stationsblad@example.se", phone: "0704445566", age: 13 },
  ]);
  const idOf = (g: Json, name: string) => g.volunteers.find((v: { name: string }) => v.name === name)?.id as string;

  const accepted = [
    [ifk, entrance, 3],
    [solna, water, 2],
  ] as const;
  const key = (g: Json, station: string) => ({ eventId: created.id, groupId: g.id, stationId: station });
  for (const [g, station, volunteers] of accepted) await createOffer(app, organizer.token, key(g, station), volunteers);
  expect((await sendOffers(app, organizer.token, created.id)).status).toBe(200);
  for (const [g, station] of accepted)
    expect((await answerOffer(app, contact.token, key(g, station), "accept")).status).toBe(200);

  const name = async (g: Json, station: string, people: Array<[string, Record<string, unknown>]>) => {
    const res = await nameAttendees(app, contact.token, key(g, station), {
      attendees: people.map(([n]) => idOf(g, n)),
      participation: people.map(([n, p]) => ({ volunteerId: idOf(g, n), ...p })),
    });
    expect(res.status).toBe(200);
  };
  await name(solna, water, [
    ["Eva Lund", { specialDiets: ["GLUTEN_FREE"] }],
    ["Bo Ek", { specialDiets: ["VEGAN"] }],
  ]);

  // Shirts are offered from now on; IFK gives its sizes, Solna has not yet.
  const view = await call(app.server, "GET", `/api/events/${created.id}`, { token: organizer.token });
  const updated = await call(app.server, "PUT", `/api/events/${created.id}`, {
    token: organizer.token,
    body: asUpdate(view.body, { included: ["CLOTHES", "FOOD"], shirtSizes: ["S", "M", "L"] }),
  });
  expect(updated.status).toBe(200);
  await name(ifk, entrance, [
    ["Kim Berg", { specialDiets: ["VEGAN"], shirtSize: "M" }],
    ["Ali Said", { specialDiets: [], shirtSize: "S", substitute: "Sam Ek" }],
  ]);
  return { organizer, leader, event: updated.body as Json, entrance, water };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed(e2e.product.app);
});

/** The site's own header (the page's heading sits in a header of its own inside main). */
const siteHeader = (page: Page) => page.locator("#main").locator("xpath=preceding-sibling::header");

/** The account's language, which the app takes on at sign-in, set as the person would in their profile. */
async function speaks(account: User, lang: Lang) {
  const app = e2e.product.app;
  const me = await call(app.server, "GET", "/api/auth/me", { token: account.token });
  const res = await call(app.server, "PUT", "/api/auth/me", {
    token: account.token,
    body: { firstName: me.body.firstName, lastName: me.body.lastName, phone: me.body.phone, language: lang },
  });
  expect(res.status).toBe(200);
}

/** A page signed in as `account` in `lang`; it loads no page yet. */
async function signedIn(account: User, lang: Lang, width: number) {
  await speaks(account, lang);
  const page = await newPage(e2e.browser, { language: lang, width });
  await signInAs(page, e2e.product, account);
  return page;
}

/** Fits the screen, passes axe, has targets a finger hits on a phone, and is screenshotted to be looked at. */
async function check(page: Page, name: string, tag: string) {
  await settled(page);
  expect(await fitsWidth(page), `${name} ${tag} scrolls sideways`).toBe(true);
  await expectNoAxeViolations(page, `${name} ${tag}`);
  if ((page.viewportSize()?.width ?? 0) <= 375) await expectTapTargets(page, `${name} ${tag}`);
  await screenshot(page, `teamleader-${name}-${tag}`);
}

const combos = [
  { lang: "sv" as const, width: 1280 },
  { lang: "en" as const, width: 375 },
  { lang: "sv" as const, width: 375 },
  { lang: "en" as const, width: 1280 },
];

describe.each(combos)("$lang at $width px", ({ lang, width }) => {
  const tx = texts[lang as Lang];
  const tag = `${lang}-${width}`;

  it("a team leader sees only their station's event and station, and the station sheet with the named volunteers", async () => {
    const page = await signedIn(s.leader, lang, width);
    // A team leader's My pages open on their stations, not on an empty group area (a new browser remembers none).
    await page.goto(`${e2e.product.url}/my-pages`);
    await page.waitForURL(/\/my-pages\/teamleaders$/);
    const main = page.locator("main");
    const row = page.locator('[data-event="Stockholm Stadslopp"]');
    await poll(() => row.isVisible()).toBe(true);
    await check(page, "area", tag);
    expect(await row.innerText()).toContain("Entrén");
    expect(await main.innerText()).not.toContain("Vätskekontroll");
    expect(await main.innerText()).toContain(tx.current);
    // Cards below 576 px, a table above.
    expect(await page.locator("main table").count()).toBe(width < 576 ? 0 : 1);

    // The event opens read-only, with the leader's station only and no matching.
    await row.getByRole("link", { name: "Stockholm Stadslopp" }).click();
    await page.waitForURL(new RegExp(`/my-pages/teamleaders/${s.event.id}$`));
    await check(page, "event-data", tag);
    expect(await page.getByRole("tab").count()).toBe(4);
    expect(await main.innerText()).not.toContain("Vätskekontroll");
    expect(await main.innerText()).not.toContain("Box 1");
    expect(await page.locator("main input, main textarea").count()).toBe(0);

    await page.getByRole("tab", { name: tx.stationsTab }).click();
    await page.waitForURL(new RegExp(`/my-pages/teamleaders/${s.event.id}/stations$`));
    await check(page, "event-stations", tag);
    expect(await page.locator("[data-station]").count()).toBe(1);

    await page.getByRole("link", { name: tx.sheetFor("Entrén") }).click();
    await page.waitForURL(new RegExp(`/stations/${s.entrance}/sheet$`));
    await poll(() => page.getByRole("heading", { name: tx.sheetTitle("Entrén") }).isVisible()).toBe(true);
    await poll(() => page.locator('[data-group="IFK Exempel P12"]').isVisible()).toBe(true);
    await check(page, "sheet", tag);
    const group = await page.locator('[data-group="IFK Exempel P12"]').innerText();
    for (const text of [
      "Kim Berg",
      "Ali Said",
      "070-123 45 67",
      "Karin Lindqvist",
      "070-987 65 43",
      tx.named,
      tx.vegan,
      "Sam Ek",
    ])
      expect(group).toContain(text);
    if (width < 576) expect(group).toContain(tx.age);
    const sheet = await main.innerText();
    // Not the other station's group, nor its volunteers.
    for (const text of ["Solna SK F13", "Eva Lund", "Vätskekontroll"]) expect(sheet).not.toContain(text);
    expect(await page.getByRole("link", { name: /N 59[,.]332600 E 18[,.]064900/ }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/?mlat=59.332600&mlon=18.064900#map=17/59.332600/18.064900",
    );

    // Another station's sheet is not theirs.
    await page.goto(`${e2e.product.url}/my-pages/teamleaders/${s.event.id}/stations/${s.water}/sheet`);
    await poll(() => page.getByRole("alert").isVisible()).toBe(true);
    expect(await main.innerText()).not.toContain("Eva Lund");
    await page.context().close();
  });

  it("the organizer's roster shows per station named of promised, who lacks a shirt size, and what to order", async () => {
    const page = await signedIn(s.organizer, lang, width);
    await page.goto(`${e2e.product.url}/my-pages/events/${s.event.id}/roster`);
    await poll(() => page.locator("[data-roster-order]").isVisible()).toBe(true);
    await check(page, "roster", tag);

    const order = await page.locator("[data-roster-order]").innerText();
    // Shirts: S 1, M 1, L 0, and the two Solna volunteers without a size; diets: gluten-free 1, vegan 2.
    for (const [label, count] of [
      ["S", 1],
      ["M", 1],
      ["L", 0],
      [tx.withoutSize, 2],
      [tx.glutenFree, 1],
      [tx.vegan, 2],
    ] as const)
      expect(order, `${label} ${count}`).toMatch(new RegExp(`${label}\\s+${count}(\\s|$)`));
    expect(await page.locator("[data-missing-sizes]").innerText()).toContain("Solna SK F13 (Vätskekontroll): Eva Lund, Bo Ek");
    const entrance = await page.locator('[data-station="Entrén"]').innerText();
    expect(entrance).toContain(lang === "sv" ? "2 av 3" : "2 of 3");
    expect(entrance).toContain(tx.unnamed);
    expect(await page.locator('[data-station="Vätskekontroll"]').innerText()).toContain(lang === "sv" ? "2 av 2" : "2 of 2");
    expect(await page.locator("[data-total]").innerText()).toContain(lang === "sv" ? "4 av 5" : "4 of 5");

    // The organizer's station list leads to every station's sheet.
    await page.goto(`${e2e.product.url}/my-pages/events/${s.event.id}/stations`);
    await poll(() => page.getByRole("link", { name: tx.sheetFor("Vätskekontroll") }).isVisible()).toBe(true);
    await check(page, "organizer-stations", tag);
    await page.getByRole("link", { name: tx.sheetFor("Vätskekontroll") }).click();
    await page.waitForURL(new RegExp(`/my-pages/events/${s.event.id}/stations/${s.water}/sheet$`));
    await poll(() => page.locator('[data-group="Solna SK F13"]').isVisible()).toBe(true);
    await check(page, "organizer-sheet", tag);
    expect(await page.locator('[data-group="Solna SK F13"]').innerText()).toContain("Eva Lund");
    await page.context().close();
  });
});

describe("printing the station sheet", () => {
  it("leaves out the site's header and footer, the tabs and every button, black on white", async () => {
    const page = await signedIn(s.leader, "sv", 1280);
    await page.goto(`${e2e.product.url}/my-pages/teamleaders/${s.event.id}/stations/${s.entrance}/sheet`);
    await poll(() => page.locator('[data-group="IFK Exempel P12"]').isVisible()).toBe(true);
    const printButton = page.getByRole("button", { name: "Skriv ut" });
    expect(await printButton.isVisible()).toBe(true);
    expect(await siteHeader(page).isVisible()).toBe(true);

    await page.emulateMedia({ media: "print" });
    expect(await siteHeader(page).isVisible()).toBe(false);
    expect(await page.locator("#main").locator("xpath=following-sibling::footer").isVisible()).toBe(false);
    expect(await page.getByRole("tablist").isVisible()).toBe(false);
    expect(await page.locator("button:visible").count()).toBe(0);
    expect(await page.locator("main nav").isVisible()).toBe(false);
    // The sheet itself stays, black on white.
    expect(await page.getByText("Kim Berg").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Stationsblad: Entrén" }).isVisible()).toBe(true);
    const colours = await page.evaluate<string[]>(
      `[getComputedStyle(document.querySelector("#sheet-title")).color, getComputedStyle(document.body).backgroundColor]`,
    );
    expect(colours).toEqual(["rgb(0, 0, 0)", "rgb(255, 255, 255)"]);
    await screenshot(page, "teamleader-sheet-print-sv");

    // Another page prints as the browser does: the rules hold only where a printable view is.
    await page.goto(`${e2e.product.url}/my-pages/teamleaders`);
    await poll(() => page.locator('[data-event="Stockholm Stadslopp"]').isVisible()).toBe(true);
    expect(await siteHeader(page).isVisible()).toBe(true);
    await page.context().close();
  });

  it("a user who leads no station sees a clear empty message", async () => {
    const someone = await buildUser(e2e.product.app, { firstName: "Nina", lastName: "Nyfiken" });
    for (const lang of ["sv", "en"] as const) {
      const page = await signedIn(someone, lang, 375);
      await page.goto(`${e2e.product.url}/my-pages/teamleaders`);
      await poll(() => page.locator("[data-empty]").isVisible()).toBe(true);
      expect(await page.locator("[data-empty]").innerText()).toContain(texts[lang].empty);
      await check(page, "area-empty", `${lang}-375`);
      await page.context().close();
    }
  });
});
