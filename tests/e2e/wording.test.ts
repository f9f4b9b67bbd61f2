import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { confirmedEvent, confirmedGroup, offerAt, stationId } from "../helpers/seed.ts";
import { expectNoAxeViolations, field, fitsWidth, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * Issue 10's findings about rules and words, where they were found: on a phone (375 px), in Swedish.
 * Mobile numbers as people write them, people's short names, and an organisation number hint whose
 * example passes its own check. Issue 22's: one word per concept on the organizer's screens, the town
 * named once in a station's place, a partly staffed station's counts, ISO dates in English too.
 */

const e2e = setUpProduct();

describe("rules and words on a phone, in Swedish", () => {
  it("takes 070-123 45 67 in the profile and shows it as written", async () => {
    const me = await buildUser(e2e.product.app, { phone: "0701112233" });
    const page = await newPage(e2e.browser, { width: 375, language: "sv" });
    await signInAs(page, e2e.product, me);
    await page.goto(`${e2e.product.url}/profile`);
    // A stored number reads the way people write it.
    await poll(() => page.getByText("070-111 22 33").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Redigera profil" }).click();
    await field(page, "phoneWithoutCountryCode").fill("070-123 45 67");
    await page.getByRole("button", { name: "Spara" }).click();
    await poll(() => page.getByText("070-123 45 67").isVisible()).toBe(true);
    expect(await page.getByText("Telefonumret får endast innehålla siffor").count()).toBe(0);
    const [row] = await e2e.product.app.database.db.select({ phone: users.phone }).from(users).where(eq(users.email, me.email));
    expect(row.phone).toBe("+46701234567");

    await page.getByRole("button", { name: "Redigera profil" }).click();
    await field(page, "phoneWithoutCountryCode").fill("070-ABC");
    await page.getByRole("button", { name: "Spara" }).click();
    await poll(() => page.getByText("Mobilnumret får bara innehålla siffror").isVisible()).toBe(true);

    // The unsaved change is not lost by a click away: the page asks first.
    await page.getByRole("navigation", { name: "Du är här" }).getByRole("link", { name: "Mina sidor" }).click();
    const ask = page.getByRole("dialog", { name: "Osparade ändringar" });
    await poll(() => ask.isVisible()).toBe(true);
    await ask.getByRole("button", { name: "Stanna kvar" }).click();
    await poll(() => ask.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/profile");
    expect(await field(page, "phoneWithoutCountryCode").inputValue()).toBe("070-ABC");
    await page.context().close();
  });

  it("accepts the hint's own organisation number, says why a wrong one fails, and invites Bo Ek", async () => {
    const me = await buildUser(e2e.product.app);
    const page = await newPage(e2e.browser, { width: 375, language: "sv" });
    await signInAs(page, e2e.product, me);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/new`);
    await poll(() => field(page, "organizationNumber").isVisible()).toBe(true);

    // The organisation number's hint gives an example; that example passes the check.
    const hint = await page
      .getByText(/till exempel \d{6}-\d{4}/)
      .first()
      .innerText();
    const example = /\d{6}-\d{4}/.exec(hint)?.[0] ?? "";
    await field(page, "name").fill("IFK Exempel P12");
    await field(page, "organizationName").fill("IFK Exempel");
    await field(page, "organizationNumber").fill(example.replace(/\d$/, (d) => String((Number(d) + 1) % 10)));
    await page.getByRole("button", { name: "Nästa steg" }).click();
    await poll(() => page.getByText("Organisationsnumret är ogiltigt – kontrollera siffrorna").isVisible()).toBe(true);
    await field(page, "organizationNumber").fill(example);
    await field(page, "organizationNumber").blur();
    await poll(() => page.getByText("Organisationsnumret är ogiltigt – kontrollera siffrorna").count()).toBe(0);

    // A new contact person called Bo Ek, with the number as people write it.
    const stranger = uniqueEmail("bo");
    await field(page, "contactPersonEmail").fill(stranger);
    await page.getByRole("button", { name: "Lägg till", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Lägg till ny användare" });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.locator('input[name="firstName"]').fill("Bo");
    await dialog.locator('input[name="lastName"]').fill("Ek");
    await dialog.locator('input[name="phone"]').fill("070-123 45 67");
    await screenshot(page, "wording-invite-bo-ek-sv-375");
    await expectNoAxeViolations(page, "add-user dialog with a short name");
    await dialog.getByRole("button", { name: "Lägg till och bjud in" }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(await page.getByText("Måste vara minst 3 tecken långt").count()).toBe(0);
    await poll(() => page.getByText("Bo Ek").isVisible()).toBe(true);
    const [row] = await e2e.product.app.database.db
      .select({ phone: users.phone, firstName: users.firstName })
      .from(users)
      .where(eq(users.email, stranger));
    expect(row).toEqual({ phone: "+46701234567", firstName: "Bo" });
    await page.context().close();
  });
});

describe("one word per concept on the organizer's screens, on a phone", () => {
  it("counts, names places and dates alike in Swedish and English", async () => {
    const { app } = e2e.product;
    const organizer = await buildUser(app, { firstName: "Sara", lastName: "Ord" });
    const english = await buildUser(app, { firstName: "Emma", lastName: "Words", language: "en" });
    const contact = await buildUser(app);
    // Slussen's address names its town already: the place says Stockholm once.
    const event = await confirmedEvent(app, organizer, {
      event: { name: "Slussloppet", contactPersons: [{ email: english.email, name: "Emma Words" }] },
      stations: [
        { name: "Slussen", markerLocation: "Slussen, Stockholm", municipality: "0180", officialQuantity: 5, skills: [] },
        { name: "Målet", officialQuantity: 2, skills: [] },
      ],
    });
    const group = await confirmedGroup(app, contact, { name: "Ordens IK" });
    const key = (station: string) => ({ eventId: event.id, groupId: group.id, stationId: stationId(event, station) });
    await offerAt(app, organizer, contact, key("Slussen"), { volunteers: 2, to: "ACCEPTED" });
    await offerAt(app, organizer, contact, key("Målet"), { volunteers: 1, to: "DRAFT" });
    const base = `${e2e.product.url}/my-pages/events/${event.id}`;

    const sv = await newPage(e2e.browser, { width: 375, language: "sv" });
    await signInAs(sv, e2e.product, organizer);
    await sv.goto(`${base}/match`);
    const slussen = sv.locator('[data-match-cards] [data-station="Slussen"]');
    await poll(() => slussen.isVisible()).toBe(true);
    // Some but not all places accepted: the counts, not "Obemannad"; places of unsent offers are "I utkast".
    expect(await slussen.innerText()).toContain("2 av 5");
    expect(await slussen.innerText()).not.toContain("Obemannad");
    expect(await sv.locator('[data-match-cards] [data-station="Målet"]').innerText()).toContain("I utkast\n1");
    expect(await sv.locator("main").innerText()).not.toContain("Preliminärt");
    // The column is not named like the staffing tab beside it.
    expect(await sv.getByLabel("Sortera efter").locator("option").allInnerTexts()).toContain("Status");
    expect(await sv.getByRole("tab", { name: "Bemanning" }).count()).toBe(1);
    await screenshot(sv, "wording-match-sv-375");
    await slussen.getByRole("button", { name: "Öppna Slussen" }).click();
    const modal = sv.getByRole("dialog");
    await poll(() => modal.getByText("Slussen, Stockholm", { exact: true }).isVisible()).toBe(true);
    expect(await modal.innerText()).not.toContain("Stockholm, Stockholm");
    await screenshot(sv, "wording-station-sv-375");

    // The roster counts the named volunteers as "Anmälda funktionärer", as the station sheet does.
    await sv.goto(`${base}/roster`);
    const card = sv.locator('[data-station="Slussen"]');
    await poll(() => card.isVisible()).toBe(true);
    expect(await card.innerText()).toContain("Anmälda funktionärer: 0 av 2");
    expect(await sv.locator("main").innerText()).not.toContain("utlovade");
    await screenshot(sv, "wording-roster-sv-375");

    // The send-out's station list says "no station by that name" only once a name is typed.
    await sv.goto(`${base}/sendouts`);
    const stations = sv.getByRole("combobox", { name: "Stationer" });
    await poll(() => stations.isVisible()).toBe(true);
    for (const name of ["Slussen", "Målet"]) {
      await stations.click();
      await sv.getByRole("option", { name: new RegExp(`^${name} `) }).click();
      await sv.keyboard.press("Escape");
    }
    await stations.click();
    await poll(() => sv.getByText("Alla stationer är valda").isVisible()).toBe(true);
    expect(await sv.getByText("Ingen station med det namnet").count()).toBe(0);
    // The open list sits inside the page's landmarks (axe "region").
    expect(await fitsWidth(sv)).toBe(true);
    await expectNoAxeViolations(sv, "send-out form, station list open, sv 375");
    await screenshot(sv, "wording-sendout-stations-sv-375");
    await sv.keyboard.type("Hamnen");
    await poll(() => sv.getByText("Ingen station med det namnet").isVisible()).toBe(true);
    await expectNoAxeViolations(sv, "send-out form, no station by the name typed, sv 375");
    await sv.context().close();

    // In English too: the same counts, and the confirmation's date in ISO like every other date.
    const en = await newPage(e2e.browser, { width: 375, language: "en" });
    await signInAs(en, e2e.product, english);
    await en.goto(base);
    const confirmed = en.getByText(/^Confirmed \d{4}-\d{2}-\d{2} \d{2}:\d{2} by Sara Ord$/);
    await poll(() => confirmed.isVisible()).toBe(true);
    await screenshot(en, "wording-confirmed-en-375");
    await en.goto(`${base}/match`);
    const enSlussen = en.locator('[data-match-cards] [data-station="Slussen"]');
    await poll(() => enSlussen.isVisible()).toBe(true);
    expect(await enSlussen.innerText()).toContain("2 of 5");
    expect(await en.locator('[data-match-cards] [data-station="Målet"]').innerText()).toContain("In drafts\n1");
    await expectNoAxeViolations(en, "match tab, en 375");
    await screenshot(en, "wording-match-en-375");
    await en.goto(`${base}/roster`);
    await poll(() => en.locator('[data-station="Slussen"]').isVisible()).toBe(true);
    expect(await en.locator('[data-station="Slussen"]').innerText()).toContain("Named volunteers: 0 of 2");
    await screenshot(en, "wording-roster-en-375");
    await en.context().close();
  });
});
