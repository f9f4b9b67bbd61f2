import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mapLink } from "../../src/shared/geo/map-link.ts";
import { buildUser } from "../helpers/factories.ts";
import { plainTextOf } from "../helpers/files.ts";
import { call } from "../helpers/http.ts";
import { freshIp, mailingAppForFile, mimePart, req } from "../helpers/identity.ts";
import { mailboxOf, nameAttendees, type OfferKey, settle } from "../helpers/offers.ts";
import { asUpdate, confirmedEvent, confirmedGroup, type Json, offerAt, stationId, type User } from "../helpers/seed.ts";
import type { SunkMail } from "../helpers/smtp-sink.ts";

/**
 * A volunteer's pass by mail (issue 23), read from a real SMTP sink: mailed once to each volunteer when they
 * are named, by their group's contact or through the group's sign-up link, and again when their station's
 * time or place changes; in the volunteer's language, with a link that opens their pass.
 */

const file = mailingAppForFile();
let owner: User;
let contact: User;
let leader: User;

beforeAll(async () => {
  owner = await buildUser(file.app, { firstName: "Olle", lastName: "Organisatör" });
  contact = await buildUser(file.app, { firstName: "Klara", lastName: "Kontakt" });
  leader = await buildUser(file.app, { firstName: "Sara", lastName: "Stationsansvarig", phone: "0701112233" });
  // Their sign-up codes are out of the way before any test counts mail.
  await settle(file.app);
});

const PLACE = { markerLocation: "Slottsskogen, Göteborg", markerCoordinates: { lat: 57.6859, lng: 11.9668 } };

interface Scene {
  event: Json;
  group: Json;
  key: OfferKey;
  /** The group's volunteers by first name: Sven and Nils (Swedish), Emily (English). */
  sven: Json;
  emily: Json;
  nils: Json;
}

let n = 0;
/** A confirmed event without shirts, its S1 led by `leader` 08:00–18:00, and a group that accepted three places there. */
async function scene(): Promise<Scene> {
  n++;
  const { app } = file;
  const event = await confirmedEvent(app, owner, {
    event: { name: `Göteborgsvarvet ${n}`, included: [] },
    stations: [{ ...PLACE, teamLeaderEmail: leader.email, officialMiniumumAge: 0, skills: [] }],
  });
  const tag = `${n}-${Math.random().toString(36).slice(2, 6)}`;
  const group = await confirmedGroup(app, contact, {
    name: `Majornas IK ${tag}`,
    volunteers: ["Sven Svensson", "Emily Evans", "Nils Nilsson"].map((name) => ({
      name,
      email: `${name.split(" ")[0].toLowerCase()}-${tag}@example.se`,
      phone: "0707654321",
      age: 30,
      participation: [],
    })),
  });
  const [sven, emily, nils] = group.volunteers;
  // As if Emily had signed up through the group's link in English: a volunteer's language is theirs.
  await app.ctx.db.execute(sql`UPDATE group_volunteers SET language = 'en' WHERE id = ${emily.id}`);
  const key = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
  await offerAt(app, owner, contact, key, { volunteers: 3, to: "ACCEPTED" });
  return { event, group, key, sven, emily, nils };
}

const mailbox = () => mailboxOf(file);

const text = (m: SunkMail) => plainTextOf(m.raw);
const html = (m: SunkMail) => mimePart(m.raw, "text/html") ?? "";

/** The pass link in a mail: its token and the language it opens the page in. */
function passLinkIn(m: SunkMail): { token: string; lang: string } {
  const found = /https?:\/\/[^/\s]+\/pass\/([A-Za-z0-9_-]+)\?lang=(\w+)/.exec(text(m));
  if (!found) throw new Error(`no pass link in ${text(m)}`);
  return { token: found[1], lang: found[2] };
}

