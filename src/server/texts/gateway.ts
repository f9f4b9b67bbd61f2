/**
 * The text gateway: a 46elks-compatible HTTP API (FIELD-NOTES). A text is `POST {SMS_URL}/sms` with the form
 * fields `from`, `to`, `message` (and `whendelivered`, where delivery reports go), basic authentication
 * from the URL's user and password; the answer is JSON with the provider's `id` of the text.
 */

/** The provider refused the text itself (a bad number, a text it will not take): trying again cannot help. */
export class TextRefused extends Error {}

export interface TextGateway {
  send(to: string, message: string): Promise<{ providerId: string }>;
}

/** Statuses that say something about our side or the moment, not the text: tried again. */
const RETRIED = new Set([401, 403, 408, 429]);

/** How long one text may take at the provider before it is tried again later. */
const SEND_TIMEOUT_MS = 30_000;

/**
 * A pace of `perSecond` texts a second in this process: each send waits for its slot. Providers limit
 * how fast an account sends; what this process sends above it would be refused (429) and tried again later.
 */
export class Pace {
  private next = 0;
  constructor(private readonly perSecond: number) {}
  async take(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.next);
    this.next = slot + 1000 / this.perSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }
}

export function httpGateway(options: { url: string; from: string; perSecond: number; deliveryUrl: string | null }): TextGateway {
  const base = new URL(options.url);
  const auth = base.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString("base64")}`
    : null;
  base.username = "";
  base.password = "";
  const endpoint = `${base.toString().replace(/\/$/, "")}/sms`;
  const pace = new Pace(options.perSecond);
  return {
    async send(to, message) {
      await pace.take();
      const form = new URLSearchParams({ from: options.from, to, message });
      if (options.deliveryUrl) form.set("whendelivered", options.deliveryUrl);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(auth ? { authorization: auth } : {}) },
        body: form,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const body = await response.text();
      if (!response.ok) {
        const reason = `gateway answered ${response.status}: ${body.slice(0, 200)}`;
        if (response.status >= 400 && response.status < 500 && !RETRIED.has(response.status)) throw new TextRefused(reason);
        throw new Error(reason);
      }
      let id: unknown;
      try {
        id = (JSON.parse(body) as { id?: unknown }).id;
      } catch {
        id = undefined;
      }
      if (typeof id !== "string" || id === "") throw new Error(`gateway answered without an id: ${body.slice(0, 200)}`);
      return { providerId: id };
    },
  };
}
