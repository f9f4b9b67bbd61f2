import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { acceptedExtension, MAX_FILE_BYTES, nameFitsType, sanitizeFileName } from "#shared/sendouts/files";
import { type FileView, sendOutMsg } from "#shared/sendouts/schema";
import { canEdit, type Status } from "#shared/status";
import type { Ctx } from "../../context.ts";
import { detectType, Sniffer } from "../../files/sniff.ts";
import { AppError, historicConflict } from "../../http/errors.ts";
import type { UserRow } from "../../identity/repo.ts";
import * as repo from "./repo.ts";

/**
 * Uploads of files for an event's send-outs (STAFFING §2): one file per request, read as a stream with a
 * limit, written to a staging file while its size and content are checked, and only then taken into the
 * file store and recorded. Anything refused leaves nothing behind.
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
    return { file: { name, type, size: sniffed.size }, localPath };
  } catch (err) {
    await rm(localPath, { force: true });
    throw err;
  }
}

/** Takes a checked upload into the event's files, under a lock on the event, while it is still open. */
export async function commitUpload(ctx: Ctx, actor: UserRow, eventId: string, staged: Staged): Promise<FileView> {
  try {
    await ctx.db.transaction(async (tx) => {
      requireFilesOpen((await repo.lockEventStatus(tx, eventId)) ?? "HISTORIC");
      await ctx.files.put(eventId, staged.file.name, staged.localPath);
      await repo.putFile(tx, eventId, staged.file, actor.id, ctx.clock.now());
    });
    return staged.file;
  } finally {
    await rm(staged.localPath, { force: true });
  }
}
