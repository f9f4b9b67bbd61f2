import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { mailingAppForFile } from "../helpers/identity.ts";
import { eventOffers, groupOffers, settle } from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  type Json,
  makeHistoric,
  offerAt,
  stationBody,
  stationId,
  type User,
} from "../helpers/seed.ts";

/**
 * Copying an event (STAFFING §4): one transaction — the data under the new name and date, the stations moved
 * keeping their Stockholm times of day, the listed accepted offers as DRAFTs — and nobody is mailed.
 */

const file = mailingAppForFile();
let owner: User;
let coOrganizer: User;
let leader: User;
let stranger: User;
const contacts: User[] = [];

beforeAll(async () => {
  const { app } = file;
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  coOrganizer = await buildUser(app, { firstName: "Cecilia", lastName: "Medarrangör" });
  leader = await buildUser(app, { firstName: "Stina", lastName: "Stationsansvarig" });
  stranger = await buildUser(app, { firstName: "Sten", lastName: "Främling" });
  for (const name of ["Anna", "Bertil", "Cissi"]) contacts.push(await buildUser(app, { firstName: name, lastName: "Kontakt" }));
  await settle(app);
});

/**
 * Last spring's race: on 2027-03-20 (winter time) with a morning station, a station over midnight and one
 * for the leader; three groups accepted at the first two stations, a fourth offer still awaiting an answer.
 */
async function source() {
  const { app } = file;
  const date = "2027-03-20";
  const event = await confirmedEvent(app, owner, {
    event: {
      date,
      contactPersons: [{ email: coOrganizer.email }],
      stations: [
        stationBody(date, {
          name: "Start",
          start: `${date}T07:30`,
          end: `${date}T12:00`,
          officialQuantity: 10,
          teamLeaderEmail: leader.email,
        }),
        stationBody(date, { name: "Natt", start: `${date}T22:00`, end: "2027-03-21T02:00", officialQuantity: 6 }),
        stationBody(date, { name: "Mål", start: `${date}T10:00`, end: `${date}T16:00`, officialQuantity: 4 }),
      ],
    },
  });
  const groups: Json[] = [];
  for (const contact of contacts)
    groups.push(await confirmedGroup(app, contact, { name: `Grupp ${contact.email.slice(5, 13)}` }));
  const start = stationId(event, "Start");
  const night = stationId(event, "Natt");
  await offerAt(
    app,
    owner,
    contacts[0],
    { eventId: event.id, groupId: groups[0].id, stationId: start },
    { to: "ACCEPTED", volunteers: 4 },
  );
  await offerAt(
    app,
    owner,
    contacts[1],
    { eventId: event.id, groupId: groups[1].id, stationId: start },
    { to: "ACCEPTED", volunteers: 3 },
  );
  await offerAt(
    app,
    owner,
    contacts[2],
    { eventId: event.id, groupId: groups[2].id, stationId: night },
    { to: "ACCEPTED", volunteers: 5 },
  );
  await offerAt(app, owner, contacts[0], { eventId: event.id, groupId: groups[0].id, stationId: stationId(event, "Mål") });
  await settle(app);
  return { event, groups, start, night };
}

const copy = (user: User | undefined, id: string, body: Record<string, unknown>) =>
  call(file.app.server, "POST", `/api/events/${id}/copy`, { token: user?.token, body });
const counts = async () =>
  (
    await queryRows<{ events: number; stations: number; offers: number; contacts: number }>(
      file.app.ctx.db,
      sql`SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM stations)::int AS stations,
        (SELECT count(*) FROM offers)::int AS offers, (SELECT count(*) FROM event_contacts)::int AS contacts`,
    )
  )[0];

