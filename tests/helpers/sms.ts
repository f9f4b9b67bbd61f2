import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One text as the provider received it. */
export interface PostedText {
  from: string;
  to: string;
  message: string;
  whendelivered?: string;
  id: string;
}

/**
 * A local stand-in for 46elks's HTTP API, at its wire: `POST /a1/sms` with form fields and basic
 * authentication, answered with JSON holding the text's id, as the provider answers. `answer` makes it
 * refuse or fail the next posts (e.g. 500), so retries can be seen.
 */
export class FakeSmsProvider {
  readonly texts: PostedText[] = [];
  /** Every post, refused ones too. */
  attempts = 0;
  /** The status the provider answers with, 200 unless a test says otherwise. */
  answer = 200;
  private server: Server | null = null;
  private readonly user = "u0123456789abcdef";
  private readonly password = randomBytes(8).toString("hex");
  url = "";

  async start(): Promise<this> {
    const expected = `Basic ${Buffer.from(`${this.user}:${this.password}`).toString("base64")}`;
    this.server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        this.attempts++;
        if (req.method !== "POST" || req.url !== "/a1/sms") return end(res, 404, "Not found");
        if (req.headers.authorization !== expected) return end(res, 401, "Authentication failed");
        if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
          return end(res, 400, "Expected a form");
        const form = Object.fromEntries(new URLSearchParams(body));
        if (!form.from || !form.to || !form.message) return end(res, 400, "Missing key from, to or message");
        if (this.answer !== 200) return end(res, this.answer, "Something went wrong");
        const id = `s${randomBytes(16).toString("hex")}`;
        this.texts.push({
          from: form.from,
          to: form.to,
          message: form.message,
          id,
          ...(form.whendelivered ? { whendelivered: form.whendelivered } : {}),
        });
        end(
          res,
          200,
          JSON.stringify({
            status: "created",
            direction: "outgoing",
            from: form.from,
            to: form.to,
            message: form.message,
            id,
            created: new Date().toISOString(),
            parts: 1,
            cost: 3500,
          }),
          "application/json",
        );
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${this.user}:${this.password}@127.0.0.1:${port}/a1`;
    return this;
  }

  /** The texts sent to `to` (E.164). */
  to(number: string): PostedText[] {
    return this.texts.filter((t) => t.to === number);
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function end(res: import("node:http").ServerResponse, status: number, body: string, type = "text/plain") {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}

/** A text from `from` to our number, as 46elks posts it to the incoming address (form fields). */
export function incomingForm(fields: { from: string; message: string; id?: string; to?: string }): string {
  return new URLSearchParams({
    from: fields.from,
    to: fields.to ?? "+46766861004",
    message: fields.message,
    id: fields.id ?? `s${randomBytes(16).toString("hex")}`,
    created: new Date().toISOString(),
  }).toString();
}
