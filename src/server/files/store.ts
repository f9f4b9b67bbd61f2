import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Where the files of events live (ADR 017, ADR 024). The server checks a file (name, size, type) on local
 * disk first and then hands it over; after that it is read back only to be attached to a send-out. Nothing
 * here is served to browsers. A folder under DATA_DIR is the default; an S3-compatible bucket can take its
 * place by implementing this interface.
 *
 * The store keeps blobs: bytes under the event and a key (a new blob's id, file_blobs.store_key), written
 * once and never changed. Which name shows which blob is the database's business.
 */
export interface FileStore {
  /** Takes a checked local file as the event's blob `key`, a key never used before; the local file is gone after. */
  put(eventId: string, key: string, localPath: string): Promise<void>;
  /** The bytes of a stored blob; rejects with FileMissingError when there is none. */
  read(eventId: string, key: string): Promise<Buffer>;
  /** Removes one blob; nothing happens when it does not exist. */
  remove(eventId: string, key: string): Promise<void>;
  /** Removes every file of an event. */
  removeEvent(eventId: string): Promise<void>;
  /** A fresh local path for an upload to be written to and checked, on the same disk as the store when it has one. */
  stagingPath(): Promise<string>;
}

export class FileMissingError extends Error {}

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Blobs as DATA_DIR/files/{eventId}/{key}. Keys are blob ids (UUIDs), or the sanitised names of files stored
 * before blobs existed, and event ids are UUIDs; every path is still checked to lie inside the event's
 * folder, so no key can reach out of it. Uploads are written to DATA_DIR/files/.incoming and renamed into
 * place, which is atomic: a reader sees the whole blob or none.
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

  private pathOf(eventId: string, key: string): string {
    const folder = this.folder(eventId);
    const file = path.resolve(folder, key);
    if (path.dirname(file) !== folder || key === "" || key.startsWith(".")) throw new Error(`not a file key: ${key}`);
    return file;
  }

  async put(eventId: string, key: string, localPath: string): Promise<void> {
    const target = this.pathOf(eventId, key);
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

  async read(eventId: string, key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(eventId, key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new FileMissingError(`${eventId}/${key}`);
      throw err;
    }
  }

  async remove(eventId: string, key: string): Promise<void> {
    await rm(this.pathOf(eventId, key), { force: true });
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
