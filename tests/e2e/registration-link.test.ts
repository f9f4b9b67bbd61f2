import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import type { TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { removeOffer } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, type Json, offerAt, stationId } from "../helpers/seed.ts";
import {
  expectNoAxeViolations,
  fitsWidth,
  newPage,
  type PageOptions,
  poll,
  screenshot,
  setUpProduct,
  signInAs,
} from "./harness.ts";

/**
 * The group contact's side of sign-up links (spec 02 §2, STAFFING §2 /link): the offer list's button copies
 * the link, renewing kills the old one, and a minor who signs up through it waits for their guardian — on the
 * group's volunteers tab and where the group names its volunteers for a station.
 */

const e2e = setUpProduct();

type Lang = "sv" | "en";
const dialog = (page: Page) => page.getByRole("dialog");
const GROUP = "IFK Exempel P16";
/** The pupil's guardian; the addresses here are this file's own, as other files wait for mail to theirs. */
const GUARDIAN = { name: "Eva Holm", email: "eva.holm.lank@example.se" };

/**
 * Through the API: an organizer's two confirmed events, a group contact's confirmed group with two adult
 * volunteers, an ACCEPTED offer at the first event and an offer still awaiting an answer at the second.
 */
async function seed(app: TestApp, lang: Lang) {
  const organizer = await buildUser(app, { firstName: "Olle", lastName: "Arrangör" });
  const event = (name: string, days: number) =>
    confirmedEvent(app, organizer, { days, event: { name }, stations: [{ name: "Entrén" }] });
  const accepted = await event("Stockholm Stadslopp", 30);
  const proposed = await event("Vårruset", 40);

  const contact = await buildUser(app, { firstName: "Karin", lastName: "Lindqvist", language: lang });
  const group = await confirmedGroup(app, contact, {
    name: GROUP,
    ages: ["15", "16", "18+"],
    volunteers: [
      { name: "Kim Berg", email: "kim.lank@example.se", phone: "0701234567", age: 34 },
      { name: "Sam Ek", email: "sam.lank@example.se", phone: "0709876543", age: 41 },
    ],
  });
  const key = (event: Json) => ({
    eventId: event.id,
    groupId: group.id,
    stationId: stationId(event, "Entrén"),
  });
  await offerAt(app, organizer, contact, key(accepted), { volunteers: 2, to: "ACCEPTED" });
  await offerAt(app, organizer, contact, key(proposed), { volunteers: 2, to: "PROPOSAL" });
  return { organizer, contact, ...key(accepted) };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

/** GET of the public sign-up page's data for a link (`/self-registration/{group}/{eventId}/{hash}`). */
async function readLink(link: string) {
  const [eventId, hash] = new URL(link).pathname.split("/").slice(-2);
  const res = await call(e2e.product.app.server, "GET", `/api/public/self-registration/${eventId}/${hash}`);
  return { status: res.status, body: res.body as { code?: string; groupName?: string } };
}

/** A pupil of 15 signs up through the link, naming a guardian. */
async function pupilSignsUp(link: string) {
  const [eventId, hash] = new URL(link).pathname.split("/").slice(-2);
  const res = await call(e2e.product.app.server, "POST", "/api/groups/addVolunteer", {
    body: {
      hash,
      eventId,
      language: "sv",
      volunteer: {
        name: "Elin Holm",
        email: "elin.holm.lank@example.se",
        phone: "0701112233",
        age: 15,
        participation: { specialDiets: [], shirtSize: "M", substitute: null },
        guardian: GUARDIAN,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ awaitingGuardian: true, named: false });
}

async function contactPage(s: Seeded, options: PageOptions) {
  const page = await newPage(e2e.browser, options);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.product.url });
  await signInAs(page, e2e.product, s.contact);
  return page;
}

const offerList = (page: Page) => page.goto(`${e2e.product.url}/my-pages/volunteers`);
const block = (page: Page, event: string) => page.locator(`[data-event="${event}"]`);

describe("a group contact's sign-up link", () => {
  it("is copied from the offer list, renewed behind a confirmation, and a minor who signs up waits for the guardian (sv, 1280 px)", async () => {
    const lang = "sv";
    const tx = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
    const s = await seed(e2e.product.app, lang);
    const page = await contactPage(s, { width: 1280, language: lang });

    await offerList(page);
    const copyButton = page.getByRole("button", { name: tx("groups.offers.link.copyLabel", { group: GROUP }) });
    await poll(() => copyButton.isVisible()).toBe(true);
    expect(await copyButton.innerText()).toBe("Kopiera anmälningslänk");
    // The offer still awaiting an answer gives no link.
    await poll(() => block(page, "Vårruset").isVisible()).toBe(true);
    expect(
      await block(page, "Vårruset")
        .getByRole("button", { name: /anmälningslänk/ })
        .count(),
    ).toBe(0);
    expect(await block(page, "Stockholm Stadslopp").getByText(tx("groups.offers.link.hint")).isVisible()).toBe(true);

    await copyButton.click();
    const field = page.getByLabel(tx("groups.offers.link.fieldLabel", { group: GROUP }), { exact: true });
    await poll(() => field.inputValue()).toMatch(/\/self-registration\//);
    const link = await field.inputValue();
    await poll(() => page.getByText(tx("groups.offers.link.copied")).isVisible()).toBe(true);
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(link);
    expect(new URL(link).pathname).toBe(`/self-registration/${encodeURIComponent(GROUP)}/${s.eventId}/${link.split("/").pop()}`);
    expect(await readLink(link)).toMatchObject({ status: 200, body: { groupName: GROUP } });
    // Asked again, it is the same link.
    await page.evaluate("navigator.clipboard.writeText('')");
    await page.getByRole("button", { name: tx("groups.offers.link.copyFieldLabel", { group: GROUP }) }).click();
    await poll(() => page.evaluate<string>("navigator.clipboard.readText()")).toBe(link);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, "offer list with the link, sv 1280");
    await screenshot(page, "registration-link-list-sv-1280");

    // Renewing asks first, then kills the old link.
    await page.getByRole("button", { name: tx("groups.offers.link.renewLabel", { group: GROUP }) }).click();
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).innerText()).toContain("Den gamla länken slutar fungera direkt");
    await expectNoAxeViolations(page, "renew dialog, sv 1280");
    await screenshot(page, "registration-link-renew-sv-1280");
    await dialog(page)
      .getByRole("button", { name: tx("groups.offers.link.renew") })
      .click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => field.inputValue()).not.toBe(link);
    await poll(() => page.getByText(tx("groups.offers.link.renewed")).isVisible()).toBe(true);
    const renewed = await field.inputValue();
    expect(await readLink(link)).toEqual({ status: 404, body: expect.objectContaining({ code: "LinkInvalid" }) });
    expect((await readLink(renewed)).status).toBe(200);

    // A pupil signs up through the new link: on the volunteers tab they wait for their guardian.
    await pupilSignsUp(renewed);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${s.groupId}/volunteers`);
    const pupil = page.getByRole("listitem").filter({ hasText: "Elin Holm" });
    await poll(() => pupil.getByText(tx("groups.volunteer.awaitingGuardian"), { exact: true }).isVisible()).toBe(true);
    expect(await pupil.innerText()).toContain(tx("groups.volunteer.guardian", GUARDIAN));
    expect(await page.getByRole("listitem").filter({ hasText: "Kim Berg" }).innerText()).not.toContain(
      tx("groups.volunteer.awaitingGuardian"),
    );
    expect(await page.getByText(tx("groups.volunteer.awaitingGuardianHint")).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "volunteers tab with a minor awaiting the guardian, sv 1280");
    await screenshot(page, "registration-link-volunteers-sv-1280");

    // Saving the group's list keeps the guardian: Kim's age is changed.
    await page.getByRole("button", { name: tx("groups.volunteer.edit", { name: "Kim Berg" }) }).click();
    await poll(() => dialog(page).isVisible()).toBe(true);
    await dialog(page).locator('input[name="age"]').fill("35");
    await dialog(page)
      .getByRole("button", { name: tx("groups.volunteer.save") })
      .click();
    await poll(() => page.getByText(tx("groups.volunteer.saved")).isVisible()).toBe(true);
    const group = await call<{ volunteers: Array<{ id: string; name: string; age: number; guardian: unknown }> }>(
      e2e.product.app.server,
      "GET",
      `/api/groups/${s.groupId}`,
      { token: s.contact.token },
    );
    expect(group.body.volunteers.find((v) => v.name === "Kim Berg")?.age).toBe(35);
    expect(group.body.volunteers.find((v) => v.name === "Elin Holm")?.guardian).toEqual({ ...GUARDIAN, confirmed: false });
    expect(await pupil.getByText(tx("groups.volunteer.awaitingGuardian"), { exact: true }).isVisible()).toBe(true);

    // Where the group names its volunteers, the pupil is shown but cannot be chosen.
    await page.goto(`${e2e.product.url}/my-pages/volunteers/engagement/${s.eventId}/${s.groupId}/${s.stationId}`);
    const elin = page.getByLabel(tx("groups.offers.attendees.volunteer", { name: "Elin Holm", age: 15 }));
    await poll(() => elin.isVisible()).toBe(true);
    expect(await elin.isDisabled()).toBe(true);
    expect(await page.getByText(tx("groups.offers.attendees.awaitingGuardian")).isVisible()).toBe(true);
    expect(await page.getByLabel(tx("groups.offers.attendees.volunteer", { name: "Kim Berg", age: 35 })).isEnabled()).toBe(true);
    await expectNoAxeViolations(page, "naming with a minor awaiting the guardian, sv 1280");
    await screenshot(page, "registration-link-engagement-sv-1280");

    // Should the page's list be out of date (here: made to show the guardian's yes), the server's refusal
    // shows its reason under the pupil's row.
    await page.route(`**/api/groups/${s.groupId}`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { volunteers: Array<{ guardian: { confirmed: boolean } | null }> };
      for (const v of body.volunteers) if (v.guardian) v.guardian.confirmed = true;
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await poll(() => elin.isEnabled()).toBe(true);
    await elin.check();
    await page.getByRole("button", { name: tx("groups.offers.attendees.save") }).click();
    await poll(() => elin.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(tx("offers.validation.awaitingGuardian"), { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "registration-link-engagement-refused-sv-1280");
    await page.context().close();
  });

  for (const { lang, width } of [
    { lang: "en" as const, width: 1280 },
    { lang: "sv" as const, width: 375 },
    { lang: "en" as const, width: 375 },
  ])
    it(`works without sideways scroll and passes axe, ${lang} at ${width} px`, async () => {
      const tx = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
      const tag = `${lang}-${width}`;
      const s = await seed(e2e.product.app, lang);
      const created = await call<{ link: string; url: string }>(e2e.product.app.server, "POST", "/api/link", {
        token: s.contact.token,
        body: { groupId: s.groupId, eventId: s.eventId },
      });
      expect(created.status).toBeLessThan(300);
      const { url } = created.body;
      await pupilSignsUp(url);
      const page = await contactPage(s, { width, language: lang });

      await offerList(page);
      const copyButton = page.getByRole("button", { name: tx("groups.offers.link.copyLabel", { group: GROUP }) });
      await poll(() => copyButton.isVisible()).toBe(true);
      expect(
        await block(page, "Vårruset")
          .getByRole("button", { name: tx("groups.offers.link.copyLabel", { group: GROUP }) })
          .count(),
      ).toBe(0);
      await copyButton.click();
      const field = page.getByLabel(tx("groups.offers.link.fieldLabel", { group: GROUP }), { exact: true });
      await poll(() => field.inputValue()).toBe(url);
      expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(url);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `offer list with the link, ${tag}`);
      await screenshot(page, `registration-link-list-${tag}`);
      await page.getByRole("button", { name: tx("groups.offers.link.renewLabel", { group: GROUP }) }).click();
      await poll(() => dialog(page).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `renew dialog, ${tag}`);
      await screenshot(page, `registration-link-renew-${tag}`);
      await page.keyboard.press("Escape");
      await poll(() => dialog(page).count()).toBe(0);
      expect(await field.inputValue()).toBe(url);

      await page.goto(`${e2e.product.url}/my-pages/volunteers/${s.groupId}/volunteers`);
      const pupil = page.getByRole("listitem").filter({ hasText: "Elin Holm" });
      await poll(() => pupil.getByText(tx("groups.volunteer.awaitingGuardian"), { exact: true }).isVisible()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `volunteers tab, ${tag}`);
      await screenshot(page, `registration-link-volunteers-${tag}`);

      await page.goto(`${e2e.product.url}/my-pages/volunteers/engagement/${s.eventId}/${s.groupId}/${s.stationId}`);
      const elin = page.getByLabel(tx("groups.offers.attendees.volunteer", { name: "Elin Holm", age: 15 }));
      await poll(() => elin.isVisible()).toBe(true);
      expect(await elin.isDisabled()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await expectNoAxeViolations(page, `naming, ${tag}`);
      await screenshot(page, `registration-link-engagement-${tag}`);
      await page.context().close();
    });

  it("says why there is no link when the organizer has withdrawn the offer meanwhile", async () => {
    const tx = (id: string, values?: Record<string, string | number>) => translate("en", id, values);
    const s = await seed(e2e.product.app, "en");
    const page = await contactPage(s, { width: 1280, language: "en" });
    await offerList(page);
    const copyButton = page.getByRole("button", { name: tx("groups.offers.link.copyLabel", { group: GROUP }) });
    await poll(() => copyButton.isVisible()).toBe(true);
    expect((await removeOffer(e2e.product.app, s.organizer.token, s)).status).toBeLessThan(300);
    await copyButton.click();
    await poll(() =>
      page
        .getByRole("alert")
        .filter({ hasText: tx("groups.offers.link.errors.NotFound") })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByLabel(tx("groups.offers.link.fieldLabel", { group: GROUP }), { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it("shows the link selected in its field when the browser has no clipboard", async () => {
    const tx = (id: string, values?: Record<string, string | number>) => translate("sv", id, values);
    const s = await seed(e2e.product.app, "sv");
    const page = await newPage(e2e.browser, { width: 375 });
    // As on a page served over plain HTTP: no clipboard at all.
    await page.context().addInitScript({ content: 'Object.defineProperty(navigator, "clipboard", { value: undefined });' });
    await signInAs(page, e2e.product, s.contact);
    await offerList(page);
    await page.getByRole("button", { name: tx("groups.offers.link.copyLabel", { group: GROUP }) }).click();
    await poll(() =>
      page
        .getByRole("alert")
        .filter({ hasText: tx("groups.offers.link.copyFailed") })
        .isVisible(),
    ).toBe(true);
    const field = page.getByLabel(tx("groups.offers.link.fieldLabel", { group: GROUP }), { exact: true });
    const link = await field.inputValue();
    expect((await readLink(link)).status).toBe(200);
    // The link is focused and selected, ready to be copied by hand.
    await poll(() =>
      page.evaluate<string>(
        "(() => { const el = document.activeElement; return el.value.slice(el.selectionStart, el.selectionEnd); })()",
      ),
    ).toBe(link);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, "registration-link-no-clipboard-sv-375");
    await expectNoAxeViolations(page, "link without a clipboard, sv 375");
    await page.context().close();
  });
});
