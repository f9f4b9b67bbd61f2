import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { updateBodyOf } from "../../src/shared/events/rules.ts";
import type { EventView } from "../../src/shared/events/schema.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import {
  apiToken,
  callApi,
  createAccount,
  expectNoAxeViolations,
  fitsWidth,
  newPage,
  type Product,
  poll,
  screenshot,
  settled,
  setUpProduct,
  signIn,
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

const station = (date: string, name: string, from: string, teamLeaderEmail = "") => ({
  name,
  description: "Funktionärer vid banan. Ni visar vägen och delar ut vatten.",
  start: `${date}T${from}`,
  end: `${date}T14:00`,
  municipality: "0180",
  markerLocation: "Sergels torg",
  markerCoordinates: { lat: 59.3326, lng: 18.0649 },
  teamLeaderEmail,
  officialQuantity: 10,
  officialMiniumumAge: 12,
  skills: [],
  paymentType: "GROUPPAYMENT",
  currency: "SEK",
  groupPayment: 5000,
  paymentAdult: null,
  paymentChild: null,
});

interface Group {
  id: string;
  volunteers: Array<{ id: string; name: string }>;
}

interface Seed {
  organizer: { email: string; password: string };
  leader: { email: string; password: string };
  event: EventView;
  entrance: string;
  water: string;
}

/**
 * Through the API: an event with two stations, Entrén (led by the team leader) and Vätskekontroll; a group
 * accepted at each, with named volunteers. The event first offers only food; shirts come later, so the group
 * at Vätskekontroll has named volunteers without a size while the one at Entrén gave theirs.
 */
