import { sql } from "drizzle-orm";
import type { Ctx } from "../src/server/context.ts";
import { users } from "../src/server/db/schema.ts";

export const BENCH_PASSWORD = "Benchmark1";
const USERS = 1000;

/** Seeds confirmed users (one real hash, shared: hashing 1000 passwords would only measure scrypt). */
export async function seed(ctx: Ctx) {
  const passwordHash = await ctx.hasher.hash(BENCH_PASSWORD);
  const rows = Array.from({ length: USERS }, (_, i) => ({
    email: `bench-${i}@example.se`,
    passwordHash,
    firstName: "Bench",
    lastName: `User ${i}`,
    phone: "+46701234567",
    status: "CONFIRMED",
    emailVerified: true,
  }));
  for (let i = 0; i < rows.length; i += 200) await ctx.db.insert(users).values(rows.slice(i, i + 200));
  await ctx.db.execute(sql`ANALYZE`);
  return { users: USERS, email: "bench-0@example.se", password: BENCH_PASSWORD };
}
