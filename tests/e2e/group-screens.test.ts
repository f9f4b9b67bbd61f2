import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { translate } from "#shared/i18n/index";
import { buildUser } from "../helpers/factories.ts";
import { ABY_GROUP, draftEvent, draftGroup, type User } from "../helpers/seed.ts";
import { expectNoAxeViolations, field, fitsWidth, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/** The group side's screens as a new user meets them at a phone's and a desktop's width (issue 10). */

const e2e = setUpProduct();

type Lang = "sv" | "en";
const dialog = (page: Page) => page.getByRole("dialog");

/** A new account, and a page signed in as it (no page loaded yet). */
async function signedIn(lang: Lang, width: number) {
  const owner = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist", language: lang });
  const page = await newPage(e2e.browser, { width, language: lang });
  await signInAs(page, e2e.product, owner);
  return { owner, page };
}

/** A draft group of `owner`'s in Åby. */
const createGroup = (owner: User, overrides: Record<string, unknown> = {}) =>
  draftGroup(e2e.product.app, owner, { ...ABY_GROUP, ...overrides });

/** The name attribute of the focused element and whether it lies inside the visible part of the page. */
const focused = (page: Page) =>
  page.evaluate<{ name: string | null; inView: boolean }>(`(() => {
    const el = document.activeElement;
    const box = el?.getBoundingClientRect();
    return { name: el?.getAttribute("name") ?? null, inView: !!box && box.top >= 0 && box.bottom <= window.innerHeight };
  })()`);

const combos = [
  { lang: "sv" as const, width: 375 },
  { lang: "en" as const, width: 1280 },
];

describe.each(combos)("the group wizard, $lang at $width px", ({ lang, width }) => {
  const tx = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
  const tag = `${lang}-${width}`;

  it("shows a refused submit: the first invalid field is focused in view and an alert stands by the button", async () => {
    const { page } = await signedIn(lang, width);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/new`);
    await poll(() => field(page, "name").isVisible()).toBe(true);
    // Start from the bottom of the page, where the button is.
    await page.getByRole("button", { name: tx("groups.wizard.next") }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: tx("groups.wizard.next") }).click();
    await poll(() => focused(page)).toEqual({ name: "name", inView: true });
    await poll(() =>
      page
        .getByRole("alert")
        .filter({ hasText: tx("common.fixErrors") })
        .isVisible(),
    ).toBe(true);
    expect(page.url()).toMatch(/\/my-pages\/volunteers\/new$/);
    await expectNoAxeViolations(page, `wizard refused ${tag}`);
    await screenshot(page, `group-screens-wizard-refused-${tag}`);
    await page.context().close();
  });

  it("keeps the group and step in the address, survives a reload, has one finish and can remove the draft", async () => {
    const { page } = await signedIn(lang, width);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/new`);
    await poll(() => field(page, "name").isVisible()).toBe(true);
    // The page header: breadcrumbs up to the groups area instead of a "← back" link.
    await poll(() => page.getByRole("navigation", { name: tx("common.breadcrumbs") }).isVisible()).toBe(true);
    await field(page, "name").fill("IFK Exempel P12");
    await field(page, "organizationName").fill("IFK Exempel");
    await field(page, "organizationNumber").fill("802000-1239");
    await field(page, "municipality").selectOption("0180");
    await field(page, "numberOfMembers").fill("24");
    await page.getByLabel(tx("groups.ages.12"), { exact: true }).check();
    await page.getByRole("button", { name: tx("groups.wizard.next") }).click();

    await page.waitForURL(/\/my-pages\/volunteers\/new\?id=[0-9a-f-]{36}&step=1$/);
    const groupId = new URL(page.url()).searchParams.get("id") as string;
    await poll(() => field(page, "startDate").isVisible()).toBe(true);
    await page.reload();
    // Still step 1 of the same group, not an empty step 1.
    await poll(() => field(page, "startDate").isVisible()).toBe(true);
    await poll(() => page.getByText("IFK Exempel P12").first().isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `wizard step 1 ${tag}`);
    await screenshot(page, `group-screens-wizard-interest-${tag}`);

    // The back button comes before the next one, as in the event wizard: left of it, or above it where a
    // phone has no room for both on one row.
    const back = await page.getByRole("button", { name: tx("groups.wizard.back") }).boundingBox();
    const next = await page.getByRole("button", { name: tx("groups.wizard.next") }).boundingBox();
    expect(back && next && (back.x < next.x || back.y + back.height <= next.y)).toBe(true);

    await page.getByRole("button", { name: tx("groups.wizard.next") }).click();
    await page.waitForURL(new RegExp(`id=${groupId}&step=2$`));
    await poll(() => page.getByRole("button", { name: tx("groups.confirm.button") }).isVisible()).toBe(true);
    // One way to finish: no "Done" beside "Confirm group".
    const done = lang === "sv" ? "Klar" : "Done";
    expect(await page.getByRole("link", { name: done, exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: done, exact: true }).count()).toBe(0);
    expect(await fitsWidth(page)).toBe(true);
    await expectNoAxeViolations(page, `wizard step 2 ${tag}`);
    await screenshot(page, `group-screens-wizard-volunteers-${tag}`);

    // Left unconfirmed, the group is listed with the way to finish it.
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    const finish = page.getByRole("link", { name: tx("groups.area.finishGroup", { name: "IFK Exempel P12" }) });
    await poll(() => finish.isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `group-screens-area-draft-${tag}`);
    await finish.click();
    await page.waitForURL(new RegExp(`/my-pages/volunteers/new\\?id=${groupId}&step=1$`));
    await poll(() => field(page, "startDate").isVisible()).toBe(true);

    // A draft can be removed, behind a dialog.
    await page.getByRole("button", { name: tx("groups.remove.button") }).click();
    await expectNoAxeViolations(page, `remove dialog ${tag}`);
    await screenshot(page, `group-screens-remove-dialog-${tag}`);
    await dialog(page)
      .getByRole("button", { name: tx("groups.remove.confirm") })
      .click();
    await page.waitForURL(/\/my-pages\/volunteers$/);
    await poll(() => page.getByText(tx("groups.area.empty")).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe.each(combos)("a saved group's page, $lang at $width px", ({ lang, width }) => {
  const tx = (id: string, values?: Record<string, string | number>) => translate(lang, id, values);
  const tag = `${lang}-${width}`;

  it("saves an added contact at once, keeps the list on a failed save, and asks before unsaved edits are left", async () => {
    const { owner, page } = await signedIn(lang, width);
    const second = await buildUser(e2e.product.app, { firstName: "Per", lastName: "Holm" });
    const third = await buildUser(e2e.product.app, { firstName: "Eva", lastName: "Ström" });
    const group = await createGroup(owner);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${group.id}`);
    await page.getByRole("button", { name: tx("groups.page.edit"), exact: true }).click();

    await field(page, "contactPersonEmail").fill(second.email);
    await page.getByRole("button", { name: tx("users.contacts.add"), exact: true }).click();
    await poll(() =>
      page
        .getByRole("status")
        .filter({ hasText: tx("users.contacts.addedSaved", { name: "Per Holm" }) })
        .isVisible(),
    ).toBe(true);
    await expectNoAxeViolations(page, `group contacts saved ${tag}`);
    await screenshot(page, `group-screens-contact-saved-${tag}`);
    // Saved without "Spara": a reload still shows the person.
    await page.reload();
    await poll(() => page.getByText(second.email, { exact: false }).isVisible()).toBe(true);

    // A failed save changes nothing and says why.
    await page.getByRole("button", { name: tx("groups.page.edit"), exact: true }).click();
    await page.route(`**/api/groups/${group.id}`, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"code":"InternalError","message":"x"}' })
        : route.continue(),
    );
    await field(page, "contactPersonEmail").fill(third.email);
    await page.getByRole("button", { name: tx("users.contacts.add"), exact: true }).click();
    await poll(() => page.getByText(tx("errors.InternalError")).isVisible()).toBe(true);
    expect(await page.getByText("Eva Ström").count()).toBe(0);
    await page.unroute(`**/api/groups/${group.id}`);

    // An edited field is not lost by leaving: the page asks first.
    await field(page, "name").fill("Åby BK Flickor 2013");
    await page
      .getByRole("navigation", { name: tx("common.breadcrumbs") })
      .getByRole("link")
      .first()
      .click();
    await poll(() => dialog(page).getByText(tx("common.unsavedTitle")).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `unsaved prompt ${tag}`);
    await dialog(page)
      .getByRole("button", { name: tx("common.stay") })
      .click();
    expect(page.url()).toMatch(new RegExp(`/my-pages/volunteers/${group.id}$`));
    expect(await field(page, "name").inputValue()).toBe("Åby BK Flickor 2013");
    await page.context().close();
  });

  it("fits the phone's width on every tab and uses ISO date fields whatever the browser's language", async () => {
    const { owner, page } = await signedIn(lang, width);
    const group = await createGroup(owner, {
      name: "Idrottsföreningen Kamraterna Långnamnsbyns Flickor och Pojkar 2012",
      volunteers: [{ name: "Kim Berg", email: "kim.berg.med.en.mycket.lang.adress@example.se", phone: "0701234567", age: 13 }],
      availabilities: [{ type: "PERIOD", startDate: "2031-05-01", endDate: "2031-05-03", location: "1480" }],
    });
    await createGroup(owner, { name: "Zeta IK" });
    for (const [path, name] of [
      ["", "area"],
      [`/${group.id}`, "page"],
      [`/${group.id}/confirm`, "confirm-tab"],
      [`/${group.id}/volunteers`, "volunteers-tab"],
    ]) {
      await page.goto(`${e2e.product.url}/my-pages/volunteers${path}`);
      await poll(() => page.getByText(group.name).first().isVisible()).toBe(true);
      await screenshot(page, `group-screens-${name}-${tag}`);
      expect(await fitsWidth(page), `${name} fits ${width} px`).toBe(true);
      await expectNoAxeViolations(page, `${name} ${tag}`);
    }

    // The availability's dates: ISO in the field, not the browser's own date input in its own format.
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${group.id}/confirm`);
    await poll(() => field(page, "startDate").isVisible()).toBe(true);
    expect(await field(page, "startDate").getAttribute("type")).not.toBe("date");
    expect(await field(page, "startDate").inputValue()).toBe("2031-05-01");
    await field(page, "endDate").fill("2031-05-09");
    await page.keyboard.press("Tab");
    await page.getByRole("button", { name: tx("groups.availability.save") }).click();
    await poll(() => page.getByText(tx("groups.availability.saved")).isVisible()).toBe(true);
    const stored = await fetch(`${e2e.product.url}/api/groups/${group.id}/availabilities`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await stored.json()) as Array<{ endDate: string }>)[0].endDate).toBe("2031-05-09");
    await page.context().close();
  });
});

describe("a saved event's contacts", () => {
  it("are saved the moment one is added: a reload keeps the person without pressing Spara", async () => {
    const { owner, page } = await signedIn("sv", 375);
    const added = await buildUser(e2e.product.app, { firstName: "Bo", lastName: "Ek" });
    const event = await draftEvent(e2e.product.app, owner, { stations: [], event: { name: "Vårruset" } });
    await page.goto(`${e2e.product.url}/my-pages/events/${event.id}`);
    await poll(() => field(page, "contactPersonEmail").isVisible()).toBe(true);
    await field(page, "contactPersonEmail").fill(added.email);
    await page.getByRole("button", { name: translate("sv", "users.contacts.add"), exact: true }).click();
    await poll(() =>
      page
        .getByRole("status")
        .filter({ hasText: translate("sv", "users.contacts.addedSaved", { name: "Bo Ek" }) })
        .isVisible(),
    ).toBe(true);
    await page.reload();
    await poll(() => page.getByText(added.email).isVisible()).toBe(true);
    await page.context().close();
  });
});
