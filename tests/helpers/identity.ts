import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { type Database, openPostgres, queryRows } from "../../src/server/db/client.ts";
import { users } from "../../src/server/db/schema.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { TestClock } from "./clock.ts";
import { PASSWORD, signUpBody, uniqueEmail } from "./factories.ts";
import type { Res } from "./http.ts";
import { codeIn, SmtpSink, type SunkMail } from "./smtp-sink.ts";

export const REFRESH = "bemanna_refresh";

/** A clock that stands still unless the test moves it, for assertions on exact durations. */
export class FrozenClock extends TestClock {
  private at = Date.now();
  override now() {
    return new Date(this.at);
  }
  override advance(ms: number) {
    this.at += ms;
  }
}

/** A distinct client address per caller, so limits kept per IP do not leak between tests. */
let ipCounter = 0;
export function freshIp(): string {
  ipCounter++;
  return `10.${randomBytes(1)[0]}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export interface ReqOptions {
  body?: unknown;
  /** A body sent as is (no JSON encoding), e.g. broken JSON or another media type. */
  raw?: string | Buffer;
  contentType?: string;
  token?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** One call through app.inject, with control over the raw body, content type and client address. */
// biome-ignore lint/suspicious/noExplicitAny: answers are JSON of every shape; tests read what they expect
export async function req<T = any>(
  app: App,
  method: InjectOptions["method"],
  url: string,
  options: ReqOptions = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | Buffer | undefined;
  if (options.raw !== undefined) payload = options.raw;
  else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  if (options.contentType) headers["content-type"] = options.contentType;
  const res = await app.server.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? "127.0.0.1",
    ...(payload !== undefined ? { payload } : {}),
  });
  let body: unknown = res.body;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {}
  return { status: res.statusCode, body: body as T, headers: res.headers, cookies: res.cookies as Res["cookies"] };
}

/** The refresh cookie a response set, with its attributes. */
export function refreshCookieOf(res: Res) {
  return res.cookies.find((c) => c.name === REFRESH);
}

/** The Cookie header that sends back the refresh cookie of `res`. */
export function refreshHeader(res: Res): string {
  const cookie = refreshCookieOf(res);
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(res.cookies)}`);
  return `${REFRESH}=${cookie.value}`;
}

/** An app on a fresh database with a running job worker that delivers mail to a real SMTP sink. */
export async function startMailingApp(options: { clock?: TestClock; env?: Record<string, string> } = {}) {
  const sink = new SmtpSink();
  const app = await createTestApp({ smtpUrl: await sink.start(), ...options });
  app.jobs.start();
  return {
    app,
    sink,
    async close() {
      await app.close();
      await sink.stop();
    },
  };
}

/** Fails with a clear message when a test reads the file's app outside its tests. */
function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("the app runs only inside the file's tests");
  return value;
}

/** An app on a fresh database for the file's tests: built before them and closed after them. */
export function appForFile(options: { clock?: TestClock } = {}): { readonly app: TestApp } {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
  });
  afterAll(() => app?.close());
  return {
    get app() {
      return started(app);
    },
  };
}

/** `startMailingApp` for the file's tests: started before them and closed after them. */
export function mailingAppForFile(options: { clock?: TestClock; env?: Record<string, string> } = {}): {
  readonly app: TestApp;
  readonly sink: SmtpSink;
} {
  let mailing: Awaited<ReturnType<typeof startMailingApp>> | undefined;
  beforeAll(async () => {
    mailing = await startMailingApp(options);
  });
  afterAll(() => mailing?.close());
  return {
    get app() {
      return started(mailing?.app);
    },
    get sink() {
      return started(mailing?.sink);
    },
  };
}

/** The mails `address` received, optionally only those whose subject matches. */
export function mailsTo(sink: SmtpSink, address: string, subject?: string | RegExp): SunkMail[] {
  return sink.mails.filter(
    (m) =>
      m.to.includes(address) &&
      (subject === undefined || (typeof subject === "string" ? m.subject === subject : subject.test(m.subject))),
  );
}

/** Waits until `address` has received `n` mails (with that subject) and returns the n-th (1-based). */
export async function nthMail(
  sink: SmtpSink,
  address: string,
  n: number,
  subject?: string | RegExp,
  ms = 15_000,
): Promise<SunkMail> {
  await sink.waitFor(address, () => mailsTo(sink, address, subject).length >= n, ms);
  return mailsTo(sink, address, subject)[n - 1];
}

/** Signs up through the API and reads the code from the mail that arrives. */
export async function signUpWithCode(app: TestApp, sink: SmtpSink, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const email = String(body.email).trim().toLowerCase();
  const before = sink.count(email);
  const res = await req(app, "POST", "/api/auth/sign-up", { body, ip: freshIp() });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await nthMail(sink, email, before + 1);
  return { email, password: String(body.password), code: codeIn(mail), mail };
}

/** A confirmed account that is not signed in. */
export async function confirmedAccount(app: TestApp, overrides: Record<string, unknown> = {}) {
  const body = signUpBody({ email: uniqueEmail(), password: PASSWORD, ...overrides });
  const res = await req(app, "POST", "/api/auth/sign-up", { body, ip: freshIp() });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const email = String(body.email).trim().toLowerCase();
  await app.ctx.db.update(users).set({ status: "CONFIRMED", emailVerified: true }).where(eq(users.email, email));
  return { email, password: String(body.password) };
}

export async function signIn(app: TestApp, email: string, password: string, ip = freshIp()) {
  return req(app, "POST", "/api/auth/sign-in", { body: { email, password }, ip });
}

