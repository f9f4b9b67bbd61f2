import type { UserRow } from "./repo.ts";

/** API.md: after sign-out or a reset, an access token stops working within 5 seconds. */
const SESSION_CACHE_MS = 5000;
const MAX_ENTRIES = 20_000;

interface Entry {
  user: UserRow;
  sessionId: string;
  until: number;
}

/**
 * Remembers for at most 5 s that an access token belongs to a live session, so a busy user's requests
 * skip the token's signature check and the session query. This process forgets an entry at once when it
 * revokes the session or changes the user; another process notices within the 5 s.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  get(token: string, now: number): Entry | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > now) return entry;
    this.entries.delete(token);
    return undefined;
  }

  /** `expiresAt` is the token's own expiry (ms): an entry never outlives it. */
  set(token: string, user: UserRow, sessionId: string, now: number, expiresAt: number) {
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { user, sessionId, until: Math.min(now + SESSION_CACHE_MS, expiresAt) });
  }

  forgetUser(userId: string) {
    for (const [token, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(token);
  }

  forgetSession(sessionId: string) {
    for (const [token, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(token);
  }
}
