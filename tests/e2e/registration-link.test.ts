import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { dayFromNow, eventBody, stationBody } from "../helpers/seed.ts";
import {
  apiToken,
  callApi,
  createAccount,
  expectNoAxeViolations,
  fitsWidth,
  newPage,
  type PageOptions,
  poll,
  postApi,
  screenshot,
  setUpProduct,
  signIn,
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

interface Seeded {
  contact: { email: string; password: string };
  token: string;
  orgToken: string;
  eventId: string;
  stationId: string;
  groupId: string;
}

/**
 * Through the API: an organizer's two confirmed events, a group contact's confirmed group with two adult
 * volunteers, an ACCEPTED offer at the first event and an offer still awaiting an answer at the second.
 */
async function seed(lang: Lang): Promise<Seeded> {
  const { product } = e2e;
  const organizer = await createAccount(product, { firstName: "Olle", lastName: "Arrangör" });
  const orgToken = await apiToken(product, organizer.email, organizer.password);
  const event = async (name: string, days: number) => {
    const date = dayFromNow(product.app, days);
    const created = await callApi<{ id: string; stations: Array<{ id: string }> }>(product, "POST", "/events", orgToken, {
      ...eventBody(product.app, { name, date, stations: [stationBody(date, { name: "Entrén" })] }),
    });
    await callApi(product, "POST", `/events/${created.id}/confirm`, orgToken);
    return { id: created.id, stationId: created.stations[0].id };
  };
  const accepted = await event("Stockholm Stadslopp", 30);
  const proposed = await event("Vårruset", 40);

  const contact = await createAccount(product, { firstName: "Karin", lastName: "Lindqvist", language: lang });
  const token = await apiToken(product, contact.email, contact.password);
  const draft = await callApi<{ id: string; version: number }>(product, "POST", "/groups", token, {
    name: GROUP,
    organizationNumber: "802000-1239",
    organizationName: "IFK Exempel",
    municipality: "0180",
    numberOfMembers: 20,
    ages: ["15", "16", "18+"],
    sport: 26,
    volunteers: [
      { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: 34 },
      { name: "Sam Ek", email: "sam@example.se", phone: "0709876543", age: 41 },
    ],
  });
  await callApi(product, "POST", `/groups/${draft.id}/confirm`, token, { version: draft.version });
  for (const e of [accepted, proposed])
    await callApi(product, "POST", "/offers", orgToken, {
      eventId: e.id,
      stationId: e.stationId,
      groupId: draft.id,
      volunteers: 2,
    });
  for (const e of [accepted, proposed]) await callApi(product, "POST", `/offers/${e.id}/confirm`, orgToken, {});
  await callApi(product, "POST", `/offers/${accepted.id}/${draft.id}/${accepted.stationId}/accept`, token);
  return { contact, token, orgToken, eventId: accepted.id, stationId: accepted.stationId, groupId: draft.id };
}

/** GET of the public sign-up page's data for a link (`/self-registration/{group}/{eventId}/{hash}`). */
async function readLink(link: string) {
  const [eventId, hash] = new URL(link).pathname.split("/").slice(-2);
  const res = await fetch(`${e2e.product.url}/api/public/self-registration/${eventId}/${hash}`);
  return { status: res.status, body: (await res.json()) as { code?: string; groupName?: string } };
}

/** A pupil of 15 signs up through the link, naming a guardian. */
async function pupilSignsUp(link: string) {
  const [eventId, hash] = new URL(link).pathname.split("/").slice(-2);
  const res = await postApi(e2e.product, "/groups/addVolunteer", {
    hash,
    eventId,
    language: "sv",
    volunteer: {
      name: "Elin Holm",
      email: "elin@example.se",
      phone: "0701112233",
      age: 15,
      participation: { specialDiets: [], shirtSize: "M", substitute: null },
      guardian: { name: "Eva Holm", email: "eva@example.se" },
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  expect(await res.json()).toMatchObject({ awaitingGuardian: true, named: false });
}

async function contactPage(s: Seeded, options: PageOptions) {
  const page = await newPage(e2e.browser, options);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.product.url });
  await signIn(page, e2e.product, s.contact.email, s.contact.password);
  return page;
}

const offerList = (page: Page) => page.goto(`${e2e.product.url}/my-pages/volunteers`);
const block = (page: Page, event: string) => page.locator(`[data-event="${event}"]`);

describe("a group contact's sign-up link", () => {
  it("is copied from the offer list, renewed behind a confirmation, and a minor who signs up waits for the guardian (sv, 1280 px)", async () => {
    const lang = "sv";
    const tx = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
    const s = await seed(lang);
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
    expect(await pupil.innerText()).toContain(tx("groups.volunteer.guardian", { name: "Eva Holm", email: "eva@example.se" }));
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
    const group = await callApi<{ volunteers: Array<{ id: string; name: string; age: number; guardian: unknown }> }>(
      e2e.product,
      "GET",
      `/groups/${s.groupId}`,
      s.token,
    );
    expect(group.volunteers.find((v) => v.name === "Kim Berg")?.age).toBe(35);
    expect(group.volunteers.find((v) => v.name === "Elin Holm")?.guardian).toEqual({
      name: "Eva Holm",
      email: "eva@example.se",
      confirmed: false,
    });
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
    // names the pupil and its reason.
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
    await poll(() =>
      page
        .getByRole("alert")
        .filter({ hasText: `Elin Holm: ${tx("offers.validation.awaitingGuardian")}` })
        .isVisible(),
    ).toBe(true);
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
      const s = await seed(lang);
      const { url } = await callApi<{ link: string; url: string }>(e2e.product, "POST", "/link", s.token, {
        groupId: s.groupId,
        eventId: s.eventId,
      });
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
    const s = await seed("en");
    const page = await contactPage(s, { width: 1280, language: "en" });
    await offerList(page);
    const copyButton = page.getByRole("button", { name: tx("groups.offers.link.copyLabel", { group: GROUP }) });
    await poll(() => copyButton.isVisible()).toBe(true);
    await callApi(e2e.product, "DELETE", `/offers/${s.eventId}/${s.groupId}/${s.stationId}`, s.orgToken);
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
    const s = await seed("sv");
    const page = await newPage(e2e.browser, { width: 375 });
    // As on a page served over plain HTTP: no clipboard at all.
    await page.context().addInitScript({ content: 'Object.defineProperty(navigator, "clipboard", { value: undefined });' });
    await signIn(page, e2e.product, s.contact.email, s.contact.password);
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
