import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import helmet from "helmet";
import { healthBody, responses } from "#shared/api/schema";
import { type Clock, systemClock } from "./clock.ts";
import { type Config, mailboxOpen, textsKeptOpen } from "./config.ts";
import type { Ctx } from "./context.ts";
import type { Database } from "./db/client.ts";
import { pingDatabase, queryRows } from "./db/client.ts";
import { devRoutes, devTextRoutes } from "./dev/routes.ts";
import { attendanceRoutes } from "./features/attendance/routes.ts";
import { calendarRoutes } from "./features/calendar/routes.ts";
import { LiveHub } from "./features/checkin/live.ts";
import { notify } from "./features/checkin/repo.ts";
import { checkinRoutes } from "./features/checkin/routes.ts";
import { countsOf } from "./features/checkin/service.ts";
import { contactRoutes } from "./features/contacts/routes.ts";
import { historicSweep } from "./features/events/jobs.ts";
import { eventRoutes } from "./features/events/routes.ts";
import { geoRoutes } from "./features/geo/routes.ts";
import { groupRoutes } from "./features/groups/routes.ts";
import { offerRoutes } from "./features/offers/routes.ts";
import { offersSweep } from "./features/offers/service.ts";
import { paymentRoutes } from "./features/payments/routes.ts";
import { removalLink } from "./features/registration/mail.ts";
import { registrationRoutes } from "./features/registration/routes.ts";
import { participationErasure } from "./features/registration/service.ts";
import { releaseOwnClaims, SEND_OUT_JOB, sendOutJob } from "./features/sendouts/delivery.ts";
import { sendOutRoutes } from "./features/sendouts/routes.ts";
import { teamleaderRoutes } from "./features/teamleader/routes.ts";
import { textRoutes } from "./features/texts/routes.ts";
import { DAY_BEFORE_MAIL_JOB, dayBeforeMailJob, textsSweep } from "./features/texts/service.ts";
import { fileStore } from "./files/store.ts";
import { registerDocs } from "./http/docs.ts";
import { errorHandler, notFoundHandler, unstorableRefusal } from "./http/errors.ts";
import { answerRefusedBodiesCleanly } from "./http/refused-body.ts";
import { ViewCache } from "./http/view-cache.ts";
import { identityRoutes } from "./identity/routes.ts";
import { PasswordHasher } from "./identity/secrets.ts";
import { SessionCache } from "./identity/session-cache.ts";
import { takeInstanceId } from "./jobs/instance.ts";
import { ensurePeriodic, periodicJob } from "./jobs/periodic.ts";
import { JobWorker } from "./jobs/queue.ts";
import { limitsSweep } from "./limits.ts";
import { MAIL_JOB, mailJob, mailTransport } from "./mail/outbox.ts";
import { httpGateway } from "./texts/gateway.ts";
import { TEXT_JOB, textJob } from "./texts/outbox.ts";

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** The built SPA; served when the folder exists. */
  webRoot: string;
  /** Called for every route as it is registered; lets a test list them all. */
  onRoute?: (route: RouteOptions) => void;
}

export interface App {
  server: FastifyInstance;
  ctx: Ctx;
  jobs: JobWorker;
}

/** The signing key: from JWT_SECRET, or generated once and kept in the database for every process. */
async function loadSecret(config: Config, database: Database): Promise<Uint8Array> {
  if (config.JWT_SECRET) return config.jwtSecret;
  const candidate = randomBytes(48).toString("base64url");
  await database.db.execute(
    sql`INSERT INTO app_secrets (name, value) VALUES ('jwt', ${candidate}) ON CONFLICT (name) DO NOTHING`,
  );
  const [row] = await queryRows<{ value: string }>(database.db, sql`SELECT value FROM app_secrets WHERE name = 'jwt'`);
  return new TextEncoder().encode(row.value);
}

/** A request that takes longer than this is logged, whatever its outcome. */
const SLOW_REQUEST_MS = 1000;

