import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { expectNoAxeViolations, newPage, screenshot, setUpProduct } from "./harness.ts";

/**
 * The shared "people by e-mail" components (src/client/components/people) in a real browser against the real API,
 * on a small host page of their own (tests/e2e/users-host).
 */

const e2e = setUpProduct({
  webRoot: async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "bemanna-users-host-"));
    await build({
      root: path.resolve(import.meta.dirname, "users-host"),
      configFile: false,
      plugins: [react()],
      logLevel: "warn",
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  },
});

async function openHost(): Promise<{ page: Page; me: { email: string } }> {
  const me = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist" });
  const page = await newPage(e2e.browser);
  const hash = new URLSearchParams({ token: me.token, email: me.email, name: "Karin Lindqvist" });
  await page.goto(`${e2e.product.url}/#${hash}`);
  await page.getByRole("heading", { name: "Kontaktpersoner" }).waitFor();
  return { page, me };
}

const contacts = async (page: Page) =>
  JSON.parse(await page.getByTestId("contacts").innerText()) as Array<{ email: string; name: string; toBeDeleted?: boolean }>;

describe("the contact-persons field", () => {
  it("adds known users, refuses empty and duplicate addresses, and invites unknown ones", async () => {
    const other = await buildUser(e2e.product.app, { firstName: "Erik", lastName: "Sundberg" });
    const { page, me } = await openHost();
    const field = page.locator('input[name="contactPersonEmail"]');
    const add = page.getByRole("button", { name: "Lägg till", exact: true });

    await add.click();
    await expect.poll(() => page.getByText("Fyll i kontaktpersonens e-postadress.").isVisible()).toBe(true);
    await field.fill(me.email.toUpperCase());
    await add.click();
    await expect.poll(() => page.getByText("Personen är redan kontaktperson.").isVisible()).toBe(true);
    // The creator's own entry has no remove button.
    expect(await page.getByRole("button", { name: "Ta bort Karin Lindqvist" }).count()).toBe(0);

    await field.fill(other.email);
    await field.press("Enter");
    await expect.poll(async () => (await contacts(page)).map((c) => c.name)).toEqual(["Karin Lindqvist", "Erik Sundberg"]);
    expect(await field.inputValue()).toBe("");

    const stranger = uniqueEmail("stranger");
    await field.fill(stranger);
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Lägg till ny användare" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('input[name="email"]').inputValue()).toBe(stranger);
    expect(await dialog.locator('select[name="countryCode"] option').allInnerTexts()).toEqual(["+46", "+1", "+44"]);

    // Submitting marks every field: nothing is sent while the form is invalid.
    await dialog.getByRole("button", { name: "Lägg till och bjud in" }).click();
    await expect.poll(() => dialog.getByText("Du måste fylla i fältet").count()).toBe(3);
    await dialog.locator('input[name="firstName"]').fill(" ");
    await dialog.locator('input[name="lastName"]').fill("Wallin");
    await dialog.locator('input[name="phone"]').fill("07x");
    await dialog.getByRole("button", { name: "Lägg till och bjud in" }).click();
    await expect.poll(() => dialog.getByText("Du måste fylla i fältet").count()).toBe(1);
    await expect.poll(() => dialog.getByText("Mobilnumret får bara innehålla siffror").isVisible()).toBe(true);
    await screenshot(page, "users-add-user-modal-sv-1280");
    await expectNoAxeViolations(page, "add-user modal");
    expect(e2e.product.sink.count(stranger)).toBe(0);

    await dialog.locator('input[name="firstName"]').fill("Lina");
    await dialog.locator('select[name="countryCode"]').selectOption("+44");
    await dialog.locator('input[name="phone"]').fill("07700900123");
    await dialog.getByRole("button", { name: "Lägg till och bjud in" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(async () => (await contacts(page)).map((c) => c.name))
      .toEqual(["Karin Lindqvist", "Erik Sundberg", "Lina Wallin"]);
    const invitation = await e2e.product.sink.waitFor(stranger);
    expect(invitation.text).toContain("tillfälliga lösenordet");
    // The leading 0 is dropped before the country code (spec 01 §5).
    const [row] = await e2e.product.app.database.db.select({ phone: users.phone }).from(users).where(eq(users.email, stranger));
    expect(row.phone).toBe("+447700900123");

    // Entries not yet saved (no id) are dropped; saved ones would be marked toBeDeleted.
    await page.getByRole("button", { name: "Ta bort Lina Wallin" }).click();
    await expect.poll(async () => (await contacts(page)).map((c) => c.email)).toEqual([me.email, other.email]);
    await screenshot(page, "users-contacts-sv-1280");
    await expectNoAxeViolations(page, "contact-persons field");
    await page.context().close();
  });

  it("closes the add-user modal on cancel without adding anyone", async () => {
    const { page } = await openHost();
    await page.locator('input[name="contactPersonEmail"]').fill(uniqueEmail("cancelled"));
    await page.getByRole("button", { name: "Lägg till", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Lägg till ny användare" });
    await dialog.getByRole("button", { name: "Avbryt" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await contacts(page)).length).toBe(1);
    // The field is usable again: the lookup ended with the modal.
    await expect.poll(() => page.getByRole("button", { name: "Lägg till", exact: true }).getAttribute("data-loading")).toBeNull();
    await page.context().close();
  });
});

describe("the user e-mail field", () => {
  it("shows the found user's name, and offers an invitation for an unknown address", async () => {
    const leader = await buildUser(e2e.product.app, { firstName: "Oskar", lastName: "Nyström" });
    const { page } = await openHost();
    const field = page.locator('input[name="teamLeaderEmail"]');
    await expect.poll(() => page.getByLabel("Lagledare").count()).toBe(1);

    await field.fill(leader.email);
    await field.blur();
    await expect.poll(() => page.getByText("Användare: Oskar Nyström").first().isVisible()).toBe(true);

    const unknown = uniqueEmail("leader");
    await field.fill(unknown);
    await field.blur();
    const dialog = page.getByRole("dialog", { name: "Lägg till ny användare" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Stäng" }).click();
    await expect.poll(() => page.getByText("Det finns ingen användare med den e-postadressen.").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Bjud in användaren" }).click();
    await dialog.locator('input[name="firstName"]').fill("Sara");
    await dialog.locator('input[name="lastName"]').fill("Holm");
    await dialog.locator('input[name="phone"]').fill("0701239876");
    await dialog.getByRole("button", { name: "Lägg till och bjud in" }).click();
    await expect.poll(() => page.getByText("Användare: Sara Holm").first().isVisible()).toBe(true);
    expect(await page.getByTestId("leader").innerText()).toBe(unknown);
    await e2e.product.sink.waitFor(unknown);
    await page.context().close();
  });
});