/** Signs in and returns the access token and the refresh cookie header. */
export async function session(app: TestApp, email: string, password: string) {
  const res = await signIn(app, email, password);
  if (res.status !== 200 || !res.body.accessToken) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.accessToken as string, cookie: refreshHeader(res), res };
}

/** A confirmed account, signed in: its credentials, access token and refresh cookie header. */
export async function signedInAccount(app: TestApp, overrides: Record<string, unknown> = {}) {
  const u = await confirmedAccount(app, overrides);
  return { ...u, ...(await session(app, u.email, u.password)) };
}

export const INVITED = /har bjudit in dig till Bemanna|has invited you to Bemanna/;

/** The temporary password in an invitation, in either language. */
export function temporaryPasswordIn(mail: SunkMail): string {
  const m = /(?:tillfälliga lösenordet|temporary password): (\S+)/.exec(mail.text);
  if (!m) throw new Error(`no temporary password in ${mail.text}`);
  return m[1];
}

/** A body for POST /api/user (an invitation). */
export const newUser = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail("invited"),
  firstName: "Kalle",
  lastName: "Karlsson",
  phoneNumber: "+46701112233",
  type: "contactPerson",
  ...overrides,
});

/** Someone invited by a signed-in user (POST /api/user), with the temporary password from the mail. */
export async function invitedAccount(app: TestApp, sink: SmtpSink, overrides: Record<string, unknown> = {}) {
  const inviter = await signedInAccount(app, { firstName: "Ingrid", lastName: "Inbjudare" });
  const body = newUser(overrides);
  const res = await req(app, "POST", "/api/user", { token: inviter.token, body });
  if (res.status !== 201) throw new Error(`invitation failed: ${res.status} ${JSON.stringify(res.body)}`);
  const email = String(body.email).trim().toLowerCase();
  const mail = await nthMail(sink, email, 1, INVITED);
  return { inviter, email, mail, temporary: temporaryPasswordIn(mail), res };
}

/** A code of the same length that is certainly not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The users row of `email`, as stored. */
export const userRow = async (app: App, email: string) =>
  (await app.ctx.db.select().from(users).where(eq(users.email, email)))[0];

export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SCRYPT_LOG_N: "10", ...env });
}

/**
 * Another app process on the same database (for PGlite the same instance, which cannot be shared across
 * processes). Closing it closes only its server, never the database.
 */
export async function appOnDatabase(database: Database, clock: TestClock, env: Record<string, string> = {}): Promise<App> {
  return buildApp({ config: testConfig(env), database, clock, webRoot: "/nonexistent" });
}

/**
 * A second connection pool to the PostgreSQL database behind `database`, as a second server process
 * would have. Only with TEST_DATABASE_URL.
 */
export async function secondPool(database: Database): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || database.kind !== "postgres") throw new Error("secondPool needs TEST_DATABASE_URL");
  const [{ name }] = await queryRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return openPostgres(target.toString(), { max: 5 });
}

export interface JobRow {
  id: string;
  kind: string;
  attempts: number;
  run_at: Date;
  done_at: Date | null;
  failed_at: Date | null;
  locked_until: Date | null;
  last_error: string | null;
  payload: { mailId: string };
}

export async function mailJobs(app: App): Promise<JobRow[]> {
  const rows = await queryRows<JobRow>(
    app.ctx.db,
    sql`SELECT id, kind, attempts, run_at, done_at, failed_at, locked_until, last_error, payload FROM jobs WHERE kind = 'mail.send' ORDER BY created_at, id`,
  );
  return rows.map((r) => ({ ...r, run_at: new Date(r.run_at), done_at: r.done_at && new Date(r.done_at) }));
}

/** Decodes one MIME part of a raw mail (quoted-printable or base64), by its content type. */
export function mimePart(raw: string, contentType: "text/plain" | "text/html"): string | null {
  const at = raw.search(new RegExp(`content-type: ${contentType.replace("/", "\\/")}`, "i"));
  if (at < 0) return null;
  const rest = raw.slice(at);
  const split = rest.search(/\r?\n\r?\n/);
  const head = rest.slice(0, split);
  const bodyStart = rest.slice(split).replace(/^\r?\n\r?\n/, "");
  const end = bodyStart.search(/\r?\n--/);
  const body = end < 0 ? bodyStart : bodyStart.slice(0, end);
  if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding: quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** Every error body of the API: {code, message, fields?} and nothing that leaks internals. */
export function expectCleanError(res: Res, code: string, status: number) {
  const problems: string[] = [];
  if (res.status !== status) problems.push(`status ${res.status}, wanted ${status}`);
  const body = res.body as Record<string, unknown>;
  if (typeof body !== "object" || body === null) problems.push(`body is not JSON: ${String(res.body)}`);
  else {
    if (body.code !== code) problems.push(`code ${String(body.code)}, wanted ${code}`);
    if (typeof body.message !== "string") problems.push("no message");
    const extra = Object.keys(body).filter((k) => !["code", "message", "fields", "station"].includes(k));
    if (extra.length) problems.push(`extra keys ${extra.join(",")}`);
    const text = JSON.stringify(body);
    if (/\bat .+\.(ts|js):\d+|node_modules|\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b|\bpg_|drizzle/i.test(text))
      problems.push(`leaks internals: ${text}`);
  }
  if (!String(res.headers["content-type"] ?? "").startsWith("application/json")) problems.push("not application/json");
  if (problems.length) throw new Error(`${problems.join("; ")}\nbody: ${JSON.stringify(res.body)}`);
}

/** Runs `n` copies of `fn` at once. */
export function concurrently<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
}
