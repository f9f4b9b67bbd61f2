import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../helpers/factories.ts";
import { nameAttendees } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, dayFromNow, type Json, offerAt, stationId, type User } from "../helpers/seed.ts";
import { FakeSmsProvider, incomingForm } from "../helpers/sms.ts";
import { expectNoAxeViolations, fitsWidth, newPage, poll, screenshot, setUpProduct, signInAs } from "./harness.ts";

/**
 * Texts on the event's eve (issue 24), as the people see them: the organizer reminds every volunteer from
 * the Utskick tab and the provider (a local server speaking 46elks's API) gets the texts, a volunteer answers
 * NEJ, the group's contact sees it on the offer and sends a substitute, who is on the team leader's list.
 * A product of its own: it texts through the provider.
 */

const SECRET = "e2e-incoming-secret-0123456789";
const provider = await new FakeSmsProvider().start();
const e2e = setUpProduct({
  env: { SMS_URL: provider.url, SMS_FROM: "+46766861004", SMS_WEBHOOK_SECRET: SECRET, SMS_PER_SECOND: "1000" },
});
afterAll(() => provider.close());

const PEOPLE = [
  ["Alva Lund", "0701230001"],
  ["Bo Ek", "0701230002"],
  ["Cleo Ahl", "0701230003"],
  ["Dana Reserv", "0701230004"],
] as const;

let owner: User;
let leader: User;
let contact: User;
let event: Json;
let group: Json;
let s1: string;

beforeAll(async () => {
  const app = e2e.product.app;
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  leader = await buildUser(app, { firstName: "Sara", lastName: "Stationsansvarig", phone: "0701112233", language: "en" });
  contact = await buildUser(app, { firstName: "Anna", lastName: "Andersson", phone: "0702223344" });
  const date = dayFromNow(app, 3);
  event = await confirmedEvent(app, owner, {
    date,
    event: { name: "Kvällsloppet", included: [] },
    stations: [
      {
        name: "Vätska",
        teamLeaderEmail: leader.email,
        start: `${date}T08:00`,
        end: `${date}T12:00`,
        officialMiniumumAge: 0,
        skills: [],
      },
    ],
  });
  s1 = stationId(event, "Vätska");
  group = await confirmedGroup(app, contact, {
    name: "Gårda IF",
    ages: ["18+"],
    volunteers: PEOPLE.map(([name, phone], i) => ({
      name,
      email: `texts-e2e-${i}@example.se`,
      phone,
      age: 30,
      participation: [],
    })),
  });
  const key = { eventId: event.id, groupId: group.id, stationId: s1 };
  await offerAt(app, owner, contact, key, { volunteers: 3, to: "ACCEPTED" });
  const named = group.volunteers.slice(0, 3).map((v: Json) => v.id);
  expect((await nameAttendees(app, contact.token, key, { attendees: named })).status).toBe(200);
});

describe("the day-before reminder", () => {
  it("goes out from the Utskick tab, a NEJ reaches the group's contact, and the substitute is on the team leader's list", async () => {
    const { product, browser } = e2e;
    const organizer = await newPage(browser);
    await signInAs(organizer, product, owner);
    // Three days ahead the Idag tab is not open yet: the event's texts are on Utskick too.
    await organizer.goto(`${product.url}/my-pages/events/${event.id}/sendouts`);
    await organizer.getByRole("button", { name: "Påminn alla funktionärer nu" }).click();
    const dialog = organizer.getByRole("dialog", { name: "Påminn alla funktionärer" });
    await expect.poll(() => dialog.locator("[data-remind-preview]").getAttribute("data-remind-preview")).toBe("3/3/0");
    await expect.poll(() => dialog.textContent()).toContain("3 funktionärer får en påminnelse med mejl.");
    await expectNoAxeViolations(organizer, "remind dialog sv-1280");
    await dialog.getByRole("button", { name: "Skicka påminnelsen" }).click();
    await organizer.getByText("Påminnelsen är skickad: 3 med mejl, 3 av dem också med sms.").waitFor();
    await poll(() =>
      provider.texts
        .filter((t) => t.message.includes("Kvällsloppet"))
        .map((t) => t.to)
        .sort(),
    ).toEqual(["+46701230001", "+46701230002", "+46701230003"]);
    await poll(() => organizer.locator("[data-text-count=sent]").textContent()).toMatch(/^3/);

    // Bo cannot come.
    const answer = await fetch(`${product.url}/api/sms/incoming/${SECRET}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: incomingForm({ from: "+46701230002", message: "Nej, tyvärr sjuk" }),
    });
    expect(answer.status).toBe(200);
    await screenshot(organizer, "texts-sendouts-sv-1280");

    // The group's contact sees the NEJ on the offer and names Dana in Bo's place, on a phone.
    const groupPage = await newPage(browser, { width: 375, height: 800 });
    await signInAs(groupPage, product, contact);
    await groupPage.goto(`${product.url}/my-pages/volunteers/engagement/${event.id}/${group.id}/${s1}`);
    const missing = groupPage.locator('[data-missing="Bo Ek"]');
    await missing.waitFor();
    expect(await missing.getAttribute("data-why")).toBe("declined");
    await expect.poll(() => groupPage.locator('[data-answer="no"]').count()).toBe(1);
    expect(await fitsWidth(groupPage)).toBe(true);
    await expectNoAxeViolations(groupPage, "engagement with a NEJ sv-375");
    await screenshot(groupPage, "texts-engagement-sv-375");
    await missing.getByRole("combobox", { name: "Reserv i stället för Bo Ek" }).click();
    await groupPage.getByRole("option", { name: "Dana Reserv" }).click();
    await missing.getByRole("button", { name: "Sätt in reserven" }).click();
    await groupPage.getByText("Dana Reserv är anmäld i stället för Bo Ek.").waitFor();

    // The team leader's list (in English) has Dana, not Bo.
    const list = await newPage(browser, { width: 375, height: 800, language: "en" });
    await signInAs(list, product, leader);
    await list.goto(`${product.url}/my-pages/teamleaders/${event.id}/checkin/${s1}`);
    await list.locator('[data-person="Dana Reserv"]').waitFor();
    await poll(() => list.locator("[data-person]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-person")))).toEqual(
      ["Alva Lund", "Cleo Ahl", "Dana Reserv"],
    );
    await expectNoAxeViolations(list, "check-in after a substitute en-375");
    await screenshot(list, "texts-checkin-en-375");
  });
});
