import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../src/server/db/schema.ts";
import { parseInstant } from "../../src/shared/time.ts";
import { addDays, stockholmToday } from "../../src/shared/validation.ts";
import type { TestApp } from "../helpers/app.ts";
import { DAY, HOUR } from "../helpers/clock.ts";
import { buildUser } from "../helpers/factories.ts";
import { mailingAppForFile, mimePart, nthMail } from "../helpers/identity.ts";
import {
  allocationOf,
  answerOffer,
  createOffer,
  groupOffer,
  type OfferKey,
  organizerOffer,
  postOffer,
  refreshToken,
  sendOffers,
  sendReminders,
  settle,
} from "../helpers/offers.ts";
import { confirmedEvent, confirmedGroup, type Json, offerAt, stationId, type User } from "../helpers/seed.ts";
import type { SmtpSink, SunkMail } from "../helpers/smtp-sink.ts";

/**
 * Answer-by dates (beyond the spec, STAFFING §1): the scheduled job "offers.sweep" reminds a PROPOSAL
 * 2 days before its answer-by date and turns it EXPIRED once the date has passed, freeing its places,
 * but leaves every offer alone whose station starts within 48 hours. The clock is moved by hand, as the
 * historic sweep's tests do; the tests share one app and its clock, each with users and events of its own.
 */

const OFFERS_SWEEP_JOB = "offers.sweep";

const file = mailingAppForFile();

/** Fresh users for one test (the app and its clock are the file's; the clock only moves forward). */
async function world() {
  const { app, sink } = file;
  const owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  const anna = await buildUser(app, { firstName: "Anna", lastName: "Andersson" });
  const bertil = await buildUser(app, { firstName: "Bertil", lastName: "Berg" });
  for (const u of [owner, anna, bertil]) await nthMail(sink, u.email, 1);
  await settle(app);
  return { app, sink, owner, anna, bertil };
}

/** Moves the clock, signs everyone in again (tokens do not outlive hours), and runs what is due. */
async function later(app: TestApp, ms: number, users: User[]) {
  app.clock.advance(ms);
  for (const u of users) await refreshToken(app, u);
  await app.jobs.runDue();
  await settle(app);
}

function mailsSince(sink: SmtpSink, mark: number, address: string): SunkMail[] {
  return sink.mails.slice(mark).filter((m) => m.to.includes(address));
}
const text = (m: SunkMail) => mimePart(m.raw, "text/plain") ?? m.text;
const key = (e: Json, g: Json): OfferKey => ({ eventId: e.id, groupId: g.id, stationId: e.stations[0].id });

