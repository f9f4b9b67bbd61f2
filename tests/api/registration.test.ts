import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { rateEvents } from "../../src/server/db/schema.ts";
import {
  SIGN_UPS_PER_IP,
  SIGN_UPS_PER_LINK,
  SIGN_UPS_PER_LINK_AND_ADDRESS,
} from "../../src/server/features/registration/service.ts";
import { DAY } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { partsOf, plainTextOf } from "../helpers/files.ts";
import { call } from "../helpers/http.ts";
import { freshIp, mailingAppForFile, nthMail, req } from "../helpers/identity.ts";
import { eventOffers, groupOffer, nameAttendees, type OfferKey, settle } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, type Json, makeHistoric, offerAt, stationId, type User } from "../helpers/seed.ts";
import type { SunkMail } from "../helpers/smtp-sink.ts";

/**
 * Sign-up links (STAFFING §2 /link, /public/self-registration, /groups/addVolunteer), a minor's guardian's
 * yes and a volunteer's own removal (ADR 022), with mail read from a real SMTP sink.
 */

const file = mailingAppForFile();
let owner: User;
let contact: User;
let stranger: User;

beforeAll(async () => {
  owner = await buildUser(file.app, { firstName: "Olle", lastName: "Organisatör" });
  contact = await buildUser(file.app, { firstName: "Klara", lastName: "Kontakt" });
  stranger = await buildUser(file.app, { firstName: "Sten", lastName: "Främling" });
});

const SHIRTS_AND_FOOD = {
  included: ["CLOTHES", "FOOD"],
  shirtSizes: ["S", "M", "L"],
  foodOptions: ["VEGAN", "GLUTEN_FREE"],
  substitute: true,
};

interface Scene {
  event: Json;
  group: Json;
  key: OfferKey;
  link: string;
  url: string;
  hash: string;
}

/** A confirmed event with shirts, food and substitutes, and the contact's group with an ACCEPTED offer there. */
async function scene(
  options: { volunteers?: number; stations?: number; minimumAge?: number; event?: Record<string, unknown> } = {},
): Promise<Scene> {
  const { app } = file;
  const stations = Array.from({ length: options.stations ?? 1 }, (_, i) => ({
    name: `S${i + 1}`,
    ...(options.minimumAge === undefined ? {} : { officialMiniumumAge: options.minimumAge }),
  }));
  const event = await confirmedEvent(app, owner, { stations, event: { ...SHIRTS_AND_FOOD, ...options.event } });
  const group = await confirmedGroup(app, contact, { name: `Lunds BK ${Math.random().toString(36).slice(2, 6)}` });
  const key = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
  await offerAt(app, owner, contact, key, { to: "ACCEPTED", volunteers: options.volunteers ?? 3 });
  const res = await linkOf(contact, group.id, event.id);
  expect(res.status).toBe(200);
  return { event, group, key, link: res.body.link, url: res.body.url, hash: hashOf(res.body.link) };
}

const linkOf = (user: User | undefined, groupId: string, eventId: string, renew?: boolean) =>
  call(file.app.server, "POST", "/api/link", {
    token: user?.token,
    body: { groupId, eventId, ...(renew === undefined ? {} : { renew }) },
  });
const hashOf = (link: string) => link.split("/").pop() as string;
const read = (eventId: string, hash: string, ip = freshIp()) =>
  req(file.app, "GET", `/api/public/self-registration/${eventId}/${hash}`, { ip });

let people = 0;
/** A volunteer as the sign-up form sends them: an adult, with a shirt size, unless told otherwise. */
function volunteer(overrides: Record<string, unknown> = {}) {
  people++;
  return {
    name: `Vera Volontär ${people}`,
    email: `vera-${people}-${Math.random().toString(36).slice(2, 6)}@example.se`,
    phone: "070-111 22 33",
    age: 34,
    participation: { specialDiets: ["VEGAN"], shirtSize: "M", substitute: "" },
    ...overrides,
  };
}
const signUp = (s: Pick<Scene, "hash" | "event">, v: Record<string, unknown>, options: { ip?: string; language?: string } = {}) =>
  req(file.app, "POST", "/api/groups/addVolunteer", {
    ip: options.ip ?? freshIp(),
    body: { hash: s.hash, eventId: s.event.id, volunteer: v, ...(options.language ? { language: options.language } : {}) },
  });

