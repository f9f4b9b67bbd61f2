import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { expectNoAxeViolations, field, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * Issue 10's findings about rules and words, where they were found: on a phone (375 px), in Swedish.
 * Mobile numbers as people write them, people's short names, and an organisation number hint whose
 * example passes its own check.
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
