import { beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { mailingAppForFile } from "../helpers/identity.ts";
import { confirmedEvent, confirmedGroup, offerAt, settle, stationId, type User } from "../helpers/offers.ts";

const file = mailingAppForFile();
let owner: User;
let contact: User;

beforeAll(async () => {
  owner = await buildUser(file.app);
  contact = await buildUser(file.app);
});

describe("smoke", () => {
  it("link, read, sign up", async () => {
    const { app } = file;
    const event = await confirmedEvent(app, owner, { event: { included: ["CLOTHES", "FOOD"], shirtSizes: ["S", "M"], foodOptions: ["VEGAN"] } });
    const group = await confirmedGroup(app, contact);
    const key = { eventId: event.id, groupId: group.id, stationId: stationId(event) };
    await offerAt(app, owner, contact, key, { to: "ACCEPTED", volunteers: 2 });
    const link = await call(app.server, "POST", "/api/link", { token: contact.token, body: { groupId: group.id, eventId: event.id } });
    console.log(link.status, link.body);
    const hash = link.body.link.split("/").pop();
    const read = await call(app.server, "GET", `/api/public/self-registration/${event.id}/${hash}`);
    console.log(read.status, JSON.stringify(read.body));
    const add = await call(app.server, "POST", "/api/groups/addVolunteer", {
      body: { hash, eventId: event.id, volunteer: { name: "Elin Holm", email: "elin@example.se", phone: "0701112233", age: 15, participation: { shirtSize: "M", specialDiets: ["VEGAN"] }, guardian: { name: "Eva Holm", email: "eva@example.se" } } },
    });
    console.log(add.status, add.body);
    const adult = await call(app.server, "POST", "/api/groups/addVolunteer", {
      body: { hash, eventId: event.id, volunteer: { name: "Bo Ek", email: "bo@example.se", phone: "0701112234", age: 30, participation: { shirtSize: "S" } } },
    });
    console.log(adult.status, adult.body);
    const dup = await call(app.server, "POST", "/api/groups/addVolunteer", {
      body: { hash, eventId: event.id, volunteer: { name: "Bo Ek", email: "BO@example.se", phone: "0701112234", age: 30, participation: { shirtSize: "S" } } },
    });
    console.log(dup.status, dup.body);
    await settle(app);
    const mails = file.sink.mails.filter((m) => /eva@|elin@|bo@/.test(m.to.join ? m.to.join() : String(m.to)));
    for (const m of mails) console.log(m.to, m.subject, m.text);
    const copy = await call(app.server, "POST", `/api/events/${event.id}/copy`, { token: owner.token, body: { name: event.name, date: event.date, city: "Lund", startTime: "10:00", offers: [{ groupId: group.id, stationId: key.stationId }], sameName: true } });
    console.log(copy.status, JSON.stringify(copy.body).slice(0, 600));
    expect(add.status).toBe(201);
  });
});
