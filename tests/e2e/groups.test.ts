import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import { buildUser } from "../helpers/factories.ts";
import { ABY_GROUP, confirmedEvent, draftGroup } from "../helpers/seed.ts";
import { expectNoAxeViolations, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

const e2e = setUpProduct();

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const dialog = (page: Page) => page.getByRole("dialog");

const texts = {
  sv: {
    create: "Registrera en ny grupp",
    empty: "Du har inte registrerat någon grupp än.",
    next: "Nästa steg",
    addVolunteer: "Lägg till funktionär",
    saveVolunteer: "Spara funktionär",
    emailExists: "E-postadressen finns redan i gruppen",
    edit: "Redigera",
    save: "Spara",
    add: "Lägg till",
    tabVolunteers: "Funktionärer",
    tabEdit: "Gruppuppgifter",
    confirmGroup: "Bekräfta gruppen",
    confirm: "Bekräfta",
    confirmed: "Gruppen är bekräftad. Du kan ändra tillgänglighet och funktionärer när som helst.",
    approved: "Bekräftad",
    unconfirmed: "Obekräftad",
    change: (name: string) => `Redigera ${name}`,
    export: "Ladda ner gruppens uppgifter (CSV)",
    age12: "12 år",
    age13: "13 år",
  },
  en: {
    create: "Register a new group",
    empty: "You have not registered a group yet.",
    next: "Next step",
    addVolunteer: "Add volunteer",
    saveVolunteer: "Save volunteer",
    emailExists: "The e-mail address already exists in the group",
    edit: "Edit",
    save: "Save",
    add: "Add",
    tabVolunteers: "Volunteers",
    tabEdit: "Group details",
    confirmGroup: "Confirm group",
    confirm: "Confirm",
    confirmed: "The group is confirmed. You can change its availability and volunteers at any time.",
    approved: "Confirmed",
    unconfirmed: "Unconfirmed",
    change: (name: string) => `Change ${name}`,
    export: "Download the group's data (CSV)",
    age12: "12 years",
    age13: "13 years",
  },
} as const;

const volunteers = [
  { name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: "13" },
  { name: "Ali Said", email: "ali@example.se", phone: "+46707654321", age: "12" },
  { name: "Sam Ek", email: "sam@example.se", phone: "0709876543", age: "14" },
];

async function addVolunteer(page: Page, lang: "sv" | "en", v: (typeof volunteers)[number]) {
  const tx = texts[lang];
  await page.getByRole("button", { name: tx.addVolunteer }).click();
  const modal = dialog(page);
  await modal.locator('[name="name"]').fill(v.name);
  await modal.locator('[name="email"]').fill(v.email);
  await modal.locator('[name="phone"]').fill(v.phone);
  await modal.locator('[name="age"]').fill(v.age);
  await modal.getByRole("button", { name: tx.saveVolunteer }).click();
  await poll(() => modal.isVisible()).toBe(false);
  await poll(() => page.getByText(v.email, { exact: false }).first().isVisible()).toBe(true);
}

describe.each([
  { lang: "sv" as const, width: 1280 },
  { lang: "en" as const, width: 375 },
])("a new group, $lang at $width px", ({ lang, width }) => {
  it("is created through the wizard, gets a second contact, is confirmed and a volunteer edited", async () => {
    const tx = texts[lang];
    const tag = `${lang}-${width}`;
    const owner = await buildUser(e2e.product.app, { firstName: "Karin", lastName: "Lindqvist", language: lang });
    const second = await buildUser(e2e.product.app, { firstName: "Per", lastName: "Holm" });
    const page = await newPage(e2e.browser, { width, language: lang });
    await signInAs(page, e2e.product, owner);

    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByText(tx.empty).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `volunteer area empty ${tag}`);
    await screenshot(page, `groups-area-empty-${tag}`);

    await page.getByRole("link", { name: tx.create }).click();
    await page.waitForURL(/\/my-pages\/volunteers\/new$/);
    await poll(() => field(page, "name").isVisible()).toBe(true);
    await expectNoAxeViolations(page, `wizard step 0 ${tag}`);

    // Step 0: the group. A wrong check digit is caught before anything is sent.
    await field(page, "name").fill("IFK Exempel P12");
    await field(page, "organizationName").fill("IFK Exempel");
    await field(page, "organizationNumber").fill("802000-1238");
    await field(page, "municipality").selectOption("0180");
    await field(page, "numberOfMembers").fill("24");
    await page.getByLabel(tx.age12, { exact: true }).check();
    await page.getByLabel(tx.age13, { exact: true }).check();
    await field(page, "sport").selectOption("26");
    await page.locator('input[name="skills"][value="CHOIR_SINGING"]').check();
    // The creator is a contact and cannot be removed.
    await poll(() => page.getByText(owner.email).isVisible()).toBe(true);
    await page.getByRole("button", { name: tx.next }).click();
    const orgError =
      lang === "sv"
        ? "Organisationsnumret är ogiltigt – kontrollera siffrorna"
        : "The organisation number is not valid – check the digits";
    await poll(() => page.getByText(orgError).isVisible()).toBe(true);
    await screenshot(page, `groups-wizard-group-${tag}`);
    await field(page, "organizationNumber").fill("802000-1239");
    await page.getByRole("button", { name: tx.next }).click();

    // Step 1: a PERIOD availability, today until tomorrow by default, in the group's municipality.
    await poll(() => field(page, "startDate").isVisible()).toBe(true);
    const today = stockholmToday(new Date());
    expect(await field(page, "type").inputValue()).toBe("PERIOD");
    expect(await field(page, "startDate").inputValue()).toBe(today);
    expect(await field(page, "endDate").inputValue()).toBe(addDays(today, 1));
    expect(await field(page, "location").inputValue()).toBe("0180");
    await field(page, "endDate").fill(addDays(today, 10));
    // The calendar opened by the field closes as when a person taps away; on a phone it lies over the buttons.
    await field(page, "endDate").press("Escape");
    await expectNoAxeViolations(page, `wizard step 1 ${tag}`);
    await screenshot(page, `groups-wizard-interest-${tag}`);
    await page.getByRole("button", { name: tx.next }).click();

    // Step 2: three volunteers; a fourth with a taken e-mail is refused in the form.
    await poll(() => page.getByRole("button", { name: tx.addVolunteer }).isVisible()).toBe(true);
    for (const v of volunteers) await addVolunteer(page, lang, v);
    await page.getByRole("button", { name: tx.addVolunteer }).click();
    await dialog(page).locator('[name="email"]').fill("KIM@example.se");
    await dialog(page).locator('[name="name"]').fill("Kim Två");
    await poll(() => dialog(page).getByText(tx.emailExists).isVisible()).toBe(true);
    expect(await dialog(page).getByRole("button", { name: tx.saveVolunteer }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, `volunteer form ${tag}`);
    await screenshot(page, `groups-volunteer-form-${tag}`);
    await page.keyboard.press("Escape");
    await poll(() => dialog(page).count()).toBe(0);
    await expectNoAxeViolations(page, `wizard step 2 ${tag}`);
    await screenshot(page, `groups-wizard-volunteers-${tag}`);
    // Not confirmed yet: the group is left as a draft and opened from the list.
    const groupId = new URL(page.url()).searchParams.get("id") as string;
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${groupId}`);

    // The group page starts read-only; editing adds a second contact and returns to read-only.
    await poll(() => page.getByText(tx.unconfirmed).first().isVisible()).toBe(true);
    expect(await field(page, "name").count()).toBe(0);
    await expectNoAxeViolations(page, `group page ${tag}`);
    await screenshot(page, `groups-page-${tag}`);
    await page.getByRole("button", { name: tx.edit, exact: true }).click();
    await field(page, "contactPersonEmail").fill(second.email);
    await page.getByRole("button", { name: tx.add, exact: true }).click();
    // A saved group's contact is saved at once; Save keeps the rest of the form.
    await poll(() => page.getByText("Per Holm", { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByRole("status").filter({ hasText: "Per Holm" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `group edit ${tag}`);
    await screenshot(page, `groups-edit-${tag}`);
    await page.getByRole("button", { name: tx.save, exact: true }).click();
    await poll(() => page.getByRole("button", { name: tx.edit, exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByText(second.email, { exact: false }).isVisible()).toBe(true);

    // The second contact sees the group and its volunteers.
    const seen = await fetch(`${e2e.product.url}/api/groups/${groupId}`, {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(seen.status).toBe(200);
    const seenGroup = (await seen.json()) as { volunteers: unknown[]; availabilities: Array<{ endDate: string }> };
    expect(seenGroup.volunteers).toHaveLength(3);
    expect(seenGroup.availabilities[0].endDate).toBe(addDays(today, 10));

    // The CSV export downloads from the group page.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: tx.export }).click();
    const file = await download;
    const csv = await (await file.createReadStream()).toArray();
    const bytes = Buffer.concat(csv as Buffer[]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString("utf8")).toContain("kim@example.se");

    // The confirm dialog lives on the volunteers tab while the group is a draft.
    await page.getByRole("tab", { name: tx.tabVolunteers }).click();
    await page.waitForURL(/\/volunteers$/);
    await page.getByRole("button", { name: tx.confirmGroup }).click();
    await expectNoAxeViolations(page, `confirm dialog ${tag}`);
    await screenshot(page, `groups-confirm-dialog-${tag}`);
    await dialog(page).getByRole("button", { name: tx.confirm, exact: true }).click();
    await page.waitForURL(/\/confirm$/);
    await poll(() => page.getByText(tx.confirmed).isVisible()).toBe(true);
    await poll(() => page.getByText(tx.approved).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page, `confirm tab ${tag}`);
    await screenshot(page, `groups-confirm-tab-${tag}`);

    // Editing a volunteer after confirmation; the confirm button is gone.
    await page.getByRole("tab", { name: tx.tabVolunteers }).click();
    await page.waitForURL(/\/volunteers$/);
    expect(await page.getByRole("button", { name: tx.confirmGroup }).count()).toBe(0);
    await page.getByRole("button", { name: tx.change("Ali Said") }).click();
    expect(await dialog(page).locator('[name="email"]').inputValue()).toBe("ali@example.se");
    await dialog(page).locator('[name="age"]').fill("13");
    await dialog(page).locator('[name="phone"]').fill("0701112233");
    await dialog(page).getByRole("button", { name: tx.saveVolunteer }).click();
    await poll(() => dialog(page).count()).toBe(0);
    await poll(() => page.getByText("Ali Said, 13").isVisible()).toBe(true);
    await poll(() => page.getByText("ali@example.se · 070-111 22 33").isVisible()).toBe(true);
    await screenshot(page, `groups-volunteers-tab-${tag}`);

    // Back in the area the group is listed as approved and opens from its row.
    await page.goto(`${e2e.product.url}/my-pages/volunteers`);
    await poll(() => page.getByText("IFK Exempel P12").isVisible()).toBe(true);
    await poll(() => page.getByText(tx.approved).isVisible()).toBe(true);
    await expectNoAxeViolations(page, `volunteer area list ${tag}`);
    await screenshot(page, `groups-area-list-${tag}`);
    await page.getByText("IFK Exempel P12").click();
    await page.waitForURL(new RegExp(`/my-pages/volunteers/${groupId}$`));
    await page.context().close();
  });
});

describe("the volunteer area in both languages at both widths", () => {
  it("has no axe violations on the list, the group's tabs and the wizard", async () => {
    const combos = [
      { lang: "sv" as const, width: 375 },
      { lang: "en" as const, width: 1280 },
    ];
    for (const { lang, width } of combos) {
      const tag = `${lang}-${width}`;
      const owner = await buildUser(e2e.product.app, { language: lang });
      const { id } = await draftGroup(e2e.product.app, owner, {
        ...ABY_GROUP,
        volunteers: volunteers.map((v) => ({ ...v, age: Number(v.age) })),
        availabilities: [{ type: "PERIOD", startDate: "2031-05-01", endDate: "2031-05-03", location: "1480" }],
      });

      const page = await newPage(e2e.browser, { width, language: lang });
      await signInAs(page, e2e.product, owner);
      for (const [path, name] of [
        ["", "area-list"],
        [`/${id}`, "page"],
        [`/${id}/confirm`, "confirm-tab"],
        [`/${id}/volunteers`, "volunteers-tab"],
        ["/new", "wizard-group"],
      ]) {
        await page.goto(`${e2e.product.url}/my-pages/volunteers${path}`);
        await poll(() =>
          page
            .getByText(name === "wizard-group" ? owner.email : "Åby BK Flickor 2012")
            .first()
            .isVisible(),
        ).toBe(true);
        await expectNoAxeViolations(page, `${name} ${tag}`);
        await screenshot(page, `groups-${name}-${tag}`);
      }
      await page.context().close();
    }
  });
});

describe("an EVENT availability", () => {
  it("offers the published events and narrows the locations to the event's stations", async () => {
    const { app } = e2e.product;
    const organizer = await buildUser(app);
    const station = (name: string, municipality: string) => ({
      name,
      description: "Hjälp till",
      municipality,
      markerLocation: "",
      markerCoordinates: { lat: 57.7, lng: 11.9 },
      officialQuantity: 5,
      officialMiniumumAge: 13,
      skills: [],
      paymentType: "NOCOMPENSATION",
      groupPayment: null,
    });
    const event = await confirmedEvent(app, organizer, {
      event: { name: "Vårruset", startTime: "10:00", city: "Göteborg", organizerNumber: "802000-1239", organizerName: "Arr" },
      stations: [station("Start", "1480"), station("Vätska", "1280")],
    });

    const owner = await buildUser(app);
    const page = await newPage(e2e.browser);
    await signInAs(page, e2e.product, owner);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/new`);
    await field(page, "name").fill("Vårrusets hjälpare");
    await field(page, "organizationName").fill("IK Vår");
    await field(page, "organizationNumber").fill("8020001239");
    await field(page, "municipality").selectOption("0180");
    await field(page, "numberOfMembers").fill("10");
    await page.getByLabel("18 år och äldre", { exact: true }).check();
    await page.getByRole("button", { name: texts.sv.next }).click();

    await poll(() => field(page, "type").isVisible()).toBe(true);
    await field(page, "type").selectOption("EVENT");
    await poll(() => page.locator(`[name="eventId"] option[value="${event.id}"]`).count()).toBe(1);
    await field(page, "eventId").selectOption(event.id);
    // Only Göteborg and Malmö, where the stations are, remain (plus the empty choice).
    await poll(() => page.locator('[name="location"] option').allInnerTexts()).toEqual(["", "Göteborg", "Malmö"]);
    await field(page, "location").selectOption("1280");
    await expectNoAxeViolations(page, "event availability");
    await screenshot(page, "groups-event-availability-sv-1280");
    await page.getByRole("button", { name: texts.sv.next }).click();
    await poll(() => page.getByRole("button", { name: texts.sv.addVolunteer }).isVisible()).toBe(true);

    const [summary] = (await (
      await fetch(`${e2e.product.url}/api/groups/summaries`, { headers: { authorization: `Bearer ${owner.token}` } })
    ).json()) as Array<{
      id: string;
    }>;
    const list = await fetch(`${e2e.product.url}/api/groups/${summary.id}/availabilities`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(await list.json()).toEqual([
      { id: expect.any(String), type: "EVENT", eventId: event.id, startDate: null, endDate: null, location: "1280" },
    ]);
    await page.context().close();
  });
});

describe("a volunteer saved over someone else's change", () => {
  it("is refused with the conflict message; the save button is disabled on the click and enabled again after", async () => {
    const owner = await buildUser(e2e.product.app);
    const headers = { "content-type": "application/json", authorization: `Bearer ${owner.token}` };
    const group = await draftGroup(e2e.product.app, owner, {
      name: "Konfliktgruppen",
      organizationNumber: "802000-1239",
      organizationName: "IK Konflikt",
      municipality: "0180",
      numberOfMembers: 5,
      ages: ["15"],
      volunteers: [{ name: "Kim Berg", email: "kim@example.se", phone: "0701234567", age: 15 }],
    });

    const page = await newPage(e2e.browser);
    await signInAs(page, e2e.product, owner);
    await page.goto(`${e2e.product.url}/my-pages/volunteers/${group.id}/volunteers`);
    await poll(() => page.getByText("Kim Berg, 15").isVisible()).toBe(true);
    // Another contact (here: the same user elsewhere) saves in the meantime.
    const current = (await (await fetch(`${e2e.product.url}/api/groups/${group.id}`, { headers })).json()) as Record<
      string,
      unknown
    >;
    const other = await fetch(`${e2e.product.url}/api/groups/${group.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ ...current, numberOfMembers: 6 }),
    });
    expect(other.status).toBe(200);

    await page.getByRole("button", { name: "Redigera Kim Berg" }).click();
    await dialog(page).locator('[name="age"]').fill("16");
    const save = dialog(page).getByRole("button", { name: texts.sv.saveVolunteer });
    await save.click();
    expect(await save.isDisabled()).toBe(true);
    await poll(() => dialog(page).getByRole("alert").innerText()).toContain("Någon annan har ändrat detta under tiden");
    await poll(() => save.isDisabled()).toBe(false);
    await expectNoAxeViolations(page, "volunteer conflict");
    await page.context().close();
  });
});
