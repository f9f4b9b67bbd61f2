import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { events } from "../../src/server/db/schema.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import {
  apiToken,
  createAccount,
  expectNoAxeViolations,
  newPage,
  type Product,
  poll,
  screenshot,
  setUpProduct,
  signIn,
} from "./harness.ts";

const e2e = setUpProduct();

const dialog = (page: Page) => page.getByRole("dialog");

const texts = {
  sv: {
    offersTitle: "Förfrågningar",
    proposal: "Väntar på svar",
    accepted: "Har tackat ja",
    accept: "Tacka ja",
    reject: "Tacka nej",
    showPast: "Visa tidigare evenemang (1)",
    volunteer: (name: string, age: number) => `${name}, ${age} år`,
    shirtSizeFor: (name: string) => `Tröjstorlek för ${name}`,
    substituteFor: (name: string) => `Ersätter vem? – ${name}`,
    save: "Spara anmälda funktionärer",
    saved: "De anmälda funktionärerna är sparade.",
    missingTitle: "Tröjstorlek saknas",
    missingClose: "Stäng och komplettera",
    named: "2 av 3 anmälda",
    conflict: "Förfrågan har redan besvarats eller ändrats.",
    empty: "Ni har inga förfrågningar än.",
    notEnough: "Välj minst en funktionär",
  },
  en: {
    offersTitle: "Offers",
    proposal: "Awaiting answer",
    accepted: "Accepted",
    accept: "Accept",
    reject: "Decline",
    showPast: "Show previous events (1)",
    volunteer: (name: string, age: number) => `${name}, ${age} years`,
    shirtSizeFor: (name: string) => `Shirt size for ${name}`,
    substituteFor: (name: string) => `Replacing whom? – ${name}`,
    save: "Save named volunteers",
    saved: "The named volunteers have been saved.",
    missingTitle: "Shirt size missing",
    missingClose: "Close and complete",
    named: "2 of 3 named",
    conflict: "The offer has already been answered or has changed.",
    empty: "You have no offers yet.",
    notEnough: "Choose at least one volunteer",
  },
} as const;

type Lang = keyof typeof texts;

