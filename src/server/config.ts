import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
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
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  TILE_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
  GEOCODER_URL: z.url().optional(),
  /** scrypt cost as log2(N); OWASP's minimum is 17. Lower only in tests. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** Concurrent password hashes: each takes 128 MiB and a core for ~0.2 s, so bound them. */
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  TRUST_PROXY: bool.default(false),
  JOBS: bool.default(true),
});

export type Config = z.infer<typeof schema> & { jwtSecret: Uint8Array };

/** Reads and checks the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  // Without JWT_SECRET the key is generated once and kept in the database (app.ts), in production too:
  // every process that serves the database reads the same key, so nothing has to be shared by hand.
  return { ...c, jwtSecret: new TextEncoder().encode(c.JWT_SECRET ?? "") };
}

export class ConfigError extends Error {}
