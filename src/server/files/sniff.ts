import { createHash } from "node:crypto";
import { type FileHandle, open } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import { constants, createInflateRaw } from "node:zlib";
import { extensionOf, type FileType } from "#shared/sendouts/files";

/**
 * What a file is, told from its content (its "magic bytes" and its structure), never from the name or the
 * type the browser claims: an upload is accepted only as one of the kinds in FILE_TYPES, and only when it
 * carries nothing that runs (ADR 017, ADR 024). Nothing is read whole into memory: the upload streams past
 * the Sniffer once, and what else is looked at (a PDF's trailer, a ZIP's directory and the first bytes of
 * its entries) is read from the staged file in small, bounded pieces.
 */

const HEAD_BYTES = 4096;

/**
 * Markup a browser renders or runs. A text file that holds any of it is a web page (or an SVG image)
 * whatever its name says, and a mail program or a browser may open it as one.
 */
const TEXT_MARKUP =
  /<(?:(?:!doctype\s+html|html|head|body|script|style|svg|iframe|frame|frameset|object|embed|applet|meta|link|base|form|img|video|audio|template)[\s/>]|a\s[^>]*\bhref\s*=)/i;
/** How far back a tag may start in the previous chunk of a stream (the longest pattern's start). */
const MARKUP_CARRY = 64;

/** Passes an upload through unchanged while noting its size, its hash, its first bytes and whether it reads as text. */
export class Sniffer extends Transform {
  size = 0;
  private chunks: Buffer[] = [];
  private headLength = 0;
  private readonly hash = createHash("sha256");
  /** No byte a text file does not hold: NUL and other control characters besides tab, line breaks and form feed. */
  plainBytes = true;
  /** Valid UTF-8 so far. */
  utf8 = true;
  /** Markup (TEXT_MARKUP) somewhere in the bytes, as long as they are plain. */
  markup = false;
  private carry = "";
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      this.chunks.push(chunk);
      this.headLength += chunk.length;
    }
    if (this.plainBytes) {
      for (const byte of chunk) {
        if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) {
          this.plainBytes = false;
          break;
        }
      }
    }
    if (this.plainBytes && !this.markup) {
      // Tags are ASCII, so the bytes as Latin-1 show them whatever the text's encoding.
      const text = this.carry + chunk.toString("latin1");
      this.markup = TEXT_MARKUP.test(text);
      this.carry = text.slice(-MARKUP_CARRY);
    }
    if (this.plainBytes && this.utf8) {
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.utf8 = false;
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (this.utf8) {
      try {
        this.decoder.decode();
      } catch {
        this.utf8 = false;
      }
    }
    done();
  }

  get head(): Buffer {
    return Buffer.concat(this.chunks).subarray(0, HEAD_BYTES);
  }

  /** The SHA-256 of every byte that passed, in hex; once the stream has ended. */
  get sha256(): string {
    return this.hash.copy().digest("hex");
  }
}

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === "string" ? Buffer.from(bytes, "latin1") : Buffer.from(bytes);
  return head.length >= at + expected.length && head.subarray(at, at + expected.length).equals(expected);
};

/**
 * The kind of the staged file at `localPath`, as its content shows, or null for anything else. `name` only
 * tells a CSV from other text (both are text; the content cannot say which).
 */
export async function detectType(sniffed: Sniffer, localPath: string, name: string): Promise<FileType | null> {
  const head = sniffed.head;
  if (sniffed.size === 0) return null;
  if (startsWith(head, "%PDF-") && (await isPdf(localPath, sniffed.size))) return "application/pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, "GIF87a") || startsWith(head, "GIF89a")) return "image/gif";
  if (startsWith(head, "RIFF") && startsWith(head, "WEBP", 8)) return "image/webp";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeType(localPath, sniffed.size);
  // Text in UTF-8, or in an 8-bit code page such as the one a Swedish Excel writes its CSV in; never markup.
  if (sniffed.plainBytes && !sniffed.markup) return extensionOf(name) === "csv" ? "text/csv" : "text/plain";
  return null;
}

/** Bytes at `position` of an open file (fewer at its end). */
async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

/** Readers look for the end of a PDF within its last kilobyte. */
const PDF_TAIL = 1024;

