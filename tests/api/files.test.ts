import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { MAX_EVENT_BYTES, MAX_EVENT_FILES, MAX_FILE_BYTES } from "../../src/shared/sendouts/files.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { docx, jpeg, multipart, odt, pdf, png, upload, xlsm, xlsx, zip } from "../helpers/files.ts";
import { expectCleanError, req } from "../helpers/identity.ts";
import { confirmedEvent, draftEvent, type Json, makeHistoric, NO_SUCH_ID, type User } from "../helpers/seed.ts";

/**
 * POST /api/events/{eventId}/files (STAFFING §2, ADR 024): one file per request in the field `file`, at most
 * 6 MiB, of an accepted kind by its content and carrying nothing that runs, kept as a blob in
 * DATA_DIR/files/{eventId}/ and listed under a sanitised name that stays its uploader's; at most
 * MAX_EVENT_FILES files and MAX_EVENT_BYTES per event; for the event's contacts and its stations' team
 * leaders only; never on a finished event.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "bemanna-files-"));
const filesDir = path.join(dataDir, "files");
let app: TestApp;
let owner: User;
let leader: User;
let outsider: User;
let event: Json;

beforeAll(async () => {
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await buildUser(app, { firstName: "Olle", lastName: "Organisatör" });
  leader = await buildUser(app, { firstName: "Lisa", lastName: "Ledare" });
  outsider = await buildUser(app, { firstName: "Ulf", lastName: "Utomstående" });
  event = await confirmedEvent(app, owner, { stations: [{ teamLeaderEmail: leader.email }, {}] });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Where the bytes listed under `name` are (null: no such file). */
