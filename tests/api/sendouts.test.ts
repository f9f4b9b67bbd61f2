import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { rateEvents } from "../../src/server/db/schema.ts";
import { SEND_OUTS_PER_DAY, SEND_OUTS_PER_HOUR } from "../../src/server/features/sendouts/service.ts";
import { MAX_FILE_BYTES } from "../../src/shared/sendouts/files.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { HOUR, MINUTE } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { pdf, png, upload } from "../helpers/files.ts";
import { call } from "../helpers/http.ts";
import { expectCleanError } from "../helpers/identity.ts";
import {
  confirmedEvent,
  confirmedGroup,
  draftEvent,
  makeHistoric,
  NO_SUCH_ID,
  offerAt,
  stationId,
  type User,
} from "../helpers/seed.ts";
import {
  acceptedGroup,
  getSendOut,
  listSendOuts,
  postSendOut,
  type Scene,
  sendOutBody,
  sendOutScene,
} from "../helpers/sendouts.ts";

/**
 * The send-out calls of STAFFING §2: who may send and read, the rules of a send-out, and who it goes to
 * (resolved when it is sent). No job worker runs here, so every mail stays queued; delivery is in
 * sendouts-mail.test.ts.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "bemanna-sendouts-"));
let app: TestApp;
let scene: Scene;
let outsider: User;

beforeAll(async () => {
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
  scene = await sendOutScene(app);
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utomstående" });
});
// The tests send many send-outs as one sender: each starts with the senders' budgets whole (the limit's
// own test spends them).
afterEach(() => app.ctx.db.delete(rateEvents).where(like(rateEvents.key, "send-outs-%")));
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const recipientsOf = async (sendOutId: string) =>
  (
    await queryRows<{ email: string; language: string; station_id: string; status: string }>(
      app.ctx.db,
      sql`SELECT email, language, station_id, status FROM send_out_recipients WHERE send_out_id = ${sendOutId} ORDER BY email`,
    )
  ).map((r) => ({ email: r.email, language: r.language, stationId: r.station_id, status: r.status }));

describe("POST /api/events/{eventId}/sendout", () => {
  it("sends to the named volunteers of accepted offers at the stations, each address once", async () => {
    const { owner, event, s1, s2, volunteersAt } = scene;
    const res = await postSendOut(app, owner.token, event.id, sendOutBody([s1, s2]));
    expect(res.status).toBe(201);
    const expected = [...new Set([...volunteersAt.s1, ...volunteersAt.s2])].sort();
    expect(res.body).toEqual({
      sendOutId: expect.any(String),
      recipients: expected.length,
      groupsWithoutVolunteers: ["Lunden FC"],
    });
    const rows = await recipientsOf(res.body.sendOutId);
    expect(rows.map((r) => r.email)).toEqual(expected);
    expect(rows.every((r) => r.status === "QUEUED")).toBe(true);
    // The address named at both stations is reached at the earlier-listed one it is at, and in its own case once.
    expect(rows.filter((r) => r.email.startsWith("elin-"))).toHaveLength(1);
  });

  it("sends to the groups' contacts, not the event's own, in each contact's language", async () => {
    const { owner, event, s1, s2, anna, emma, lars, coOrganizer } = scene;
    const res = await postSendOut(app, owner.token, event.id, sendOutBody([s1, s2], { recipientTypes: ["CONTACT_PERSONS"] }));
    expect(res.status).toBe(201);
    expect(res.body.recipients).toBe(3);
    // Only volunteers can be missing: a send-out to contacts reaches every group.
    expect(res.body.groupsWithoutVolunteers).toEqual([]);
    const rows = await recipientsOf(res.body.sendOutId);
    expect(rows.map((r) => r.email)).toEqual([anna.email, emma.email, lars.email].sort());
    expect(rows.find((r) => r.email === emma.email)?.language).toBe("en");
    expect(rows.find((r) => r.email === anna.email)?.language).toBe("sv");
    for (const nobody of [owner.email, coOrganizer.email]) expect(rows.map((r) => r.email)).not.toContain(nobody);
  });

  it("reaches a volunteer who is also a group contact once, as the contact (language, station)", async () => {
    const { owner, event, s1, anna } = scene;
    const res = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s1], { recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"] }),
    );
    expect(res.status).toBe(201);
    const rows = await recipientsOf(res.body.sendOutId);
    expect(rows.filter((r) => r.email === anna.email)).toEqual([
      { email: anna.email, language: "sv", stationId: s1, status: "QUEUED" },
    ]);
    // Gårda's two named and its contact (one of them), Lunden's contact.
    expect(res.body.recipients).toBe(3);
    expect(new Set(rows.map((r) => r.email)).size).toBe(rows.length);
  });

  it("gives each recipient the station they are at, for {coordinates}", async () => {
    const { owner, event, s1, s2, volunteersAt } = scene;
    const res = await postSendOut(app, owner.token, event.id, sendOutBody([s1, s2]));
    const rows = await recipientsOf(res.body.sendOutId);
    const noah = volunteersAt.s2.find((e) => e.startsWith("noah-"));
    expect(rows.find((r) => r.email === noah)?.stationId).toBe(s2);
    expect(rows.find((r) => r.email === scene.anna.email)?.stationId).toBe(s1);
  });

  it("refuses a send-out that would reach nobody with 400 ValidationError on stations saying why, and stores nothing", async () => {
    const { owner, lars } = scene;
    const event = await confirmedEvent(app, owner, { stations: [{}, {}], event: { included: [] } });
    const [s1, s2] = [stationId(event, "S1"), stationId(event, "S2")];
    // No group has accepted an offer at S1.
    const none = await postSendOut(app, owner.token, event.id, sendOutBody([s1]));
    expectCleanError(none, "ValidationError", 400);
    expect(none.body.fields).toEqual({ stations: "sendouts.validation.noAcceptedGroups" });
    // A group accepted S2 but has named nobody: its volunteers cannot be reached, its contact can.
    const group = await confirmedGroup(app, lars, { name: "Tomma laget" });
    await offerAt(app, owner, lars, { eventId: event.id, groupId: group.id, stationId: s2 }, { to: "ACCEPTED" });
    const unnamed = await postSendOut(app, owner.token, event.id, sendOutBody([s1, s2]));
    expectCleanError(unnamed, "ValidationError", 400);
    expect(unnamed.body.fields).toEqual({ stations: "sendouts.validation.noNamedVolunteers" });
    expect((await listSendOuts(app, owner.token, event.id)).body).toEqual([]);
    const contacts = await postSendOut(app, owner.token, event.id, sendOutBody([s2], { recipientTypes: ["CONTACT_PERSONS"] }));
    expect(contacts.status).toBe(201);
    expect(contacts.body).toMatchObject({ recipients: 1, groupsWithoutVolunteers: [] });
    expect((await listSendOuts(app, owner.token, event.id)).body).toHaveLength(1);
  });

  it("refuses what the form refuses: no station, no recipient type, an unknown type, no subject or message, too long", async () => {
    const { owner, event, s1 } = scene;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ stations: [] }, "stations", "validation.required"],
      [{ recipientTypes: [] }, "recipientTypes", "validation.required"],
      [{ recipientTypes: ["EVERYONE"] }, "recipientTypes.0", "validation.oneOf"],
      [{ subject: "  " }, "subject", "validation.required"],
      [{ message: "" }, "message", "validation.required"],
      [{ subject: "x".repeat(251) }, "subject", "validation.max250"],
      [{ message: "x".repeat(10_001) }, "message", "validation.tooLong"],
      [{ stations: [s1, s1] }, "stations", "sendouts.validation.duplicate"],
      [{ stations: ["not-a-station"] }, "stations.0", "validation.invalid"],
    ];
    for (const [change, field, id] of cases) {
      const res = await postSendOut(app, owner.token, event.id, sendOutBody([s1], change));
      expectCleanError(res, "ValidationError", 400);
      expect(res.body.fields?.[field], JSON.stringify(change)).toBe(id);
    }
  });

  it("makes a subject one line", async () => {
    const { owner, event, s1 } = scene;
    const res = await postSendOut(app, owner.token, event.id, sendOutBody([s1], { subject: "Rad ett\r\nBcc: alla@example.se" }));
    expect(res.status).toBe(201);
    expect((await getSendOut(app, owner.token, event.id, res.body.sendOutId)).body.subject).toBe("Rad ett Bcc: alla@example.se");
  });

  it("answers 404 for a station of another event or none", async () => {
    const { owner, event, s1 } = scene;
    const other = await confirmedEvent(app, owner);
    expectCleanError(await postSendOut(app, owner.token, event.id, sendOutBody([s1, stationId(other)])), "NotFound", 404);
    expectCleanError(await postSendOut(app, owner.token, event.id, sendOutBody([NO_SUCH_ID])), "NotFound", 404);
  });

  it("attaches files uploaded for the event, as the server found them", async () => {
    const { owner, event, s1 } = scene;
    const file = pdf(3000);
    expect((await upload(app, owner.token, event.id, { filename: "PM.pdf", content: file })).status).toBe(201);
    expect((await upload(app, owner.token, event.id, { filename: "karta.png", content: png() })).status).toBe(201);
    const res = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s1], { attachments: [{ name: "PM.pdf", type: "text/html" }, { name: "karta.png" }] }),
    );
    expect(res.status).toBe(201);
    const view = await getSendOut(app, owner.token, event.id, res.body.sendOutId);
    expect(view.body.attachments).toEqual([
      { name: "PM.pdf", type: "application/pdf", size: file.length },
      { name: "karta.png", type: "image/png", size: png().length },
    ]);
  });

  it("refuses an attachment that is no file of the event (400), also one of another event", async () => {
    const { owner, event, s1 } = scene;
    const other = await confirmedEvent(app, owner);
    expect((await upload(app, owner.token, other.id, { filename: "annat.pdf", content: pdf() })).status).toBe(201);
    for (const name of ["saknas.pdf", "annat.pdf", "../files/annat.pdf"]) {
      const res = await postSendOut(
        app,
        owner.token,
        event.id,
        sendOutBody([s1], { attachments: [{ name, type: "application/pdf" }] }),
      );
      expectCleanError(res, "ValidationError", 400);
      expect(res.body.fields).toEqual({ "attachments.0.name": "sendouts.validation.unknownFile" });
    }
  });

  it("refuses attachments larger than 6 MiB together with 413, and stores nothing", async () => {
    const { owner, event, s1 } = scene;
    const half = Math.floor(MAX_FILE_BYTES / 2) + 1;
    for (const name of ["del1.pdf", "del2.pdf"])
      expect((await upload(app, owner.token, event.id, { filename: name, content: pdf(half) })).status).toBe(201);
    const before = (await listSendOuts(app, owner.token, event.id)).body.length;
    const res = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s1], { attachments: [{ name: "del1.pdf" }, { name: "del2.pdf" }] }),
    );
    expectCleanError(res, "PayloadTooLarge", 413);
    expect((await listSendOuts(app, owner.token, event.id)).body.length).toBe(before);
    const one = await postSendOut(app, owner.token, event.id, sendOutBody([s1], { attachments: [{ name: "del1.pdf" }] }));
    expect(one.status).toBe(201);
  });

  it("refuses a draft event (409 EventNotConfirmed) and a finished one (409 EventHistoric)", async () => {
    const { owner } = scene;
    const draft = await draftEvent(app, owner);
    expectCleanError(await postSendOut(app, owner.token, draft.id, sendOutBody([stationId(draft)])), "EventNotConfirmed", 409);
    const finished = await confirmedEvent(app, owner);
    await makeHistoric(app, finished.id);
    expectCleanError(await postSendOut(app, owner.token, finished.id, sendOutBody([stationId(finished)])), "EventHistoric", 409);
  });

  it("lets a team leader send to the station they lead, and no other (404)", async () => {
    const { leader1, leader2, event, s1, s2, volunteersAt } = scene;
    const own = await postSendOut(app, leader1.token, event.id, sendOutBody([s1]));
    expect(own.status).toBe(201);
    expect(own.body.recipients).toBe(volunteersAt.s1.length);
    expectCleanError(await postSendOut(app, leader1.token, event.id, sendOutBody([s2])), "NotFound", 404);
    expectCleanError(await postSendOut(app, leader1.token, event.id, sendOutBody([s1, s2])), "NotFound", 404);
    expectCleanError(await postSendOut(app, leader2.token, event.id, sendOutBody([s1])), "NotFound", 404);
  });

  it("takes at most 10 send-outs an hour and 30 a day from one sender for one event, then 429 with Retry-After", async () => {
    const { owner, coOrganizer, leader1, event, s1 } = scene;
    const sent = () => listSendOuts(app, owner.token, event.id).then((r) => r.body.length as number);
    for (let i = 0; i < SEND_OUTS_PER_HOUR.limit; i++)
      expect((await postSendOut(app, leader1.token, event.id, sendOutBody([s1], { subject: `Nr ${i + 1}` }))).status).toBe(201);
    const before = await sent();
    const over = await postSendOut(app, leader1.token, event.id, sendOutBody([s1], { subject: "En för mycket" }));
    expectCleanError(over, "LimitExceededException", 429);
    // The first of the ten leaves the hour's window about an hour from now.
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3500);
    expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(await sent()).toBe(before);
    // Another sender, and the same sender at another event, have budgets of their own.
    expect((await postSendOut(app, coOrganizer.token, event.id, sendOutBody([s1]))).status).toBe(201);
    // An event of its own where leader1 leads a station with one named volunteer.
    const leaderEvent = async () => {
      const e = await confirmedEvent(app, owner, { stations: [{ teamLeaderEmail: leader1.email }], event: { included: [] } });
      const contact = await buildUser(app, { firstName: "Kim", lastName: "Kontakt" });
      const volunteer = { name: "Kim Berg", email: `kim-${e.id}@example.se` };
      await acceptedGroup(app, owner, contact, { eventId: e.id, stationId: stationId(e) }, `Grupp ${e.id}`, [volunteer], 1);
      return e;
    };
    const other = await leaderEvent();
    expect((await postSendOut(app, leader1.token, other.id, sendOutBody([stationId(other)]))).status).toBe(201);

    // At another event: 20 send-outs earlier in the day, from 23 hours ago, and the hour's 10 from 50 minutes
    // ago. Both budgets are spent; the answer waits for the later of the two to have room, the day's.
    const third = await leaderEvent();
    const [leader] = await queryRows<{ id: string }>(app.ctx.db, sql`SELECT id FROM users WHERE email = ${leader1.email}`);
    const now = app.clock.now().getTime();
    const at = (msAgo: number) => new Date(now - msAgo);
    const rows = (name: string, ats: Date[]) => ats.map((a) => ({ key: `${name}:${third.id}:${leader.id}`, at: a }));
    const earlier = Array.from({ length: 20 }, (_, i) => at(23 * HOUR - i * MINUTE));
    const lastHour = Array.from({ length: 10 }, (_, i) => at(50 * MINUTE - i * MINUTE));
    await app.ctx.db
      .insert(rateEvents)
      .values([...rows(SEND_OUTS_PER_DAY.name, [...earlier, ...lastHour]), ...rows(SEND_OUTS_PER_HOUR.name, lastHour)]);
    const spent = await postSendOut(app, leader1.token, third.id, sendOutBody([stationId(third)]));
    expectCleanError(spent, "LimitExceededException", 429);
    const wait = Number(spent.headers["retry-after"]);
    expect(wait).toBeGreaterThan(55 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });

  it("does not exist for an outsider (404) or without a session (401)", async () => {
    const { event, s1 } = scene;
    expectCleanError(await postSendOut(app, outsider.token, event.id, sendOutBody([s1])), "NotFound", 404);
    expectCleanError(await postSendOut(app, undefined, event.id, sendOutBody([s1])), "Unauthorized", 401);
    expectCleanError(await postSendOut(app, outsider.token, NO_SUCH_ID, sendOutBody([s1])), "NotFound", 404);
  });
});

describe("GET /api/events/{eventId}/sendout", () => {
  it("lists the event's send-outs newest first with when, subject and reach", async () => {
    const { owner, event, s1, s2, volunteersAt } = await sendOutScene(app);
    const first = await postSendOut(app, owner.token, event.id, sendOutBody([s1], { subject: "Första" }));
    app.clock.advance(60_000);
    const second = await postSendOut(app, owner.token, event.id, sendOutBody([s2], { subject: "Andra" }));
    const res = await listSendOuts(app, owner.token, event.id);
    expect(res.status).toBe(200);
    expect(res.body.map((s: { subject: string }) => s.subject)).toEqual(["Andra", "Första"]);
    expect(res.body[0]).toEqual({
      sendOutId: second.body.sendOutId,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      subject: "Andra",
      recipients: volunteersAt.s2.length,
    });
    expect(res.body[1].sendOutId).toBe(first.body.sendOutId);
  });

  it("answers an empty list for an event without send-outs", async () => {
    const event = await confirmedEvent(app, scene.owner);
    expect((await listSendOuts(app, scene.owner.token, event.id)).body).toEqual([]);
  });

  it("shows a team leader the send-outs that reach their station, and no others", async () => {
    const { owner, leader1, leader2, event, s1, s2 } = scene;
    const toS1 = await postSendOut(app, owner.token, event.id, sendOutBody([s1], { subject: "Bara S1" }));
    const toS2 = await postSendOut(app, owner.token, event.id, sendOutBody([s2], { subject: "Bara S2" }));
    const toBoth = await postSendOut(app, owner.token, event.id, sendOutBody([s1, s2], { subject: "Båda" }));
    const ids = (res: { body: Array<{ sendOutId: string }> }) => res.body.map((s) => s.sendOutId);
    const first = ids(await listSendOuts(app, leader1.token, event.id));
    expect(first).toContain(toS1.body.sendOutId);
    expect(first).toContain(toBoth.body.sendOutId);
    expect(first).not.toContain(toS2.body.sendOutId);
    const second = ids(await listSendOuts(app, leader2.token, event.id));
    expect(second).toContain(toS2.body.sendOutId);
    expect(second).toContain(toBoth.body.sendOutId);
    expect(second).not.toContain(toS1.body.sendOutId);
  });

  it("does not exist for an outsider (404) or without a session (401)", async () => {
    expectCleanError(await listSendOuts(app, outsider.token, scene.event.id), "NotFound", 404);
    expectCleanError(await listSendOuts(app, undefined, scene.event.id), "Unauthorized", 401);
  });
});

describe("GET /api/events/{eventId}/sendout/stations (the form's stations)", () => {
  it("counts per station what a send-out reaches there: groups that accepted, named volunteers, contacts, both", async () => {
    const { owner, event, s1, s2 } = scene;
    const res = await call(app.server, "GET", `/api/events/${event.id}/sendout/stations`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      // Gårda IF (Elin and Anna named, Anna its contact) and Lunden FC (nobody named, Lars its contact).
      { id: s1, name: "S1", start: expect.any(String), acceptedGroups: 2, volunteers: 2, contactPersons: 2, everyone: 3 },
      // Hisingen BK: Elin (the same address as at S1, in other letters' case) and Noah, Emma its contact.
      { id: s2, name: "S2", start: expect.any(String), acceptedGroups: 1, volunteers: 2, contactPersons: 1, everyone: 3 },
    ]);
    expect(res.body[0].start).toBe(event.stations.find((s: { id: string }) => s.id === s1).start);
  });

  it("counts nothing where no group has accepted", async () => {
    const event = await confirmedEvent(app, scene.owner, { event: { included: [] } });
    const res = await call(app.server, "GET", `/api/events/${event.id}/sendout/stations`, { token: scene.owner.token });
    expect(res.body).toEqual([
      expect.objectContaining({ name: "S1", acceptedGroups: 0, volunteers: 0, contactPersons: 0, everyone: 0 }),
    ]);
  });

  it("shows a team leader only the station they lead; an outsider 404, no session 401", async () => {
    const { leader1, event, s1 } = scene;
    const own = await call(app.server, "GET", `/api/events/${event.id}/sendout/stations`, { token: leader1.token });
    expect(own.body.map((s: { id: string }) => s.id)).toEqual([s1]);
    const path = `/api/events/${event.id}/sendout/stations`;
    expectCleanError(await call(app.server, "GET", path, { token: outsider.token }), "NotFound", 404);
    expectCleanError(await call(app.server, "GET", path, {}), "Unauthorized", 401);
    expectCleanError(
      await call(app.server, "GET", `/api/events/${NO_SUCH_ID}/sendout/stations`, { token: outsider.token }),
      "NotFound",
      404,
    );
  });
});

describe("GET /api/events/{eventId}/sendout/{sendOutId}", () => {
  it("shows the stations by name, the recipient types, the text, the sender and the mails queued", async () => {
    const { owner, event, s1, s2 } = scene;
    const created = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s2, s1], {
        recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"],
        subject: "Allt om dagen",
        message: "Hej {coordinates}",
      }),
    );
    const res = await getSendOut(app, owner.token, event.id, created.body.sendOutId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sendOutId: created.body.sendOutId,
      eventId: event.id,
      createdAt: expect.any(String),
      sender: "Olle Organisatör",
      stations: [s2, s1],
      stationNames: ["S2", "S1"],
      recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"],
      subject: "Allt om dagen",
      message: "Hej {coordinates}",
      attachments: [],
      recipients: created.body.recipients,
      groupsWithoutVolunteers: ["Lunden FC"],
      queued: created.body.recipients,
      delivered: 0,
      failed: 0,
      abilities: { openAttachments: true },
    });
  });

  it("shows a team leader a send-out that reaches their station; others' do not exist for them (404)", async () => {
    const { owner, leader1, leader2, event, s1 } = scene;
    const created = await postSendOut(app, owner.token, event.id, sendOutBody([s1]));
    expect((await getSendOut(app, leader1.token, event.id, created.body.sendOutId)).status).toBe(200);
    expectCleanError(await getSendOut(app, leader2.token, event.id, created.body.sendOutId), "NotFound", 404);
  });

  it("answers 404 to an outsider, for an unknown id and for a send-out of another event", async () => {
    const { owner, event, s1 } = scene;
    const created = await postSendOut(app, owner.token, event.id, sendOutBody([s1]));
    expectCleanError(await getSendOut(app, outsider.token, event.id, created.body.sendOutId), "NotFound", 404);
    expectCleanError(await getSendOut(app, owner.token, event.id, NO_SUCH_ID), "NotFound", 404);
    const other = await confirmedEvent(app, owner);
    expectCleanError(await getSendOut(app, owner.token, other.id, created.body.sendOutId), "NotFound", 404);
    expectCleanError(await getSendOut(app, undefined, event.id, created.body.sendOutId), "Unauthorized", 401);
  });
});

describe("GET /api/events/{eventId}/sendout/{sendOutId}/attachments/{name}", () => {
  const attachmentOf = (token: string | undefined, eventId: string, sendOutId: string, name: string) =>
    app.server.inject({
      method: "GET",
      url: `/api/events/${eventId}/sendout/${sendOutId}/attachments/${encodeURIComponent(name)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const errorOf = (res: Awaited<ReturnType<typeof attachmentOf>>) => ({
    status: res.statusCode,
    body: res.json(),
    headers: res.headers,
    cookies: [],
  });

  let byOwner: string;
  let byLeader: string;
  const letter = pdf(4000);
  const map = pdf(2500);
  beforeAll(async () => {
    const { owner, leader1, event, s1 } = scene;
    expect((await upload(app, owner.token, event.id, { filename: "Välkomstbrev.pdf", content: letter })).status).toBe(201);
    expect((await upload(app, owner.token, event.id, { filename: "ej-bifogad.pdf", content: pdf(900) })).status).toBe(201);
    expect((await upload(app, leader1.token, event.id, { filename: "karta-s1.pdf", content: map })).status).toBe(201);
    const sent = (token: string, name: string) =>
      postSendOut(app, token, event.id, sendOutBody([s1], { subject: `Med ${name}`, attachments: [{ name }] }));
    byOwner = (await sent(owner.token, "Välkomstbrev.pdf")).body.sendOutId;
    byLeader = (await sent(leader1.token, "karta-s1.pdf")).body.sendOutId;
  });

  it("gives the event's contacts the bytes that were sent, as a download named as the file", async () => {
    const { owner, coOrganizer, event } = scene;
    for (const contact of [owner, coOrganizer]) {
      const res = await attachmentOf(contact.token, event.id, byOwner, "Välkomstbrev.pdf");
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(letter)).toBe(true);
      expect(res.headers["content-type"]).toBe("application/pdf");
      // Never shown inline, and named in full: an ASCII stand-in and the UTF-8 name (RFC 6266).
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="V?lkomstbrev.pdf"; filename*=UTF-8''V%C3%A4lkomstbrev.pdf`,
      );
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect((await getSendOut(app, contact.token, event.id, byOwner)).body.abilities).toEqual({ openAttachments: true });
    }
    // A team leader's send-out is the event's too.
    const leaders = await attachmentOf(owner.token, event.id, byLeader, "karta-s1.pdf");
    expect(leaders.statusCode).toBe(200);
    expect(leaders.rawPayload.equals(map)).toBe(true);
  });

  it("gives a team leader the files of their own send-out, not of another's to their station (403)", async () => {
    const { leader1, event } = scene;
    const own = await attachmentOf(leader1.token, event.id, byLeader, "karta-s1.pdf");
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(map)).toBe(true);
    expect((await getSendOut(app, leader1.token, event.id, byLeader)).body.abilities).toEqual({ openAttachments: true });
    // The organizer's send-out reaches their station, so they read it, but its files are not theirs to open.
    expect((await getSendOut(app, leader1.token, event.id, byOwner)).body.abilities).toEqual({ openAttachments: false });
    expectCleanError(errorOf(await attachmentOf(leader1.token, event.id, byOwner, "Välkomstbrev.pdf")), "Forbidden", 403);
  });

  it("answers 404 for a file the send-out does not carry, to whom the send-out does not exist, and 401 without a session", async () => {
    const { owner, leader2, event } = scene;
    // Uploaded for the event, but not attached to this send-out.
    expectCleanError(errorOf(await attachmentOf(owner.token, event.id, byOwner, "ej-bifogad.pdf")), "NotFound", 404);
    expectCleanError(errorOf(await attachmentOf(owner.token, event.id, byOwner, "finns-inte.pdf")), "NotFound", 404);
    expectCleanError(errorOf(await attachmentOf(owner.token, event.id, NO_SUCH_ID, "Välkomstbrev.pdf")), "NotFound", 404);
    // The team leader of another station, and an outsider: the send-out does not exist for them.
    expectCleanError(errorOf(await attachmentOf(leader2.token, event.id, byOwner, "Välkomstbrev.pdf")), "NotFound", 404);
    expectCleanError(errorOf(await attachmentOf(outsider.token, event.id, byOwner, "Välkomstbrev.pdf")), "NotFound", 404);
    const other = await confirmedEvent(app, owner);
    expectCleanError(errorOf(await attachmentOf(owner.token, other.id, byOwner, "Välkomstbrev.pdf")), "NotFound", 404);
    expectCleanError(errorOf(await attachmentOf(undefined, event.id, byOwner, "Välkomstbrev.pdf")), "Unauthorized", 401);
  });
});

describe("without SMTP_URL (development)", () => {
  it("keeps each mail where /dev/mailbox shows it, and counts them delivered", async () => {
    const { owner, event, s1, volunteersAt } = scene;
    await app.jobs.runDue(); // what earlier tests queued
    const created = await postSendOut(app, owner.token, event.id, sendOutBody([s1], { subject: "Syns i brevlådan" }));
    await app.jobs.runDue();
    const mailbox = await call(app.server, "GET", "/api/dev/mailbox");
    const kept = mailbox.body.filter((m: { subject: string }) => m.subject === "Syns i brevlådan");
    expect(kept.map((m: { to: string }) => m.to).sort()).toEqual([...volunteersAt.s1].sort());
    expect(kept[0].text).toContain("mlat=59.332600&mlon=18.064900");
    const view = await getSendOut(app, owner.token, event.id, created.body.sendOutId);
    expect(view.body).toMatchObject({ queued: 0, delivered: volunteersAt.s1.length, failed: 0 });
  });

  it("gives a send-out up rather than attach bytes other than those checked when it was made", async () => {
    const { owner, event, s1, volunteersAt } = scene;
    await app.jobs.runDue();
    const content = pdf(4000);
    expect((await upload(app, owner.token, event.id, { filename: "Ändrad.pdf", content })).status).toBe(201);
    const created = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s1], { subject: "Med ändrad bilaga", attachments: [{ name: "Ändrad.pdf" }] }),
    );
    // The stored bytes change on disk (the same size, one byte other) before delivery.
    const [blob] = await queryRows<{ key: string }>(
      app.ctx.db,
      sql`SELECT b.store_key AS key FROM event_files f JOIN file_blobs b ON b.id = f.blob_id
        WHERE f.event_id = ${event.id} AND f.name = 'Ändrad.pdf'`,
    );
    const changed = Buffer.from(content);
    changed[100] ^= 1;
    writeFileSync(path.join(dataDir, "files", event.id, blob.key), changed);
    await app.jobs.runDue();
    const view = await getSendOut(app, owner.token, event.id, created.body.sendOutId);
    expect(view.body).toMatchObject({ queued: 0, delivered: 0, failed: volunteersAt.s1.length });
    const errors = await queryRows<{ error: string }>(
      app.ctx.db,
      sql`SELECT last_error AS error FROM send_out_recipients WHERE send_out_id = ${created.body.sendOutId}`,
    );
    expect(errors.every((e) => e.error.startsWith("attachment changed"))).toBe(true);
  });
});
