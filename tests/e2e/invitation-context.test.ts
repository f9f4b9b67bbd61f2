import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { dayFromNow, draftEvent, draftGroup } from "../helpers/seed.ts";
import { expectNoAxeViolations, newPage, poll, setUpProduct, signInAs } from "./harness.ts";

/**
 * Someone new added to a saved event or group (issue 10, item 18): the invitation names who added them and
 * where. Before, it only said "… har bjudit in dig till Bemanna".
 */

const e2e = setUpProduct();

/** Fills the add-user dialog that an unknown address opens, and sends it. */
async function invite(page: Page, firstName: string) {
  const dialog = page.getByRole("dialog", { name: "Lägg till ny användare" });
  await poll(() => dialog.isVisible()).toBe(true);
  await dialog.locator('input[name="firstName"]').fill(firstName);
  await dialog.locator('input[name="lastName"]').fill("Ek");
  await dialog.locator('input[name="phone"]').fill("070-123 45 67");
  await dialog.getByRole("button", { name: "Lägg till och bjud in" }).click();
  await poll(() => dialog.count()).toBe(0);
}

/** The invitation (it carries the temporary password), not the contact-added mail of the save that follows it. */
const isInvitation = (m: { text: string }) => /tillfälliga lösenordet|temporary password/i.test(m.text);

describe("the invitation of someone added to a saved event or group", () => {
  it("names the event, as its contact or as a team leader, and the group", async () => {
    const { app } = e2e.product;
    const owner = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist" });
    const date = dayFromNow(app, 30);
    const event = await draftEvent(app, owner, { date, stations: [], event: { name: "Umeå Vårrus" } });
    const group = await draftGroup(app, owner, { name: "Alby IF P15" });
    const page = await newPage(e2e.browser);
    await signInAs(page, e2e.product, owner);

    // The event page's contact persons.
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
    const contact = uniqueEmail("kontakt");
    await page.locator('input[name="contactPersonEmail"]').fill(contact);
    await page.getByRole("button", { name: "Lägg till", exact: true }).click();
    await invite(page, "Bo");
    const toContact = await e2e.product.sink.waitFor(contact, isInvitation);
    expect(toContact.subject).toBe("Karin Lindqvist har lagt till dig som kontaktperson för evenemanget Umeå Vårrus");
    expect(toContact.text).toContain(`kontaktperson för evenemanget Umeå Vårrus (${date})`);

    // A station's team leader.
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}/stations`);
    await page.getByRole("button", { name: "Lägg till station" }).click();
    const leader = uniqueEmail("stationsansvarig");
    const leaderField = page.locator('input[name="teamLeaderEmail"]');
    await leaderField.fill(leader);
    await leaderField.blur();
    await invite(page, "Ek");
    const toLeader = await e2e.product.sink.waitFor(leader, isInvitation);
    expect(toLeader.subject).toBe("Karin Lindqvist har lagt till dig som stationsansvarig på Umeå Vårrus");

    // The group page's contact persons.
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${group.id}`);
    await page.getByRole("button", { name: "Redigera" }).click();
    const groupContact = uniqueEmail("gruppkontakt");
    await page.locator('input[name="contactPersonEmail"]').fill(groupContact);
    await page.getByRole("button", { name: "Lägg till", exact: true }).click();
    await invite(page, "Åsa");
    const toGroupContact = await e2e.product.sink.waitFor(groupContact, isInvitation);
    expect(toGroupContact.subject).toBe("Karin Lindqvist har lagt till dig som kontaktperson för gruppen Alby IF P15");
    await expectNoAxeViolations(page, "group form after an invitation");
    await page.context().close();
  });
});