/**
 * A PDF by its structure, not only its first bytes: the header `%PDF-n.n` at the very start, and in the last
 * kilobyte the trailer's `startxref`, the offset of the cross-reference section, and `%%EOF`; at that
 * offset a cross-reference table (`xref`) or stream (`n g obj`). An HTML page that merely begins with
 * "%PDF-" has none of the rest.
 */
export async function isPdf(localPath: string, size: number): Promise<boolean> {
  const file = await open(localPath, "r");
  try {
    if (!/^%PDF-\d\.\d/.test((await readAt(file, 0, 8)).toString("latin1"))) return false;
    const tailLength = Math.min(size, PDF_TAIL);
    const tail = (await readAt(file, size - tailLength, tailLength)).toString("latin1");
    const end = tail.lastIndexOf("%%EOF");
    if (end < 0) return false;
    const xref = /startxref\s+(\d{1,10})\s*$/.exec(tail.slice(0, end));
    if (!xref) return false;
    const offset = Number(xref[1]);
    if (offset < 8 || offset >= size) return false;
    return /^\s*(?:xref|\d+\s+\d+\s+obj)/.test((await readAt(file, offset, 40)).toString("latin1"));
  } finally {
    await file.close();
  }
}

const OPEN_DOCUMENT: Record<string, FileType> = {
  "application/vnd.oasis.opendocument.text": "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet": "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation": "application/vnd.oasis.opendocument.presentation",
};

/** The entry that makes an Office Open XML package a document, a workbook or a presentation. */
const OFFICE_PARTS: Array<[string, FileType]> = [
  ["word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ["xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
];

/** Entries an office document never needs: programs, scripts, web pages and other archives. */
const FORBIDDEN_ENTRY =
  /\.(?:exe|dll|com|scr|pif|cpl|msi|msp|msc|bat|cmd|ps1|psm1|vbs|vbe|js|jse|mjs|wsf|wsh|hta|jar|class|sh|app|lnk|url|reg|inf|html?|xht(?:ml)?|shtml|mht(?:ml)?|svgz?|php|aspx?|jsp|swf|zip|rar|7z|gz|tar|cab|iso|dmg|apk)$/i;
/** Macros: VBA in Office Open XML, Basic and scripts in OpenDocument. */
const MACROS = /(?:^|\/)vbaProject\.bin$|^(?:Basic|Scripts)\//i;
/** Where an office document keeps its pictures: an SVG image there is allowed when it runs nothing. */
const MEDIA_SVG = /^(?:(?:word|xl|ppt)\/media|Pictures)\/[^/]+\.svg$/i;
/** The start of a program: Windows (MZ), Linux (ELF), macOS (Mach-O, both byte orders, and universal), a script. */
const PROGRAM = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x23, 0x21],
];
/** Markup of a web page or an SVG image at the start of an entry (office XML has none of these elements). */
const ENTRY_MARKUP = /<(?:!doctype\s+html|html|head|body|script|svg|iframe|object|embed)[\s/>]/i;
/** What makes an SVG image run something: scripts, event handlers, script links, embedded pages, entities. */
const ACTIVE_SVG = /<(?:script|foreignObject|iframe|object|embed|html|body|handler)[\s/>]|\bon[a-z]+\s*=|javascript:|<!ENTITY/i;

/** How many entries a document may have (a large workbook has a few hundred), and how much is looked at. */
const MAX_ENTRIES = 2000;
const ENTRY_START = 1024;
const SVG_MAX = 1024 * 1024;
const SVG_TOTAL = 4 * 1024 * 1024;

/**
 * A ZIP file is accepted only as an office document: OpenDocument (its first entry is `mimetype`, stored
 * uncompressed, naming the kind) or Office Open XML (`[Content_Types].xml` and the main part). Refused:
 * macros; entries named as programs, scripts, web pages, SVG outside the document's pictures, or archives;
 * entries whose first bytes are a program or a web page, whatever their name; SVG pictures that run
 * anything; encrypted or unknown compression (they cannot be looked into); more than MAX_ENTRIES entries.
 */
async function officeType(localPath: string, size: number): Promise<FileType | null> {
  const file = await open(localPath, "r");
  try {
    const entries = await zipEntries(file, size);
    if (!entries) return null;
    const names = entries.map((e) => e.name);
    let kind: FileType | null = null;
    if (names[0] === "mimetype") {
      const declared = await openDocumentKind(file);
      kind = declared ? (OPEN_DOCUMENT[declared] ?? null) : null;
    } else if (names.includes("[Content_Types].xml")) {
      const found = OFFICE_PARTS.filter(([part]) => names.includes(part));
      kind = found.length === 1 ? found[0][1] : null;
    }
    if (!kind) return null;
    return (await entriesHarmless(file, entries)) ? kind : null;
  } finally {
    await file.close();
  }
}