/** Calls the product's API as `token`; fails the test on an unexpected status. */
async function call<T = Record<string, unknown>>(
  product: Product,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  expected = [200, 201],
): Promise<T> {
  const res = await fetch(`${product.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const station = (date: string, name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  description: "Biljettkontroll vid huvudentrén. Ni visar vägen och svarar på frågor.",
  start: `${date}T08:00`,
  end: `${date}T14:00`,
  municipality: "0180",
  markerLocation: "Sergels torg",
  markerCoordinates: { lat: 59.3326, lng: 18.0649 },
  teamLeaderEmail: "",
  officialQuantity: 10,
  officialMiniumumAge: 13,
  skills: ["DRIVING_LICENCE_B"],
  paymentType: "PERPERSON",
  currency: "SEK",
  groupPayment: null,
  paymentAdult: 300,
  paymentChild: 200,
  ...overrides,
});

const VOLUNTEERS = [
  { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: 13 },
  { name: "Ali Said", email: "ali@example.se", phone: "0707654321", age: 12 },
  { name: "Sam Ek", email: "sam@example.se", phone: "0709876543", age: 14 },
];

interface EventView {
  id: string;
  stations: Array<{ id: string; name: string }>;
}

/** A confirmed event of an organizer with the given stations, on `date`. */
async function confirmedEvent(product: Product, orgToken: string, name: string, date: string, stations: string[]) {
  const event = await call<EventView>(product, "POST", "/events", orgToken, {
    name,
    date,
    startTime: "09:30",
    city: "Stockholm",
    included: ["CLOTHES", "FOOD"],
    shirtSizes: ["S", "M", "L"],
    foodOptions: ["VEGAN", "GLUTEN_FREE"],
    substitute: true,
    organizerNumber: "802000-1239",
    organizerName: "Stockholms Löparklubb",
    organizerWebsite: "https://example.se",
    organizerEmail: "info@example.se",
    invoiceAddress: "Box 1, 111 11 Stockholm",
    contactPersons: [],
    stations: stations.map((s) => station(date, s)),
  });
  await call(product, "POST", `/events/${event.id}/confirm`, orgToken);
  return event;
}

/**
 * Through the API: an organizer's confirmed event with two stations, a group contact's confirmed group of
 * three volunteers, and an offer for three volunteers at each station, sent (PROPOSAL).
 */
async function seed(product: Product, lang: Lang) {
  const organizer = await createAccount(product, { firstName: "Olle", lastName: "Arrangör" });
  const orgToken = await apiToken(product, organizer.email, organizer.password);
  const date = addDays(stockholmToday(new Date()), 30);
  const event = await confirmedEvent(product, orgToken, "Stockholm Stadslopp", date, ["Entrén", "Vätskekontroll"]);

  const contact = await createAccount(product, { firstName: "Karin", lastName: "Lindqvist", language: lang });
  const token = await apiToken(product, contact.email, contact.password);
  const draft = await call<{ id: string; version: number }>(product, "POST", "/groups", token, {
    name: "IFK Exempel P12",
    organizationNumber: "802000-1239",
    organizationName: "IFK Exempel",
    municipality: "0180",
    numberOfMembers: 20,
    ages: ["12", "13", "14"],
    sport: 26,
    volunteers: VOLUNTEERS,
  });
  const group = await call<{ id: string; volunteers: Array<{ id: string; name: string }> }>(
    product,
    "POST",
    `/groups/${draft.id}/confirm`,
    token,
    { version: draft.version },
  );
  for (const s of event.stations)
    await call(product, "POST", "/offers", orgToken, { eventId: event.id, stationId: s.id, groupId: group.id, volunteers: 3 });
  const sent = await call<{ sent: number }>(product, "POST", `/offers/${event.id}/confirm`, orgToken, {});
  expect(sent.sent).toBe(2);
  const idOf = (name: string) => group.volunteers.find((v) => v.name === name)?.id as string;
  const stationOf = (name: string) => event.stations.find((s) => s.name === name)?.id as string;
  return { organizer, orgToken, contact, token, event, group, date, idOf, stationOf };
}

const engagementUrl = (eventId: string, groupId: string, stationId: string) =>
  `${e2e.product.url}/my-pages/volunteers/engagement/${eventId}/${groupId}/${stationId}`;

/** No part of the page reaches past the window's width (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
}

describe.each([
  { lang: "sv" as const, width: 1280 },
  { lang: "en" as const, width: 375 },
])("a group contact answers an offer, $lang at $width px", ({ lang, width }) => {
  it("sees it in the list, accepts it behind the dialog, names two volunteers with shirt sizes; they stay named", async () => {
    const tx = texts[lang];
    const tag = `${lang}-${width}`;
    const s = await seed(e2e.product, lang);
    const entrance = s.stationOf("Entrén");

    // A previous event's offer sits behind the toggle.
    const past = await confirmedEvent(e2e.product, s.orgToken, "Vårruset i fjol", addDays(s.date, 1), ["Garderoben"]);
    await call(e2e.product, "POST", "/offers", s.orgToken, {
      eventId: past.id,
      stationId: past.stations[0].id,
      groupId: s.group.id,
      volunteers: 2,
    });
    await call(e2e.product, "POST", `/offers/${past.id}/confirm`, s.orgToken, {});
    await e2e.product.app.ctx.db
      .update(events)
      .set({ date: addDays(stockholmToday(new Date()), -3) })
      .where(eq(events.id, past.id));

    // The invitation mail links straight to the engagement page.
    const invitation = await e2e.product.sink.waitFor(s.contact.email, (m) => m.text.includes("/engagement/"));
    const link = /\/my-pages\/volunteers\/engagement\/[0-9a-f-/]+/.exec(invitation.text)?.[0];
    expect(link).toContain(`/engagement/${s.event.id}/${s.group.id}/`);

    const page = await newPage(e2e.browser, { width, language: lang });
    await signIn(page, e2e.product, s.contact.email, s.contact.password);
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByRole("heading", { name: tx.offersTitle }).isVisible()).toBe(true);
    await poll(() => page.getByRole("heading", { name: "Stockholm Stadslopp" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Vårruset i fjol" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: new RegExp(`^${tx.proposal}`) }).count()).toBe(2);
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page, `offer list ${tag}`);
    await screenshot(page, `engagement-list-${tag}`);

    // The toggle works from the keyboard.
    await page.getByRole("switch", { name: tx.showPast }).focus();
    await page.keyboard.press("Space");
    await poll(() => page.getByRole("heading", { name: "Vårruset i fjol" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `offer list with previous events ${tag}`);
    await screenshot(page, `engagement-list-past-${tag}`);

    // A row opens the offer.
    await page.getByText("Entrén", { exact: true }).click();
    await page.waitForURL(new RegExp(`/engagement/${s.event.id}/${s.group.id}/${entrance}$`));
    await poll(() => page.getByRole("heading", { level: 1, name: "Entrén" }).isVisible()).toBe(true);
    await poll(() => page.getByText("Stockholms Löparklubb").isVisible()).toBe(true);
    expect(await page.getByText(lang === "sv" ? "300 kr per vuxen" : "SEK 300 per adult").isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page, `engagement proposal ${tag}`);
    await screenshot(page, `engagement-proposal-${tag}`);

    // Accepting asks first; cancelling changes nothing.
    await page.getByRole("button", { name: tx.accept, exact: true }).click();
    await poll(() => dialog(page).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `accept dialog ${tag}`);
    await screenshot(page, `engagement-accept-dialog-${tag}`);
    await dialog(page).getByRole("button", { name: tx.accept, exact: true }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => page.getByText(tx.accepted, { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: tx.accept, exact: true }).count()).toBe(0);
    // The focus moves from the vanished buttons to the text saying where the offer stands.
    await poll(() => page.evaluate("document.activeElement?.textContent")).toContain(
      lang === "sv" ? "Ni har tackat ja" : "You have accepted",
    );
    const answered = await e2e.product.sink.waitFor(s.organizer.email, (m) => m.subject.includes("IFK Exempel P12"));
    expect(answered.subject).toContain("Entrén");

    // Naming nobody is refused before anything is sent.
    await page.getByRole("button", { name: tx.save }).click();
    await poll(() => page.getByRole("alert").filter({ hasText: tx.notEnough }).isVisible()).toBe(true);

    // Naming: Kim with a size, Ali without one → the server names Ali in the missing-information dialog.
    await page.getByLabel(tx.volunteer("Kim Berg", 13)).check();
    await page.getByLabel(tx.volunteer("Ali Said", 12)).check();
    await page.getByLabel(tx.shirtSizeFor("Kim Berg")).selectOption("M");
    await page.getByLabel(tx.substituteFor("Kim Berg")).fill("Sam Ek");
    await page.getByRole("button", { name: tx.save }).click();
    await poll(() => dialog(page).getByText(tx.missingTitle).isVisible()).toBe(true);
    expect(await dialog(page).getByRole("listitem").allInnerTexts()).toEqual(["Ali Said"]);
    await expectNoAxeViolations(page, `missing shirt size dialog ${tag}`);
    await screenshot(page, `engagement-missing-dialog-${tag}`);
    await dialog(page).getByRole("button", { name: tx.missingClose }).click();
    await poll(() => dialog(page).count()).toBe(0);
    // The focus lands on the field to complete.
    await poll(() => page.evaluate("document.activeElement?.id")).toBe(`shirtSize-${s.idOf("Ali Said")}`);
    await expectNoAxeViolations(page, `naming with a missing size ${tag}`);
    await screenshot(page, `engagement-naming-missing-${tag}`);

    await page.getByLabel(tx.shirtSizeFor("Ali Said")).selectOption("S");
    await page.locator(`input[name="specialDiets-${s.idOf("Ali Said")}"][value="VEGAN"]`).check();
    await page.getByRole("button", { name: tx.save }).click();
    await poll(() => page.getByText(tx.saved).isVisible()).toBe(true);
    await poll(() => page.getByText(tx.named).isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, width);
    await expectNoAxeViolations(page, `named volunteers ${tag}`);
    await screenshot(page, `engagement-named-${tag}`);

    // After a reload the named volunteers, their sizes and diets are still there.
    await page.reload();
    await poll(() => page.getByText(tx.named).isVisible()).toBe(true);
    const saved = await page.getByTestId("saved-attendees").innerText();
    expect(saved).toContain("Kim Berg");
    expect(saved).toContain("Ali Said");
    expect(await page.getByLabel(tx.volunteer("Kim Berg", 13)).isChecked()).toBe(true);
    expect(await page.getByLabel(tx.volunteer("Sam Ek", 14)).isChecked()).toBe(false);
    expect(await page.getByLabel(tx.shirtSizeFor("Ali Said")).inputValue()).toBe("S");
    expect(await page.getByLabel(tx.substituteFor("Kim Berg")).inputValue()).toBe("Sam Ek");

    const offer = await call<{ status: string; attendees: string[] }>(
      e2e.product,
      "GET",
      `/offers/groups/${s.group.id}/${s.event.id}/${entrance}`,
      s.token,
    );
    expect(offer.status).toBe("ACCEPTED");
    expect([...offer.attendees].sort()).toEqual([s.idOf("Kim Berg"), s.idOf("Ali Said")].sort());
    const group = await call<{ volunteers: Array<{ name: string; participation: Array<Record<string, unknown>> }> }>(
      e2e.product,
      "GET",
      `/groups/${s.group.id}`,
      s.token,
    );
    const ali = group.volunteers.find((v) => v.name === "Ali Said");
    expect(ali?.participation).toEqual([{ eventId: s.event.id, shirtSize: "S", specialDiets: ["VEGAN"] }]);

    // Back in the list the offer shows as accepted, the other still awaiting an answer, first.
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByRole("link", { name: new RegExp(`^${tx.accepted}`) }).count()).toBe(1);
    expect(await page.getByRole("link", { name: new RegExp(`^${tx.proposal}`) }).count()).toBe(1);
    await screenshot(page, `engagement-list-answered-${tag}`);
    await page.context().close();
  });

  it("closes the dialog on a failed answer and shows the server's reason", async () => {
    const tx = texts[lang];
    const s = await seed(e2e.product, lang);
    const water = s.stationOf("Vätskekontroll");
    const page = await newPage(e2e.browser, { width, language: lang });
    await signIn(page, e2e.product, s.contact.email, s.contact.password);
    await page.goto(engagementUrl(s.event.id, s.group.id, water));
    await poll(() => page.getByRole("button", { name: tx.reject, exact: true }).isVisible()).toBe(true);

    // Meanwhile the offer is accepted elsewhere (another contact, another tab).
    await call(e2e.product, "POST", `/offers/${s.event.id}/${s.group.id}/${water}/accept`, s.token);

    await page.getByRole("button", { name: tx.reject, exact: true }).click();
    await dialog(page).getByRole("button", { name: tx.reject, exact: true }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => page.getByRole("alert").filter({ hasText: tx.conflict }).isVisible()).toBe(true);
    // The page shows the offer as it now is: accepted, no more answer buttons.
    await poll(() => page.getByRole("button", { name: tx.reject, exact: true }).count()).toBe(0);
    await poll(() => page.getByText(tx.accepted, { exact: true }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page, `failed answer ${lang}-${width}`);
    await screenshot(page, `engagement-failed-answer-${lang}-${width}`);
    await page.context().close();
  });
});

describe("the group side of offers at the other widths", () => {
  it("has no axe violations and no sideways scrolling in sv at 375 px and en at 1280 px", async () => {
    for (const { lang, width } of [
      { lang: "sv" as const, width: 375 },
      { lang: "en" as const, width: 1280 },
    ]) {
      const tx = texts[lang];
      const tag = `${lang}-${width}`;
      const s = await seed(e2e.product, lang);
      await call(e2e.product, "POST", `/offers/${s.event.id}/${s.group.id}/${s.stationOf("Entrén")}/accept`, s.token);
      const page = await newPage(e2e.browser, { width, language: lang });
      await signIn(page, e2e.product, s.contact.email, s.contact.password);

      await page.goto(`${e2e.product.url}/my-pages/volunteers`);
      await poll(() => page.getByRole("heading", { name: "Stockholm Stadslopp" }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, width);
      await expectNoAxeViolations(page, `offer list ${tag}`);
      await screenshot(page, `engagement-list-${tag}`);

      await page.goto(engagementUrl(s.event.id, s.group.id, s.stationOf("Vätskekontroll")));
      await poll(() => page.getByRole("button", { name: tx.accept, exact: true }).isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, width);
      await expectNoAxeViolations(page, `engagement proposal ${tag}`);
      await screenshot(page, `engagement-proposal-${tag}`);
      await page.getByRole("button", { name: tx.reject, exact: true }).click();
      await poll(() => dialog(page).isVisible()).toBe(true);
      await expectNoAxeViolations(page, `reject dialog ${tag}`);
      await screenshot(page, `engagement-reject-dialog-${tag}`);
      await page.keyboard.press("Escape");
      await poll(() => dialog(page).count()).toBe(0);

      await page.goto(engagementUrl(s.event.id, s.group.id, s.stationOf("Entrén")));
      await poll(() => page.getByLabel(tx.volunteer("Kim Berg", 13)).isVisible()).toBe(true);
      await page.getByLabel(tx.volunteer("Kim Berg", 13)).check();
      await expectNoSidewaysScroll(page, width);
      await expectNoAxeViolations(page, `naming ${tag}`);
      await screenshot(page, `engagement-naming-${tag}`);
      await page.context().close();
    }
  });

  it("shows an empty list to a contact without offers", async () => {
    const owner = await createAccount(e2e.product);
    const page = await newPage(e2e.browser);
    await signIn(page, e2e.product, owner.email, owner.password);
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByText(texts.sv.empty).isVisible()).toBe(true);
    await page.context().close();
  });
});
