import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventContacts, groups } from "../../src/server/db/schema.ts";
import { signToken } from "../../src/server/identity/tokens.ts";
import { DAY } from "../helpers/clock.ts";
import { buildUser, uniqueEmail } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError, mailingAppForFile, mimePart, nthMail, userRow } from "../helpers/identity.ts";
import { settle } from "../helpers/offers.ts";
import { asUpdate, createEvent, draftGroup, type Json, type User } from "../helpers/seed.ts";
import type { SunkMail } from "../helpers/smtp-sink.ts";

/**
 * Whoever is added as a contact person by someone else gets a mail saying who added them where, with a
 * link that removes them again: a public page, its preview and the leave call behind it.
 */

const file = mailingAppForFile();
let owner: User;
let cecilia: User;
let emma: User;

beforeAll(async () => {
  const { app, sink } = file;
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  cecilia = await buildUser(app, { firstName: "Cecilia", lastName: "Kontakt" });
  emma = await buildUser(app, { firstName: "Emma", lastName: "English", language: "en" });
  // Their sign-up codes are out of the way before any test counts mail.
  for (const u of [owner, cecilia, emma]) await nthMail(sink, u.email, 1);
});

const text = (m: SunkMail) => mimePart(m.raw, "text/plain") ?? m.text;
const ADDED = /kontaktperson|contact/i;
const addedMails = (address: string) => file.sink.mails.filter((m) => m.to.includes(address) && ADDED.test(m.subject));

/** The newest "you were added" mail to `address`, waiting for the n-th one. */
async function addedMail(address: string, n: number): Promise<SunkMail> {
  await file.sink.waitFor(address, () => addedMails(address).length >= n, 15_000);
  return addedMails(address)[n - 1];
}

function tokenIn(mail: SunkMail): string {
  const match = /\/contact-removal\?token=([\w.-]+)/.exec(text(mail));
  if (!match) throw new Error(`no removal link in: ${text(mail)}`);
  return match[1];
}

/** The language the mail's removal link opens its page in (`&lang=`). */
const languageOfLink = (mail: SunkMail) => /\/contact-removal\?token=[\w.-]+&lang=(\w+)/.exec(text(mail))?.[1];

const preview = (token: unknown) => call(file.app.server, "POST", "/api/contacts/leave/preview", { body: { token } });
const leave = (token: unknown) => call(file.app.server, "POST", "/api/contacts/leave", { body: { token } });
const emailsOf = (view: Json) => view.contactPersons.map((c: { email: string }) => c.email);

async function groupWith(creator: User, others: User[], name = "IFK Exempel P12") {
  return draftGroup(file.app, creator, { name, contactPersons: others.map((u) => ({ email: u.email })) });
}

/** A link token as the mail would carry it, for a person the test picks (e.g. the creator, who gets no mail). */
async function linkFor(email: string, target: { event?: string; group?: string }) {
  const user = await userRow(file.app, email);
  return signToken(file.app.ctx.secret, "leave-contact", { sub: user.id, ...target }, file.app.clock.now(), 30 * 24 * 3600);
}