/** Paths of the tile host, for the CSP: maps may only load images from there. */
function tileOrigin(tileUrl: string): string | null {
  try {
    return new URL(tileUrl.replace(/\{[a-z]\}/g, "a")).origin.replace("//a.", "//*.");
  } catch {
    return null;
  }
}

/** A secret address (the calendar feed's) is a credential: the log names the route, not the token. */
export const loggedUrl = (url: string) => url.replace(/^\/api\/calendar\/[^?]*/, "/api/calendar/[redacted]");

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const isLocal = ["localhost", "127.0.0.1"].includes(new URL(config.PUBLIC_URL).hostname);

  const trust = config.TRUST_PROXY;
  const server = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Secrets never reach the log: tokens, cookies and passwords are cut out of whatever is logged.
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "*.password",
          "*.newPassword",
          "*.code",
        ],
        censor: "[redacted]",
      },
    },
    // Two log lines for every request cost more than a cached read does; one line for what needs a look
    // (server errors and slow answers) is written below, the rest only at debug level.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify treats a bare hop count as "trust nobody"; as a function it believes the last N hops, which is
    // right when the app is reachable only through its load balancers (README).
    trustProxy: typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // The router's own refusals answer in the API's error format too: a path part longer than any id
    // names nothing (404), a path that is not valid percent-encoding is bad input (400).
    frameworkErrors: (error, request, reply) =>
      error.code === "FST_ERR_MAX_PARAM_LENGTH" ? notFoundHandler(request, reply) : errorHandler(error, request, reply),
  });
  // JSON only: any other body type answers 415.
  server.removeContentTypeParser("text/plain");
  // Fastify's own JSON parsing (with its prototype-poisoning guard), plus: no text PostgreSQL cannot store.
  const parseJson = server.getDefaultJsonParser("error", "error");
  server.removeContentTypeParser("application/json");
  server.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    parseJson(request, body as string, (err, value) => {
      if (err) return done(err);
      const refusal = unstorableRefusal(value);
      return refusal ? done(refusal) : done(null, value);
    }),
  );
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.setErrorHandler(errorHandler);
  answerRefusedBodiesCleanly(server);
  server.addHook("onResponse", async (request, reply) => {
    const ms = reply.elapsedTime;
    const level = reply.statusCode >= 500 || ms > SLOW_REQUEST_MS ? "warn" : "debug";
    request.log[level](
      { method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, ms },
      "request completed",
    );
  });
  server.decorateRequest("actor", null);
  server.decorateRequest("sessionId", null);

  const tiles = tileOrigin(config.TILE_URL);
  // Security headers: helmet's middleware built once. (@fastify/helmet builds it anew for every request,
  // which cost 5–9 % of the server's time on a cached read; ADR 008.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", ...(tiles ? [tiles] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The pass scanner's QR reader is WebAssembly (issue 23): compiling it needs 'wasm-unsafe-eval', not eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: isLocal ? null : [],
      },
    },
    hsts: isLocal ? false : { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  server.addHook("onRequest", (request, reply, done) => {
    // API answers hold personal data (of minors too): no browser or proxy may keep them.
    if (request.url.startsWith("/api/")) reply.header("Cache-Control", "no-store");
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  await server.register(fastifyCookie);

  const hasher = new PasswordHasher(config.SCRYPT_LOG_N, config.HASH_CONCURRENCY);
  const secret = await loadSecret(config, database);
  let jobs: JobWorker | null = null;
  const ctx: Ctx = {
    db: database.db,
    prepared: database.prepared,
    config,
    clock,
    log: server.log,
    hasher,
    secret,
    sessions: new SessionCache(),
    views: new ViewCache(database.writes ?? null),
    nudgeJobs: () => jobs?.nudge(),
    files: fileStore(config),
    live: new LiveHub(
      database,
      (channel, payloads) => notify(database.db, channel, payloads),
      (eventId, stationIds) => countsOf(database.db, eventId, stationIds),
      server.log,
    ),
  };
  const periodic = [historicSweep(ctx), offersSweep(ctx), limitsSweep, participationErasure(ctx), textsSweep(ctx)];
  const mailer = config.SMTP_URL ? mailTransport(config.SMTP_URL) : null;
  const textGateway =
    config.SMS_URL && config.SMS_FROM
      ? httpGateway({
          url: config.SMS_URL,
          from: config.SMS_FROM,
          perSecond: config.SMS_PER_SECOND,
          deliveryUrl: config.SMS_WEBHOOK_SECRET
            ? new URL(`/api/sms/delivery/${config.SMS_WEBHOOK_SECRET}`, config.PUBLIC_URL).toString()
            : null,
        })
      : null;
  // Set when the server closes: a send-out being delivered stops taking addresses and leaves the rest queued.
  const closing = new AbortController();
  const instance = takeInstanceId(config);
  const delivery = {
    db: database.db,
    clock,
    log: server.log,
    transport: mailer,
    from: config.MAIL_FROM,
    files: ctx.files,
    removalLink: (volunteerId: string, language: "sv" | "en") => removalLink(ctx, volunteerId, clock.now(), language),
    stopping: () => closing.signal.aborted,
    instanceId: instance.id,
  };
  jobs = new JobWorker(
    database.db,
    clock,
    {
      [MAIL_JOB]: mailJob(database.db, clock, server.log, mailer, config.MAIL_FROM),
      [SEND_OUT_JOB]: sendOutJob(delivery),
      [TEXT_JOB]: textJob(database.db, clock, server.log, textGateway, () => closing.signal.aborted),
      [DAY_BEFORE_MAIL_JOB]: dayBeforeMailJob(ctx),
      ...Object.fromEntries(periodic.map((p) => [p.kind, periodicJob(database.db, clock, server.log, p)])),
    },
    server.log,
    { instanceId: instance.id, onStart: () => releaseOwnClaims(delivery) },
  );

  if (options.onRoute) server.addHook("onRoute", options.onRoute);
  await registerDocs(server);
  server
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/health", { schema: { response: responses({ 200: healthBody }) } }, async (_request, reply) => {
      try {
        await pingDatabase(database.db);
        return { status: "ok" as const };
      } catch (err) {
        server.log.error({ err }, "health check failed");
        return reply.status(503).send({ code: "ServiceUnavailable", message: "Database unavailable" });
      }
    });
  await identityRoutes(server, ctx);
  await eventRoutes(server, ctx);
  await geoRoutes(server, ctx);
  await groupRoutes(server, ctx);
  await offerRoutes(server, ctx);
  await contactRoutes(server, ctx);
  await calendarRoutes(server, ctx);
  await attendanceRoutes(server, ctx);
  await paymentRoutes(server, ctx);
  await teamleaderRoutes(server, ctx);
  await sendOutRoutes(server, ctx);
  await registrationRoutes(server, ctx);
  await checkinRoutes(server, ctx);
  await textRoutes(server, ctx);
  for (const p of periodic) await ensurePeriodic(database.db, clock, p);
  if (mailboxOpen(config)) await devRoutes(server, ctx);
  if (textsKeptOpen(config)) await devTextRoutes(server, ctx);

  const webRoot = options.webRoot;
  const hasWeb = existsSync(webRoot);
  if (hasWeb) {
    await server.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Hashed file names change with their content, so they may be cached for good.
        reply.header("Cache-Control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    server.setNotFoundHandler((request, reply) => {
      const path = request.url.split("?")[0];
      const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
      if (request.method !== "GET" || path.startsWith("/api/") || path === "/api" || looksLikeFile)
        return notFoundHandler(request, reply);
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    });
  } else server.setNotFoundHandler(notFoundHandler);

  server.addHook("onClose", async () => {
    closing.abort();
    await jobs?.stop();
    await ctx.live.close();
    mailer?.close();
    instance.release();
  });
  return { server, ctx, jobs };
}
