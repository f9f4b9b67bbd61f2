import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  acceptedExtension,
  eventFilesRefusal,
  MAX_EVENT_BYTES,
  MAX_EVENT_FILES,
  MAX_FILE_BYTES,
  nameFitsType,
  sanitizeFileName,
} from "#shared/sendouts/files";
import { type FileUploaded, type FileView, sendOutMsg } from "#shared/sendouts/schema";
import { canEdit, type Status } from "#shared/status";
import type { Ctx } from "../../context.ts";
import { detectType, Sniffer } from "../../files/sniff.ts";
import { AppError, conflict, historicConflict } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import * as repo from "./repo.ts";

/**
 * Uploads of files for an event's send-outs (STAFFING §2, ADR 024): one file per request, read as a stream
 * with a limit, written to a staging file while its size, hash and content are checked, and only then taken
 * into the file store as a new blob and listed under its name. Anything refused leaves nothing behind.
 */

/** What an upload request's body holds, part by part (the multipart parser's parts, as far as we use them). */
export interface UploadPart {
  type: "file" | "field";
  fieldname: string;
  filename?: string;
  file?: Readable & { truncated?: boolean };
}

/** A checked upload on local disk, not yet the event's. */
interface Staged {
  file: FileView;
  sha256: string;
  localPath: string;
}

const invalid = (field: string, id: string, message: string) => new AppError("ValidationError", message, { [field]: id });
export const tooLarge = () => new AppError("PayloadTooLarge", `A file may be at most ${MAX_FILE_BYTES} bytes`);
const unsupported = (name: string) =>
  new AppError("UnsupportedMediaType", `${name}: not one of the accepted kinds of file (PDF, images, text, office documents)`);

/** Files may be added to an event until it is finished, also while it is a draft (to prepare its send-outs). */
export function requireFilesOpen(eventStatus: string) {
  if (!canEdit(eventStatus as Status)) throw historicConflict("event");
}

/** Errors of the multipart parser that say the request broke the rules of the call (not the server's fault). */
const BROKEN_REQUEST = new Set(["FST_FILES_LIMIT", "FST_PARTS_LIMIT", "FST_FIELDS_LIMIT", "FST_PROTO_VIOLATION"]);

/** Reads the one file of an upload (field `file`) into a checked staging file; refuses anything else. */
export async function receiveUpload(ctx: Ctx, parts: AsyncIterable<UploadPart>): Promise<Staged> {
  let staged: Staged | null = null;
  try {
    for await (const part of parts) {
      if (part.type !== "file" || !part.file) continue;
      if (part.fieldname !== "file" || staged) {
        part.file.resume();
        throw invalid("file", sendOutMsg.oneFile, "Send exactly one file, in the field 'file'");
      }
      staged = await stage(ctx, part.filename ?? "", part.file);
    }
  } catch (err) {
    if (staged) await rm(staged.localPath, { force: true });
    throw asRequestError(err);
  }
  if (!staged) throw invalid("file", "validation.required", "No file in the field 'file'");
  return staged;
}

function asRequestError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (code && BROKEN_REQUEST.has(code)) return invalid("file", sendOutMsg.oneFile, "Send exactly one file, in the field 'file'");
  // The disk failing is ours to answer for (500); a body that ends early or is no valid multipart is the request's.
  if ((err as { syscall?: string }).syscall) return err;
  return new AppError("ValidationError", `The upload could not be read: ${(err as Error).message}`, {
    file: "validation.invalid",
  });
}

async function stage(ctx: Ctx, filename: string, stream: Readable & { truncated?: boolean }): Promise<Staged> {
  const name = sanitizeFileName(filename);
  if (!name) {
    stream.resume();
    throw invalid("file", sendOutMsg.fileName, "The file has no usable name");
  }
  if (!acceptedExtension(name)) {
    stream.resume();
    throw unsupported(name);
  }
  const localPath = await ctx.files.stagingPath();
  const sniffed = new Sniffer();
  try {
    await pipeline(stream, sniffed, createWriteStream(localPath, { flags: "wx" }));
    // The parser stops a file at the limit and marks it truncated: what arrived is not the whole file.
    if (stream.truncated || sniffed.size > MAX_FILE_BYTES) throw tooLarge();
    if (sniffed.size === 0) throw invalid("file", sendOutMsg.emptyFile, "The file is empty");
    const type = await detectType(sniffed, localPath, name);
    if (!type || !nameFitsType(name, type)) throw unsupported(name);
    return { file: { name, type, size: sniffed.size }, sha256: sniffed.sha256, localPath };
  } catch (err) {
    await rm(localPath, { force: true });
    throw err;
  }
}

/**
 * Takes a checked upload into the event's files, under a lock on the event, while it is still open: as a
 * new blob, listed under its name. A name someone else uploaded stays theirs (409); the uploader's own
 * earlier file of the name gives way, its blob kept while a send-out carries it. The event's files stay
 * within MAX_EVENT_FILES and MAX_EVENT_BYTES (413): checked under the lock, so parallel uploads cannot
 * pass them together.
 */
export async function commitUpload(ctx: Ctx, actor: UserRow, eventId: string, staged: Staged): Promise<FileUploaded> {
  const blobId = randomUUID();
  const { name, size } = staged.file;
  /** The blob's bytes are in the store and its rows not yet committed. */
  let uncommitted = false;
  try {
    const done = await ctx.db.transaction(async (tx) => {
      requireFilesOpen((await repo.lockEventStatus(tx, eventId)) ?? "HISTORIC");
      const earlier = await repo.fileNamed(tx, eventId, name);
      if (earlier && earlier.uploadedBy !== actor.id)
        throw conflict(`${name}: the event has a file of that name that someone else uploaded`, {
          file: sendOutMsg.fileNameTaken,
        });
      const held = await repo.filesHeld(tx, eventId, name);
      const refusal = eventFilesRefusal(held, size);
      if (refusal === "count")
        throw new AppError("PayloadTooLarge", `An event holds at most ${MAX_EVENT_FILES} files`, {
          file: sendOutMsg.eventFilesFull,
        });
      if (refusal === "bytes")
        throw new AppError("PayloadTooLarge", `An event's files take at most ${MAX_EVENT_BYTES} bytes together`, {
          file: sendOutMsg.eventBytesFull,
        });
      const now = ctx.clock.now();
      await repo.insertBlob(tx, {
        id: blobId,
        eventId,
        type: staged.file.type,
        size,
        sha256: staged.sha256,
        uploadedBy: actor.id,
        createdAt: now,
      });
      await repo.putFile(tx, eventId, name, blobId, actor.id, now);
      const dropped = earlier ? await repo.dropBlobIfUnused(tx, eventId, earlier.blobId) : null;
      uncommitted = true;
      await ctx.files.put(eventId, blobId, staged.localPath);
      return { eventFiles: { count: held.count + 1, bytes: held.bytes + size }, dropped };
    });
    uncommitted = false;
    // The bytes of a blob nothing refers to any more; should this fail, they go with the event's folder.
    if (done.dropped)
      await ctx.files.remove(eventId, done.dropped).catch((err) => ctx.log.warn({ err, eventId }, "an unused file stayed"));
    return { ...staged.file, eventFiles: done.eventFiles };
  } catch (err) {
    if (uncommitted) await ctx.files.remove(eventId, blobId).catch(() => undefined);
    throw err;
  } finally {
    await rm(staged.localPath, { force: true });
  }
}
