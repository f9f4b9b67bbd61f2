import { SMTPServer } from "smtp-server";

export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

/** Undoes quoted-printable and encoded-word headers, enough to read our own mails. */
function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeHeader(value: string): string {
  // RFC 2047: white space between two adjacent encoded words is not part of the text.
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replaceAll("_", " ")),
    );
}

function parse(raw: string, to: string[]): SunkMail {
  const [head] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeHeader(/^subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? "").replace(/\?= =\?/g, "");
  // The text/plain part of the multipart body.
  const textPart = /content-type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  const qp = /content-type: text\/plain[\s\S]*?content-transfer-encoding: quoted-printable/i.test(raw);
  const body = textPart?.[1] ?? raw;
  return { to, subject, text: qp ? decodeQuotedPrintable(body) : body, raw };
}

export interface SinkOptions {
  /**
   * The answer to a recipient the sink refuses, as a relay does: 550 for good (an unknown mailbox), 451 for
   * now (try later); nothing to take it.
   */
  refuse?: (address: string) => 550 | 451 | undefined;
}

/**
 * A real SMTP server on a free port that keeps what it receives. A mail counts as received when the sink
 * answers 250 to it, as with a real relay: `holdAfter(n)` lets the first n through and then leaves every
 * further mail unanswered (and so not received), to stop a sender at a known point.
 */
export class SmtpSink {
  readonly mails: SunkMail[] = [];
  private server: SMTPServer;
  private waiters: Array<() => void> = [];
  private holdLimit = Number.POSITIVE_INFINITY;
  /** Mails held unanswered since holdAfter. */
  held = 0;
  port = 0;

  constructor(options: SinkOptions = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // The app keeps pooled connections open; a stop must not wait 30 s for them.
      closeTimeout: 200,
      onRcptTo: (address, _session, callback) => {
        const code = options.refuse?.(address.address);
        if (code) {
          const refused = new Error(code === 550 ? "Mailbox unavailable" : "Try again later") as Error & { responseCode: number };
          refused.responseCode = code;
          return callback(refused);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          if (this.mails.length >= this.holdLimit) {
            this.held++;
            for (const w of this.waiters.splice(0)) w();
            return;
          }
          this.mails.push(
            parse(
              Buffer.concat(chunks).toString("utf8"),
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          for (const w of this.waiters.splice(0)) w();
          callback();
        });
      },
    });
  }

  /** Answers the next `n` mails and then none: the later ones wait, unanswered, until their sender gives up. */
  holdAfter(n: number) {
    this.holdLimit = this.mails.length + n;
  }

  /** Listens on `port` (a free one by default; a fixed one to come back where a stopped sink was). */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The newest mail to `address` matching `pred`, waiting up to `ms` for it to arrive. */
  async waitFor(address: string, pred: (m: SunkMail) => boolean = () => true, ms = 10_000): Promise<SunkMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = [...this.mails].reverse().find((m) => m.to.includes(address) && pred(m));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no mail to ${address} within ${ms} ms (have: ${this.mails.map((m) => `${m.to}: ${m.subject}`).join("; ")})`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  count(address: string): number {
    return this.mails.filter((m) => m.to.includes(address)).length;
  }
}

/** The 6-digit code in a mail. */
export function codeIn(mail: SunkMail): string {
  const m = /(?:^|\D)(\d{6})(?:\D|$)/.exec(mail.text);
  if (!m) throw new Error(`no code in mail: ${mail.text}`);
  return m[1];
}
