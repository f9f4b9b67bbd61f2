import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { queryRows } from "../../src/server/db/client.ts";
import { httpGateway } from "../../src/server/texts/gateway.ts";
import { queueTexts, textJob } from "../../src/server/texts/outbox.ts";
import { checkinListView } from "../../src/shared/checkin/schema.ts";
import { dayBeforeResult, textsView } from "../../src/shared/sms/schema.ts";
import { parseInstant } from "../../src/shared/time.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { MINUTE } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { call } from "../helpers/http.ts";
import { groupOffer, moveClockTo, nameAttendees, sendReminders, sentADayAgo } from "../helpers/offers.ts";
import {
  confirmedEvent,
  confirmedGroup,
  dayFromNow,
  draftEvent,
  type Json,
  makeHistoric,
  NO_SUCH_ID,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";
import { FakeSmsProvider, incomingForm } from "../helpers/sms.ts";

/**
 * Texts (issue 24): the day-before reminder with JA/NEJ by hand and by the scheduler, the answers and what
 * they set off, STOPP, the gateway's retries and failures, the team leader's morning count, the offer
 * reminder by text, and who may do what. The provider is a local HTTP server speaking 46elks's API.
 */

const SECRET = "incoming-secret-0123456789";
const provider = new FakeSmsProvider();
let app: TestApp;
let owner: User;
let leader: User;
let contact: User;
let outsider: User;

beforeAll(async () => {
  await provider.start();
  app = await createTestApp({
    env: { SMS_URL: provider.url, SMS_FROM: "+46766861004", SMS_WEBHOOK_SECRET: SECRET, SMS_PER_SECOND: "1000" },
  });
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  leader = await buildUser(app, { firstName: "Sara", lastName: "Stationsansvarig", phone: "0701112233" });
  contact = await buildUser(app, { firstName: "Anna", lastName: "Andersson", phone: "0709998877" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utanför" });
});
afterAll(async () => {
  await app.close();
  await provider.close();
});

const everyone = () => [owner, leader, contact, outsider];
let counter = 0;

interface Scene {
  event: Json;
  s1: string;
  s2: string;
  group: Json;
  /** Named at S1: a mobile number each but Bea (a landline); Greta is a member not named. */
  adam: Json;
  bea: Json;
  cecilia: Json;
  greta: Json;
  date: string;
}

/** A confirmed event five days on: S1 (led by `leader`, 08:00–12:00) with three named volunteers, S2 none. */
async function scene(options: { days?: number } = {}): Promise<Scene> {
  counter++;
  const date = dayFromNow(app, options.days ?? 5);
  const event = await confirmedEvent(app, owner, {
    date,
    event: { name: `Lundaloppet ${counter}`, included: [] },
    stations: [
      { teamLeaderEmail: leader.email, start: `${date}T08:00`, end: `${date}T12:00`, officialMiniumumAge: 0, skills: [] },
      { start: `${date}T09:00`, end: `${date}T12:00`, officialMiniumumAge: 0, skills: [] },
    ],
  });
  const n = String(counter).padStart(2, "0");
  const people = [
    ["Adam Vuxen", `07012345${n}`],
    ["Bea Fast", `0461234${n}0`],
    ["Cecilia Vuxen", `07312345${n}`],
    ["Greta Reserv", `07612345${n}`],
  ] as const;
  const group = await confirmedGroup(app, contact, {
    name: `Gårda IF ${counter}`,
    ages: ["18+"],
    volunteers: people.map(([name, phone], i) => ({
      name,
      email: `t${counter}v${i}@example.se`,
      phone,
      age: 30,
      participation: [],
    })),
  });
  const key = { eventId: event.id, groupId: group.id, stationId: stationId(event, "S1") };
  await offerAt(app, owner, contact, key, { volunteers: 3, to: "ACCEPTED" });
  const [adam, bea, cecilia, greta] = group.volunteers;
  const naming = await nameAttendees(app, contact.token, key, { attendees: [adam.id, bea.id, cecilia.id] });
  expect(naming.status, JSON.stringify(naming.body)).toBe(200);
  await app.jobs.runDue();
  return { event, s1: key.stationId, s2: stationId(event, "S2"), group, adam, bea, cecilia, greta, date };
}

const dayBeforePath = (s: Scene) => `/api/events/${s.event.id}/day-before`;
const remind = (s: Scene, token = owner.token) => call(app.server, "POST", dayBeforePath(s), { token });
const preview = (s: Scene, token = owner.token) => call(app.server, "GET", dayBeforePath(s), { token });
const textsOf = (s: Scene, token = owner.token) => call(app.server, "GET", `/api/events/${s.event.id}/texts`, { token });
const list = (s: Scene, token = owner.token) =>
  call(app.server, "GET", `/api/events/${s.event.id}/stations/${s.s1}/checkins`, { token });

/** A text to our number, posted as the gateway posts it. */
const incoming = (fields: { from: string; message: string; id?: string }, secret = SECRET) =>
  app.server.inject({
    method: "POST",
    url: `/api/sms/incoming/${secret}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: incomingForm(fields),
  });

/** The mails of `kind` to `address` about the scene's event. */
async function mailsTo(address: string, kind: string, about?: Scene) {
  const rows = await queryRows<{ subject: string; text: string; kind: string }>(
    app.ctx.db,
    sql`SELECT subject, text, kind FROM mails WHERE "to" = ${address} AND kind = ${kind}`,
  );
  return about ? rows.filter((m) => m.text.includes(about.event.name)) : rows;
}

const LEADER_NUMBER = "+46701112233";
const CONTACT_NUMBER = "+46709998877";

describe("the day-before reminder by hand", () => {
  it("says what it will send, then texts and mails each named volunteer once, in their language, with JA/NEJ", async () => {
    const s = await scene();
    const before = await preview(s);
    expect(before.status).toBe(200);
    expect(dayBeforeResult.parse(before.body)).toEqual({ texted: 2, mailed: 3, skipped: 0 });
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone), "a preview sends nothing").toHaveLength(0);
    expect(await mailsTo(s.adam.email, "dayBefore")).toHaveLength(0);

    const sent = await remind(s);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ texted: 2, mailed: 3, skipped: 0 });
    await app.jobs.runDue();

    const adam = provider.to(s.adam.phone);
    expect(adam).toHaveLength(1);
    expect(adam[0].from).toBe("+46766861004");
    expect(adam[0].message).toContain("Bemanna");
    expect(adam[0].message).toContain(s.event.name);
    expect(adam[0].message).toContain("S1");
    expect(adam[0].message).toContain("08:00–12:00");
    expect(adam[0].message).toContain("Stationsansvarig: Sara Stationsansvarig, 070-111 22 33");
    expect(adam[0].message).toMatch(/\/pass\/[\w-]+/);
    expect(adam[0].message).toContain("Svara JA om du kommer, NEJ om du inte kan. Svara STOPP för att inte få fler sms.");
    expect(adam[0].whendelivered).toContain(`/api/sms/delivery/${SECRET}`);
    // Bea's number is a landline: a mail, no text.
    expect(provider.to(s.bea.phone)).toHaveLength(0);
    for (const v of [s.adam, s.bea, s.cecilia]) expect(await mailsTo(v.email, "dayBefore")).toHaveLength(1);

    // Asked again, by hand and by two callers at once: nobody is reminded twice.
    const again = await Promise.all([remind(s), remind(s)]);
    for (const r of again) expect(r.body).toEqual({ texted: 0, mailed: 0, skipped: 3 });
    expect(await preview(s).then((r) => r.body)).toEqual({ texted: 0, mailed: 0, skipped: 3 });
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone)).toHaveLength(1);
    expect(await mailsTo(s.adam.email, "dayBefore")).toHaveLength(1);

    const view = textsView.parse((await textsOf(s)).body);
    expect(view.enabled).toBe(true);
    expect(view.counts).toEqual({ queued: 0, sent: 2, delivered: 0, failed: 0 });
  });

  it("reminds once when two processes are asked at the same moment", async () => {
    const s = await scene();
    // A second process on the same database (its own app, pool and caches).
    const second = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        SCRYPT_LOG_N: "10",
        SMS_URL: provider.url,
        SMS_FROM: "+46766861004",
      }),
      database: app.database,
      clock: app.clock,
      webRoot: "/nonexistent",
    });
    try {
      const both = await Promise.all([
        remind(s),
        call(second.server, "POST", dayBeforePath(s), { token: owner.token }),
        remind(s),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(both.map((r) => r.body.mailed).sort()).toEqual([0, 0, 3]);
      expect(both.reduce((n, r) => n + r.body.texted, 0)).toBe(2);
      await Promise.all([app.jobs.runDue(), second.jobs.runDue()]);
      await app.jobs.runDue();
    } finally {
      await second.server.close();
    }
    expect(provider.to(s.adam.phone)).toHaveLength(1);
    expect(provider.to(s.cecilia.phone)).toHaveLength(1);
    for (const v of [s.adam, s.bea, s.cecilia]) expect(await mailsTo(v.email, "dayBefore")).toHaveLength(1);
  });

  it("texts an English volunteer in English", async () => {
    const s = await scene();
    await app.ctx.db.execute(sql`UPDATE group_volunteers SET language = 'en' WHERE id = ${s.cecilia.id}`);
    await remind(s);
    await app.jobs.runDue();
    const [text] = provider.to(s.cecilia.phone);
    expect(text.message).toContain("Answer YES (JA) if you are coming");
    expect(text.message).toContain("Team leader: Sara Stationsansvarig");
    expect((await mailsTo(s.cecilia.email, "dayBefore"))[0].subject).toMatch(/^Reminder/);
  });

  it("sends no texts while they are off for the event, and says so before", async () => {
    const s = await scene();
    const off = await call(app.server, "PUT", `/api/events/${s.event.id}/texts`, {
      token: owner.token,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    expect((await preview(s)).body).toEqual({ texted: 0, mailed: 3, skipped: 0 });
    expect((await remind(s)).body).toEqual({ texted: 0, mailed: 3, skipped: 0 });
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone)).toHaveLength(0);
    const bad = await call(app.server, "PUT", `/api/events/${s.event.id}/texts`, { token: owner.token, body: { enabled: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("ValidationError");
  });

  it("is for the event's contacts only, on a confirmed event", async () => {
    const s = await scene();
    for (const [method, path] of [
      ["GET", dayBeforePath(s)],
      ["POST", dayBeforePath(s)],
      ["GET", `/api/events/${s.event.id}/texts`],
      ["PUT", `/api/events/${s.event.id}/texts`],
    ] as const) {
      const body = method === "PUT" ? { enabled: false } : undefined;
      for (const who of [outsider, leader, contact])
        expect((await call(app.server, method, path, { token: who.token, body })).status, `${method} ${path}`).toBe(404);
      expect((await call(app.server, method, path, { body })).status).toBe(401);
    }
    expect((await call(app.server, "POST", `/api/events/${NO_SUCH_ID}/day-before`, { token: owner.token })).status).toBe(404);
    expect((await textsOf(s)).body.enabled, "an outsider changed nothing").toBe(true);
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone)).toHaveLength(0);
  });
});

describe("the event's state", () => {
  it("reminds only on a confirmed event, and keeps a finished event's texts setting as it was", async () => {
    const draft = await draftEvent(app, owner);
    const early = await call(app.server, "POST", `/api/events/${draft.id}/day-before`, { token: owner.token });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("EventNotConfirmed");
    const s = await scene();
    await makeHistoric(app, s.event.id);
    const late = await remind(s);
    expect(late.body.code).toBe("EventHistoric");
    const view = textsView.parse((await textsOf(s)).body);
    expect(view.abilities).toEqual({ change: false, remind: false });
    const off = await call(app.server, "PUT", `/api/events/${s.event.id}/texts`, {
      token: owner.token,
      body: { enabled: false },
    });
    expect(off.body.code).toBe("EventHistoric");
    expect(textsView.parse((await textsOf(s)).body).enabled).toBe(true);
  });
});

describe("answers", () => {
  it("JA and NEJ stand on the station's list; a NEJ tells the group's contact and the team leader and opens stand-ins", async () => {
    const s = await scene();
    await remind(s);
    await app.jobs.runDue();

    expect((await incoming({ from: s.adam.phone, message: " Ja tack" })).statusCode).toBe(200);
    const no = await incoming({ from: s.cecilia.phone, message: "NEJ." });
    expect(no.statusCode).toBe(200);
    expect(no.body, "an empty answer: the gateway would text any body back").toBe("");

    const people = checkinListView.parse((await list(s)).body);
    const confirmed = Object.fromEntries(people.people.map((p) => [p.name, p.confirmed]));
    expect(confirmed).toEqual({ "Adam Vuxen": true, "Bea Fast": null, "Cecilia Vuxen": false });
    expect(people.counts).toMatchObject({ expected: 3, confirmed: 1, declined: 1 });

    // The team leader sees the same list.
    expect((await list(s, leader.token)).body.people.find((p: Json) => p.name === "Cecilia Vuxen").confirmed).toBe(false);
    await app.jobs.runDue();
    for (const [who, number] of [
      [contact, CONTACT_NUMBER],
      [leader, LEADER_NUMBER],
    ] as const) {
      const [mail] = await mailsTo(who.email, "volunteerDeclined", s);
      expect(mail?.subject).toContain("Cecilia Vuxen");
      const text = provider.to(number);
      expect(text.at(-1)?.message).toMatch(/Cecilia Vuxen \(Gårda IF \d+\) har svarat NEJ/);
    }
    const offer = (await groupOffer(app, contact.token, { eventId: s.event.id, groupId: s.group.id, stationId: s.s1 })).body;
    expect(offer.abilities.standIns, "a NEJ opens stand-ins before the start").toBe(true);
    expect(offer.group.attendees.map((a: Json) => [a.name, a.confirmed])).toEqual([
      ["Adam Vuxen", true],
      ["Bea Fast", null],
      ["Cecilia Vuxen", false],
    ]);

    // A second NEJ tells nobody again.
    const told = provider.texts.length;
    await incoming({ from: s.cecilia.phone, message: "nej" });
    await app.jobs.runDue();
    expect(provider.texts.length).toBe(told);
    expect(await mailsTo(contact.email, "volunteerDeclined", s)).toHaveLength(1);

    // The stand-in named in her place is on the team leader's list.
    const key = { eventId: s.event.id, groupId: s.group.id, stationId: s.s1 };
    const standIn = await nameAttendees(app, contact.token, key, { attendees: [s.adam.id, s.bea.id, s.greta.id] });
    expect(standIn.status, JSON.stringify(standIn.body)).toBe(200);
    const after = (await list(s, leader.token)).body.people.map((p: Json) => [p.name, p.confirmed]);
    expect(after).toEqual([
      ["Adam Vuxen", true],
      ["Bea Fast", null],
      ["Greta Reserv", null],
    ]);
  });

  it("reads replies leniently, keeps other messages for the group's contact, and honours STOPP in every text", async () => {
    const s = await scene();
    await remind(s);
    await app.jobs.runDue();
    await incoming({ from: s.adam.phone, message: "Jag blir 10 min sen!" });
    const offer = (await groupOffer(app, contact.token, { eventId: s.event.id, groupId: s.group.id, stationId: s.s1 })).body;
    const adam = offer.group.attendees.find((a: Json) => a.name === "Adam Vuxen");
    expect(adam).toMatchObject({ confirmed: null, message: "Jag blir 10 min sen!" });
    const [mail] = await mailsTo(contact.email, "volunteerMessage", s);
    expect(mail.text).toContain("Jag blir 10 min sen!");

    expect((await incoming({ from: s.adam.phone, message: "STOPP" })).statusCode).toBe(200);
    const stopped = await queryRows(app.ctx.db, sql`SELECT 1 FROM text_stops WHERE number = ${s.adam.phone}`);
    expect(stopped).toHaveLength(1);
    // A later reminder (of another station of another event) mails Adam but texts him no more.
    const other = await scene();
    await app.ctx.db.execute(sql`UPDATE group_volunteers SET phone = ${s.adam.phone} WHERE id = ${other.adam.id}`);
    const sent = await remind(other);
    expect(sent.body).toEqual({ texted: 1, mailed: 3, skipped: 0 });
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone)).toHaveLength(1);
  });

  it("changes nothing for a forged secret, a repeated message id or a number it does not know", async () => {
    const s = await scene();
    await remind(s);
    await app.jobs.runDue();
    const forged = await incoming({ from: s.adam.phone, message: "NEJ" }, "not-the-secret-at-all");
    expect(forged.statusCode).toBe(404);
    expect(JSON.parse(forged.body).code).toBe("NotFound");
    const id = "s0123456789abcdef0123456789abcdef";
    expect((await incoming({ from: s.adam.phone, message: "JA", id })).statusCode).toBe(200);
    expect((await incoming({ from: s.adam.phone, message: "NEJ", id })).statusCode, "a retry is answered 200").toBe(200);
    expect((await incoming({ from: "+46709999999", message: "NEJ" })).statusCode).toBe(200);
    const people = (await list(s)).body.people;
    expect(people.find((p: Json) => p.name === "Adam Vuxen").confirmed).toBe(true);
    await app.jobs.runDue();
    expect(await mailsTo(contact.email, "volunteerDeclined", s)).toHaveLength(0);

    const bad = await app.server.inject({
      method: "POST",
      url: `/api/sms/incoming/${SECRET}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "message=JA",
    });
    expect(bad.statusCode).toBe(400);
    // Text PostgreSQL cannot store is refused as in JSON, before anything is kept.
    const nul = await incoming({ from: s.adam.phone, message: "NEJ\u0000", id: "s-nul-0123456789" });
    expect(nul.statusCode).toBe(400);
    expect(JSON.parse(nul.body).code).toBe("ValidationError");
    expect(await queryRows(app.ctx.db, sql`SELECT 1 FROM texts_incoming WHERE provider_id = 's-nul-0123456789'`)).toHaveLength(0);
    // The API's other routes still take no forms.
    const form = await app.server.inject({
      method: "PUT",
      url: `/api/events/${s.event.id}/texts`,
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${owner.token}` },
      payload: "enabled=false",
    });
    expect(form.statusCode).toBe(415);
  });
});

describe("the gateway", () => {
  it("tries a text again while the provider fails, then shows it failed to the organizer", async () => {
    const s = await scene();
    provider.answer = 500;
    try {
      const before = provider.attempts;
      expect((await remind(s)).body.texted).toBe(2);
      await app.jobs.runDue();
      expect(provider.attempts - before).toBe(2);
      let view = textsView.parse((await textsOf(s)).body);
      expect(view.counts.queued, "still queued while tries remain").toBe(2);
      for (let i = 0; i < 6; i++) {
        app.clock.advance(2 * MINUTE);
        await app.jobs.runDue();
      }
      expect(provider.attempts - before).toBe(12);
      view = textsView.parse((await textsOf(s)).body);
      expect(view.counts).toEqual({ queued: 0, sent: 0, delivered: 0, failed: 2 });
      expect(view.failed.map((f) => [f.name, f.to, f.kind, f.reason]).sort()).toEqual([
        ["Adam Vuxen", expect.stringMatching(/^070-123 45/), "dayBefore", "UNREACHABLE"],
        ["Cecilia Vuxen", expect.stringMatching(/^073-123 45/), "dayBefore", "UNREACHABLE"],
      ]);
      app.clock.advance(10 * MINUTE);
      await app.jobs.runDue();
      expect(provider.attempts - before, "a failed text is not tried forever").toBe(12);
    } finally {
      provider.answer = 200;
      await moveClockTo(app, app.clock.now(), everyone());
    }
  });

  it("leaves what a closing server has not sent to a new job, which sends each text once", async () => {
    const numbers = Array.from({ length: 45 }, (_, i) => `+4676${String(5550000 + i)}`);
    await app.ctx.db.transaction((tx) =>
      queueTexts(
        tx,
        app.clock.now(),
        numbers.map((to) => ({
          to,
          kind: "morning" as const,
          lang: "sv" as const,
          values: { eventName: "Stängningsloppet", stationName: "S", time: "", confirmed: "0", expected: "0", url: "" },
          purpose: `closing-test/${to}`,
          eventId: null,
          name: null,
        })),
      ),
    );
    const [job] = await queryRows<{ id: string; payload: { textIds: string[] } }>(
      app.ctx.db,
      sql`SELECT id, payload FROM jobs WHERE kind = 'text.send' AND done_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    );
    expect(job.payload.textIds).toHaveLength(45);
    // The job run by a process that starts closing after its first round.
    let rounds = 0;
    const gateway = httpGateway({ url: provider.url, from: "+46766861004", perSecond: 1000, deliveryUrl: null });
    await textJob(app.ctx.db, app.clock, app.server.log, gateway, () => rounds++ > 0)(job.payload);
    await app.ctx.db.execute(sql`UPDATE jobs SET done_at = now() WHERE id = ${job.id}`);
    const sentFirst = provider.texts.filter((t) => numbers.includes(t.to)).length;
    expect(sentFirst).toBe(20);
    await app.jobs.runDue();
    const sent = provider.texts.filter((t) => numbers.includes(t.to)).map((t) => t.to);
    expect(sent.sort()).toEqual([...numbers].sort());
  });

  it("fails at once a text the provider refuses, and takes delivery reports", async () => {
    const s = await scene();
    provider.answer = 400;
    try {
      await remind(s);
      await app.jobs.runDue();
    } finally {
      provider.answer = 200;
    }
    const view = textsView.parse((await textsOf(s)).body);
    expect(view.counts.failed).toBe(2);
    expect(view.failed.every((f) => f.reason === "REFUSED")).toBe(true);

    const t = await scene();
    await remind(t);
    await app.jobs.runDue();
    const [adam] = provider.to(t.adam.phone);
    const report = (status: string, secret = SECRET) =>
      app.server.inject({
        method: "POST",
        url: `/api/sms/delivery/${secret}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ id: adam.id, status, delivered: new Date().toISOString() }).toString(),
      });
    expect((await report("failed", "wrong-secret-wrong-secret")).statusCode).toBe(404);
    expect((await report("delivered")).statusCode).toBe(200);
    expect(textsView.parse((await textsOf(t)).body).counts).toMatchObject({ sent: 1, delivered: 1 });
    expect((await report("failed")).statusCode).toBe(200);
    const after = textsView.parse((await textsOf(t)).body);
    expect(after.failed.map((f) => f.reason)).toEqual(["UNDELIVERED"]);
  });
});

describe("the scheduler", () => {
  it("reminds at 18:00 the evening before, and texts the team leader the JA count in the morning", async () => {
    const s = await scene({ days: 6 });
    const evening = parseInstant(`${dayFromNowOf(s.date, -1)}T18:00`) as Date;
    await moveClockTo(app, new Date(evening.getTime() - 10 * MINUTE), everyone());
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone), "not before 18:00").toHaveLength(0);
    await moveClockTo(app, new Date(evening.getTime() + 6 * MINUTE), everyone());
    await app.jobs.runDue();
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone)).toHaveLength(1);
    expect(provider.to(s.cecilia.phone)).toHaveLength(1);
    await incoming({ from: s.adam.phone, message: "ja" });

    const morning = parseInstant(`${s.date}T06:00`) as Date;
    await moveClockTo(app, new Date(morning.getTime() + 6 * MINUTE), everyone());
    await app.jobs.runDue();
    await app.jobs.runDue();
    const leaderTexts = provider.to(LEADER_NUMBER).filter((t) => t.message.includes(s.event.name));
    const morningText = leaderTexts.filter((t) => t.message.includes("har svarat JA"));
    expect(morningText).toHaveLength(1);
    expect(morningText[0].message).toContain("1 av 3 har svarat JA");
    expect(morningText[0].message).toContain(`/my-pages/teamleaders/${s.event.id}/checkin/${s.s1}`);
    app.clock.advance(10 * MINUTE);
    await app.jobs.runDue();
    expect(provider.to(s.adam.phone), "each once").toHaveLength(1);
  });
});

describe("offers", () => {
  it("texts the answer-by reminder to the group's contacts", async () => {
    counter++;
    const date = dayFromNow(app, 20);
    const event = await confirmedEvent(app, owner, { date, event: { name: `Påminnelseloppet ${counter}` } });
    const group = await confirmedGroup(app, contact, { name: `Påminda IF ${counter}` });
    await offerAt(app, owner, contact, { eventId: event.id, groupId: group.id, stationId: stationId(event) });
    await sentADayAgo(app, event.id);
    const reminded = await sendReminders(app, owner.token, event.id);
    expect(reminded.status).toBe(200);
    await app.jobs.runDue();
    const texts = provider.to(CONTACT_NUMBER).filter((t) => t.message.includes(event.name));
    expect(texts).toHaveLength(1);
    expect(texts[0].message).toMatch(/^Bemanna, Påminnelseloppet \d+: Påminda IF \d+ har en förfrågan som väntar på svar senast/);
  });
});

/** The date `days` from `date`. */
function dayFromNowOf(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
