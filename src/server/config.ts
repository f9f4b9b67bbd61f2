import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: listening publicly is a choice, and it turns the development mailbox off. */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Where people reach the product (links in mail and logs); without it, this machine at PORT. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Bemanna <no-reply@bemanna.se>"),
  /**
   * A 46elks-compatible text gateway with its credentials, e.g. https://USER:PASSWORD@api.46elks.com/a1.
   * Without it texts are kept (listed at /dev/sms on a loopback server outside production).
   */
  SMS_URL: z
    .url()
    .regex(/^https?:\/\//, "must start with http:// or https://")
    .optional(),
  /** The number texts are sent from: replies need a number, not a name. */
  SMS_FROM: z
    .string()
    .regex(/^\+\d{6,15}$/, "must be a phone number in international form, e.g. +46766861004")
    .optional(),
  /** The secret part of the addresses the gateway posts incoming texts and delivery reports to. */
  SMS_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").max(200).optional(),
  /** Texts handed to the gateway a second, by this process (the account's limit at the provider). */
  SMS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(200),
  /**
   * What an organizer pays per volunteer, in kronor excluding VAT (spec: the basic package is 0 kr during
   * the test phase). Fixed per event at its confirmation.
   */
  PRICE_PER_VOLUNTEER: z.coerce.number().min(0).max(100_000).multipleOf(0.01).default(0),
  /** The seller on the invoices: the company that runs the service. */
  SELLER_NAME: z.string().max(200).default("Bemanna"),
  SELLER_ORGANISATION_NUMBER: z.string().max(20).default(""),
  SELLER_ADDRESS: z.string().max(500).default(""),
  SELLER_VAT_NUMBER: z.string().max(20).default(""),
  SELLER_BANKGIRO: z.string().max(20).default(""),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  TILE_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
  GEOCODER_URL: z.url().optional(),
  /** scrypt cost as log2(N); OWASP's minimum is 17. Lower only in tests. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** Concurrent password hashes: each takes 128 MiB and a core for ~0.2 s, so bound them. */
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Which X-Forwarded-For entries to believe: a hop count ("1" behind one load balancer) or a
   * comma-separated list of proxy addresses/CIDRs. "true" (believe any header) is refused: it lets every
   * client choose its own IP and so escape the per-IP limits.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((v) => v !== "true", 'must be a hop count (e.g. "1") or proxy addresses, not "true"')
    .transform(trustProxySetting),
  JOBS: bool.default(true),
  /**
   * Which process this is, for the leases it holds on jobs and send-out addresses: the same after a restart,
   * so it frees them at once (jobs/instance.ts). Without it: this machine's name, the port and the data
   * folder. Set it when several processes on one machine share both port and data folder.
   */
  INSTANCE_ID: z.string().min(1).max(200).optional(),
});

/** Fastify's trustProxy: false, a hop count, or the addresses of trusted proxies. */
function trustProxySetting(value: string): false | number | string[] {
  if (value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Does the server listen only where nobody but this machine can reach it? */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The development mailbox shows every kept mail, codes included: it exists only where no mail is sent
 * (no SMTP_URL), outside production, and only on a server that listens on a loopback address.
 */
export const mailboxOpen = (config: Pick<Config, "NODE_ENV" | "SMTP_URL" | "HOST">) => keptOpen(config, config.SMTP_URL);

/** The development list of texts, on the same terms: only where no text is sent (no SMS_URL). */
export const textsKeptOpen = (config: Pick<Config, "NODE_ENV" | "SMS_URL" | "HOST">) => keptOpen(config, config.SMS_URL);

function keptOpen(config: Pick<Config, "NODE_ENV" | "HOST">, relay: string | undefined): boolean {
  return config.NODE_ENV !== "production" && !relay && isLoopback(config.HOST);
}

export type Config = Omit<z.infer<typeof schema>, "PUBLIC_URL"> & { PUBLIC_URL: string; jwtSecret: Uint8Array };

/** Reads and checks the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.SMS_URL && !c.SMS_FROM)
    throw new ConfigError("Invalid configuration:\n  SMS_FROM: is needed with SMS_URL (the number texts are sent from)");
  // Without JWT_SECRET the key is generated once and kept in the database (app.ts), in production too:
  // every process that serves the database reads the same key, so nothing has to be shared by hand.
  // Links follow the port the server listens on, so a second server on another port links to itself.
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return { ...c, PUBLIC_URL: publicUrl, jwtSecret: new TextEncoder().encode(c.JWT_SECRET ?? "") };
}

export class ConfigError extends Error {}
