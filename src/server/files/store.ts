import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Where the files of events live (ADR 017). The server checks a file (name, size, type) on local disk first
 * and then hands it over; after that it is read back only to be attached to a send-out. Nothing here is
 * served to browsers. A folder under DATA_DIR is the default; an S3-compatible bucket can take its place by
 * implementing this interface.
 */
export interface FileStore {
  /** Takes a checked local file as the event's file `name` (replacing one of that name); the local file is gone after. */
  put(eventId: string, name: string, localPath: string): Promise<void>;
  /** The bytes of a stored file; rejects with FileMissingError when there is none. */
  read(eventId: string, name: string): Promise<Buffer>;
  /** Removes one file; nothing happens when it does not exist. */
  remove(eventId: string, name: string): Promise<void>;
  /** Removes every file of an event. */
  removeEvent(eventId: string): Promise<void>;
  /** A fresh local path for an upload to be written to and checked, on the same disk as the store when it has one. */
  stagingPath(): Promise<string>;
}

export class FileMissingError extends Error {}

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Files as DATA_DIR/files/{eventId}/{name}. Names come sanitised (shared/sendouts/files.ts) and event ids
 * are UUIDs; every path is still checked to lie inside the event's folder, so no name can reach out of it.
 * Uploads are written to DATA_DIR/files/.incoming and renamed into place, which is atomic: a reader sees the
 * old file or the new one, never half of one.
 */
export class FolderStore implements FileStore {
  readonly root: string;
  private readonly incoming: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.incoming = path.join(this.root, ".incoming");
  }

  private folder(eventId: string): string {
    if (!EVENT_ID.test(eventId)) throw new Error(`not an event id: ${eventId}`);
    return path.join(this.root, eventId.toLowerCase());
  }

  private pathOf(eventId: string, name: string): string {
    const folder = this.folder(eventId);
    const file = path.resolve(folder, name);
    if (path.dirname(file) !== folder || name === "" || name.startsWith(".")) throw new Error(`not a file name: ${name}`);
    return file;
  }

  async put(eventId: string, name: string, localPath: string): Promise<void> {
    const target = this.pathOf(eventId, name);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (err) {
      // Another disk (a staging path from elsewhere): copy next to the target, then rename.
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      const next = `${path.dirname(target)}/.${randomBytes(8).toString("hex")}`;
      await copyFile(localPath, next);
      await rename(next, target);
      await unlink(localPath);
    }
  }

  async read(eventId: string, name: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(eventId, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new FileMissingError(`${eventId}/${name}`);
      throw err;
    }
  }

  async remove(eventId: string, name: string): Promise<void> {
    await rm(this.pathOf(eventId, name), { force: true });
  }

  async removeEvent(eventId: string): Promise<void> {
    await rm(this.folder(eventId), { recursive: true, force: true });
  }

  async stagingPath(): Promise<string> {
    await mkdir(this.incoming, { recursive: true });
    return path.join(this.incoming, randomBytes(12).toString("hex"));
  }
}

/** The store the configuration names: today always the folder DATA_DIR/files. */
export function fileStore(config: { DATA_DIR: string }): FileStore {
  return new FolderStore(path.join(config.DATA_DIR, "files"));
}
