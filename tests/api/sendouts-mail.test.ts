import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removalLink } from "../../src/server/features/registration/mail.ts";
import { sendOutJob } from "../../src/server/features/sendouts/delivery.ts";
import { mailTransport } from "../../src/server/mail/outbox.ts";
import { mapLink } from "../../src/shared/geo/map-link.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { attachmentsOf, headerOf, pdf, plainTextOf, png, upload } from "../helpers/files.ts";
import { settle } from "../helpers/offers.ts";
import { getSendOut, postSendOut, S1_PLACE, S2_PLACE, type Scene, sendOutBody, sendOutScene } from "../helpers/sendouts.ts";
import { SmtpSink, type SunkMail } from "../helpers/smtp-sink.ts";

/**
 * Send-out mail read back from a real SMTP sink: one mail per address with the attachments, `{coordinates}`
 * filled in with each recipient's station, each in the recipient's language, never twice; a relay's
 * refusal recorded as FAILED, a passing failure tried again.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "bemanna-sendout-mail-"));
/** Addresses the relay refuses: for good, or once and then takes. */
const refusedForGood = new Set<string>();
const refusedOnce = new Set<string>();
const sink = new SmtpSink({
  refuse: (address) => {
    if (refusedForGood.has(address)) return 550;
    if (refusedOnce.delete(address)) return 451;
    return undefined;
  },
});
let app: TestApp;
let scene: Scene;

