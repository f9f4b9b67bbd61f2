import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { events } from "../../src/server/db/schema.ts";
import { participationErasure } from "../../src/server/features/registration/service.ts";
import { DAY, HOUR } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { freshIp, mailingAppForFile, req } from "../helpers/identity.ts";
import { nameAttendees, type OfferKey, settle } from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, type Json, offerAt, stationId, type User } from "../helpers/seed.ts";

/**
 * What volunteers stated for an event (diets, shirt size, substitute, guardian) is erased 30 days after the
 * event became HISTORIC; the groups' contacts are told a week before (ADR 022). The sweep runs on the app's
 * clock, which the test moves.
 */

const file = mailingAppForFile();
let owner: User;
let contact: User;

beforeAll(async () => {
  owner = await buildUser(file.app);
  contact = await buildUser(file.app, { firstName: "Klara", lastName: "Kontakt" });
  await settle(file.app);
});

/**
 * One run of the hourly sweep at the app's clock now. The app's own worker may run it as well once the clock
 * has moved (it is the same job): the tests look at what was done, not at which run did it.
 */
async function sweep() {
  const p = participationErasure(file.app.ctx);
  await file.app.ctx.db.transaction((tx) => p.run(tx, file.app.clock.now()));
  await settle(file.app);
}

const stamps = async (eventId: string) =>
  (
    await queryRows<{ noticed: boolean; erased: boolean }>(
      file.app.ctx.db,
      sql`SELECT erasure_notice_at IS NOT NULL AS noticed, participation_erased_at IS NOT NULL AS erased
        FROM events WHERE id = ${eventId}`,
    )
  )[0];

interface Scene {
  event: Json;
  other: Json;
  group: Json;
  key: OfferKey;
  ids: { adult: string; confirmedMinor: string; waitingMinor: string; byHand: string };
}

/**
 * A finished event (HISTORIC from now on the app's clock) whose group has an adult and two minors who signed
 * up through the link (one guardian said yes, one never did) and a volunteer the contact entered, who also
 * stated something for another event; attendance was recorded.
 */