const groupOf = async (groupId: string) =>
  (await call(file.app.server, "GET", `/api/groups/${groupId}`, { token: contact.token })).body;
const organizerAttendees = async (key: OfferKey) => {
  const offer = (await eventOffers(file.app, owner.token, key.eventId)).body.find((o: Json) => o.groupId === key.groupId);
  return (offer.group.attendees ?? []).map((a: Json) => a.name) as string[];
};
/** The mail confirming an adult's sign-up: one named at once gets their pass in a mail of its own as well. */
const signUpMail = (address: string) => nthMail(file.sink, address, 1, /^(Du är anmäld|You are signed up)/);
const mailsTo = async (address: string, atLeast = 1): Promise<SunkMail[]> => {
  await file.sink.waitFor(address, () => file.sink.mails.filter((m) => m.to.includes(address)).length >= atLeast, 15_000);
  return file.sink.mails.filter((m) => m.to.includes(address));
};
/** The path and query of the first link to `path` in a mail's text. */
const linkIn = (mail: SunkMail, path: string) => {
  const found = new RegExp(`https?://[^/\\s]+(${path}\\?token=[\\w.-]+)`).exec(plainTextOf(mail.raw));
  if (!found) throw new Error(`no ${path} link in ${mail.text}`);
  return new URL(found[1], "http://x").searchParams.get("token") as string;
};
/** The language the first link to `path` in a mail opens its page in (`&lang=`), as the person clicks it. */
const languageOfLink = (mail: SunkMail, path: string) =>
  new RegExp(`https?://[^/\\s]+${path}\\?token=[\\w.-]+&lang=(\\w+)`).exec(plainTextOf(mail.raw))?.[1];

describe("the sign-up link (POST /api/link)", () => {
  it("gives the group's contact the event's link, the same one each time", async () => {
    const s = await scene();
    expect(s.link).toBe(`/self-registration/${encodeURIComponent(s.group.name)}/${s.event.id}/${s.hash}`);
    expect(s.url).toBe(new URL(s.link, file.app.ctx.config.PUBLIC_URL).toString());
    // The group's id and a 256-bit MAC, nothing a person could guess.
    expect(s.hash).toMatch(/^[A-Za-z0-9_-]{65}$/);
    const again = await linkOf(contact, s.group.id, s.event.id);
    expect(again.body.link).toBe(s.link);
    const renewedNot = await linkOf(contact, s.group.id, s.event.id, false);
    expect(renewedNot.body.link).toBe(s.link);
  });

  it("makes a new link on renewal, and the old one stops working at once", async () => {
    const s = await scene();
    expect((await read(s.event.id, s.hash)).status).toBe(200);
    const renewed = await linkOf(contact, s.group.id, s.event.id, true);
    expect(renewed.status).toBe(200);
    const fresh = hashOf(renewed.body.link);
    expect(fresh).not.toBe(s.hash);
    const old = await read(s.event.id, s.hash);
    expect(old.status).toBe(404);
    expect(old.body.code).toBe("LinkInvalid");
    const oldSignUp = await signUp(s, volunteer());
    expect(oldSignUp.status).toBe(404);
    expect(oldSignUp.body.code).toBe("LinkInvalid");
    expect((await read(s.event.id, fresh)).status).toBe(200);
    expect((await signUp({ ...s, hash: fresh }, volunteer())).status).toBe(201);
  });

  it("is only for a group with an accepted offer at the event", async () => {
    const { app } = file;
    const event = await confirmedEvent(app, owner, { stations: [{}, {}] });
    const group = await confirmedGroup(app, contact);
    // Nothing offered yet, or only a DRAFT the group has not seen: the event is none of the group's business.
    expect((await linkOf(contact, group.id, event.id)).status).toBe(404);
    const key = { eventId: event.id, groupId: group.id, stationId: stationId(event, "S1") };
    await offerAt(app, owner, contact, key, { to: "DRAFT" });
    expect((await linkOf(contact, group.id, event.id)).status).toBe(404);
    await offerAt(app, owner, contact, { ...key, stationId: stationId(event, "S2") }, { to: "PROPOSAL" });
    const awaiting = await linkOf(contact, group.id, event.id);
    expect(awaiting.status).toBe(409);
    expect(awaiting.body.code).toBe("Conflict");
    const offer = (await groupOffer(app, contact.token, { ...key, stationId: stationId(event, "S2") })).body;
    expect(offer.abilities.shareLink).toBe(false);
  });

  it("closes when the event is past or finished, and the link given out stops working", async () => {
    const s = await scene();
    const offer = (await groupOffer(file.app, contact.token, s.key)).body;
    expect(offer.abilities.shareLink).toBe(true);
    // Ten days ago: past, even before the scheduler has made it HISTORIC.
    await file.app.ctx.db.execute(sql`UPDATE events SET date = (current_date - 10) WHERE id = ${s.event.id}`);
    const past = await linkOf(contact, s.group.id, s.event.id);
    expect(past.status).toBe(409);
    expect(past.body.code).toBe("EventHistoric");
    expect((await read(s.event.id, s.hash)).body.code).toBe("LinkInvalid");
    expect((await groupOffer(file.app, contact.token, s.key)).body.abilities.shareLink).toBe(false);
    await makeHistoric(file.app, s.event.id);
    expect((await linkOf(contact, s.group.id, s.event.id)).body.code).toBe("EventHistoric");
    expect((await signUp(s, volunteer())).body.code).toBe("LinkInvalid");
  });

  it("answers 404 to anyone but the group's contacts, and 401 without a sign-in", async () => {
    const s = await scene();
    for (const user of [stranger, owner]) {
      const res = await linkOf(user, s.group.id, s.event.id);
      expect(res.status, user.email).toBe(404);
      expect(res.body.code).toBe("NotFound");
    }
    expect((await linkOf(undefined, s.group.id, s.event.id)).status).toBe(401);
    const bad = await call(file.app.server, "POST", "/api/link", {
      token: contact.token,
      body: { groupId: "x", eventId: s.event.id },
    });
    expect(bad.status).toBe(400);
  });
});