beforeAll(async () => {
  app = await createTestApp({ smtpUrl: await sink.start(), env: { DATA_DIR: dataDir } });
  app.jobs.start();
  scene = await sendOutScene(app);
  await settle(app);
});
afterAll(async () => {
  await app?.close();
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const withSubject = (subject: string) => sink.mails.filter((m) => m.subject === subject);
const text = (m: SunkMail) => plainTextOf(m.raw);

/** Waits until `addresses` each have a mail with `subject`, lets the queue run on, and answers them all. */
async function delivered(subject: string, addresses: string[]): Promise<SunkMail[]> {
  for (const a of addresses) await sink.waitFor(a, (m) => m.subject === subject, 15_000);
  await settle(app);
  return withSubject(subject);
}

describe("send-out mail", () => {
  it("reaches every address once, with the attachments, its station's map link and its own language", async () => {
    const { owner, coOrganizer, leader1, leader2, event, s1, s2, anna, emma, lars, volunteersAt } = scene;
    const instructions = pdf(40_000);
    const map = png();
    expect((await upload(app, owner.token, event.id, { filename: "PM.pdf", content: instructions })).status).toBe(201);
    expect((await upload(app, owner.token, event.id, { filename: "karta.png", content: map })).status).toBe(201);
    const subject = "Välkomna till Göteborgsvarvet";
    const created = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s1, s2], {
        subject,
        recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"],
        message: "Hej!\n\nSamling 07:30 vid er station: {coordinates}\nKartan finns i bilagan.",
        attachments: [{ name: "PM.pdf" }, { name: "karta.png" }],
      }),
    );
    expect(created.status).toBe(201);
    const everyone = [...new Set([...volunteersAt.s1, ...volunteersAt.s2, anna.email, emma.email, lars.email])].sort();
    expect(created.body.recipients).toBe(everyone.length);

    const mails = await delivered(subject, everyone);
    // One each, and to no one else: not the event's own contacts, not the team leaders.
    expect(mails.map((m) => m.to.join()).sort()).toEqual(everyone);
    for (const nobody of [owner, coOrganizer, leader1, leader2])
      expect(withSubject(subject).some((m) => m.to.includes(nobody.email))).toBe(false);

    for (const m of mails) {
      const files = attachmentsOf(m.raw);
      expect(files.map((f) => [f.filename, f.contentType])).toEqual([
        ["PM.pdf", "application/pdf"],
        ["karta.png", "image/png"],
      ]);
      expect(files[0].content.equals(instructions)).toBe(true);
      expect(files[1].content.equals(map)).toBe(true);
      expect(headerOf(m.raw, "reply-to")).toContain(owner.email);
      expect(text(m)).not.toContain("{coordinates}");
    }
    const noah = volunteersAt.s2.find((a) => a.startsWith("noah-")) as string;
    const mailTo = (address: string) => mails.find((m) => m.to.includes(address)) as SunkMail;
    expect(text(mailTo(noah))).toContain(`Samling 07:30 vid er station: ${mapLink(S2_PLACE)}`);
    expect(text(mailTo(anna.email))).toContain(`Samling 07:30 vid er station: ${mapLink(S1_PLACE)}`);
    expect(text(mailTo(anna.email))).toContain("mlat=59.332600&mlon=18.064900");
    // The line about the send-out in each recipient's language (a volunteer has none: Swedish), naming
    // both kinds of recipients the sender chose.
    expect(text(mailTo(emma.email))).toContain(
      "This is a send-out from Olle Organisatör to the volunteers and the groups' contacts at the station S2",
    );
    expect(text(mailTo(noah))).toContain(
      "Det här är ett utskick från Olle Organisatör till funktionärerna och gruppernas kontaktpersoner på stationen S2",
    );
    // The same Message-ID for the same address and send-out, different for each address.
    const ids = mails.map((m) => headerOf(m.raw, "message-id"));
    expect(new Set(ids).size).toBe(mails.length);
    expect(ids.every((id) => id?.startsWith(`<${created.body.sendOutId}.`))).toBe(true);

    const view = await getSendOut(app, owner.token, event.id, created.body.sendOutId);
    expect(view.body).toMatchObject({ queued: 0, delivered: everyone.length, failed: 0 });
    // Nothing more arrives later: none twice.
    await settle(app);
    expect(withSubject(subject)).toHaveLength(everyone.length);
  });

  it("names in its footer only the recipients the sender chose, in each recipient's language", async () => {
    const { owner, event, s1, s2, anna, emma, lars, volunteersAt } = scene;
    const toContacts = "Till kontaktpersonerna";
    const sent = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s1, s2], { subject: toContacts, recipientTypes: ["CONTACT_PERSONS"] }),
    );
    expect(sent.status).toBe(201);
    const mails = await delivered(toContacts, [anna.email, emma.email, lars.email]);
    const footer = (address: string) => text(mails.find((m) => m.to.includes(address)) as SunkMail);
    expect(footer(anna.email)).toContain("från Olle Organisatör till gruppernas kontaktpersoner på stationen S1");
    expect(footer(emma.email)).toContain("from Olle Organisatör to the groups' contacts at the station S2");
    expect(footer(emma.email)).not.toContain("volunteers");

    const toVolunteers = "Till funktionärerna";
    expect((await postSendOut(app, owner.token, event.id, sendOutBody([s2], { subject: toVolunteers }))).status).toBe(201);
    const noah = volunteersAt.s2.find((a) => a.startsWith("noah-")) as string;
    const [mail] = (await delivered(toVolunteers, [noah])).filter((m) => m.to.includes(noah));
    expect(text(mail)).toContain("från Olle Organisatör till funktionärerna på stationen S2");
    expect(text(mail)).not.toContain("kontaktpersoner");
  });

  it("records an address the relay refuses for good as failed, and delivers the rest", async () => {
    const { owner, event, s2, volunteersAt } = scene;
    const noah = volunteersAt.s2.find((a) => a.startsWith("noah-")) as string;
    const other = volunteersAt.s2.find((a) => a !== noah) as string;
    refusedForGood.add(noah);
    const subject = "Ändrad samlingsplats";
    const created = await postSendOut(app, owner.token, event.id, sendOutBody([s2], { subject }));
    await delivered(subject, [other]);
    refusedForGood.delete(noah);
    expect(withSubject(subject).map((m) => m.to.join())).toEqual([other]);
    const view = await getSendOut(app, owner.token, event.id, created.body.sendOutId);
    expect(view.body).toMatchObject({ recipients: 2, queued: 0, delivered: 1, failed: 1 });
  });

  it("tries a passing refusal again after a while and then delivers it once", async () => {
    const { owner, event, s2, volunteersAt } = scene;
    const noah = volunteersAt.s2.find((a) => a.startsWith("noah-")) as string;
    refusedOnce.add(noah);
    const subject = "Glöm inte legitimation";
    const created = await postSendOut(app, owner.token, event.id, sendOutBody([s2], { subject }));
    await settle(app);
    expect(withSubject(subject).some((m) => m.to.includes(noah))).toBe(false);
    expect((await getSendOut(app, owner.token, event.id, created.body.sendOutId)).body).toMatchObject({
      queued: 1,
      delivered: 1,
    });
    app.clock.advance(10_000);
    await delivered(subject, [noah]);
    expect(withSubject(subject).filter((m) => m.to.includes(noah))).toHaveLength(1);
    expect((await getSendOut(app, owner.token, event.id, created.body.sendOutId)).body).toMatchObject({
      queued: 0,
      delivered: 2,
      failed: 0,
    });
  });

  it("carries the files it was made with, whatever is uploaded under their names while it is still queued", async () => {
    const { owner, leader1, event, s2, volunteersAt } = scene;
    const noah = volunteersAt.s2.find((a) => a.startsWith("noah-")) as string;
    const other = volunteersAt.s2.find((a) => a !== noah) as string;
    const original = pdf(2048);
    expect((await upload(app, owner.token, event.id, { filename: "Samling.pdf", content: original })).status).toBe(201);
    // Noah's mail waits for a second round: the send-out to station B is still queued for him.
    refusedOnce.add(noah);
    const subject = "Samling vid station B";
    const created = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s2], { subject, attachments: [{ name: "Samling.pdf" }] }),
    );
    expect(created.status).toBe(201);
    await delivered(subject, [other]);
    expect((await getSendOut(app, owner.token, event.id, created.body.sendOutId)).body).toMatchObject({ queued: 1 });

    // The team leader of station A uploads a large file under the same name: refused, it is the organizer's.
    const big = pdf(5 * 1024 * 1024);
    const leaders = await upload(app, leader1.token, event.id, { filename: "Samling.pdf", content: big });
    expect(leaders.status).toBe(409);
    expect(leaders.body.fields).toEqual({ file: "sendouts.validation.fileNameTaken" });
    // The organizer's own new version takes the name, for send-outs made from now on.
    const newer = pdf(3000);
    expect((await upload(app, owner.token, event.id, { filename: "Samling.pdf", content: newer })).status).toBe(201);

    app.clock.advance(10_000);
    const mails = await delivered(subject, [noah]);
    expect(mails.map((m) => m.to.join()).sort()).toEqual([noah, other].sort());
    for (const m of mails) {
      const files = attachmentsOf(m.raw);
      expect(files.map((f) => f.filename)).toEqual(["Samling.pdf"]);
      expect(files[0].content.equals(original), m.to.join()).toBe(true);
    }
    expect((await getSendOut(app, owner.token, event.id, created.body.sendOutId)).body).toMatchObject({
      queued: 0,
      delivered: 2,
      failed: 0,
      attachments: [{ name: "Samling.pdf", type: "application/pdf", size: original.length }],
    });

    // A send-out made now carries the new version.
    const later = "Samling, ny version";
    await postSendOut(app, owner.token, event.id, sendOutBody([s2], { subject: later, attachments: [{ name: "Samling.pdf" }] }));
    for (const m of await delivered(later, [noah, other])) expect(attachmentsOf(m.raw)[0].content.equals(newer)).toBe(true);
  });

  it("never sends an address twice when several runs deliver one send-out at once (several processes)", async () => {
    const { owner, event, s1, s2, anna, emma, lars, volunteersAt } = scene;
    const subject = "Tre på en gång";
    // Three more runs besides the app's own worker, each with a transport of its own, as other processes have.
    const transports = [1, 2, 3].map(() => mailTransport(`smtp://127.0.0.1:${sink.port}`));
    const runs = transports.map((transport, i) =>
      sendOutJob({
        db: app.ctx.db,
        clock: app.clock,
        log: app.server.log,
        transport,
        from: app.ctx.config.MAIL_FROM,
        files: app.ctx.files,
        removalLink: (volunteerId, language) => removalLink(app.ctx, volunteerId, app.clock.now(), language),
        stopping: () => false,
        instanceId: `other-process-${i + 1}`,
      }),
    );
    const created = await postSendOut(
      app,
      owner.token,
      event.id,
      sendOutBody([s1, s2], { subject, recipientTypes: ["VOLUNTEERS", "CONTACT_PERSONS"] }),
    );
    await Promise.all(runs.map((run) => run({ sendOutId: created.body.sendOutId })));
    const everyone = [...new Set([...volunteersAt.s1, ...volunteersAt.s2, anna.email, emma.email, lars.email])];
    const mails = await delivered(subject, everyone);
    for (const t of transports) t.close();
    expect(mails.map((m) => m.to.join()).sort()).toEqual(everyone.sort());
  });
});