async function seed(product: Product): Promise<Seed> {
  const organizer = await createAccount(product, { firstName: "Olle", lastName: "Arrangör" });
  const leader = await createAccount(product, { firstName: "Lena", lastName: "Ledare" });
  const contact = await createAccount(product, { firstName: "Karin", lastName: "Lindqvist", phone: "0709876543" });
  const orgToken = await apiToken(product, organizer.email, organizer.password);
  const token = await apiToken(product, contact.email, contact.password);
  const date = addDays(stockholmToday(new Date()), 20);

  const created = await callApi<EventView>(product, "POST", "/events", orgToken, {
    name: "Stockholm Stadslopp",
    date,
    startTime: "09:30",
    city: "Stockholm",
    included: ["FOOD"],
    shirtSizes: [],
    foodOptions: ["VEGAN", "GLUTEN_FREE"],
    substitute: true,
    organizerNumber: "802000-1239",
    organizerName: "Stockholms Löparklubb",
    organizerWebsite: "",
    organizerEmail: "info@example.se",
    invoiceAddress: "Box 1, 111 11 Stockholm",
    contactPersons: [],
    stations: [station(date, "Entrén", "08:00", leader.email), station(date, "Vätskekontroll", "09:00")],
  });
  await callApi(product, "POST", `/events/${created.id}/confirm`, orgToken);
  const stationOf = (name: string) => created.stations.find((s) => s.name === name)?.id as string;

  const group = async (name: string, volunteers: Array<{ name: string; email: string; phone: string; age: number }>) => {
    const draft = await callApi<{ id: string; version: number }>(product, "POST", "/groups", token, {
      name,
      organizationNumber: "802000-1239",
      organizationName: name,
      municipality: "0180",
      numberOfMembers: 20,
      ages: ["12", "13", "14"],
      sport: 26,
      volunteers,
    });
    return callApi<Group>(product, "POST", `/groups/${draft.id}/confirm`, token, { version: draft.version });
  };
  const ifk = await group("IFK Exempel P12", [
    { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: 13 },
    { name: "Ali Said", email: "ali@example.se", phone: "0707654321", age: 12 },
    { name: "Sam Ek", email: "sam@example.se", phone: "0709876541", age: 14 },
  ]);
  const solna = await group("Solna SK F13", [
    { name: "Eva Lund", email: "eva@example.se", phone: "0701112233", age: 13 },
    { name: "Bo Ek", email: "bo@example.se", phone: "0704445566", age: 13 },
  ]);
  const idOf = (g: Group, name: string) => g.volunteers.find((v) => v.name === name)?.id as string;

  for (const [g, stationId, volunteers] of [
    [ifk, stationOf("Entrén"), 3],
    [solna, stationOf("Vätskekontroll"), 2],
  ] as const)
    await callApi(product, "POST", "/offers", orgToken, { eventId: created.id, stationId, groupId: g.id, volunteers });
  await callApi(product, "POST", `/offers/${created.id}/confirm`, orgToken, {});
  for (const [g, stationId] of [
    [ifk, stationOf("Entrén")],
    [solna, stationOf("Vätskekontroll")],
  ] as const)
    await callApi(product, "POST", `/offers/${created.id}/${g.id}/${stationId}/accept`, token);

  const name = (g: Group, stationId: string, people: Array<[string, Record<string, unknown>]>) =>
    callApi(product, "POST", `/offers/groups/${g.id}/${created.id}/${stationId}`, token, {
      attendees: people.map(([n]) => idOf(g, n)),
      participation: people.map(([n, p]) => ({ volunteerId: idOf(g, n), ...p })),
    });
  await name(solna, stationOf("Vätskekontroll"), [
    ["Eva Lund", { specialDiets: ["GLUTEN_FREE"] }],
    ["Bo Ek", { specialDiets: ["VEGAN"] }],
  ]);

  // Shirts are offered from now on; IFK gives its sizes, Solna has not yet.
  const view = await callApi<EventView>(product, "GET", `/events/${created.id}`, orgToken);
  const event = await callApi<EventView>(
    product,
    "PUT",
    `/events/${created.id}`,
    orgToken,
    updateBodyOf(view, { included: ["CLOTHES", "FOOD"], shirtSizes: ["S", "M", "L"] }),
  );
  await name(ifk, stationOf("Entrén"), [
    ["Kim Berg", { specialDiets: ["VEGAN"], shirtSize: "M" }],
    ["Ali Said", { specialDiets: [], shirtSize: "S", substitute: "Sam Ek" }],
  ]);
  return { organizer, leader, event, entrance: stationOf("Entrén"), water: stationOf("Vätskekontroll") };
}

let s: Seed;
beforeAll(async () => {
  s = await seed(e2e.product);
});

/** The site's own header (the page's heading sits in a header of its own inside main). */
const siteHeader = (page: Page) => page.locator("#main").locator("xpath=preceding-sibling::header");

/** The account's language, which the app takes on at sign-in, set as the person would in their profile. */
async function speaks(account: { email: string; password: string }, lang: Lang) {
  const token = await apiToken(e2e.product, account.email, account.password);
  const me = await callApi<{ firstName: string; lastName: string; phone: string }>(e2e.product, "GET", "/auth/me", token);
  await callApi(e2e.product, "PUT", "/auth/me", token, {
    firstName: me.firstName,
    lastName: me.lastName,
    phone: me.phone,
    language: lang,
  });
}

/** A page signed in as `account` in `lang`. */
async function signedIn(account: { email: string; password: string }, lang: Lang, width: number) {
  await speaks(account, lang);
  const page = await newPage(e2e.browser, { language: lang, width });
  await signIn(page, e2e.product, account.email, account.password);
  return page;
}

/** Fits the screen, passes axe, and is screenshotted to be looked at. */
async function check(page: Page, name: string, tag: string) {
  await settled(page);
  expect(await fitsWidth(page), `${name} ${tag} scrolls sideways`).toBe(true);
  await expectNoAxeViolations(page, `${name} ${tag}`);
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
    await page.goto(`${e2e.product.url}/my-pages/teamleaders`);
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
    const someone = await createAccount(e2e.product, { firstName: "Nina", lastName: "Nyfiken" });
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