describe("the mail to an added contact person", () => {
  it("tells who added them to which event, in their language, with a link; the creator and unchanged saves mail nobody", async () => {
    const { app } = file;
    const before = { owner: addedMails(owner.email).length, cecilia: addedMails(cecilia.email).length };
    const event = await createEvent(app, owner.token, { name: "Vårruset", contactPersons: [{ email: cecilia.email }] });
    const mail = await addedMail(cecilia.email, before.cecilia + 1);
    expect(mail.subject).toBe("Du är nu kontaktperson för evenemanget Vårruset");
    expect(text(mail)).toContain("Hej Cecilia!");
    expect(text(mail)).toContain("Olle Organisatör har lagt till dig som kontaktperson för evenemanget Vårruset");
    expect(text(mail)).toContain(`/my-pages/events/${event.id}`);
    tokenIn(mail);
    expect(languageOfLink(mail)).toBe("sv");

    const saved = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(event, { city: "Uppsala" }),
    });
    expect(saved.status).toBe(200);
    const withEmma = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(saved.body, { contactPersons: [...saved.body.contactPersons, { email: emma.email }] }),
    });
    expect(withEmma.status).toBe(200);
    const english = await addedMail(emma.email, addedMails(emma.email).length + 1);
    expect(english.subject).toBe("You are now an event contact for Vårruset");
    // The removal page opens in the mail's language, whatever the browser that opens it speaks.
    expect(languageOfLink(english)).toBe("en");
    await settle(app);
    expect(addedMails(cecilia.email)).toHaveLength(before.cecilia + 1);
    expect(addedMails(owner.email)).toHaveLength(before.owner);
  });

  it("tells of a group too, and reaches an invited new user after their invitation", async () => {
    const { app, sink } = file;
    const address = uniqueEmail("invited");
    const invited = await call(app.server, "POST", "/api/user", {
      token: owner.token,
      body: { email: address, firstName: "Ingrid", lastName: "Inbjuden", phoneNumber: "+46703333333" },
    });
    expect(invited.status).toBe(201);
    const group = await groupWith(owner, [], "Alby IF P15");
    const saved = await call(app.server, "PUT", `/api/groups/${group.id}`, {
      token: owner.token,
      body: { ...group, contactPersons: [...group.contactPersons, { email: address }] },
    });
    expect(saved.status).toBe(200);
    await nthMail(sink, address, 2);
    const subjects = sink.mails.filter((m) => m.to.includes(address)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects.some((s) => /bjudit in dig/.test(s))).toBe(true);
    const mail = await addedMail(address, 1);
    expect(mail.subject).toBe("Du är nu kontaktperson för gruppen Alby IF P15");
    expect(text(mail)).toContain("Olle Organisatör har lagt till dig som kontaktperson för gruppen Alby IF P15");
    expect(text(mail)).toContain(`/my-pages/volunteers/${group.id}`);
  });
});

