import { beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../helpers/factories.ts";
import { mailingAppForFile, mimePart, nthMail } from "../helpers/identity.ts";
import {
  answerOffer,
  createOffer,
  mailboxOf,
  type OfferKey,
  removeOffer,
  sendOffers,
  sendReminders,
  sentADayAgo,
  settle,
} from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, type Json, offerAt, stationId, type User } from "../helpers/seed.ts";
import type { SunkMail } from "../helpers/smtp-sink.ts";

/**
 * The mails of offers, read from a real SMTP sink: invitations (one per group and contact, all its
 * stations in it, in the recipient's language), reminders, withdrawals, and the answers to the event's
 * contacts.
 */

const file = mailingAppForFile();
let owner: User;
let coOrganizer: User;
let anna: User;
let emma: User;
let bertil: User;

beforeAll(async () => {
  const { app, sink } = file;
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  coOrganizer = await buildUser(app, { firstName: "Cecilia", lastName: "Medarrangör" });
  anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
  emma = await buildUser(app, { firstName: "Emma", lastName: "English", language: "en" });
  bertil = await buildUser(app, { firstName: "Bertil", lastName: "Berg" });
  // Their sign-up codes are out of the way before any test counts mail.
  for (const u of [owner, coOrganizer, anna, emma, bertil]) await nthMail(sink, u.email, 1);
  await settle(app);
});

const mailbox = () => mailboxOf(file);

const text = (m: SunkMail) => mimePart(m.raw, "text/plain") ?? m.text;
const html = (m: SunkMail) => mimePart(m.raw, "text/html") ?? "";

/** Runs `create`, which adds `added` as contacts, and waits for the mail that tells each of them so. */
async function addingContacts<T>(added: User[], create: () => Promise<T>): Promise<T> {
  const before = added.map((u) => file.sink.count(u.email));
  const created = await create();
  // Out of the way before a test counts the mail of offers.
  await Promise.all(added.map((u, i) => file.sink.waitFor(u.email, () => file.sink.count(u.email) > before[i], 15_000)));
  return created;
}

let n = 0;
async function event(stations: Array<Record<string, unknown>>, name?: string) {
  n++;
  return addingContacts([coOrganizer], () =>
    confirmedEvent(file.app, owner, {
      stations,
      event: { name: name ?? `Vårruset ${n}`, contactPersons: [{ email: coOrganizer.email, name: "Cecilia" }] },
    }),
  );
}
async function group(contact: User, name: string, others: User[] = []) {
  return addingContacts(others, () =>
    confirmedGroup(file.app, contact, {
      name,
      contactPersons: others.map((u) => ({ email: u.email, name: u.user.firstName })),
    }),
  );
}
const key = (e: Json, g: Json, station = "S1"): OfferKey => ({ eventId: e.id, groupId: g.id, stationId: stationId(e, station) });