describe("the offers sweep", () => {
  it("is a queued job of kind offers.sweep", async () => {
    const { app } = await world();
    await app.jobs.runDue();
    const pending = await app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, OFFERS_SWEEP_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)));
    expect(pending.length).toBeGreaterThanOrEqual(1);
  });

  it("reminds a PROPOSAL 2 days before its answer-by date, once, then turns it EXPIRED, mails both sides and frees the places", async () => {
    const { app, sink, owner, anna, bertil } = await world();
    const users = [owner, anna, bertil];
    const e = await confirmedEvent(app, owner, { stations: [{ name: "Entrén", officialQuantity: 10 }] });
    const g = await confirmedGroup(app, anna, { name: "Väntar IF", numberOfMembers: 4 });
    const answered = await confirmedGroup(app, bertil, { name: "Svarat BK" });
    const k = key(e, g);
    await createOffer(app, owner.token, k, 4);
    await createOffer(app, owner.token, key(e, answered), 3);
    const t0 = app.clock.now().getTime();
    // Due exactly a week on (the default is the end of that day), so the steps below fall at known times.
    expect((await sendOffers(app, owner.token, e.id, { expiresAt: new Date(t0 + 7 * DAY).toISOString() })).body.sent).toBe(2);
    expect((await answerOffer(app, bertil.token, key(e, answered), "accept")).status).toBe(200);
    await settle(app);
    let mark = sink.mails.length;

    // Three days before the answer-by date: nothing yet.
    await later(app, 4 * DAY, users);
    expect(mailsSince(sink, mark, anna.email)).toEqual([]);
    expect((await groupOffer(app, anna.token, k)).body).toMatchObject({ status: "PROPOSAL", remindedAt: null });

    // Just inside the last two days: one reminder to the group's contact.
    await later(app, DAY + HOUR, users);
    await sink.waitFor(anna.email, () => mailsSince(sink, mark, anna.email).length >= 1, 15_000);
    await settle(app);
    const reminders = mailsSince(sink, mark, anna.email);
    expect(reminders).toHaveLength(1);
    expect(text(reminders[0])).toContain(e.name);
    const reminded = (await groupOffer(app, anna.token, k)).body;
    expect(reminded.status).toBe("PROPOSAL");
    expect(new Date(reminded.remindedAt).getTime()).toBeGreaterThanOrEqual(t0 + 5 * DAY);
    // Not again on the next runs.
    await later(app, 6 * HOUR, users);
    expect(mailsSince(sink, mark, anna.email)).toHaveLength(1);
    expect((await groupOffer(app, anna.token, k)).body.remindedAt).toBe(reminded.remindedAt);

    // The answer-by date has passed: EXPIRED, and the group's contact and the event's contact hear of it.
    mark = sink.mails.length;
    await later(app, 2 * DAY, users);
    await sink.waitFor(anna.email, () => mailsSince(sink, mark, anna.email).length >= 1, 15_000);
    await sink.waitFor(owner.email, () => mailsSince(sink, mark, owner.email).length >= 1, 15_000);
    await settle(app);
    expect(mailsSince(sink, mark, anna.email)).toHaveLength(1);
    expect(mailsSince(sink, mark, owner.email)).toHaveLength(1);
    expect(text(mailsSince(sink, mark, owner.email)[0])).toContain("Väntar IF");
    expect(mailsSince(sink, mark, bertil.email)).toEqual([]);
    expect((await organizerOffer(app, owner.token, k))?.status).toBe("EXPIRED");
    expect((await organizerOffer(app, owner.token, key(e, answered)))?.status).toBe("ACCEPTED");
    expect((await groupOffer(app, anna.token, k)).body.status).toBe("EXPIRED");
    expect(await allocationOf(app, owner.token, e.id, k.stationId)).toEqual({
      needed: 10,
      preliminary: 0,
      awaiting: 0,
      accepted: 3,
      missing: 7,
      manned: false,
    });

    // Too late to answer; not reminded by hand either.
    expect((await answerOffer(app, anna.token, k, "accept")).status).toBe(409);
    expect((await sendReminders(app, owner.token, e.id)).body).toEqual({ groups: [], notReminded: [] });

    // The group's members are free again, and the organizer may ask once more at the same station.
    const again = await postOffer(app, owner.token, { ...k, volunteers: 4 });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: "DRAFT", volunteers: 4, sentAt: null, expiresAt: null });
  });

  it("does not remind automatically when the organizer has reminded by hand", async () => {
    const { app, sink, owner, anna, bertil } = await world();
    const e = await confirmedEvent(app, owner);
    const g = await confirmedGroup(app, anna, { name: "Påmind IF" });
    const k = key(e, g);
    await offerAt(app, owner, anna, k, { to: "PROPOSAL" });
    await later(app, DAY, [owner, anna, bertil]);
    expect((await sendReminders(app, owner.token, e.id)).body).toEqual({ groups: ["Påmind IF"], notReminded: [] });
    await settle(app);
    const mark = sink.mails.length;
    const remindedAt = (await groupOffer(app, anna.token, k)).body.remindedAt;
    expect(remindedAt).toEqual(expect.any(String));
    await later(app, 5 * DAY + HOUR, [owner, anna, bertil]);
    expect(mailsSince(sink, mark, anna.email)).toEqual([]);
    expect((await groupOffer(app, anna.token, k)).body).toMatchObject({ status: "PROPOSAL", remindedAt });
  });

  it("never reminds or expires an offer whose station starts within 48 hours", async () => {
    const { app, sink, owner, anna, bertil } = await world();
    const users = [owner, anna, bertil];
    // From 06:00 in Stockholm, whatever the hour the earlier tests left the clock at: the control's first
    // look then falls more than a day after it was sent (a reminder never comes within a day of sending).
    const today = stockholmToday(app.clock.now());
    const six = (date: string) => (parseInstant(`${date}T06:00`) as Date).getTime();
    const morning = six(today) > app.clock.now().getTime() ? six(today) : six(addDays(today, 1));
    await later(app, morning - app.clock.now().getTime(), users);
    const soon = await confirmedEvent(app, owner, { days: 3, event: { name: "Snart" } });
    const far = await confirmedEvent(app, owner, { days: 30, event: { name: "Långt bort" } });
    const near = await confirmedGroup(app, anna, { name: "Nära IF" });
    const control = await confirmedGroup(app, bertil, { name: "Kontroll BK" });
    const start = new Date(soon.stations[0].start).getTime();
    const kSoon = key(soon, near);
    const kFar = key(far, control);
    await createOffer(app, owner.token, kSoon, 2);
    await createOffer(app, owner.token, kFar, 2);
    // Answer by 36 h before the start: its reminder falls inside the last 48 h, as does its expiry.
    const soonBy = start - 36 * HOUR;
    const firstLook = start - 40 * HOUR;
    expect((await sendOffers(app, owner.token, soon.id, { expiresAt: new Date(soonBy).toISOString() })).status).toBe(200);
    // The control is due for its reminder at the first look, far from its station's start.
    expect((await sendOffers(app, owner.token, far.id, { expiresAt: new Date(firstLook + DAY).toISOString() })).status).toBe(200);
    await settle(app);
    const mark = sink.mails.length;

    await later(app, firstLook - app.clock.now().getTime(), users);
    // The sweep ran: the control was reminded.
    await sink.waitFor(bertil.email, () => mailsSince(sink, mark, bertil.email).length >= 1, 15_000);
    expect((await groupOffer(app, bertil.token, kFar)).body.remindedAt).toEqual(expect.any(String));
    // The offer 40 h before its station: left alone.
    expect(mailsSince(sink, mark, anna.email)).toEqual([]);
    expect((await groupOffer(app, anna.token, kSoon)).body).toMatchObject({ status: "PROPOSAL", remindedAt: null });

    // Past its answer-by date, 30 h before the start: still left alone.
    await later(app, 10 * HOUR, users);
    expect(mailsSince(sink, mark, anna.email)).toEqual([]);
    expect((await groupOffer(app, anna.token, kSoon)).body).toMatchObject({ status: "PROPOSAL", remindedAt: null });
    expect((await organizerOffer(app, owner.token, kSoon))?.status).toBe("PROPOSAL");
    // The group may still answer; the organizer decides what happens.
    expect((await answerOffer(app, anna.token, kSoon, "accept")).status).toBe(200);
  });
});