describe("POST /api/events/{id}/copy", () => {
  it("makes a DRAFT with the new name, date, city and start time, its stations moved across the clock change", async () => {
    const { event, groups, start, night } = await source();
    const mailsBefore = file.sink.mails.length;
    const res = await copy(owner, event.id, {
      name: "Vårloppet 2028",
      date: "2027-05-15",
      city: "Lund",
      startTime: "08:15",
      offers: [
        { groupId: groups[0].id, stationId: start },
        { groupId: groups[2].id, stationId: night },
      ],
    });
    expect(res.status).toBe(201);
    const copied = res.body;
    expect(copied).toMatchObject({
      name: "Vårloppet 2028",
      date: "2027-05-15",
      city: "Lund",
      startTime: "08:15",
      status: "DRAFT",
      included: event.included,
      shirtSizes: event.shirtSizes,
      foodOptions: event.foodOptions,
      substitute: event.substitute,
      organizerNumber: event.organizerNumber,
      organizerName: event.organizerName,
      invoiceAddress: event.invoiceAddress,
      confirmedAt: null,
    });
    expect(copied.id).not.toBe(event.id);
    // 07:30 in winter time stays 07:30 in summer time; the night station still ends the next morning.
    const byName = Object.fromEntries(copied.stations.map((s: Json) => [s.name, s]));
    expect(byName.Start).toMatchObject({
      start: "2027-05-15T07:30:00+02:00",
      end: "2027-05-15T12:00:00+02:00",
      teamLeaderEmail: leader.email,
    });
    expect(byName.Natt).toMatchObject({ start: "2027-05-15T22:00:00+02:00", end: "2027-05-16T02:00:00+02:00" });
    expect(byName.Mål.officialQuantity).toBe(4);
    // Its contacts come along, the copier its creator.
    expect(copied.contactPersons.map((c: Json) => [c.email, c.creator])).toEqual(
      expect.arrayContaining([
        [owner.email, true],
        [coOrganizer.email, false],
      ]),
    );

    const offers = (await eventOffers(file.app, owner.token, copied.id)).body;
    expect(offers.map((o: Json) => [o.groupId, o.station.name, o.volunteers, o.status]).sort()).toEqual(
      [
        [groups[0].id, "Start", 4, "DRAFT"],
        [groups[2].id, "Natt", 5, "DRAFT"],
      ].sort(),
    );
    // A DRAFT is not the group's to see, and nobody was mailed: the groups are asked when offers are sent.
    expect((await groupOffers(file.app, contacts[0].token, groups[0].id, copied.id)).body).toEqual([]);
    await settle(file.app);
    expect(file.sink.mails.slice(mailsBefore)).toEqual([]);

    const listed = (await call(file.app.server, "GET", "/api/events/summaries", { token: owner.token })).body;
    expect(listed.find((e: Json) => e.id === copied.id)).toMatchObject({ name: "Vårloppet 2028", status: "DRAFT" });
    // The source is untouched.
    const again = (await call(file.app.server, "GET", `/api/events/${event.id}`, { token: owner.token })).body;
    expect(again.stations.map((s: Json) => s.start)).toEqual(event.stations.map((s: Json) => s.start));
  });

  it("asks the groups only when the copy is confirmed and its offers are sent", async () => {
    const { event, groups, start } = await source();
    const copied = (
      await copy(owner, event.id, {
        name: "Vårloppet igen",
        date: "2027-05-22",
        city: "Lund",
        startTime: "09:00",
        offers: [{ groupId: groups[1].id, stationId: start }],
      })
    ).body;
    const mailsBefore = file.sink.mails.length;
    expect((await call(file.app.server, "POST", `/api/events/${copied.id}/confirm`, { token: owner.token })).status).toBe(200);
    const sent = await call(file.app.server, "POST", `/api/offers/${copied.id}/confirm`, { token: owner.token, body: {} });
    expect(sent.body).toEqual({ sent: 1, groups: [groups[1].name] });
    await settle(file.app);
    const mailed = file.sink.mails.slice(mailsBefore).filter((m) => m.to.includes(contacts[1].email));
    expect(mailed).toHaveLength(1);
  });

  it("copies a finished event too, which is the usual case", async () => {
    const { event, groups, start } = await source();
    await makeHistoric(file.app, event.id);
    const res = await copy(owner, event.id, {
      name: "Vårloppet nästa år",
      date: "2028-03-18",
      city: "Lund",
      startTime: "09:00",
      offers: [{ groupId: groups[0].id, stationId: start }],
    });
    expect(res.status).toBe(201);
    expect(res.body.stations.find((s: Json) => s.name === "Start").start).toBe("2028-03-18T07:30:00+01:00");
  });

  it("asks before a copy keeps the source's name", async () => {
    const { event } = await source();
    const before = await counts();
    const body = { name: ` ${event.name.toUpperCase()} `, date: "2027-06-01", city: "Lund", startTime: "09:00", offers: [] };
    const refused = await copy(owner, event.id, body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("SameName");
    expect(await counts()).toEqual(before);
    const kept = await copy(owner, event.id, { ...body, name: event.name, sameName: true });
    expect(kept.status).toBe(201);
    expect(kept.body.name).toBe(event.name);
  });

  it("copies only accepted offers of the source, and makes nothing when one is not", async () => {
    const { event, groups, start } = await source();
    const before = await counts();
    const res = await copy(owner, event.id, {
      name: "Kopian",
      date: "2027-06-01",
      city: "Lund",
      startTime: "09:00",
      offers: [
        { groupId: groups[0].id, stationId: start },
        // Still awaiting an answer at Mål, and never asked at Natt.
        { groupId: groups[0].id, stationId: stationId(event, "Mål") },
        { groupId: groups[1].id, stationId: stationId(event, "Natt") },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("ValidationError");
    expect(res.body.fields).toEqual({
      "offers.1": "events.validation.copyOfferUnknown",
      "offers.2": "events.validation.copyOfferUnknown",
    });
    expect(await counts()).toEqual(before);
  });

  it("leaves nothing when an offer fails half-way (the group is booked elsewhere then)", async () => {
    const { event, groups, start, night } = await source();
    // The second group has since been asked for all its members at another event on the new date.
    const other = await confirmedEvent(file.app, coOrganizer, {
      event: { date: "2027-06-05" },
      stations: [{ start: "2027-06-05T06:00", end: "2027-06-05T20:00", officialQuantity: 50 }],
    });
    await offerAt(
      file.app,
      coOrganizer,
      contacts[1],
      { eventId: other.id, groupId: groups[1].id, stationId: stationId(other) },
      { to: "ACCEPTED", volunteers: 20 },
    );
    const before = await counts();
    const res = await copy(owner, event.id, {
      name: "Kopian",
      date: "2027-06-05",
      city: "Lund",
      startTime: "09:00",
      offers: [
        { groupId: groups[2].id, stationId: night },
        { groupId: groups[1].id, stationId: start },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ "offers.1": "offers.validation.tooManyRequested" });
    expect(await counts()).toEqual(before);
  });

  it("checks the new event's fields as the event form does", async () => {
    const { event } = await source();
    const res = await copy(owner, event.id, { name: "X", date: "2020-01-01", city: "", startTime: "25:00", offers: "all" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      name: "validation.min3",
      date: "validation.futureDate",
      city: "validation.required",
      startTime: "events.validation.time",
      offers: "validation.invalid",
    });
  });

  it("answers 404 to anyone but the source's contacts, a team leader of it included, and 401 without a sign-in", async () => {
    const { event } = await source();
    const body = { name: "Stulen kopia", date: "2027-06-01", city: "Lund", startTime: "09:00", offers: [] };
    const before = await counts();
    for (const user of [stranger, leader, contacts[0]]) {
      const res = await copy(user, event.id, body);
      expect(res.status, user.email).toBe(404);
    }
    expect((await copy(undefined, event.id, body)).status).toBe(401);
    expect((await copy(owner, "00000000-0000-4000-8000-000000000000", body)).status).toBe(404);
    expect(await counts()).toEqual(before);
    // Another contact of the source may copy it, and becomes the copy's creator.
    const res = await copy(coOrganizer, event.id, body);
    expect(res.status).toBe(201);
    expect(res.body.contactPersons.find((c: Json) => c.creator).email).toBe(coOrganizer.email);
  });
});