describe("the sign-up page's read (GET /api/public/self-registration/{eventId}/{hash})", () => {
  it("shows the event, the group, its accepted stations and the questions, and no personal data", async () => {
    const s = await scene({ stations: 2 });
    await signUp(s, volunteer({ name: "Hemliga Hanna", email: "hanna.hemlig@example.se", phone: "0709998877" }));
    const res = await read(s.event.id, s.hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      eventId: s.event.id,
      eventName: s.event.name,
      date: s.event.date,
      startTime: s.event.startTime,
      city: s.event.city,
      organizerName: s.event.organizerName,
      groupName: s.group.name,
      shirtSizes: ["S", "M", "L"],
      foodOptions: ["VEGAN", "GLUTEN_FREE"],
      substitute: true,
    });
    // Only the station the group accepted, not the other one.
    expect(res.body.stations.map((x: Json) => x.name)).toEqual(["S1"]);
    expect(res.body.erasureDate > s.event.date).toBe(true);
    const text = JSON.stringify(res.body);
    for (const secret of [
      contact.email,
      owner.email,
      "hanna",
      "Hemliga",
      "9998877",
      s.event.organizerEmail,
      s.event.invoiceAddress,
    ])
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("asks only what the event offers", async () => {
    const s = await scene({ event: { included: [], shirtSizes: [], foodOptions: [], substitute: false } });
    const res = await read(s.event.id, s.hash);
    expect(res.body).toMatchObject({ shirtSizes: [], foodOptions: [], substitute: false });
    // Without shirts a volunteer gives no size, and a size sent anyway is not kept.
    const added = await signUp(s, volunteer({ participation: { specialDiets: [], shirtSize: "M" } }));
    expect(added.status).toBe(201);
    const stored = (await groupOf(s.group.id)).volunteers.find((v: Json) => v.id === added.body.id);
    expect(stored.participation).toEqual([{ eventId: s.event.id, specialDiets: [] }]);
  });

  it("answers LinkInvalid for a wrong, foreign or malformed hash", async () => {
    const s = await scene();
    const other = await scene();
    const flipped = `${s.hash.slice(0, -1)}${s.hash.endsWith("A") ? "B" : "A"}`;
    for (const [eventId, hash] of [
      [s.event.id, flipped],
      [other.event.id, s.hash],
      [s.event.id, other.hash],
      [s.event.id, "x"],
      [s.event.id, "A".repeat(65)],
      ["not-an-id", s.hash],
      [s.event.id, `${s.hash}%00`],
    ]) {
      const res = await read(eventId, hash);
      expect(res.status, `${eventId}/${hash}`).toBe(404);
      expect(res.body.code).toBe("LinkInvalid");
    }
  });
});

describe("signing up (POST /api/groups/addVolunteer)", () => {
  it("adds an adult to the group with what they state, and names them on the group's only station", async () => {
    const s = await scene();
    const before = await groupOf(s.group.id);
    const v = volunteer({
      name: "Anders Ask",
      email: "Anders.Ask@Example.se",
      participation: { specialDiets: ["GLUTEN_FREE"], shirtSize: "L", substitute: "Ersätter Bo" },
    });
    const res = await signUp(s, v);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), awaitingGuardian: false, named: true });
    const group = await groupOf(s.group.id);
    const stored = group.volunteers.find((x: Json) => x.id === res.body.id);
    expect(stored).toMatchObject({
      name: "Anders Ask",
      email: "anders.ask@example.se",
      phone: "+46701112233",
      age: 34,
      guardian: null,
      participation: [{ eventId: s.event.id, specialDiets: ["GLUTEN_FREE"], shirtSize: "L", substitute: "Ersätter Bo" }],
    });
    // A form read before the sign-up cannot save over it.
    expect(group.version).toBeGreaterThan(before.version);
    expect(await organizerAttendees(s.key)).toContain("Anders Ask");
    const mail = await signUpMail("anders.ask@example.se");
    expect(mail.subject).toContain(s.group.name);
    expect(linkIn(mail, "/volunteer-removal")).toBeTruthy();
    // Signed up without a language: the mail and its link are Swedish.
    expect(languageOfLink(mail, "/volunteer-removal")).toBe("sv");
  });

  it("does not name anyone at once when the group has several accepted stations, or the offer is full", async () => {
    const s = await scene({ volunteers: 1, stations: 2 });
    const first = await signUp(s, volunteer());
    expect(first.body.named).toBe(true);
    const full = await signUp(s, volunteer());
    expect(full.status).toBe(201);
    expect(full.body.named).toBe(false);
    await offerAt(file.app, owner, contact, { ...s.key, stationId: stationId(s.event, "S2") }, { to: "ACCEPTED", volunteers: 2 });
    const two = await signUp(s, volunteer());
    expect(two.body.named).toBe(false);
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(3);
  });

  it("does not name at once one younger than the station's minimum age: they join the group, unnamed", async () => {
    const s = await scene({ minimumAge: 21 });
    const young = await signUp(s, volunteer({ name: "Unga Ulla", age: 20 }));
    expect(young.status).toBe(201);
    expect(young.body.named).toBe(false);
    expect((await groupOf(s.group.id)).volunteers.map((v: Json) => v.name)).toContain("Unga Ulla");
    expect(await organizerAttendees(s.key)).not.toContain("Unga Ulla");
    const old = await signUp(s, volunteer({ name: "Vuxna Vera", age: 21 }));
    expect(old.body.named).toBe(true);
  });

  it("refuses an e-mail already in the group, whatever its case, and changes nothing", async () => {
    const s = await scene();
    const v = volunteer();
    expect((await signUp(s, v)).status).toBe(201);
    const again = await signUp(s, { ...v, email: v.email.toUpperCase(), name: "Någon Annan" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "EmailExists",
      fields: { "volunteer.email": "registration.validation.emailExists" },
    });
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(1);
  });

  it("refuses a bad link with LinkInvalid and adds no one", async () => {
    const s = await scene();
    for (const body of [
      { hash: `${s.hash.slice(0, 64)}x`, eventId: s.event.id },
      { hash: s.hash, eventId: "00000000-0000-4000-8000-000000000000" },
      { hash: "", eventId: s.event.id },
    ]) {
      const res = await req(file.app, "POST", "/api/groups/addVolunteer", {
        ip: freshIp(),
        body: { ...body, volunteer: volunteer() },
      });
      expect([400, 404]).toContain(res.status);
      if (res.status === 404) expect(res.body.code).toBe("LinkInvalid");
    }
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(0);
  });

  it("says what is wrong with each answer, checked against the event's questions", async () => {
    const s = await scene();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: " " }, "volunteer.name", "validation.required"],
      [{ email: "inte-en-adress" }, "volunteer.email", "validation.email"],
      [{ phone: "07-ABC" }, "volunteer.phone", "validation.phone"],
      [{ age: "tolv" }, "volunteer.age", "validation.integer"],
      [{ age: 121 }, "volunteer.age", "validation.invalid"],
      [{ participation: { specialDiets: [] } }, "volunteer.participation.shirtSize", "validation.required"],
      [{ participation: { specialDiets: [], shirtSize: "XXL" } }, "volunteer.participation.shirtSize", "validation.oneOf"],
      [
        { participation: { specialDiets: ["VEGETARIAN"], shirtSize: "M" } },
        "volunteer.participation.specialDiets",
        "validation.oneOf",
      ],
      [
        { participation: { specialDiets: ["KETO"], shirtSize: "M" } },
        "volunteer.participation.specialDiets.0",
        "validation.oneOf",
      ],
      [{ age: 15 }, "volunteer.guardian.name", "validation.required"],
      [{ age: 15, guardian: { name: "Gun", email: "nope" } }, "volunteer.guardian.email", "validation.email"],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await signUp(s, volunteer(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.code).toBe("ValidationError");
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(message);
    }
    const self = volunteer({ age: 16 });
    const sameAddress = await signUp(s, { ...self, guardian: { name: "Gun", email: self.email } });
    expect(sameAddress.body.fields["volunteer.guardian.email"]).toBe("registration.validation.guardianSelf");
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(0);
  });

  it("keeps hostile text as text, and what it does not ask for out of the group", async () => {
    const s = await scene();
    const other = await scene();
    const res = await signUp(s, {
      ...volunteer({ name: '<img src=x onerror="alert(1)">', email: "xss@example.se" }),
      id: "00000000-0000-4000-8000-000000000000",
      groupId: other.group.id,
      status: "CONFIRMED",
      guardianConfirmedAt: "2026-01-01",
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect((await groupOf(other.group.id)).volunteers).toHaveLength(0);
    const stored = (await groupOf(s.group.id)).volunteers[0];
    expect(stored.name).toBe('<img src=x onerror="alert(1)">');
    const mail = (await mailsTo("xss@example.se"))[0];
    const html = partsOf(mail.raw).find((p) => (p.headers["content-type"] ?? "").startsWith("text/html"));
    expect(html?.content.toString("utf8")).toContain("Hej &lt;img!");
    expect(html?.content.toString("utf8")).not.toContain("<img");
    for (const body of [
      { ...volunteer(), name: "a\u0000b" },
      { ...volunteer(), name: "x".repeat(251) },
      { ...volunteer(), participation: { specialDiets: "VEGAN", shirtSize: "M" } },
      { ...volunteer(), participation: { specialDiets: [], shirtSize: "M", substitute: "s".repeat(251) } },
    ]) {
      const bad = await signUp(s, body);
      expect(bad.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const notJson = await req(file.app, "POST", "/api/groups/addVolunteer", {
      ip: freshIp(),
      raw: "name=x",
      contentType: "text/plain",
    });
    expect(notJson.status).toBe(415);
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(1);
  });

  it("limits sign-ups per link and per client address, bad ones counted too", async () => {
    const s = await scene();
    const now = file.app.clock.now();
    await file.app.ctx.db.insert(rateEvents).values(
      Array.from({ length: SIGN_UPS_PER_LINK.limit }, () => ({
        key: `${SIGN_UPS_PER_LINK.name}:${s.group.id}:${s.event.id}`,
        at: now,
      })),
    );
    const overLink = await signUp(s, volunteer());
    expect(overLink.status).toBe(429);
    expect(overLink.body.code).toBe("LimitExceededException");

    const t = await scene();
    const ip = freshIp();
    await file.app.ctx.db
      .insert(rateEvents)
      .values(Array.from({ length: SIGN_UPS_PER_IP.limit - 1 }, () => ({ key: `${SIGN_UPS_PER_IP.name}:ip:${ip}`, at: now })));
    // The last try within the budget is a broken one; it still counts.
    expect((await signUp(t, volunteer({ email: "broken" }), { ip })).status).toBe(400);
    const overIp = await signUp(t, volunteer(), { ip });
    expect(overIp.status).toBe(429);
    expect(Number(overIp.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signUp(t, volunteer())).status).toBe(201);
    expect((await groupOf(t.group.id)).volunteers).toHaveLength(1);
  });

  it("lets 95 % of genuine sign-ups through while five addresses flood the link, each flooder held to its own budget", async () => {
    const s = await scene();
    const flooders = Array.from({ length: 5 }, () => freshIp());
    // The flood so far this hour, as the limits recorded it: 20 sign-ups from each of the five addresses.
    const now = file.app.clock.now();
    const linkKey = `${s.group.id}:${s.event.id}`;
    await file.app.ctx.db.insert(rateEvents).values(
      flooders.flatMap((ip) =>
        Array.from({ length: 20 }, () => [
          { key: `${SIGN_UPS_PER_LINK.name}:${linkKey}`, at: now },
          { key: `${SIGN_UPS_PER_LINK_AND_ADDRESS.name}:${linkKey}:${ip}`, at: now },
        ]).flat(),
      ),
    );
    // It goes on with 100 more, and in among them 20 members sign up, each from their own network.
    const attempts = Array.from({ length: 100 }, (_, i) => [
      ...(i % 5 === 2 ? [{ ip: freshIp(), genuine: true }] : []),
      { ip: flooders[i % 5], genuine: false },
    ]).flat();
    const answers: Array<{ genuine: boolean; ip: string; status: number }> = [];
    for (let i = 0; i < attempts.length; i += 10)
      answers.push(
        ...(await Promise.all(
          attempts.slice(i, i + 10).map(async (a) => ({ ...a, status: (await signUp(s, volunteer(), { ip: a.ip })).status })),
        )),
      );
    const genuine = answers.filter((a) => a.genuine);
    expect(genuine).toHaveLength(20);
    expect(genuine.filter((a) => a.status === 201).length / genuine.length).toBeGreaterThanOrEqual(0.95);
    // Each flooder got only what was left of its own budget; the rest were refused with 429.
    for (const ip of flooders) {
      const own = answers.filter((a) => a.ip === ip);
      expect(own.filter((a) => a.status === 201)).toHaveLength(SIGN_UPS_PER_LINK_AND_ADDRESS.limit - 20);
      expect(own.filter((a) => a.status !== 201).every((a) => a.status === 429)).toBe(true);
    }
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(5 * (SIGN_UPS_PER_LINK_AND_ADDRESS.limit - 20) + 20);
  });

  it("mails one guardian address at most 10 times a day, and a refused sign-up changes nothing", async () => {
    const s = await scene();
    const guardian = { name: "Greta Gräns", email: "greta.grans@example.se" };
    await file.app.ctx.db
      .insert(rateEvents)
      .values(Array.from({ length: 10 }, () => ({ key: `guardian-mail:${guardian.email}`, at: file.app.clock.now() })));
    const res = await signUp(s, volunteer({ age: 13, guardian }));
    expect(res.status).toBe(429);
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(0);
    // Another guardian's child is not held up by it.
    expect((await signUp(s, volunteer({ age: 13, guardian: { name: "Gun", email: "gun.annan@example.se" } }))).status).toBe(201);
  });

  it("names no more volunteers than the offer asks for when many sign up at once, and each address once", async () => {
    const s = await scene({ volunteers: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => signUp(s, volunteer())));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers.filter((a) => a.body.named)).toHaveLength(3);
    const offer = (await groupOffer(file.app, contact.token, s.key)).body;
    expect(offer.attendees).toHaveLength(3);
    const same = volunteer();
    const twins = await Promise.all(Array.from({ length: 5 }, () => signUp(s, same)));
    expect(twins.filter((a) => a.status === 201)).toHaveLength(1);
    expect(twins.filter((a) => a.status === 409)).toHaveLength(4);
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(11);
  });
});

describe("a minor's sign-up and their guardian's yes", () => {
  it("waits for the guardian, who confirms from the mail without an account; only then the minor counts", async () => {
    const s = await scene();
    const pupil = volunteer({
      name: "Elin Holm",
      email: "elin.holm@example.se",
      age: 15,
      guardian: { name: "Eva Holm", email: "eva.holm@example.se" },
    });
    const res = await signUp(s, pupil, { language: "en" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), awaitingGuardian: true, named: false });

    const stored = (await groupOf(s.group.id)).volunteers.find((v: Json) => v.id === res.body.id);
    expect(stored.guardian).toEqual({ name: "Eva Holm", email: "eva.holm@example.se", confirmed: false });
    expect(await organizerAttendees(s.key)).not.toContain("Elin Holm");
    // The contact cannot name them either until the guardian has said yes.
    const naming = await nameAttendees(file.app, contact.token, s.key, { attendees: [res.body.id] });
    expect(naming.status).toBe(400);
    expect(naming.body.fields["attendees.0"]).toBe("offers.validation.awaitingGuardian");

    const [guardianMail] = await mailsTo("eva.holm@example.se");
    expect(guardianMail.subject).toBe(`Confirm Elin Holm's sign-up for ${s.event.name}`);
    const [pupilMail] = await mailsTo("elin.holm@example.se");
    expect(plainTextOf(pupilMail.raw)).toContain("Eva Holm");
    // The mails' links open their pages in the mails' language.
    expect(languageOfLink(guardianMail, "/guardian-consent")).toBe("en");
    expect(languageOfLink(guardianMail, "/volunteer-removal")).toBe("en");
    expect(languageOfLink(pupilMail, "/volunteer-removal")).toBe("en");
    const token = linkIn(guardianMail, "/guardian-consent");
    const preview = await call(file.app.server, "POST", "/api/volunteers/guardian-consent/preview", { body: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      volunteerName: "Elin Holm",
      groupName: s.group.name,
      eventName: s.event.name,
      date: s.event.date,
      confirmed: false,
    });
    expect(preview.body.stations.map((x: Json) => x.name)).toEqual(["S1"]);

    const yes = await call(file.app.server, "POST", "/api/volunteers/guardian-consent", { body: { token } });
    expect(yes.status).toBe(204);
    expect((await call(file.app.server, "POST", "/api/volunteers/guardian-consent", { body: { token } })).status).toBe(204);
    expect(
      (await call(file.app.server, "POST", "/api/volunteers/guardian-consent/preview", { body: { token } })).body.confirmed,
    ).toBe(true);
    const after = (await groupOf(s.group.id)).volunteers.find((v: Json) => v.id === res.body.id);
    expect(after.guardian.confirmed).toBe(true);
    // Named at once on the group's only station, as an adult is at sign-up.
    expect(await organizerAttendees(s.key)).toContain("Elin Holm");
  });

  it("refuses a forged, foreign or expired guardian link", async () => {
    const s = await scene();
    const res = await signUp(s, volunteer({ age: 12, guardian: { name: "Gösta", email: "gosta@example.se" } }));
    const token = linkIn((await mailsTo("gosta@example.se"))[0], "/guardian-consent");
    const removal = linkIn((await mailsTo("gosta@example.se"))[0], "/volunteer-removal");
    for (const bad of [`${token.slice(0, -2)}xx`, removal, "x"]) {
      const answer = await call(file.app.server, "POST", "/api/volunteers/guardian-consent", { body: { token: bad } });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("LinkInvalid");
    }
    file.app.clock.advance(91 * DAY);
    try {
      const late = await call(file.app.server, "POST", "/api/volunteers/guardian-consent", { body: { token } });
      expect(late.body.code).toBe("LinkInvalid");
    } finally {
      file.app.clock.advance(-91 * DAY);
    }
    expect((await groupOf(s.group.id)).volunteers.find((v: Json) => v.id === res.body.id).guardian.confirmed).toBe(false);
  });
});

