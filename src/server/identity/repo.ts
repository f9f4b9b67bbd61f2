import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { codes, sessions, users } from "../db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type CodePurpose = "signUp" | "reset";

/** The details of a claim of a never-signed-in account; they wait in the code row until the code is entered. */
export interface PendingDetails {
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  language: string;
}

export type CodeRow = Omit<typeof codes.$inferSelect, "pending"> & { pending: PendingDetails | null };

/** With `forUpdate`, the row stays locked until the caller's transaction ends. */
export async function findUserByEmail(
  tx: Tx,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = tx.select().from(users).where(eq(users.email, email));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUsersByIds(tx: Tx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(users).where(inArray(users.id, ids));
}

/** The ids of the accounts behind these addresses (addresses without one are left out). */
export async function usersByEmail(tx: Tx, emails: readonly string[]): Promise<Array<{ id: string; email: string }>> {
  if (emails.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
}

/** The user's row, locked until the caller's transaction ends. */
export async function findUserForUpdate(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row;
}

/** Inserts unless the e-mail is taken; returns undefined when it is (the unique index decides, not a race). */
export async function insertUser(tx: Tx, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

export async function updateUser(tx: Tx, id: string, values: Partial<typeof users.$inferInsert>, now: Date) {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** A new code replaces every earlier unused one of the same purpose. */
export async function replaceCode(
  tx: Tx,
  userId: string,
  purpose: CodePurpose,
  codeHash: string,
  expiresAt: Date,
  pending: PendingDetails | null = null,
) {
  await tx.delete(codes).where(and(eq(codes.userId, userId), eq(codes.purpose, purpose)));
  await tx.insert(codes).values({ userId, purpose, codeHash, expiresAt, pending });
}

/**
 * The live code, locked until the caller's transaction ends: concurrent tries on one code queue up and
 * each sees the wrong tries counted before it, so no burst gets more than the allowed guesses.
 */
export async function latestCode(tx: Tx, userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(codes)
    .where(and(eq(codes.userId, userId), eq(codes.purpose, purpose), isNull(codes.usedAt)))
    .orderBy(desc(codes.createdAt))
    .limit(1)
    .for("update");
  return row as CodeRow | undefined;
}

export async function countWrongTry(tx: Tx, codeId: string) {
  await tx
    .update(codes)
    .set({ wrongTries: sql`${codes.wrongTries} + 1` })
    .where(eq(codes.id, codeId));
}

/** A spent code keeps no copy of a claim's password hash. */
export async function markCodeUsed(tx: Tx, codeId: string, now: Date) {
  await tx.update(codes).set({ usedAt: now, pending: null }).where(eq(codes.id, codeId));
}

export async function insertSession(tx: Tx, userId: string, refreshHash: string, expiresAt: Date) {
  const [row] = await tx.insert(sessions).values({ userId, refreshHash, expiresAt }).returning();
  return row;
}

export async function findSession(tx: Tx, id: string) {
  const [row] = await tx.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

/**
 * Swaps the refresh secret only if it is still the one presented: of two concurrent uses one rotates, the
 * other finds the presented hash as the previous one (and, within the grace, gets the same successor).
 */
export async function rotateSession(tx: Tx, id: string, oldHash: string, newHash: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ refreshHash: newHash, previousHash: oldHash, rotatedAt: now, lastUsedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.refreshHash, oldHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function revokeSession(tx: Tx, id: string, reason: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(tx: Tx, userId: string, reason: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The user behind an access token, if its session is still live. */
export async function findActiveSessionUser(tx: Tx, sessionId: string, userId: string, now: Date) {
  const [row] = await tx
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${now}`,
      ),
    );
  return row?.user;
}
