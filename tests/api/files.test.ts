import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { MAX_FILE_BYTES } from "../../src/shared/sendouts/files.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { docx, jpeg, multipart, odt, pdf, png, upload, xlsm, xlsx, zip } from "../helpers/files.ts";
import { expectCleanError, req } from "../helpers/identity.ts";
import { confirmedEvent, draftEvent, type Json, makeHistoric, NO_SUCH_ID, type User } from "../helpers/seed.ts";

/**
 * POST /api/events/{eventId}/files (STAFFING §2): one file per request in the field `file`, at most 6 MiB,
 * of an accepted kind by its content, under a sanitised name in DATA_DIR/files/{eventId}/; for the event's
 * contacts and its stations' team leaders only; never on a finished event.
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

const stored = (eventId: string, name: string) => path.join(filesDir, eventId, name);
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
    sql`SELECT name, type, size FROM event_files WHERE event_id = ${eventId} ORDER BY name`,
  );

describe("POST /api/events/{eventId}/files", () => {
  it("stores a PDF of the event's contact and answers 201 with its name, type and size", async () => {
    const content = pdf(5000);
    const res = await upload(app, owner.token, event.id, { filename: "Instruktioner.pdf", content, type: "application/pdf" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ name: "Instruktioner.pdf", type: "application/pdf", size: content.length });
    expect(readFileSync(stored(event.id, "Instruktioner.pdf")).equals(content)).toBe(true);
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

  it("a file of the same name replaces the earlier one", async () => {
    await upload(app, owner.token, event.id, { filename: "ny.pdf", content: pdf(700) });
    const res = await upload(app, owner.token, event.id, { filename: "ny.pdf", content: pdf(900) });
    expect(res.status).toBe(201);
    expect(res.body.size).toBe(900);
    expect(readFileSync(stored(event.id, "ny.pdf")).length).toBe(900);
    expect((await rowsOf(event.id)).filter((r) => r.name === "ny.pdf")).toEqual([
      { name: "ny.pdf", type: "application/pdf", size: 900 },
    ]);
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
      ["arkiv.docx", zip([["evil.exe", "MZ"]])],
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
      expect(existsSync(stored(event.id, name)), name).toBe(true);
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
    expect(existsSync(stored(event.id, "utomstående.pdf"))).toBe(false);
  });

  it("takes files for a draft event (a send-out is prepared before confirming), not for a finished one (409)", async () => {
    const draft = await draftEvent(app, owner);
    expect((await upload(app, owner.token, draft.id, { filename: "utkast.pdf", content: pdf() })).status).toBe(201);
    // Removing the draft removes its files, rows and bytes.
    expect(existsSync(stored(draft.id, "utkast.pdf"))).toBe(true);
    expect((await req(app, "DELETE", `/api/events/${draft.id}`, { token: owner.token })).status).toBe(204);
    expect(existsSync(path.join(filesDir, draft.id))).toBe(false);
    expect(await rowsOf(draft.id)).toEqual([]);
    const finished = await confirmedEvent(app, owner);
    await makeHistoric(app, finished.id);
    expectCleanError(await upload(app, owner.token, finished.id, { filename: "sent.pdf", content: pdf() }), "EventHistoric", 409);
    expect(existsSync(stored(finished.id, "sent.pdf"))).toBe(false);
  });
});