async function stored(eventId: string, name: string): Promise<string | null> {
  const [row] = await queryRows<{ key: string }>(
    app.ctx.db,
    sql`SELECT b.store_key AS key FROM event_files f JOIN file_blobs b ON b.id = f.blob_id
      WHERE f.event_id = ${eventId} AND f.name = ${name}`,
  );
  return row ? path.join(filesDir, eventId, row.key) : null;
}
const storedBytes = async (eventId: string, name: string) => readFileSync((await stored(eventId, name)) as string);
/** Every file under DATA_DIR, relative to it (the staging folder included). */
function everyFile(dir = dataDir, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? everyFile(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}
const filesOutsideDb = () => everyFile().filter((f) => !f.startsWith("db/"));
const rowsOf = (eventId: string) =>
  queryRows<{ name: string; type: string; size: number }>(
    app.ctx.db,
    sql`SELECT f.name, b.type, b.size FROM event_files f JOIN file_blobs b ON b.id = f.blob_id
      WHERE f.event_id = ${eventId} ORDER BY f.name`,
  );
const blobsOf = async (eventId: string) =>
  Number(
    (
      await queryRows<{ n: number | string }>(app.ctx.db, sql`SELECT count(*) AS n FROM file_blobs WHERE event_id = ${eventId}`)
    )[0].n,
  );

describe("POST /api/events/{eventId}/files", () => {
  it("stores a PDF of the event's contact and answers 201 with its name, type and size", async () => {
    const content = pdf(5000);
    const res = await upload(app, owner.token, event.id, { filename: "Instruktioner.pdf", content, type: "application/pdf" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      name: "Instruktioner.pdf",
      type: "application/pdf",
      size: content.length,
      eventFiles: { count: 1, bytes: content.length },
    });
    expect((await storedBytes(event.id, "Instruktioner.pdf")).equals(content)).toBe(true);
    expect(await rowsOf(event.id)).toContainEqual({ name: "Instruktioner.pdf", type: "application/pdf", size: content.length });
  });

  it("tells each accepted kind by its content, whatever type the browser claims", async () => {
    const cases: Array<[string, Buffer | string, string]> = [
      ["karta.png", png(), "image/png"],
      ["bild.JPG", jpeg(), "image/jpeg"],
      ["logga.gif", Buffer.from("GIF89a\u0001\u0000\u0001\u0000"), "image/gif"],
      ["foto.webp", Buffer.concat([Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), Buffer.alloc(16)]), "image/webp"],
      ["läs mig.txt", "Samling 07:30 vid målet.\r\nTa med vattenflaska.\n", "text/plain"],
      ["lista.csv", "namn;storlek\nÅsa;M\n", "text/csv"],
      ["latin1.csv", Buffer.from("namn;storlek\nÅsa;M\n", "latin1"), "text/csv"],
      ["schema.docx", docx(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["bemanning.xlsx", xlsx(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["brev.odt", odt(), "application/vnd.oasis.opendocument.text"],
    ];
    for (const [filename, content, type] of cases) {
      const res = await upload(app, owner.token, event.id, { filename, content, type: "application/octet-stream" });
      expect(res.status, `${filename}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.type, filename).toBe(type);
    }
  });

  it("takes a new version of one's own file under its name, and keeps no bytes of the old one nothing uses", async () => {
    await upload(app, owner.token, event.id, { filename: "ny.pdf", content: pdf(700) });
    const first = await stored(event.id, "ny.pdf");
    const files = (await rowsOf(event.id)).length;
    const res = await upload(app, owner.token, event.id, { filename: "ny.pdf", content: pdf(900) });
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(900);
    // Still one file of that name: the event holds as many files as before.
    expect(res.body.eventFiles.count).toBe(files);
    expect((await storedBytes(event.id, "ny.pdf")).length).toBe(900);
    expect((await rowsOf(event.id)).filter((r) => r.name === "ny.pdf")).toEqual([
      { name: "ny.pdf", type: "application/pdf", size: 900 },
    ]);
    expect(existsSync(first as string)).toBe(false);
  });

  it("never replaces someone else's file: another uploader's name is refused with 409 and stays as it was", async () => {
    const original = pdf(1200);
    expect((await upload(app, owner.token, event.id, { filename: "PM station A.pdf", content: original })).status).toBe(201);
    const before = filesOutsideDb();
    const res = await upload(app, leader.token, event.id, { filename: "PM station A.pdf", content: pdf(5_000_000) });
    expectCleanError(res, "Conflict", 409);
    expect(res.body.fields).toEqual({ file: "sendouts.validation.fileNameTaken" });
    expect(filesOutsideDb()).toEqual(before);
    expect((await storedBytes(event.id, "PM station A.pdf")).equals(original)).toBe(true);
    // The organizer, too, leaves the team leader's file alone.
    expect((await upload(app, leader.token, event.id, { filename: "Karta A.png", content: png() })).status).toBe(201);
    expectCleanError(await upload(app, owner.token, event.id, { filename: "Karta A.png", content: png() }), "Conflict", 409);
    expect(readdirSync(path.join(filesDir, ".incoming"))).toEqual([]);
  });

  it("takes a file of exactly 6 MiB and refuses one byte more with 413, storing nothing", async () => {
    const fits = await upload(app, owner.token, event.id, { filename: "stor.pdf", content: pdf(MAX_FILE_BYTES) });
    expect(fits.status).toBe(201);
    expect(fits.body.size).toBe(MAX_FILE_BYTES);
    const before = filesOutsideDb();
    const tooBig = await upload(app, owner.token, event.id, { filename: "for-stor.pdf", content: pdf(MAX_FILE_BYTES + 1) });
    expectCleanError(tooBig, "PayloadTooLarge", 413);
    expect(filesOutsideDb()).toEqual(before);
    expect((await rowsOf(event.id)).map((r) => r.name)).not.toContain("for-stor.pdf");
  });

  it("refuses a body that says it is far too large before reading it", async () => {
    const body = multipart([{ filename: "a.pdf", content: pdf(100) }]);
    const res = await req(app, "POST", `/api/events/${event.id}/files`, {
      token: owner.token,
      raw: body.payload,
      contentType: body.contentType,
      headers: { "content-length": String(MAX_FILE_BYTES * 2) },
    });
    expectCleanError(res, "PayloadTooLarge", 413);
  });

  it("refuses kinds that are not accepted with 415: by content, by name, and content that is not what the name says", async () => {
    const before = filesOutsideDb();
    const cases: Array<[string, Buffer | string]> = [
      ["program.exe", Buffer.from("MZ\u0090\u0000binary")],
      ["sida.html", "<html><script>alert(1)</script></html>"],
      ["bild.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ["falsk.pdf", Buffer.from("MZ\u0090\u0000not a pdf")],
      ["bild.pdf", png()],
      ["text.pdf", "bara text"],
      // A web page that starts like a PDF, or has a whole PDF after it: a PDF is told by its structure.
      ["sida.pdf", "%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n"],
      ["inbäddad.pdf", Buffer.concat([Buffer.from("<html><script>alert(1)</script>\n"), pdf()])],
      ["arkiv.docx", zip([["evil.exe", "MZ"]])],
      // Documents that carry a program or a web page.
      ["program.docx", docx([["word/setup.exe", Buffer.from("MZ\u0090\u0000binary")]])],
      ["förklädd.docx", docx([["word/media/image1.png", Buffer.from("MZ\u0090\u0000binary")]])],
      ["sida.docx", docx([["word/sida.html", "<html><script>alert(1)</script></html>"]], () => true)],
      // Text that is markup.
      ["sida.txt", "<!doctype html><html><body><script>alert(1)</script></body></html>"],
      ["bild.csv", 'namn;bild\nÅsa;<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>\n'],
      ["karta.txt", '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'],
      ["makro.xlsx", xlsm()],
      ["binär.txt", Buffer.from([0x00, 0x01, 0x02, 0x41])],
      ["utan-ändelse", pdf()],
      ["/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"],
    ];
    for (const [filename, content] of cases) {
      const res = await upload(app, owner.token, event.id, { filename, content });
      expect(res.status, `${filename}: ${JSON.stringify(res.body)}`).toBe(415);
      expectCleanError(res, "UnsupportedMediaType", 415);
    }
    expect(filesOutsideDb()).toEqual(before);
  });

  it("refuses an empty file and a name with nothing usable in it", async () => {
    expectCleanError(await upload(app, owner.token, event.id, { filename: "tom.txt", content: "" }), "ValidationError", 400);
    for (const filename of ["", "..", "...", " . ", "\u0000\u0001"]) {
      const res = await upload(app, owner.token, event.id, { filename, content: pdf() });
      expect(res.status, JSON.stringify(filename)).toBe(400);
      expect(res.body.code).toBe("ValidationError");
    }
  });

  it("keeps every path trick inside the event's folder under a clean name", async () => {
    const cases: Array<[string, string]> = [
      ["../utanför.pdf", "utanför.pdf"],
      ["../../../../etc/cron.d/x.pdf", "x.pdf"],
      ["..\\..\\windows\\fil.pdf", "fil.pdf"],
      ["/etc/passwd.pdf", "passwd.pdf"],
      ["%2e%2e%2fkoordinater.pdf", "%2e%2e%2fkoordinater.pdf"],
      [".dold.pdf", "dold.pdf"],
      ["a\u0000b.pdf", "ab.pdf"],
      ["\u202egnp.pdf", "gnp.pdf"],
      ["ja:<nej>|?.pdf", "ja__nej___.pdf"],
      ["CON.pdf", "_CON.pdf"],
      ["Ha\u0308lsning.pdf", "Hälsning.pdf"],
      [`${"å".repeat(300)}.pdf`, `${"å".repeat(116)}.pdf`],
    ];
    for (const [filename, name] of cases) {
      const res = await upload(app, owner.token, event.id, { filename, content: pdf() });
      expect(res.status, `${filename}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.name, filename).toBe(name);
      expect(existsSync((await stored(event.id, name)) as string), name).toBe(true);
    }
    // Nothing landed beside the event's folder, nor in the folder above it.
    expect(readdirSync(filesDir).sort()).toEqual([".incoming", event.id].sort());
    expect(readdirSync(path.join(filesDir, ".incoming"))).toEqual([]);
    expect(everyFile().filter((f) => !f.startsWith("db/") && !f.startsWith(`files/${event.id}/`))).toEqual([]);
  });

  it("wants exactly one file in the field 'file'", async () => {
    const two = await upload(app, owner.token, event.id, [
      { filename: "a.pdf", content: pdf() },
      { filename: "b.pdf", content: pdf() },
    ]);
    expectCleanError(two, "ValidationError", 400);
    const other = await upload(app, owner.token, event.id, { field: "bilaga", filename: "a.pdf", content: pdf() });
    expectCleanError(other, "ValidationError", 400);
    const none = await upload(app, owner.token, event.id, { field: "file", content: "no file, only text" });
    expectCleanError(none, "ValidationError", 400);
    const names = (await rowsOf(event.id)).map((r) => r.name);
    expect(names).not.toContain("a.pdf");
    expect(names).not.toContain("b.pdf");
  });

  it("serves no stored file: there is no route to one", async () => {
    for (const url of [
      `/api/events/${event.id}/files/Instruktioner.pdf`,
      `/files/${event.id}/Instruktioner.pdf`,
      "/data/files",
    ]) {
      const res = await req(app, "GET", url, { token: owner.token });
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("%PDF");
    }
  });

  it("answers 415 to a body that is not multipart, and 400 to broken multipart", async () => {
    const json = await req(app, "POST", `/api/events/${event.id}/files`, { token: owner.token, body: { file: "x" } });
    expectCleanError(json, "UnsupportedMediaType", 415);
    const broken = await req(app, "POST", `/api/events/${event.id}/files`, {
      token: owner.token,
      raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and the body stops',
      contentType: "multipart/form-data; boundary=x",
    });
    expect(broken.status).toBe(400);
  });

  it("lets the team leader of one of the event's stations upload", async () => {
    const res = await upload(app, leader.token, event.id, { filename: "ledare.pdf", content: pdf() });
    expect(res.status).toBe(201);
  });

  it("does not exist for an outsider, a stranger's event or no event (404), nor without a session (401)", async () => {
    expectCleanError(
      await upload(app, outsider.token, event.id, { filename: "utomstående.pdf", content: pdf() }),
      "NotFound",
      404,
    );
    expectCleanError(
      await upload(app, owner.token, NO_SUCH_ID, { filename: "utomstående.pdf", content: pdf() }),
      "NotFound",
      404,
    );
    const others = await confirmedEvent(app, outsider);
    expectCleanError(await upload(app, owner.token, others.id, { filename: "utomstående.pdf", content: pdf() }), "NotFound", 404);
    expectCleanError(
      await upload(app, undefined, event.id, { filename: "utomstående.pdf", content: pdf() }),
      "Unauthorized",
      401,
    );
    expect(await stored(event.id, "utomstående.pdf")).toBeNull();
  });

  it("takes files for a draft event (a send-out is prepared before confirming), not for a finished one (409)", async () => {
    const draft = await draftEvent(app, owner);
    expect((await upload(app, owner.token, draft.id, { filename: "utkast.pdf", content: pdf() })).status).toBe(201);
    // Removing the draft removes its files, rows and bytes.
    expect(existsSync((await stored(draft.id, "utkast.pdf")) as string)).toBe(true);
    expect((await req(app, "DELETE", `/api/events/${draft.id}`, { token: owner.token })).status).toBe(204);
    expect(existsSync(path.join(filesDir, draft.id))).toBe(false);
    expect(await rowsOf(draft.id)).toEqual([]);
    expect(await blobsOf(draft.id)).toBe(0);
    const finished = await confirmedEvent(app, owner);
    await makeHistoric(app, finished.id);
    expectCleanError(await upload(app, owner.token, finished.id, { filename: "sent.pdf", content: pdf() }), "EventHistoric", 409);
    expect(await stored(finished.id, "sent.pdf")).toBeNull();
  });
});

describe("the room for an event's files", () => {
  /** Lists `count` files of `size` bytes each for the event, as earlier uploads by `by` would have. */
  async function filled(eventId: string, by: User, count: number, size: number) {
    await app.ctx.db.execute(
      sql`WITH owner AS (SELECT id FROM users WHERE email = ${by.email}), blobs AS (
          INSERT INTO file_blobs (event_id, store_key, type, size, sha256, uploaded_by)
          SELECT ${eventId}, 'fyllnad-' || n || '.pdf', 'application/pdf', ${size}, NULL, (SELECT id FROM owner)
          FROM generate_series(1, ${count}) AS n
          RETURNING id, store_key)
        INSERT INTO event_files (event_id, name, blob_id, uploaded_by) SELECT ${eventId}, store_key, id, (SELECT id FROM owner) FROM blobs`,
    );
  }

  it("takes at most MAX_EVENT_FILES files, also when they come at once; the rest get 413 and nothing is stored", async () => {
    // A new account with a draft of its own, as the one that uploaded 40 files of 6 MiB.
    const newcomer = await buildUser(app, { firstName: "Nils", lastName: "Ny" });
    const draft = await draftEvent(app, newcomer);
    for (let n = 1; n <= MAX_EVENT_FILES - 2; n++)
      expect((await upload(app, newcomer.token, draft.id, { filename: `fil ${n}.txt`, content: `rad ${n}\n` })).status).toBe(201);
    const before = filesOutsideDb();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => upload(app, newcomer.token, draft.id, { filename: `till ${n}.txt`, content: `rad ${n}\n` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 413, 413, 413, 413]);
    for (const refused of answers.filter((a) => a.status === 413)) {
      expectCleanError(refused, "PayloadTooLarge", 413);
      expect(refused.body.fields).toEqual({ file: "sendouts.validation.eventFilesFull" });
    }
    expect(filesOutsideDb().filter((f) => !before.includes(f))).toHaveLength(2);
    expect((await rowsOf(draft.id)).length).toBe(MAX_EVENT_FILES);
    expect(await blobsOf(draft.id)).toBe(MAX_EVENT_FILES);
    // A new version of one's own file takes no more room.
    const again = await upload(app, newcomer.token, draft.id, { filename: "fil 1.txt", content: "rad 1, rättad\n" });
    expect(again.status).toBe(201);
    expect(again.body.eventFiles.count).toBe(MAX_EVENT_FILES);
  });

  it("takes at most MAX_EVENT_BYTES together, also when the uploads come at once", async () => {
    const newcomer = await buildUser(app, { firstName: "Nora", lastName: "Ny" });
    const draft = await draftEvent(app, newcomer);
    // Room for one more file of 1 MiB, not two.
    const mib = 1024 * 1024;
    await filled(draft.id, newcomer, 10, Math.floor((MAX_EVENT_BYTES - 1.5 * mib) / 10));
    const before = filesOutsideDb();
    const content = pdf(mib);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => upload(app, newcomer.token, draft.id, { filename: `stor ${n}.pdf`, content })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413, 413]);
    for (const refused of answers.filter((a) => a.status === 413)) {
      expectCleanError(refused, "PayloadTooLarge", 413);
      expect(refused.body.fields).toEqual({ file: "sendouts.validation.eventBytesFull" });
    }
    const held = await queryRows<{ bytes: number | string }>(
      app.ctx.db,
      sql`SELECT sum(b.size) AS bytes FROM event_files f JOIN file_blobs b ON b.id = f.blob_id WHERE f.event_id = ${draft.id}`,
    );
    expect(Number(held[0].bytes)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    // One new blob on disk, nothing staged left behind.
    expect(filesOutsideDb().filter((f) => !before.includes(f))).toHaveLength(1);
    expect(readdirSync(path.join(filesDir, ".incoming"))).toEqual([]);
  });
});
