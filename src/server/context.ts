import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db, Prepared } from "./db/client.ts";
import type { LiveHub } from "./features/checkin/live.ts";
import type { FileStore } from "./files/store.ts";
import type { ViewCache } from "./http/view-cache.ts";
import type { PasswordHasher } from "./identity/secrets.ts";
import type { SessionCache } from "./identity/session-cache.ts";

/** What services need from the outside world, passed explicitly (never read from a request). */
export interface Ctx {
  db: Db;
  /** Named statements for the hottest reads (Database.prepared). */
  prepared: Prepared;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  hasher: PasswordHasher;
  /** Key for access tokens and keyed hashes; shared by every process through the database. */
  secret: Uint8Array;
  /** Live sessions seen in the last 5 s, by access token. */
  sessions: SessionCache;
  /** Serialised heavy reads, kept while their stamp holds. */
  views: ViewCache;
  /** Tells the job worker that work was enqueued. */
  nudgeJobs(): void;
  /** The files uploaded for events (send-out attachments); never served publicly. */
  files: FileStore;
  /** The check-ins' live stream: changes heard from every process, sent to who listens here. */
  live: LiveHub;
}

/** Where a request came from, for limits and the audit log. */
export interface RequestMeta {
  ip: string;
}
