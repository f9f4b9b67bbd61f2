import type { TestApp } from "./app.ts";
import { buildUser } from "./factories.ts";
import { call } from "./http.ts";
import { nameAttendees, type OfferKey } from "./offers.ts";
import { confirmedEvent, confirmedGroup, type Json, offerAt, stationId, type User } from "./seed.ts";

/**
 * An event day to send to, through the API: a confirmed event with two stations (each with its team leader,
 * at places far apart), and three groups with accepted offers: Gårda IF at S1 with two of its three
 * volunteers named, Hisingen BK at S2 with two named (one shares an address with a Gårda volunteer, in
 * other letters' case), Lunden FC at S1 with nobody named yet. Gårda's contact writes Swedish and is named
 * as a volunteer too; Hisingen's writes English. The event has a second contact, who gets no send-out.
 */

export const S1_PLACE = { lat: 59.3326, lng: 18.0649 };
export const S2_PLACE = { lat: 57.70887, lng: 11.97456 };

export interface Scene {
  owner: User;
  coOrganizer: User;
  leader1: User;
  leader2: User;
  /** Gårda IF's contact (Swedish), also one of its named volunteers. */
  anna: User;
  /** Hisingen BK's contact (English). */
  emma: User;
  /** Lunden FC's contact. */
  lars: User;
  event: Json;
  s1: string;
  s2: string;
  /** The addresses each station's named volunteers have (lower-case). */
  volunteersAt: { s1: string[]; s2: string[] };
}

const person = (name: string, email: string) => ({ name, email, phone: "0701234567", age: 17, participation: [] });

/** A confirmed group with these volunteers that accepted the offer at `key`, `named` of them named. */
export async function acceptedGroup(
  app: TestApp,
  organizer: User,
  contact: User,
  key: Omit<OfferKey, "groupId">,
  name: string,
  volunteers: Array<{ name: string; email: string }>,
  named: number,
): Promise<Json> {
  const group = await confirmedGroup(app, contact, {
    name,
    volunteers: volunteers.map((v) => person(v.name, v.email)),
  });
  const k = { ...key, groupId: group.id };
  await offerAt(app, organizer, contact, k, { volunteers: Math.max(1, named), to: "ACCEPTED" });
  if (named > 0) {
    const ids = group.volunteers.slice(0, named).map((v: { id: string }) => v.id);
    const res = await nameAttendees(app, contact.token, k, { attendees: ids });
    if (res.status !== 200) throw new Error(`naming failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return group;
}

let counter = 0;

export async function sendOutScene(app: TestApp): Promise<Scene> {
  counter++;
  const tag = `${counter}-${Date.now().toString(36)}`;
  const owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  const coOrganizer = await buildUser(app, { firstName: "Cecilia", lastName: "Medarrangör" });
  const leader1 = await buildUser(app, { firstName: "Lisa", lastName: "Ledare" });
  const leader2 = await buildUser(app, { firstName: "Leif", lastName: "Ledare" });
  const anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson", language: "sv" });
  const emma = await buildUser(app, { firstName: "Emma", lastName: "English", language: "en" });
  const lars = await buildUser(app, { firstName: "Lars", lastName: "Lund" });
  const event = await confirmedEvent(app, owner, {
    stations: [
      { teamLeaderEmail: leader1.email, markerCoordinates: S1_PLACE },
      { teamLeaderEmail: leader2.email, markerCoordinates: S2_PLACE },
    ],
    event: {
      name: `Göteborgsvarvet ${tag}`,
      included: [],
      shirtSizes: [],
      foodOptions: [],
      contactPersons: [{ email: coOrganizer.email, name: "Cecilia Medarrangör" }],
    },
  });
  const s1 = stationId(event, "S1");
  const s2 = stationId(event, "S2");
  const shared = `elin-${tag}@example.se`;
  const garda = [
    { name: "Elin Holm", email: shared },
    { name: "Anna Andersson", email: anna.email },
    { name: "Maja Strand", email: `maja-${tag}@example.se` },
  ];
  const hisingen = [
    { name: "Elin Holm", email: shared.toUpperCase() },
    { name: "Noah Lund", email: `noah-${tag}@example.se` },
  ];
  await acceptedGroup(app, owner, anna, { eventId: event.id, stationId: s1 }, "Gårda IF", garda, 2);
  await acceptedGroup(app, owner, emma, { eventId: event.id, stationId: s2 }, "Hisingen BK", hisingen, 2);
  await acceptedGroup(
    app,
    owner,
    lars,
    { eventId: event.id, stationId: s1 },
    "Lunden FC",
    [person("Kim Berg", `kim-${tag}@example.se`)],
    0,
  );
  return {
    owner,
    coOrganizer,
    leader1,
    leader2,
    anna,
    emma,
    lars,
    event,
    s1,
    s2,
    volunteersAt: { s1: [shared, anna.email], s2: [shared, `noah-${tag}@example.se`] },
  };
}

export const postSendOut = (app: TestApp, token: string | undefined, eventId: string, body: unknown) =>
  call(app.server, "POST", `/api/events/${eventId}/sendout`, { token, body });

export const listSendOuts = (app: TestApp, token: string | undefined, eventId: string) =>
  call(app.server, "GET", `/api/events/${eventId}/sendout`, { token });

export const getSendOut = (app: TestApp, token: string | undefined, eventId: string, sendOutId: string) =>
  call(app.server, "GET", `/api/events/${eventId}/sendout/${sendOutId}`, { token });

/** A valid send-out body to `stations`, with the given changes. */
export function sendOutBody(stations: string[], overrides: Record<string, unknown> = {}) {
  return {
    stations,
    recipientTypes: ["VOLUNTEERS"],
    subject: "Information inför loppet",
    message: "Hej! Samling 07:30 vid stationen: {coordinates}\nTa med vattenflaska.",
    attachments: [],
    ...overrides,
  };
}
