import { randomBytes } from "node:crypto";
import { crc32, deflateRawSync } from "node:zlib";
import type { TestApp } from "./app.ts";
import { req } from "./identity.ts";

/**
 * Files as an organizer's computer has them, for the upload tests: small but real enough for the server's
 * content check (magic bytes, ZIP directories), and a multipart body to send them in.
 */

export interface Part {
  field?: string;
  filename?: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it; a part without a filename is a plain field. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----bemanna${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === undefined
        ? `form-data; name="${p.field ?? "file"}"`
        : `form-data; name="${p.field ?? "file"}"; filename="${p.filename}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename === undefined ? "" : `Content-Type: ${p.type ?? "application/octet-stream"}\r\n`}\r\n`;
    chunks.push(
      Buffer.from(head, "utf8"),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content, "utf8"),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/events/{eventId}/files with the given parts (one file named `filename` by default). */
export function upload(app: TestApp, token: string | undefined, eventId: string, parts: Part[] | Part) {
  const body = multipart(Array.isArray(parts) ? parts : [parts]);
  return req(app, "POST", `/api/events/${eventId}/files`, { token, raw: body.payload, contentType: body.contentType });
}

/**
 * A PDF of exactly `size` bytes (when that is more than its smallest, some 200): a header, one object, a
 * comment line as padding, and the cross-reference table, trailer, startxref and %%EOF a reader looks for.
 */
export function pdf(size = 600): Buffer {
  const head = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n";
  const tail = (xrefAt: number) =>
    `xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer << /Size 2 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  let padding = 0;
  // The offset's digits count in the size: settle them in a few rounds.
  for (let round = 0; round < 3; round++) padding = Math.max(0, size - head.length - 2 - tail(head.length + 2 + padding).length);
  const body = `${head}%${"x".repeat(padding)}\n`;
  return Buffer.from(body + tail(body.length), "latin1");
}

export const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

export const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);

/**
 * A ZIP of the entries, in order: stored as they are (what office formats do with `mimetype` and pictures),
 * or deflated when `deflated` says so (what they do with their XML).
 */
export function zip(entries: Array<[string, string | Buffer]>, deflated: (name: string) => boolean = () => false): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, value] of entries) {
    const raw = Buffer.isBuffer(value) ? value : Buffer.from(value);
    const method = deflated(name) ? 8 : 0;
    const data = method === 8 ? deflateRawSync(raw) : raw;
    const nameBytes = Buffer.from(name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const contentTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
/** A document; `more` entries are added after its own (e.g. something that does not belong in one). */
export const docx = (more: Array<[string, string | Buffer]> = [], deflated?: (name: string) => boolean) =>
  zip([["[Content_Types].xml", contentTypes], ["word/document.xml", "<w:document/>"], ...more], deflated);
export const xlsx = () =>
  zip([
    ["[Content_Types].xml", contentTypes],
    ["xl/workbook.xml", "<workbook/>"],
  ]);
/** A workbook with macros, named as if it had none. */
export const xlsm = () =>
  zip([
    ["[Content_Types].xml", contentTypes],
    ["xl/workbook.xml", "<workbook/>"],
    ["xl/vbaProject.bin", randomBytes(32)],
  ]);
export const odt = () =>
  zip([
    ["mimetype", "application/vnd.oasis.opendocument.text"],
    ["content.xml", "<office:document-content/>"],
  ]);

export interface MailPart {
  /** The part's headers, unfolded, lower-case names. */
  headers: Record<string, string>;
  content: Buffer;
}

/** The leaf parts of a raw MIME mail, decoded (base64 or quoted-printable). */
export function partsOf(raw: string): MailPart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    const inner = body.split(new RegExp(`\r?\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \t]*\r?\n?`));
    return inner.slice(1, -1).flatMap((p) => partsOf(p));
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const content =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, "")
              .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          )
        : Buffer.from(body, "utf8");
  return [{ headers, content }];
}

export interface SunkAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The attachments of a raw mail as it arrived. */
export function attachmentsOf(raw: string): SunkAttachment[] {
  return partsOf(raw)
    .filter((p) => /^attachment/i.test(p.headers["content-disposition"] ?? ""))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/i.exec(p.headers["content-disposition"])?.[1] ?? "",
      contentType: (p.headers["content-type"] ?? "").split(";")[0].trim(),
      content: p.content,
    }));
}

/** The whole text/plain part of a raw mail. */
export function plainTextOf(raw: string): string {
  const part = partsOf(raw).find((p) => (p.headers["content-type"] ?? "").startsWith("text/plain"));
  return part ? part.content.toString("utf8") : "";
}

/** A header of a raw mail, unfolded. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1].trim();
}
