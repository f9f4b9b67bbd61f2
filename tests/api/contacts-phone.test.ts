import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventContacts, groupContacts } from "../../src/server/db/schema.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { appForFile } from "../helpers/identity.ts";
import { eventOffers } from "../helpers/offers.ts";
import {
  asUpdate,
  confirmedEvent,
  confirmedGroup,
  createEvent,
  groupBody,
  type Json,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * Someone added as a contact person has not agreed to anything yet: the others see their phone only once
 * they have opened the event or group themselves. They always see their own, and a creator's entry
 * counts as seen from the start.
 */

const file = appForFile();
const MINUTE = 60_000;

const phonesIn = (view: Json) =>
  Object.fromEntries(view.contactPersons.map((c: { email: string; phone: string }) => [c.email, c.phone]));

const people = async () => {
  const { app } = file;
  const owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör", phone: "0701111111" });
  const added = await buildUser(app, { firstName: "Cecilia", lastName: "Kontakt", phone: "0702222222" });
  return { owner, added };
};

const readEvent = async (who: User, id: string) => {
  const res = await call(file.app.server, "GET", `/api/events/${id}`, { token: who.token });
  expect(res.status).toBe(200);
  return res.body;
};
const readGroup = async (who: User, id: string) => {
  const res = await call(file.app.server, "GET", `/api/groups/${id}`, { token: who.token });
  expect(res.status).toBe(200);
  return res.body;
};

describe("an event's contact persons", () => {
  it("hide an added contact's phone from the others until that contact has opened the event", async () => {
    const { app } = file;
    const { owner, added } = await people();
    const event = await createEvent(app, owner.token, { contactPersons: [{ email: added.email }] });
    expect(phonesIn(event)).toEqual({ [owner.email]: "+46701111111", [added.email]: "" });
    // Read and kept in the view cache before the added contact looks.
    expect(phonesIn(await readEvent(owner, event.id))[added.email]).toBe("");

    const own = await readEvent(added, event.id);
    expect(phonesIn(own)).toEqual({ [owner.email]: "+46701111111", [added.email]: "+46702222222" });
    expect(phonesIn(await readEvent(owner, event.id))[added.email]).toBe("+46702222222");
  });

  it("marks the first look only: later reads leave seen_at as it was", async () => {
    const { app } = file;
    const { owner, added } = await people();
    const event = await createEvent(app, owner.token, { contactPersons: [{ email: added.email }] });
    // Creator first, then the added contact.
    const seenAt = async () =>
      (
        await app.ctx.db
          .select({ seenAt: eventContacts.seenAt })
          .from(eventContacts)
          .where(eq(eventContacts.eventId, event.id))
          .orderBy(desc(eventContacts.creator))
      ).map((r) => r.seenAt?.getTime() ?? null);
    expect((await seenAt())[0]).not.toBeNull();
    await readEvent(added, event.id);
    const first = await seenAt();
    expect(first.every((t) => t !== null)).toBe(true);
    app.clock.advance(5 * MINUTE);
    await readEvent(added, event.id);
    await readEvent(owner, event.id);
    expect(await seenAt()).toEqual(first);
  });

  it("keeps the rule through a save: a form sent back with the empty phone changes nothing", async () => {
    const { app } = file;
    const { owner, added } = await people();
    const event = await createEvent(app, owner.token, { contactPersons: [{ email: added.email }] });
    const saved = await call(app.server, "PUT", `/api/events/${event.id}`, {
      token: owner.token,
      body: asUpdate(await readEvent(owner, event.id), { city: "Uppsala" }),
    });
    expect(saved.status).toBe(200);
    expect(phonesIn(saved.body)[added.email]).toBe("");
    await readEvent(added, event.id);
    expect(phonesIn(await readEvent(owner, event.id))[added.email]).toBe("+46702222222");
  });
});

describe("a group's contact persons", () => {
  it("hide an added contact's phone from the others until that contact has opened the group", async () => {
    const { app } = file;
    const { owner, added } = await people();
    const created = await call(app.server, "POST", "/api/groups", {
      token: owner.token,
      body: groupBody({ contactPersons: [{ email: added.email }] }),
    });
    expect(created.status).toBe(201);
    expect(phonesIn(created.body)).toEqual({ [owner.email]: "+46701111111", [added.email]: "" });
    expect(phonesIn(await readGroup(owner, created.body.id))[added.email]).toBe("");

    expect(phonesIn(await readGroup(added, created.body.id))).toEqual({
      [owner.email]: "+46701111111",
      [added.email]: "+46702222222",
    });
    expect(phonesIn(await readGroup(owner, created.body.id))[added.email]).toBe("+46702222222");
    const [row] = await app.ctx.db
      .select()
      .from(groupContacts)
      .where(and(eq(groupContacts.groupId, created.body.id), eq(groupContacts.userId, created.body.contactPersons[1].id)));
    expect(row.seenAt).not.toBeNull();
  });

  it("hide it in the CSV export too", async () => {
    const { app } = file;
    const { owner, added } = await people();
    const group = await confirmedGroup(app, owner, { contactPersons: [{ email: added.email }] });
    const csv = await call(app.server, "GET", `/api/groups/${group.id}/export.csv`, { token: owner.token });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(added.email);
    expect(String(csv.body)).not.toContain("+46702222222");
    expect(String(csv.body)).not.toContain("070-222 22 22");
  });
});

describe("an accepted offer's group contacts, as the organizer sees them", () => {
  it("show a contact's phone only once that contact has opened the group", async () => {
    const { app } = file;
    const { owner: organizer } = await people();
    const { owner: groupOwner, added } = await people();
    const event = await confirmedEvent(app, organizer);
    const group = await confirmedGroup(app, groupOwner, { contactPersons: [{ email: added.email }] });
    const key = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
    await offerAt(app, organizer, groupOwner, key, { to: "ACCEPTED" });
    const contacts = async () => {
      const res = await eventOffers(app, organizer.token, event.id);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        res.body[0].group.contactPersons.map((c: { email: string; phone: string }) => [c.email, c.phone]),
      );
    };
    expect(await contacts()).toEqual({ [groupOwner.email]: "+46701111111", [added.email]: "" });
    await readGroup(added, group.id);
    expect((await contacts())[added.email]).toBe("+46702222222");
  });
});