async function entriesHarmless(file: FileHandle, entries: ZipEntry[]): Promise<boolean> {
  let svgBudget = SVG_TOTAL;
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    const svg = MEDIA_SVG.test(entry.name);
    if (MACROS.test(entry.name) || (FORBIDDEN_ENTRY.test(entry.name) && !svg)) return false;
    if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) return false;
    if (entry.size === 0) continue;
    if (svg) {
      if (entry.size > SVG_MAX || entry.size > svgBudget) return false;
      svgBudget -= entry.size;
      const content = await entryStart(file, entry, entry.size);
      if (content === null || ACTIVE_SVG.test(content.toString("latin1"))) return false;
      continue;
    }
    const start = await entryStart(file, entry, ENTRY_START);
    if (start === null) return false;
    if (PROGRAM.some((magic) => startsWith(start, magic))) return false;
    if (ENTRY_MARKUP.test(start.toString("latin1"))) return false;
  }
  return true;
}

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** Uncompressed, as the directory says. */
  size: number;
  /** Where its local header starts. */
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries in a ZIP's central directory, in order, or null when it is not a ZIP we can read. */
async function zipEntries(file: FileHandle, size: number): Promise<ZipEntry[] | null> {
  // The end record is in the last 22 bytes, or up to 64 KiB earlier when the archive has a comment.
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(file, size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) return null;
  const count = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  if (dirOffset + dirSize > size || count === 0xffff || dirOffset === 0xffffffff || count > MAX_ENTRIES) return null;
  const dir = await readAt(file, dirOffset, dirSize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: dir.subarray(at + 46, at + 46 + nameLength).toString("utf8"),
      encrypted: (dir.readUInt16LE(at + 8) & 1) === 1,
      method: dir.readUInt16LE(at + 10),
      compressedSize: dir.readUInt32LE(at + 20),
      size: dir.readUInt32LE(at + 24),
      offset: dir.readUInt32LE(at + 42),
    };
    // ZIP64 sizes (0xffffffff) cannot occur in a file of at most 6 MiB; an entry outside the file is no entry.
    if (entry.offset + 30 + entry.compressedSize > size || entry.size === 0xffffffff) return null;
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The first `want` bytes of an entry's content (fewer when it is shorter), or null when it cannot be read.
 * A deflated entry is inflated only that far: a small entry that inflates to gigabytes costs nothing.
 */
async function entryStart(file: FileHandle, entry: ZipEntry, want: number): Promise<Buffer | null> {
  const header = await readAt(file, entry.offset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) return null;
  const dataAt = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.method === 0) return readAt(file, dataAt, Math.min(entry.compressedSize, want));
  // DEFLATE grows no byte beyond 9 bits (fixed codes), so twice `want` and a block header hold `want` bytes.
  const compressed = await readAt(file, dataAt, Math.min(entry.compressedSize, 2 * want + 1024));
  return inflateStart(compressed, Math.min(entry.size, want));
}

/** Inflates raw DEFLATE data until `want` bytes are out, then stops. */
function inflateStart(data: Buffer, want: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ chunkSize: Math.max(64, Math.min(want, 64 * 1024)) });
    const out: Buffer[] = [];
    let length = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      inflater.destroy();
      resolve(Buffer.concat(out).subarray(0, want));
    };
    inflater.on("data", (chunk: Buffer) => {
      out.push(chunk);
      length += chunk.length;
      if (length >= want) finish();
    });
    inflater.on("error", finish);
    inflater.on("end", finish);
    inflater.write(data);
    inflater.flush(constants.Z_SYNC_FLUSH, finish);
  });
}

/** The content of an OpenDocument's first entry, `mimetype`, which the format stores uncompressed. */
async function openDocumentKind(file: FileHandle): Promise<string | null> {
  const header = await readAt(file, 0, 30);
  if (header.length < 30) return null;
  const method = header.readUInt16LE(8);
  const compressedSize = header.readUInt32LE(18);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  if (method !== 0 || compressedSize > 100) return null;
  return (await readAt(file, 30 + nameLength + extraLength, compressedSize)).toString("latin1");
}
