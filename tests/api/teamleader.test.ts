import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../../src/server/db/schema.ts";
import { eventView } from "../../src/shared/events/schema.ts";
import { ledEventSummary } from "../../src/shared/teamleader/schema.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import {
  asUpdate,
  confirmedEvent,
  draftEvent,
  type Json,
  makeHistoric,
  NO_SUCH_ID,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * The team leader's reads (STAFFING §2, ARCHITECTURE §4): the events where the user is a station's
 * teamLeaderEmail, and one such event read-only with only the stations they lead. Whoever leads none of an
 * event's stations gets 404, its own contacts included.
 */

let app: TestApp;
let owner: User;
let coOrganizer: User;
let leader: User;
let otherLeader: User;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör", phone: "0701111111" });
  coOrganizer = await buildUser(app, { firstName: "Cecilia", lastName: "Medarrangör", phone: "0702222222" });
  leader = await buildUser(app, { firstName: "Lena", lastName: "Stationsansvarig", phone: "0703333333" });
  otherLeader = await buildUser(app, { firstName: "Per", lastName: "Stationsansvarig" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utanför" });
});
afterAll(() => app?.close());

const summaries = (who: User | undefined) => call(app.server, "GET", "/api/teamleader/events/summaries", { token: who?.token });
const ledEvent = (who: User | undefined, id: string) =>
  call(app.server, "GET", `/api/teamleader/events/${id}`, { token: who?.token });

/** Moves an event to `date` (the calendar's past cannot be created through the API, which refuses past dates). */
async function moveTo(eventId: string, date: string) {
  await app.ctx.db
    .update(events)
    .set({ date, version: sql`${events.version} + 1` })
    .where(eq(events.id, eventId));
}

const today = () => stockholmToday(app.clock.now());