describe("invitations", () => {
  it("one mail per group and contact listing all its stations, in each contact's language, with a link to the volunteers' pages", async () => {
    const { app } = file;
    const e = await event([{ name: "Entrén" }, { name: "Målgången" }, { name: "Vätskekontrollen" }]);
    const g1 = await group(anna, "Alby IF P15", [emma]);
    const g2 = await group(bertil, "Bergs BK F16");
    await createOffer(app, owner.token, key(e, g1, "Entrén"), 2);
    await createOffer(app, owner.token, key(e, g1, "Målgången"), 2);
    await createOffer(app, owner.token, key(e, g2, "Vätskekontrollen"), 2);
    const inbox = mailbox();
    const res = await sendOffers(app, owner.token, e.id, {});
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(3);
    const [toAnna, ...moreToAnna] = await inbox(anna.email, 1);
    const [toEmma, ...moreToEmma] = await inbox(emma.email, 1);
    const [toBertil, ...moreToBertil] = await inbox(bertil.email, 1);
    expect([moreToAnna, moreToEmma, moreToBertil]).toEqual([[], [], []]);
    for (const m of [toAnna, toEmma]) {
      expect(text(m)).toContain("Entrén");
      expect(text(m)).toContain("Målgången");
      expect(text(m)).not.toContain("Vätskekontrollen");
      expect(text(m)).toContain(e.name);
      expect(text(m)).toContain("/my-pages/volunteers");
    }
    expect(text(toBertil)).toContain("Vätskekontrollen");
    expect(text(toBertil)).not.toContain("Entrén");
    // Swedish by default, English for the contact who chose it.
    expect(html(toAnna)).toContain('lang="sv"');
    expect(html(toEmma)).toContain('lang="en"');
    expect(toEmma.subject).not.toBe(toAnna.subject);
    // The event's contacts are not invited.
    expect(await inbox(owner.email)).toEqual([]);
  });

  it("follows a language changed on the profile", async () => {
    const { app } = file;
    const switcher = await buildUser(app, { firstName: "Sigrid", lastName: "Språk" });
    await nthMail(file.sink, switcher.email, 1);
    const me = await app.server.inject({
      method: "PUT",
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${switcher.token}` },
      payload: { firstName: "Sigrid", lastName: "Språk", phone: "0701234567", language: "en" },
    });
    expect(me.statusCode, me.body).toBe(200);
    const e = await event([{}]);
    const g = await group(switcher, "Språkets IK");
    await createOffer(app, owner.token, key(e, g), 1);
    const inbox = mailbox();
    await sendOffers(app, owner.token, e.id, {});
    const [mail] = await inbox(switcher.email, 1);
    expect(html(mail)).toContain('lang="en"');
  });

  it("sends nothing for offers that are not DRAFT, and nothing twice", async () => {
    const { app } = file;
    const e = await event([{}, {}]);
    const g = await group(anna, "Två gånger IF");
    const first = mailbox();
    await offerAt(app, owner, anna, key(e, g, "S1"), { to: "PROPOSAL" });
    expect(await first(anna.email, 1)).toHaveLength(1);
    const inbox = mailbox();
    const again = await sendOffers(app, owner.token, e.id, {});
    expect(again.body).toEqual({ sent: 0, groups: [] });
    expect(await inbox(anna.email)).toEqual([]);
  });

  it("sends each invitation once when the organizer sends twice at the same moment", async () => {
    const { app } = file;
    const e = await event([{}, {}]);
    const g = await group(anna, "Dubbelklick IF", [emma]);
    await createOffer(app, owner.token, key(e, g, "S1"), 1);
    await createOffer(app, owner.token, key(e, g, "S2"), 1);
    const inbox = mailbox();
    const [a, b] = await Promise.all([sendOffers(app, owner.token, e.id, {}), sendOffers(app, coOrganizer.token, e.id, {})]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.sent + b.body.sent).toBe(2);
    await inbox(anna.email, 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await inbox(anna.email)).toHaveLength(a.body.sent && b.body.sent ? 2 : 1);
    expect(await inbox(emma.email)).toHaveLength(a.body.sent && b.body.sent ? 2 : 1);
  });

  it("escapes the organizer's texts in the HTML part", async () => {
    const { app } = file;
    const e = await event([{ name: '<img src=x onerror="alert(1)">' }], "<b>Fet</b> lopp");
    const g = await group(bertil, "Escape IF");
    await createOffer(app, owner.token, { eventId: e.id, groupId: g.id, stationId: e.stations[0].id }, 1);
    const inbox = mailbox();
    await sendOffers(app, owner.token, e.id, {});
    const [mail] = await inbox(bertil.email, 1);
    expect(html(mail)).not.toContain("<img");
    expect(html(mail)).not.toContain("<b>Fet");
    expect(text(mail)).toContain("<b>Fet</b> lopp");
  });
});

describe("reminders by hand", () => {
  it("one mail per contact of each group with offers awaiting its answer, none to groups that have answered", async () => {
    const { app } = file;
    const e = await event([{}, {}, {}]);
    const waiting = await group(anna, "Väntande IF", [emma]);
    const earlier = mailbox();
    const answered = await group(bertil, "Svarat BK");
    await offerAt(app, owner, anna, key(e, waiting, "S1"), { to: "PROPOSAL" });
    await offerAt(app, owner, anna, key(e, waiting, "S2"), { to: "PROPOSAL" });
    await offerAt(app, owner, bertil, key(e, answered, "S3"), { to: "ACCEPTED" });
    await Promise.all([earlier(anna.email, 2), earlier(emma.email, 2), earlier(bertil.email, 1), earlier(owner.email, 1)]);
    const inbox = mailbox();
    await sentADayAgo(app, e.id);
    const res = await sendReminders(app, owner.token, e.id);
    expect(res.body).toEqual({ groups: ["Väntande IF"], notReminded: [] });
    const toAnna = await inbox(anna.email, 1);
    expect(toAnna).toHaveLength(1);
    expect(text(toAnna[0])).toContain(e.name);
    expect(await inbox(emma.email, 1)).toHaveLength(1);
    expect(await inbox(bertil.email)).toEqual([]);
  });
});

describe("withdrawing", () => {
  it("deleting a DRAFT mails nobody; withdrawing a PROPOSAL or an ACCEPTED offer mails each contact of the group", async () => {
    const { app } = file;
    const e = await event([{ name: "Utkastet" }, { name: "Förslaget" }, { name: "Accepterat" }]);
    const g = await group(anna, "Dras tillbaka IF", [emma]);
    const earlier = mailbox();
    await offerAt(app, owner, anna, key(e, g, "Utkastet"), { to: "DRAFT" });
    await offerAt(app, owner, anna, key(e, g, "Förslaget"), { to: "PROPOSAL" });
    await offerAt(app, owner, anna, key(e, g, "Accepterat"), { to: "ACCEPTED" });
    // The two invitations and the news of the acceptance are in before anything is counted.
    await Promise.all([earlier(anna.email, 2), earlier(emma.email, 2), earlier(owner.email, 1)]);

    let inbox = mailbox();
    expect((await removeOffer(app, owner.token, key(e, g, "Utkastet"))).status).toBe(204);
    expect(await inbox(anna.email)).toEqual([]);
    expect(await inbox(emma.email)).toEqual([]);

    inbox = mailbox();
    expect((await removeOffer(app, owner.token, key(e, g, "Förslaget"))).status).toBe(204);
    const proposal = await inbox(anna.email, 1);
    expect(proposal).toHaveLength(1);
    expect(text(proposal[0])).toContain("Förslaget");
    expect(text(proposal[0])).toContain(e.name);
    expect(await inbox(emma.email, 1)).toHaveLength(1);

    inbox = mailbox();
    expect((await removeOffer(app, coOrganizer.token, key(e, g, "Accepterat"))).status).toBe(204);
    const accepted = await inbox(anna.email, 1);
    expect(accepted).toHaveLength(1);
    expect(text(accepted[0])).toContain("Accepterat");
    expect(await inbox(emma.email, 1)).toHaveLength(1);
    expect(await inbox(owner.email)).toEqual([]);
  });
});

describe("answers", () => {
  it("accepting and declining each mail every contact of the event, naming the group and the station", async () => {
    const { app } = file;
    const e = await event([{ name: "Norra porten" }, { name: "Södra porten" }]);
    const g = await group(bertil, "Svarande SK");
    const earlier = mailbox();
    await offerAt(app, owner, bertil, key(e, g, "Norra porten"), { to: "PROPOSAL" });
    await offerAt(app, owner, bertil, key(e, g, "Södra porten"), { to: "PROPOSAL" });
    await earlier(bertil.email, 2);

    let inbox = mailbox();
    expect((await answerOffer(app, bertil.token, key(e, g, "Norra porten"), "accept")).status).toBe(200);
    const accepted = await inbox(owner.email, 1);
    expect(accepted).toHaveLength(1);
    expect(await inbox(coOrganizer.email, 1)).toHaveLength(1);
    expect(text(accepted[0])).toContain("Svarande SK");
    expect(text(accepted[0])).toContain("Norra porten");

    inbox = mailbox();
    expect((await answerOffer(app, bertil.token, key(e, g, "Södra porten"), "reject")).status).toBe(200);
    const declined = await inbox(owner.email, 1);
    expect(declined).toHaveLength(1);
    expect(await inbox(coOrganizer.email, 1)).toHaveLength(1);
    expect(text(declined[0])).toContain("Svarande SK");
    expect(text(declined[0])).toContain("Södra porten");
    // Two different messages, not one text for both.
    expect(declined[0].subject).not.toBe(accepted[0].subject);
  });
});