/** The name on the pass a token opens. */
async function passName(token: string): Promise<string> {
  const res = await call(file.app.server, "GET", `/api/passes/${token}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.name;
}

const name = (s: Scene, who: Json[]) => nameAttendees(file.app, contact.token, s.key, { attendees: who.map((v) => v.id) });

/** The event as its contact reads it now, saved back with `station` changed on S1. */
async function saveStation(s: Scene, station: Record<string, unknown>) {
  const view = await call(file.app.server, "GET", `/api/events/${s.event.id}`, { token: owner.token });
  expect(view.status).toBe(200);
  const body = asUpdate(view.body);
  body.stations = body.stations.map((x: Json) => (x.id === s.key.stationId ? { ...x, ...station } : x));
  const res = await call(file.app.server, "PUT", `/api/events/${s.event.id}`, { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("the pass mailed on naming", () => {
  it("mails each volunteer named one pass in their language, whose link opens their pass; naming again mails only the new one", async () => {
    const s = await scene();
    const inbox = mailbox();
    expect((await name(s, [s.sven, s.emily])).status).toBe(200);

    const toSven = await inbox(s.sven.email, 1);
    const toEmily = await inbox(s.emily.email, 1);
    expect([toSven.length, toEmily.length]).toEqual([1, 1]);
    expect(await inbox(s.nils.email)).toEqual([]);

    const [sv, en] = [toSven[0], toEmily[0]];
    const date = s.event.date;
    expect(sv.subject).toBe(`Ditt funktionärspass till ${s.event.name}`);
    expect(html(sv)).toContain('lang="sv"');
    for (const line of [
      "Hej Sven!",
      `Du är anmäld som funktionär för ${s.group.name} på stationen S1 vid ${s.event.name}.`,
      `Tid: ${date} 08:00–18:00`,
      `Plats: ${PLACE.markerLocation}`,
      `Karta: ${mapLink(PLACE.markerCoordinates)}`,
      "Stationsansvarig: Sara Stationsansvarig, 070-111 22 33",
      "/volunteer-removal?token=",
    ])
      expect(text(sv)).toContain(line);

    expect(en.subject).toBe(`Your volunteer pass for ${s.event.name}`);
    expect(html(en)).toContain('lang="en"');
    for (const line of [
      "Hi Emily!",
      `Time: ${date} 08:00–18:00`,
      `Place: ${PLACE.markerLocation}`,
      "Team leader: Sara Stationsansvarig, 070-111 22 33",
    ])
      expect(text(en)).toContain(line);

    // Each link opens the pass of its own volunteer, in the mail's language.
    const [svLink, enLink] = [passLinkIn(sv), passLinkIn(en)];
    expect([svLink.lang, enLink.lang]).toEqual(["sv", "en"]);
    expect(await passName(svLink.token)).toBe("Sven Svensson");
    expect(await passName(enLink.token)).toBe("Emily Evans");

    const again = mailbox();
    expect((await name(s, [s.sven, s.emily, s.nils])).status).toBe(200);
    const toNils = await again(s.nils.email, 1);
    expect(toNils).toHaveLength(1);
    expect(await passName(passLinkIn(toNils[0]).token)).toBe("Nils Nilsson");
    // Those who stay named are not mailed again.
    expect(await again(s.sven.email)).toEqual([]);
    expect(await again(s.emily.email)).toEqual([]);
  });

  it("mails the pass to a volunteer whom the group's sign-up link names, and to a minor once their guardian says yes", async () => {
    const s = await scene();
    const link = await call(file.app.server, "POST", "/api/link", {
      token: contact.token,
      body: { groupId: s.group.id, eventId: s.event.id },
    });
    expect(link.status).toBe(200);
    const hash = String(link.body.link).split("/").pop();
    const signUp = (volunteer: Record<string, unknown>, language: string) =>
      req(file.app, "POST", "/api/groups/addVolunteer", {
        ip: freshIp(),
        body: {
          hash,
          eventId: s.event.id,
          language,
          volunteer: { phone: "070-111 22 33", participation: { specialDiets: [] }, ...volunteer },
        },
      });
    const inbox = mailbox();

    const adult = await signUp({ name: "Ada Andersson", email: `ada-${n}@example.se`, age: 34 }, "en");
    expect(adult.body).toMatchObject({ named: true });
    await file.sink.waitFor(`ada-${n}@example.se`, (m) => m.subject === `Your volunteer pass for ${s.event.name}`, 15_000);
    const toAda = await inbox(`ada-${n}@example.se`);
    // Their sign-up's own mail, and their pass.
    expect(toAda).toHaveLength(2);
    const pass = toAda.find((m) => m.subject.startsWith("Your volunteer pass")) as SunkMail;
    expect(passLinkIn(pass).lang).toBe("en");
    expect(await passName(passLinkIn(pass).token)).toBe("Ada Andersson");

    const minor = await signUp(
      {
        name: "Mio Månsson",
        email: `mio-${n}@example.se`,
        age: 14,
        guardian: { name: "Maria Månsson", email: `maria-${n}@example.se` },
      },
      "sv",
    );
    expect(minor.body).toMatchObject({ named: false, awaitingGuardian: true });
    const guardianMail = await file.sink.waitFor(`maria-${n}@example.se`, () => true, 15_000);
    const consent = /\/guardian-consent\?token=([\w.-]+)/.exec(text(guardianMail))?.[1];
    expect(await inbox(`mio-${n}@example.se`)).toHaveLength(1);
    const yes = await call(file.app.server, "POST", "/api/volunteers/guardian-consent", { body: { token: consent } });
    expect(yes.status).toBe(204);
    const toMio = await inbox(`mio-${n}@example.se`, 2);
    expect(toMio).toHaveLength(2);
    expect(toMio[1].subject).toBe(`Ditt funktionärspass till ${s.event.name}`);
    expect(await passName(passLinkIn(toMio[1]).token)).toBe("Mio Månsson");
  });
});

describe("the pass mailed again on a change", () => {
  it("mails the named volunteers once each when their station's start changes, with the new time; a new description mails nobody", async () => {
    const s = await scene();
    expect((await name(s, [s.sven, s.emily])).status).toBe(200);
    const date = s.event.date;
    await settle(file.app);

    const moved = mailbox();
    await saveStation(s, { start: `${date}T07:30` });
    const toSven = await moved(s.sven.email, 1);
    const toEmily = await moved(s.emily.email, 1);
    expect([toSven.length, toEmily.length]).toEqual([1, 1]);
    expect(toSven[0].subject).toBe(`Ändrad tid eller plats – ditt funktionärspass till ${s.event.name}`);
    expect(text(toSven[0])).toContain(`Tid: ${date} 07:30–18:00`);
    expect(toEmily[0].subject).toBe(`Changed time or place – your volunteer pass for ${s.event.name}`);
    expect(text(toEmily[0])).toContain(`Time: ${date} 07:30–18:00`);
    expect(await passName(passLinkIn(toSven[0]).token)).toBe("Sven Svensson");
    // Nils is in the group but not named there.
    expect(await moved(s.nils.email)).toEqual([]);

    const described = mailbox();
    await saveStation(s, { description: "Vätskekontroll vid 10 km" });
    expect(await described(s.sven.email)).toEqual([]);
    expect(await described(s.emily.email)).toEqual([]);

    const placed = mailbox();
    const elsewhere = { lat: 57.6989, lng: 11.9533 };
    await saveStation(s, { markerLocation: "Järntorget", markerCoordinates: elsewhere });
    const [again] = await placed(s.sven.email, 1);
    expect(text(again)).toContain("Plats: Järntorget");
    expect(text(again)).toContain(mapLink(elsewhere));
    expect(await placed(s.sven.email)).toHaveLength(1);
  });
});