describe("reminders by hand", () => {
  /** The offer reminders in `address`'s inbox since `mark`. */
  const remindersSince = (sink: SmtpSink, mark: number, address: string) =>
    mailsSince(sink, mark, address).filter((m) => /^(Påminnelse|Reminder):/.test(m.subject));
  const near = (instant: string, expected: number) =>
    expect(Math.abs(new Date(instant).getTime() - expected), instant).toBeLessThanOrEqual(10_000);

  it("remind a group of an offer at most once a day and not within a day of sending it, and say who was not and why", async () => {
    const { app, sink, owner, anna, bertil } = await world();
    const users = [owner, anna, bertil];
    const e = await confirmedEvent(app, owner, { stations: [{}, {}], event: { name: "Höstloppet" } });
    const early = await confirmedGroup(app, anna, { name: "Tidiga IF" });
    const late = await confirmedGroup(app, bertil, { name: "Sena BK" });
    const mark = sink.mails.length;

    // Right after the offer went out: nobody is reminded, and the answer says when the group can be.
    const sentAt = app.clock.now().getTime();
    await offerAt(app, owner, anna, { eventId: e.id, groupId: early.id, stationId: stationId(e, "S1") }, { to: "PROPOSAL" });
    const tooSoon = (await sendReminders(app, owner.token, e.id)).body;
    expect(tooSoon.groups).toEqual([]);
    expect(tooSoon.notReminded).toEqual([{ group: "Tidiga IF", reason: "sentRecently", from: expect.any(String) }]);
    near(tooSoon.notReminded[0].from, sentAt + DAY);

    // 20 hours on, the second group's offer goes out; a day after the first, only the first group is reminded,
    // once, however many ask at the same moment.
    await later(app, 20 * HOUR, users);
    const lateSentAt = app.clock.now().getTime();
    await offerAt(app, owner, bertil, { eventId: e.id, groupId: late.id, stationId: stationId(e, "S2") }, { to: "PROPOSAL" });
    await later(app, 5 * HOUR, users);
    const remindedAt = app.clock.now().getTime();
    const answers = (await Promise.all(Array.from({ length: 10 }, () => sendReminders(app, owner.token, e.id)))).map(
      (r) => r.body,
    );
    expect(answers.filter((a) => a.groups.length > 0)).toEqual([
      { groups: ["Tidiga IF"], notReminded: [{ group: "Sena BK", reason: "sentRecently", from: expect.any(String) }] },
    ]);
    for (const a of answers.filter((x) => x.groups.length === 0))
      expect(a.notReminded.map((h: Json) => [h.group, h.reason])).toEqual([
        ["Sena BK", "sentRecently"],
        ["Tidiga IF", "remindedRecently"],
      ]);

    // Twice in a day: the second asks again within the day and sends nothing.
    const again = (await sendReminders(app, owner.token, e.id)).body;
    expect(again.groups).toEqual([]);
    near(again.notReminded.find((h: Json) => h.group === "Tidiga IF").from, remindedAt + DAY);
    near(again.notReminded.find((h: Json) => h.group === "Sena BK").from, lateSentAt + DAY);
    await settle(app);
    expect(remindersSince(sink, mark, anna.email)).toHaveLength(1);
    expect(remindersSince(sink, mark, bertil.email)).toEqual([]);

    // A day after the reminder: both groups are reminded, each once more.
    await later(app, DAY, users);
    const dayOn = (await sendReminders(app, owner.token, e.id)).body;
    expect([...dayOn.groups].sort()).toEqual(["Sena BK", "Tidiga IF"]);
    expect(dayOn.notReminded).toEqual([]);
    await settle(app);
    expect(remindersSince(sink, mark, anna.email)).toHaveLength(2);
    expect(remindersSince(sink, mark, bertil.email)).toHaveLength(1);
  });
});
