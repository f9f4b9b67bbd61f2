import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAIN_LIMIT_BYTES } from "../../src/server/http/refused-body.ts";
import { MAX_FILE_BYTES } from "../../src/shared/sendouts/files.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser } from "../helpers/factories.ts";
import { multipart, pdf } from "../helpers/files.ts";
import { draftEvent, type Json, type User } from "../helpers/seed.ts";

/**
 * Bodies over the limit, over a real connection (app.inject has none): the 413 reaches a client that is still
 * sending, and the connection is not cut under it (a reset would reach the client instead of the answer).
 */

let app: TestApp;
let port: number;
let owner: User;
let event: Json;

beforeAll(async () => {
  app = await createTestApp();
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.server.address() as net.AddressInfo).port;
  owner = await buildUser(app);
  event = await draftEvent(app, owner);
});
afterAll(() => app.close());

/** A raw HTTP/1.1 connection: write bytes, read whole answers, see whether the server closed it. */
class Connection {
  private readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;
  error: string | null = null;

  constructor() {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.on("data", (chunk) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    const end = () => {
      this.closed = true;
      this.waiting?.();
    };
    this.socket.on("close", end);
    this.socket.on("error", (err: NodeJS.ErrnoException) => {
      this.error = err.code ?? err.message;
      end();
    });
  }

  /** Writes `data`; answers false when the connection broke under it. */
  write(data: Buffer | string): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => this.socket.write(data, (err) => resolve(!err)));
  }

  /** Writes `body` in pieces until done or the connection breaks; answers how many bytes went out. */
  async writeAll(body: Buffer, piece = 256 * 1024): Promise<number> {
    let sent = 0;
    while (sent < body.length && (await this.write(body.subarray(sent, sent + piece)))) sent += piece;
    return Math.min(sent, body.length);
  }

  /** The next whole answer: status, headers and body (by its content-length). */
  async answer(): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    for (;;) {
      const end = this.received.indexOf("\r\n\r\n");
      if (end >= 0) {
        const [statusLine, ...lines] = this.received.subarray(0, end).toString("latin1").split("\r\n");
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
        );
        const length = Number(headers["content-length"] ?? 0);
        if (this.received.length >= end + 4 + length) {
          const body = this.received.subarray(end + 4, end + 4 + length).toString("utf8");
          this.received = this.received.subarray(end + 4 + length);
          return { status: Number(statusLine.split(" ")[1]), headers, body };
        }
      }
      if (this.closed) throw new Error(`connection closed before a whole answer (${this.error ?? "end"})`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = null;
    }
  }

  close() {
    this.socket.destroy();
  }
}

const head = (method: string, path: string, headers: Record<string, string | number>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

/**
 * Sends the head and the first `before` bytes of `body`, reads the answer, then sends the rest of the body, and
 * finally asks for the health answer on the same connection: the server must have read the rest instead of
 * cutting the connection under it.
 */
async function refusedWhileSending(path: string, headers: Record<string, string>, body: Buffer, before = 64 * 1024) {
  const connection = new Connection();
  try {
    await connection.write(head("POST", path, { ...headers, "content-length": body.length }));
    await connection.writeAll(body.subarray(0, before));
    const answer = await connection.answer();
    const sent = before + (await connection.writeAll(body.subarray(before)));
    expect(connection.error, "the connection broke while the client sent the rest").toBeNull();
    expect(sent).toBe(body.length);
    await connection.write(head("GET", "/api/health", {}));
    const next = await connection.answer();
    return { answer, next };
  } finally {
    connection.close();
  }
}

describe("a body over the limit", () => {
  it("gets its 413 as JSON while the client is still sending 2 MiB, and the connection serves the next request", async () => {
    const body = Buffer.from(JSON.stringify({ email: "kim@example.se", password: "x".repeat(2 * 1024 * 1024) }));
    const { answer, next } = await refusedWhileSending("/api/auth/sign-in", { "content-type": "application/json" }, body);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PayloadTooLarge" });
    expect(next.status).toBe(200);
  });

  it("gets its 413 for an upload of 7 MiB announced by its length, read no further than needed", async () => {
    const upload = multipart([{ filename: "stor.pdf", content: pdf(7 * 1024 * 1024) }]);
    const { answer, next } = await refusedWhileSending(
      `/api/events/${event.id}/files`,
      { "content-type": upload.contentType, authorization: `Bearer ${owner.token}` },
      upload.payload,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PayloadTooLarge" });
    expect(next.status).toBe(200);
  });

  it("gets its 413 for a file one byte over the limit found while reading it", async () => {
    const upload = multipart([{ filename: "stor.pdf", content: pdf(MAX_FILE_BYTES + 1) }]);
    // The file is found too large once its part has ended: all but the closing "--\r\n" is sent first.
    const { answer, next } = await refusedWhileSending(
      `/api/events/${event.id}/files`,
      { "content-type": upload.contentType, authorization: `Bearer ${owner.token}` },
      upload.payload,
      upload.payload.length - 4,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "PayloadTooLarge" });
    expect(next.status).toBe(200);
  });

  it("is read up to the drain limit, and a client sending more loses its connection", async () => {
    const connection = new Connection();
    try {
      const total = DRAIN_LIMIT_BYTES * 4;
      await connection.write(head("POST", "/api/auth/sign-in", { "content-type": "application/json", "content-length": total }));
      const answer = await connection.answer();
      expect(answer.status).toBe(413);
      const sent = await connection.writeAll(Buffer.alloc(total, 0x20));
      expect(sent).toBeGreaterThanOrEqual(DRAIN_LIMIT_BYTES);
      expect(sent).toBeLessThan(total);
      expect(connection.closed).toBe(true);
    } finally {
      connection.close();
    }
  });
});