describe("a volunteer's own removal", () => {
  it("removes them from the group and the offer with one click from their mail, and tells the group's contacts", async () => {
    const s = await scene();
    const v = volunteer({ name: "Rut Ros", email: "rut.ros@example.se" });
    const res = await signUp(s, v);
    expect(res.body.named).toBe(true);
    const token = linkIn(await signUpMail("rut.ros@example.se"), "/volunteer-removal");
    const preview = await call(file.app.server, "POST", "/api/volunteers/removal/preview", { body: { token } });
    expect(preview.body).toEqual({ volunteerName: "Rut Ros", groupName: s.group.name });
    const contactMailsBefore = file.sink.mails.filter((m) => m.to.includes(contact.email)).length;

    expect((await call(file.app.server, "POST", "/api/volunteers/removal", { body: { token } })).status).toBe(204);
    expect((await groupOf(s.group.id)).volunteers).toHaveLength(0);
    expect((await groupOffer(file.app, contact.token, s.key)).body.attendees).toEqual([]);
    // Following the link again is no error; there is nothing left to show.
    expect((await call(file.app.server, "POST", "/api/volunteers/removal", { body: { token } })).status).toBe(204);
    expect((await call(file.app.server, "POST", "/api/volunteers/removal/preview", { body: { token } })).body.code).toBe(
      "LinkInvalid",
    );
    const told = await mailsTo(contact.email, contactMailsBefore + 1);
    expect(told.at(-1)?.subject).toBe(`Rut Ros har lämnat ${s.group.name}`);
    const forged = await call(file.app.server, "POST", "/api/volunteers/removal", { body: { token: `${token}x` } });
    expect(forged.body.code).toBe("LinkInvalid");
  });

  it("removes once when the link is followed 20 times at once: one mail to each contact, the version moved once", async () => {
    const s = await scene();
    const v = volunteer({ name: "Pia Parallell", email: "pia.parallell@example.se" });
    const res = await signUp(s, v);
    expect(res.status).toBe(201);
    const token = linkIn(await signUpMail("pia.parallell@example.se"), "/volunteer-removal");
    const before = await groupOf(s.group.id);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(file.app.server, "POST", "/api/volunteers/removal", { body: { token } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204));
    const after = await groupOf(s.group.id);
    expect(after.volunteers).toHaveLength(0);
    expect(after.version).toBe(before.version + 1);
    const told = await queryRows<{ n: number }>(
      file.app.ctx.db,
      sql`SELECT count(*)::int AS n FROM mails WHERE kind = 'volunteerLeft' AND "to" = ${contact.email}
        AND subject LIKE ${"Pia Parallell%"}`,
    );
    expect(told[0].n).toBe(1);
  });

  it("puts the removal link in a send-out to the volunteers, in the language they signed up in", async () => {
    const s = await scene();
    await signUp(s, volunteer({ name: "Eddie English", email: "eddie@example.se" }), { language: "en" });
    const sent = await call(file.app.server, "POST", `/api/events/${s.event.id}/sendout`, {
      token: owner.token,
      body: {
        stations: [s.key.stationId],
        recipientTypes: ["VOLUNTEERS"],
        subject: "Inför loppet",
        message: "Hej!",
        attachments: [],
      },
    });
    expect(sent.status).toBe(201);
    await settle(file.app);
    const mail = await nthMail(file.sink, "eddie@example.se", 1, "Inför loppet");
    expect(plainTextOf(mail.raw)).toContain("Remove your details here");
    const token = linkIn(mail, "/volunteer-removal");
    expect(languageOfLink(mail, "/volunteer-removal")).toBe("en");
    expect((await call(file.app.server, "POST", "/api/volunteers/removal/preview", { body: { token } })).body.volunteerName).toBe(
      "Eddie English",
    );
  });
});