describe("the link in it", () => {
  it("shows what it is about and removes its person from the event; following it again is no error", async () => {
    const { app } = file;
    const n = addedMails(cecilia.email).length;
    const event = await createEvent(app, owner.token, { name: "Midnattsloppet", contactPersons: [{ email: cecilia.email }] });
    const token = tokenIn(await addedMail(cecilia.email, n + 1));
    // Read by the owner before, so a kept view must not outlive the change.
    expect(emailsOf((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body)).toContain(
      cecilia.email,
    );

    expect(await preview(token)).toMatchObject({
      status: 200,
      body: { kind: "event", name: "Midnattsloppet", email: cecilia.email, contact: true },
    });
    expect((await leave(token)).status).toBe(204);
    expect((await call(app.server, "GET", `/api/events/${event.id}`, { token: cecilia.token })).status).toBe(404);
    const after = (await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body;
    expect(emailsOf(after)).toEqual([owner.email]);
    // A form read before the removal is stale now, so saving it cannot add her back unnoticed.
    expect(after.version).toBe(event.version + 1);
    const stale = await call(app.server, "PUT", `/api/events/${event.id}`, { token: owner.token, body: asUpdate(event) });
    expect(stale.status).toBe(409);

    expect((await preview(token)).body).toMatchObject({ contact: false });
    expect((await leave(token)).status).toBe(204);
  });

  it("removes its person from a group", async () => {
    const n = addedMails(emma.email).length;
    const group = await groupWith(owner, [emma], "Leave IF");
    const token = tokenIn(await addedMail(emma.email, n + 1));
    expect((await preview(token)).body).toEqual({ kind: "group", name: "Leave IF", email: emma.email, contact: true });
    expect((await leave(token)).status).toBe(204);
    expect((await call(file.app.server, "GET", `/api/groups/${group.id}`, { token: emma.token })).status).toBe(404);
    const left = (await call(file.app.server, "GET", `/api/groups/${group.id}`, { token: owner.token })).body;
    expect(emailsOf(left)).toEqual([owner.email]);
    expect(left.version).toBe(group.version + 1);
  });

  it("never removes the creator of an event or a group: 409 CreatorStays", async () => {
    const { app } = file;
    const event = await createEvent(app, owner.token, { contactPersons: [{ email: cecilia.email }] });
    const group = await groupWith(owner, [cecilia]);
    for (const target of [{ event: event.id }, { group: group.id }]) {
      const res = await leave(await linkFor(owner.email, target));
      expectCleanError(res, "CreatorStays", 409);
    }
    expect(emailsOf((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body)).toContain(
      owner.email,
    );
    expect(emailsOf((await call(app.server, "GET", `/api/groups/${group.id}`, { token: owner.token })).body)).toContain(
      owner.email,
    );
  });

  it("never removes the last contact: 409 LastContact", async () => {
    const { app } = file;
    // A group whose creator's account is gone, left with one contact.
    const group = await groupWith(owner, [cecilia]);
    await app.ctx.db.update(groups).set({ createdBy: null }).where(eq(groups.id, group.id));
    expect((await leave(await linkFor(owner.email, { group: group.id }))).status).toBe(204);
    expectCleanError(await leave(await linkFor(cecilia.email, { group: group.id })), "LastContact", 409);
    // The same for an event whose creator's entry went with their account.
    const event = await createEvent(app, owner.token, { contactPersons: [{ email: cecilia.email }] });
    await app.ctx.db.update(eventContacts).set({ creator: false }).where(eq(eventContacts.eventId, event.id));
    expect((await leave(await linkFor(owner.email, { event: event.id }))).status).toBe(204);
    expectCleanError(await leave(await linkFor(cecilia.email, { event: event.id })), "LastContact", 409);
    expect(emailsOf((await call(app.server, "GET", `/api/events/${event.id}`, { token: cecilia.token })).body)).toEqual([
      cecilia.email,
    ]);
  });
});

describe("who may use the leave routes", () => {
  it("answers 400 without a token, whoever asks, and changes nothing", async () => {
    for (const url of ["/api/contacts/leave", "/api/contacts/leave/preview"]) {
      expectCleanError(await call(file.app.server, "POST", url, { body: {} }), "ValidationError", 400);
      expectCleanError(await call(file.app.server, "POST", url, { token: owner.token, body: {} }), "ValidationError", 400);
    }
  });

  it("answers 404 LinkInvalid to a forged, altered, expired or foreign token, and to an access token", async () => {
    const { app } = file;
    const event = await createEvent(app, owner.token, { contactPersons: [{ email: cecilia.email }] });
    const genuine = await linkFor(cecilia.email, { event: event.id });
    const [head, payload, signature] = genuine.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const other = await createEvent(app, owner.token, { contactPersons: [{ email: emma.email }] });
    const altered = [head, Buffer.from(JSON.stringify({ ...claims, event: other.id })).toString("base64url"), signature].join(
      ".",
    );
    const foreign = await signToken(
      new Uint8Array(32).fill(7),
      "leave-contact",
      { sub: claims.sub, event: event.id },
      app.clock.now(),
      DAY,
    );
    const wrongType = await signToken(app.ctx.secret, "new-password", { sub: claims.sub }, app.clock.now(), DAY);
    const bothTargets = await linkFor(cecilia.email, { event: event.id, group: event.id });
    for (const token of ["not-a-token", altered, foreign, wrongType, owner.token, bothTargets]) {
      expectCleanError(await preview(token), "LinkInvalid", 404);
      expectCleanError(await leave(token), "LinkInvalid", 404);
    }
    app.clock.advance(31 * DAY);
    expectCleanError(await leave(genuine), "LinkInvalid", 404);
    app.clock.advance(-31 * DAY);
    expect(emailsOf((await call(app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body)).toContain(
      cecilia.email,
    );
    expect(emailsOf((await call(app.server, "GET", `/api/events/${other.id}`, { token: owner.token })).body)).toContain(
      emma.email,
    );
  });
});