async function scene(): Promise<Scene> {
  const { app } = file;
  const event = await confirmedEvent(app, owner, {
    event: { included: ["CLOTHES", "FOOD"], shirtSizes: ["S", "M"], foodOptions: ["VEGAN"], substitute: true },
  });
  const other = await confirmedEvent(app, owner, { days: 60 });
  const group = await confirmedGroup(app, contact, {
    volunteers: [
      {
        name: "Hand Inskriven",
        email: `hand-${Math.random().toString(36).slice(2, 8)}@example.se`,
        phone: "0701234567",
        age: 40,
        participation: [
          { eventId: event.id, specialDiets: ["VEGAN"], shirtSize: "S" },
          { eventId: other.id, specialDiets: [], shirtSize: "M" },
        ],
      },
    ],
  });
  const key = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
  await offerAt(app, owner, contact, key, { to: "ACCEPTED", volunteers: 5 });
  const link = (
    await call(app.server, "POST", "/api/link", { token: contact.token, body: { groupId: group.id, eventId: event.id } })
  ).body.link as string;
  const hash = link.split("/").pop();
  const signUp = async (name: string, age: number, guardian?: string) => {
    const res = await req(app, "POST", "/api/groups/addVolunteer", {
      ip: freshIp(),
      body: {
        hash,
        eventId: event.id,
        volunteer: {
          name,
          email: `${name.split(" ")[0].toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.se`,
          phone: "0707654321",
          age,
          participation: { specialDiets: ["VEGAN"], shirtSize: "M", substitute: "Ersätter Kim" },
          ...(guardian
            ? {
                guardian: {
                  name: guardian,
                  email: `${guardian.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.se`,
                },
              }
            : {}),
        },
      },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const adult = await signUp("Ada Vuxen", 30);
  const confirmedMinor = await signUp("Max Minderårig", 15, "Maria");
  const waitingMinor = await signUp("Wilma Väntar", 14, "Walter");
  const byHand = (await call(app.server, "GET", `/api/groups/${group.id}`, { token: contact.token })).body.volunteers.find(
    (v: Json) => v.name === "Hand Inskriven",
  ).id;
  await app.ctx.db.execute(sql`UPDATE group_volunteers SET guardian_confirmed_at = now() WHERE id = ${confirmedMinor}`);
  expect((await nameAttendees(app, contact.token, key, { attendees: [adult, confirmedMinor, byHand] })).status).toBe(200);
  await app.ctx.db.update(events).set({ status: "HISTORIC", historicAt: app.clock.now() }).where(eq(events.id, event.id));
  await app.ctx.db.execute(
    sql`UPDATE offers SET adult_attendance = 2, child_attendance = 1 WHERE event_id = ${event.id} AND group_id = ${group.id}`,
  );
  return { event, other, group, key, ids: { adult, confirmedMinor, waitingMinor, byHand } };
}

const volunteersOf = async (groupId: string) =>
  queryRows<{ id: string; participation: Json[]; guardianName: string | null; guardianEmail: string | null; confirmed: boolean }>(
    file.app.ctx.db,
    sql`SELECT id, participation, guardian_name AS "guardianName", guardian_email AS "guardianEmail",
      guardian_confirmed_at IS NOT NULL AS confirmed FROM group_volunteers WHERE group_id = ${groupId}`,
  );

describe("erasing volunteers' data for a finished event", () => {
  it("tells the group's contacts a week before, then erases what was stated for the event, keeping counts and attendance", async () => {
    const s = await scene();
    const { app } = file;
    const start = app.clock.now().getTime();
    const at = (days: number) => app.clock.advance(start + days * DAY - app.clock.now().getTime());
    try {
      at(22);
      await sweep();
      expect(file.sink.mails.filter((m) => m.to.includes(contact.email) && /raderas/.test(m.subject))).toHaveLength(0);

      expect(await stamps(s.event.id)).toEqual({ noticed: false, erased: false });

      at(23 + 1 / 24);
      const mailsBefore = file.sink.mails.length;
      await sweep();
      expect(await stamps(s.event.id)).toEqual({ noticed: true, erased: false });
      const notice = file.sink.mails.slice(mailsBefore).filter((m) => m.to.includes(contact.email));
      expect(notice).toHaveLength(1);
      expect(notice[0].subject).toContain(s.event.name);
      expect(notice[0].text).toContain(s.group.name);
      expect(notice[0].text).toContain(`/my-pages/volunteers/${s.group.id}/volunteers`);
      // Told once.
      at(24);
      await sweep();
      expect(file.sink.mails.filter((m) => m.to.includes(contact.email) && m.subject === notice[0].subject)).toHaveLength(1);
      // Not before the 30 days are out.
      at(29.9);
      await sweep();
      expect((await volunteersOf(s.group.id)).length).toBe(4);

      at(30 + 1 / 24);
      await sweep();
      expect(await stamps(s.event.id)).toEqual({ noticed: true, erased: true });
      const left = new Map((await volunteersOf(s.group.id)).map((v) => [v.id, v]));
      // The minor whose guardian never said yes never counted: gone.
      expect(left.has(s.ids.waitingMinor)).toBe(false);
      expect(left.get(s.ids.adult)?.participation).toEqual([]);
      expect(left.get(s.ids.confirmedMinor)).toMatchObject({
        participation: [],
        guardianName: null,
        guardianEmail: null,
        confirmed: true,
      });
      // What was stated for another event stays.
      expect(left.get(s.ids.byHand)?.participation).toEqual([{ eventId: s.other.id, specialDiets: [], shirtSize: "M" }]);
      const [offer] = await queryRows<{ volunteers: number; adult: number; child: number; attendees: string[] }>(
        app.ctx.db,
        sql`SELECT volunteers, adult_attendance AS adult, child_attendance AS child, attendees FROM offers
          WHERE event_id = ${s.event.id} AND group_id = ${s.group.id}`,
      );
      expect(offer).toMatchObject({ volunteers: 5, adult: 2, child: 1 });
      expect(offer.attendees).toHaveLength(3);
      // Done once: a later run changes nothing more.
      const groupVersion = async () =>
        (await queryRows<{ version: number }>(app.ctx.db, sql`SELECT version FROM groups WHERE id = ${s.group.id}`))[0].version;
      const version = await groupVersion();
      at(31);
      await sweep();
      expect(await groupVersion()).toBe(version);
    } finally {
      app.clock.advance(start - app.clock.now().getTime());
    }
  });

  it("still gives a full week's notice for an event finished long ago", async () => {
    const s = await scene();
    const { app } = file;
    await app.ctx.db
      .update(events)
      .set({ historicAt: new Date(app.clock.now().getTime() - 60 * DAY) })
      .where(eq(events.id, s.event.id));
    const start = app.clock.now().getTime();
    try {
      await sweep();
      expect(await stamps(s.event.id)).toEqual({ noticed: true, erased: false });
      app.clock.advance(6 * DAY);
      await sweep();
      expect((await volunteersOf(s.group.id)).find((v) => v.id === s.ids.adult)?.participation).toHaveLength(1);
      app.clock.advance(DAY + HOUR);
      await sweep();
      expect(await stamps(s.event.id)).toEqual({ noticed: true, erased: true });
      expect((await volunteersOf(s.group.id)).find((v) => v.id === s.ids.adult)?.participation).toEqual([]);
    } finally {
      app.clock.advance(start - app.clock.now().getTime());
    }
  });

  it("runs by itself on the app's scheduler", async () => {
    const s = await scene();
    const { app } = file;
    const start = app.clock.now().getTime();
    try {
      // The worker runs on its own too: wait for what it does rather than for one run of ours. (The tests
      // above moved the clock up to 31 days on and back, leaving the next run queued there.)
      app.clock.advance(32 * DAY);
      await app.jobs.runDue();
      await expect.poll(() => stamps(s.event.id)).toEqual({ noticed: true, erased: false });
      app.clock.advance(8 * DAY);
      await app.jobs.runDue();
      await expect.poll(() => stamps(s.event.id)).toEqual({ noticed: true, erased: true });
    } finally {
      app.clock.advance(start - app.clock.now().getTime());
    }
  });
});
