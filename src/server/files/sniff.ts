import { open } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import { extensionOf, type FileType } from "#shared/sendouts/files";

/**
 * What a file is, told from its content (its "magic bytes"), never from the name or the type the browser
 * claims: an upload is accepted only as one of the kinds in FILE_TYPES.
 */

const HEAD_BYTES = 4096;

/** Passes an upload through unchanged while noting its size, its first bytes and whether it reads as text. */
export class Sniffer extends Transform {
  size = 0;
  private chunks: Buffer[] = [];
  private headLength = 0;
  /** No byte a text file does not hold: NUL and other control characters besides tab, line breaks and form feed. */
  plainBytes = true;
  /** Valid UTF-8 so far. */
  utf8 = true;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
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
  // PDF readers accept the header within the first kilobyte.
  if (head.subarray(0, 1024).includes("%PDF-")) return "application/pdf";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, "GIF87a") || startsWith(head, "GIF89a")) return "image/gif";
  if (startsWith(head, "RIFF") && startsWith(head, "WEBP", 8)) return "image/webp";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeType(localPath, sniffed.size);
  // Text in UTF-8, or in an 8-bit code page such as the one a Swedish Excel writes its CSV in.
  if (sniffed.plainBytes) return extensionOf(name) === "csv" ? "text/csv" : "text/plain";
  return null;
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

/**
 * A ZIP file is accepted only as an office document: OpenDocument (its first entry is `mimetype`, stored
 * uncompressed, naming the kind) or Office Open XML (`[Content_Types].xml` and the main part). Macros
 * (`vbaProject.bin`) and anything else in a ZIP are refused.
 */
async function officeType(localPath: string, size: number): Promise<FileType | null> {
  const names = await zipEntryNames(localPath, size);
  if (!names || names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) return null;
  if (names[0] === "mimetype") {
    const kind = await openDocumentKind(localPath);
    return kind ? (OPEN_DOCUMENT[kind] ?? null) : null;
  }
  if (!names.includes("[Content_Types].xml")) return null;
  const found = OFFICE_PARTS.filter(([part]) => names.includes(part));
  return found.length === 1 ? found[0][1] : null;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The names in a ZIP's central directory, in order, or null when it is not a ZIP we can read. */
async function zipEntryNames(localPath: string, size: number): Promise<string[] | null> {
  const file = await open(localPath, "r");
  try {
    // The end record is in the last 22 bytes, or up to 64 KiB earlier when the archive has a comment.
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--)
      if (tail.readUInt32LE(i) === EOCD) {
        end = i;
        break;
      }
    if (end < 0) return null;
    const count = tail.readUInt16LE(end + 10);
    const dirSize = tail.readUInt32LE(end + 12);
    const dirOffset = tail.readUInt32LE(end + 16);
    if (dirOffset + dirSize > size || count === 0xffff || dirOffset === 0xffffffff) return null;
    const dir = Buffer.alloc(dirSize);
    await file.read(dir, 0, dirSize, dirOffset);
    const names: string[] = [];
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL) return null;
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      names.push(dir.subarray(at + 46, at + 46 + nameLength).toString("utf8"));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await file.close();
  }
}

/** The content of an OpenDocument's first entry, `mimetype`, which the format stores uncompressed. */
async function openDocumentKind(localPath: string): Promise<string | null> {
  const file = await open(localPath, "r");
  try {
    const header = Buffer.alloc(30 + 8 + 100);
    const { bytesRead } = await file.read(header, 0, header.length, 0);
    const method = header.readUInt16LE(8);
    const compressedSize = header.readUInt32LE(18);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    if (method !== 0 || compressedSize > 100) return null;
    const start = 30 + nameLength + extraLength;
    const body = Buffer.alloc(compressedSize);
    await file.read(body, 0, compressedSize, start);
    return bytesRead > 30 ? body.toString("latin1") : null;
  } finally {
    await file.close();
  }
}
