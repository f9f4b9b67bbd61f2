const MAX_ENTRIES = 1000;

/**
 * Serialised answers of heavy reads, each kept with the stamp of the data it was built from. A read
 * first takes the stamp (cheap); only when it differs from the kept one is the view built, serialised
 * through the route's response schema, and kept. Data that changes in any process changes the stamp, so
 * no process answers from data older than its stamp (ADR 008).
 */
export class ViewCache {
  private readonly entries = new Map<string, { stamp: string; body: string }>();

  /** `localWrites`: the embedded database's write count (Database.writes), a stamp that costs no query. */
  constructor(private readonly localWrites: (() => number) | null) {}

  /**
   * The stamp of some data: on the embedded database, which only this process can open, its own write
   * count; on PostgreSQL, what `remote` reads from the database (undefined: the data is not there).
   */
  async stamp(remote: () => Promise<string | undefined>): Promise<string | undefined> {
    return this.localWrites ? `w${this.localWrites()}` : remote();
  }

  /**
   * The serialised view under `key`: kept when `stamp` matches, otherwise built with `load`. The stamp is
   * read before the view, so a kept view is never older than its stamp: a change after it shows as a new one.
   */
  async text(key: string, stamp: string, load: () => Promise<unknown>, serialize: (view: unknown) => string) {
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) {
      // Most recently used last, so eviction takes the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.body;
    }
    const body = serialize(await load());
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { stamp, body });
    return body;
  }
}
