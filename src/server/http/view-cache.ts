import type { FastifyReply } from "fastify";

const MAX_ENTRIES = 1000;

/**
 * Serialised answers of heavy reads, each kept with the stamp of the data it was built from. A read
 * first asks the database for the stamp (a cheap query); only when it differs from the kept one is the
 * view built, serialised through the route's response schema, and kept. Data that changes in any
 * process changes the stamp, so no process ever answers from data older than its stamp query.
 */
export class ViewCache {
  private readonly entries = new Map<string, { stamp: string; body: string }>();

  get(key: string, stamp: string): string | undefined {
    const entry = this.entries.get(key);
    if (entry?.stamp !== stamp) return undefined;
    // Most recently used last, so eviction takes the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, stamp: string, body: string) {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { stamp, body });
  }

  /**
   * Answers from the cache when `stamp` matches, otherwise builds the view with `load`. The stamp is read
   * before the view, so a kept view is never older than its stamp: a change after it shows as a new stamp.
   */
  async answer(reply: FastifyReply, key: string, stamp: string, load: () => Promise<unknown>): Promise<FastifyReply> {
    let body = this.get(key, stamp);
    if (body === undefined) {
      body = String(reply.serialize(await load()));
      this.set(key, stamp, body);
    }
    return reply.type("application/json; charset=utf-8").send(body);
  }
}