describe("GET /api/teamleader/events/summaries", () => {
  it("lists the events where the user leads a station, with only their stations, coming ones soonest first and then past ones, current until 7 days after the date", async () => {
    const user = await buildUser(app, { firstName: "Sara" });
    const soon = await confirmedEvent(app, owner, {
      days: 5,
      event: { name: "Vårruset" },
      stations: [
        { name: "Vätska", teamLeaderEmail: user.email, start: `${addDays(today(), 5)}T10:00` },
        { name: "Entrén", teamLeaderEmail: user.email, start: `${addDays(today(), 5)}T07:00` },
        { name: "Målet", teamLeaderEmail: otherLeader.email },
      ],
    });
    const later = await confirmedEvent(app, owner, {
      days: 60,
      event: { name: "Höstloppet" },
      stations: [{ teamLeaderEmail: user.email }],
    });
    const lastWeek = await confirmedEvent(app, owner, {
      days: 10,
      event: { name: "Förra veckan" },
      stations: [{ teamLeaderEmail: user.email }],
    });
    const lastMonth = await confirmedEvent(app, owner, {
      days: 11,
      event: { name: "Förra månaden" },
      stations: [{ teamLeaderEmail: user.email }],
    });
    // 7 days ago is still current; 8 days ago is past (spec 02 §9).
    await moveTo(lastWeek.id, addDays(today(), -7));
    await moveTo(lastMonth.id, addDays(today(), -8));
    await makeHistoric(app, lastMonth.id);
    // Not theirs: a station led by someone else.
    await confirmedEvent(app, owner, { event: { name: "Någon annans" }, stations: [{ teamLeaderEmail: otherLeader.email }] });

    const res = await summaries(user);
    expect(res.status).toBe(200);
    expect(() => ledEventSummary.array().parse(res.body)).not.toThrow();
    expect(res.body.map((e: Json) => [e.name, e.current])).toEqual([
      ["Vårruset", true],
      ["Höstloppet", true],
      ["Förra veckan", true],
      ["Förra månaden", false],
    ]);
    const first = res.body[0];
    expect(first).toEqual({
      id: soon.id,
      eventId: soon.id,
      name: "Vårruset",
      date: soon.date,
      city: "Stockholm",
      status: "CONFIRMED",
      // Their two stations by start time; the third is someone else's.
      stations: [
        { id: stationId(soon, "Entrén"), name: "Entrén" },
        { id: stationId(soon, "Vätska"), name: "Vätska" },
      ],
      current: true,
    });
    expect(res.body[1].id).toBe(later.id);
    expect(res.body[3].status).toBe("HISTORIC");
  });

  it("leaves out DRAFT events, which are private to their contacts until confirmed", async () => {
    const user = await buildUser(app, { firstName: "Dora" });
    await draftEvent(app, owner, { stations: [{ teamLeaderEmail: user.email }] });
    const res = await summaries(user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("answers an empty list to a user who leads no station, and 401 without a token", async () => {
    const res = await summaries(outsider);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expectCleanError(await summaries(undefined), "Unauthorized", 401);
  });
});

describe("GET /api/teamleader/events/{id}", () => {
  it("shows the event read-only with only the stations the user leads, the contacts' names and e-mails, and no invoice address", async () => {
    const e = await confirmedEvent(app, owner, {
      event: { contactPersons: [{ email: coOrganizer.email }] },
      stations: [
        { name: "Entrén", teamLeaderEmail: leader.email },
        { name: "Målet", teamLeaderEmail: otherLeader.email },
        { name: "Vätska" },
      ],
    });
    const res = await ledEvent(leader, e.id);
    expect(res.status).toBe(200);
    expect(() => eventView.parse(res.body)).not.toThrow();
    const v = res.body;
    expect(v.name).toBe("Stockholm Stadslopp");
    expect(v.stations.map((s: Json) => s.name)).toEqual(["Entrén"]);
    expect(v.stations[0]).toMatchObject({
      id: stationId(e, "Entrén"),
      teamLeaderEmail: leader.email,
      teamLeaderName: "Lena Stationsansvarig",
      markerLocation: "Sergels torg, Stockholm",
      markerCoordinates: { lat: 59.3326, lng: 18.0649 },
    });
    expect(v.invoiceAddress).toBe("");
    expect(v.confirmedBy).toBeNull();
    expect(v.organizerName).toBe("Stockholms Löparklubb");
    expect(v.organizerEmail).toBe("info@example.se");
    // Names and e-mails of the event's contacts; a phone only of a contact who has opened the event (the
    // creator has; the added co-organizer not yet), and no user ids.
    expect(v.contactPersons).toEqual([
      { name: "Olle Organisatör", email: owner.email, phone: "+46701111111" },
      { name: "Cecilia Medarrangör", email: coOrganizer.email, phone: "" },
    ]);
    const text = JSON.stringify(v);
    expect(text).not.toContain("Box 1");
    expect(text).not.toContain(otherLeader.email);
    expect(text).not.toContain("Målet");

    // Once the co-organizer has opened the event, their phone shows to the team leader too.
    expect((await call(app.server, "GET", `/api/events/${e.id}`, { token: coOrganizer.token })).status).toBe(200);
    const again = await ledEvent(leader, e.id);
    expect(again.body.contactPersons[1].phone).toBe("+46702222222");
  });

  it("gives a confirmed event's team leader only the send-out, and a finished event's nothing to do", async () => {
    const e = await confirmedEvent(app, owner, { stations: [{ teamLeaderEmail: leader.email }] });
    const confirmed = await ledEvent(leader, e.id);
    expect(confirmed.body.abilities).toEqual({
      edit: false,
      confirm: false,
      remove: false,
      match: false,
      sendOut: true,
      today: false,
    });
    // The same event as its contact sees it: everything they may do.
    const own = await call(app.server, "GET", `/api/events/${e.id}`, { token: owner.token });
    expect(own.body.abilities).toEqual({ edit: true, confirm: false, remove: false, match: true, sendOut: true, today: false });
    await makeHistoric(app, e.id);
    const finished = await ledEvent(leader, e.id);
    expect(finished.status).toBe(200);
    expect(finished.body.status).toBe("HISTORIC");
    expect(finished.body.abilities).toEqual({
      edit: false,
      confirm: false,
      remove: false,
      match: false,
      sendOut: false,
      today: false,
    });
  });

  it("answers 404 to an outsider, to the team leader of another event, to an event contact who leads no station, and for a DRAFT", async () => {
    const e = await confirmedEvent(app, owner, {
      event: { contactPersons: [{ email: coOrganizer.email }] },
      stations: [{ teamLeaderEmail: leader.email }],
    });
    await confirmedEvent(app, owner, { stations: [{ teamLeaderEmail: otherLeader.email }] });
    expect((await ledEvent(leader, e.id)).status).toBe(200);
    for (const who of [outsider, otherLeader, owner, coOrganizer]) expectCleanError(await ledEvent(who, e.id), "NotFound", 404);
    const draft = await draftEvent(app, owner, { stations: [{ teamLeaderEmail: leader.email }] });
    expectCleanError(await ledEvent(leader, draft.id), "NotFound", 404);
    // The draft's offers are not the leader's to read either, as for every other call of the event.
    const offersOfDraft = await call(app.server, "GET", `/api/events/${draft.id}/offers`, { token: leader.token });
    expectCleanError(offersOfDraft, "NotFound", 404);
    expectCleanError(await ledEvent(leader, NO_SUCH_ID), "NotFound", 404);
    expectCleanError(await ledEvent(leader, "not-an-id"), "ValidationError", 400);
    expectCleanError(await ledEvent(undefined, e.id), "Unauthorized", 401);
  });

  it("lets an event contact who also leads a station read it here, with only that station", async () => {
    const e = await confirmedEvent(app, owner, {
      stations: [{ name: "Entrén", teamLeaderEmail: owner.email }, { name: "Målet" }],
    });
    const res = await ledEvent(owner, e.id);
    expect(res.status).toBe(200);
    expect(res.body.stations.map((s: Json) => s.name)).toEqual(["Entrén"]);
    expect(res.body.abilities.edit).toBe(false);
  });

  it("takes the access away when the organizer names another team leader, in the event and in the list", async () => {
    const user = await buildUser(app, { firstName: "Vera" });
    const e = await confirmedEvent(app, owner, { stations: [{ name: "Entrén", teamLeaderEmail: user.email }] });
    expect((await ledEvent(user, e.id)).status).toBe(200);
    expect((await summaries(user)).body.map((s: Json) => s.id)).toEqual([e.id]);

    const view = (await call(app.server, "GET", `/api/events/${e.id}`, { token: owner.token })).body;
    const body = asUpdate(view, {
      stations: asUpdate(view).stations.map((s: Json) => ({ ...s, teamLeaderEmail: otherLeader.email })),
    });
    const saved = await call(app.server, "PUT", `/api/events/${e.id}`, { token: owner.token, body });
    expect(saved.status).toBe(200);

    expectCleanError(await ledEvent(user, e.id), "NotFound", 404);
    expect((await summaries(user)).body).toEqual([]);
    const theirs = await ledEvent(otherLeader, e.id);
    expect(theirs.status).toBe(200);
    expect(theirs.body.stations.map((s: Json) => s.name)).toEqual(["Entrén"]);
  });
});
