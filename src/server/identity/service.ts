import {
  joinPhone,
  type Language,
  type NewUserBody,
  type Profile,
  type SignInResult,
  type SignInSuccess,
  type SignUpBody,
  TEAM_LEADER,
  type UpdateProfileBody,
  type UserLookup,
} from "#shared/account/schema";
import { PASSWORD_MAX, passwordOk } from "#shared/validation";
import type { Ctx, RequestMeta } from "../context.ts";
import type { Tx } from "../db/client.ts";
import type { InvitationTarget } from "../features/contacts/policy.ts";
import { AppError } from "../http/errors.ts";
import { hitLimit, releaseLimitEvent } from "../limits.ts";
import { queueMail } from "../mail/outbox.ts";
import type { MailKind } from "../mail/templates.ts";
import { fullName, presentLookup, presentProfile } from "./present.ts";
import * as repo from "./repo.ts";
import { keyedHash, newCode, randomSecret, sameHash, temporaryPassword } from "./secrets.ts";
import { ACCESS_TOKEN_SECONDS, CHALLENGE_SECONDS, readToken, signToken } from "./tokens.ts";

const HOUR = 3600;
const DAY = 24 * HOUR;
export const SIGN_UP_CODE_SECONDS = DAY;
export const RESET_CODE_SECONDS = HOUR;
export const TEMPORARY_PASSWORD_SECONDS = 7 * DAY;
export const SESSION_SECONDS = 30 * DAY;
export const MAX_WRONG_CODE_TRIES = 5;
/** Code mails (sign-up, resend, forgot-password): at most this many per hour per account (and per IP for sign-up codes). */
export const CODE_MAILS_PER_HOUR = 5;
/**
 * Password-reset requests per IP and hour. A school or office shares one address among hundreds of people,
 * so the per-IP budget is wide; each account keeps its own limit of CODE_MAILS_PER_HOUR.
 */
export const RESETS_PER_IP_PER_HOUR = 100;
/** A dead code's 429: a new code may be asked for at once, so this only paces a client that retries. */
export const DEAD_CODE_RETRY_SECONDS = 60;
export const FREE_SIGN_IN_FAILURES = 5;
export const MAX_LOCK_SECONDS = 15 * 60;
/** Failed sign-ins (unknown address or wrong password) per IP and window; generous, test suites sign in a lot. */
export const SIGN_IN_FAILURES_PER_IP = 100;
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 10 * 60;
/** Sign-ups per IP and hour that are not yet confirmed: each confirmation from the IP gives one back. */
export const SIGN_UPS_PER_IP_PER_HOUR = 20;
/** A second tab that refreshes with the just rotated secret within this time gets the same successor. */
export const REFRESH_GRACE_SECONDS = 10;

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** Cognito's lockout: after 5 failures, 2^(n-5) seconds, doubling, capped at 15 minutes. */
export function lockSeconds(failures: number): number {
  if (failures < FREE_SIGN_IN_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_SIGN_IN_FAILURES), MAX_LOCK_SECONDS);
}

function checkPassword(password: string) {
  if (!passwordOk(password)) {
    const why = password.length > PASSWORD_MAX ? `longer than ${PASSWORD_MAX}` : "does not meet the rules";
    throw new AppError("InvalidPasswordException", `Password ${why}`, { password: "validation.password" });
  }
}

function audit(ctx: Ctx, event: string, meta: RequestMeta, userId?: string, extra: Record<string, unknown> = {}) {
  ctx.log.info({ audit: event, userId, ip: meta.ip, ...extra }, `auth: ${event}`);
}

async function inTx<T>(ctx: Ctx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(work);
}

// ---------------------------------------------------------------- sign-up and codes

const signUpIpKey = (ip: string) => `sign-up:ip:${ip}`;

/**
 * Creates an unconfirmed account, or, for an address whose account was never signed in (invited, or signed
 * up and never confirmed), starts a claim: the new details wait with the mailed code and replace the
 * account's only when the code proves the address (ADR 013). Until then the account stays as it is.
 */
export async function signUp(ctx: Ctx, body: SignUpBody, meta: RequestMeta) {
  checkPassword(body.password);
  const now = ctx.clock.now();
  // Counted before the hash and kept even when the sign-up then fails, so it bounds the hashing too.
  await inTx(ctx, (tx) => hitLimit(tx, signUpIpKey(meta.ip), SIGN_UPS_PER_IP_PER_HOUR, HOUR, now));
  const details: repo.PendingDetails = {
    passwordHash: await ctx.hasher.hash(body.password),
    firstName: body.firstName,
    lastName: body.lastName,
    phone: joinPhone(body.countryCode, body.phone),
    language: body.language ?? "sv",
  };
  const outcome = await inTx(ctx, async (tx) => {
    const created = await repo.insertUser(tx, { email: body.email, ...details, status: "UNCONFIRMED" });
    const user = created ?? (await repo.findUserByEmail(tx, body.email, { forUpdate: true }));
    if (!user || user.status === "CONFIRMED")
      throw new AppError("UsernameExistsException", "An account with the given email already exists");
    await limitCodeMailsTo(tx, "resend", body.email, now);
    await sendCode(ctx, tx, user, "signUp", now, created ? null : details);
    return { user, claim: !created };
  });
  ctx.nudgeJobs();
  audit(ctx, outcome.claim ? "sign_up_claim" : "sign_up", meta, outcome.user.id);
  return { userConfirmed: false };
}

/** Mails a new code; a claim's code carries its details, and its mail is written to the claimant. */
async function sendCode(
  ctx: Ctx,
  tx: Tx,
  user: repo.UserRow,
  purpose: repo.CodePurpose,
  now: Date,
  pending: repo.PendingDetails | null = null,
) {
  const code = newCode();
  const seconds = purpose === "signUp" ? SIGN_UP_CODE_SECONDS : RESET_CODE_SECONDS;
  await repo.replaceCode(tx, user.id, purpose, keyedHash(ctx.secret, code), later(now, seconds), pending);
  const to = pending ?? user;
  await queueMail(tx, now, user.email, purpose === "signUp" ? "signUpCode" : "resetCode", to.language as Language, {
    firstName: to.firstName,
    code,
  });
}

type CodeOutcome<T> = { ok: T } | "mismatch" | "expired" | "dead";

/**
 * Checks a code and records the outcome in its own transaction, so a wrong try is counted even though
 * the call then fails. A code dies after 5 wrong tries. A right code is spent in the same transaction
 * as `apply`, the change it allows: either both happen or neither. Answers what `apply` answered.
 */
async function redeemCode<T>(
  ctx: Ctx,
  userId: string,
  purpose: repo.CodePurpose,
  code: string,
  apply: (tx: Tx, now: Date, row: repo.CodeRow) => Promise<T>,
): Promise<T> {
  const now = ctx.clock.now();
  const outcome = await inTx<CodeOutcome<T>>(ctx, async (tx) => {
    const row = await repo.latestCode(tx, userId, purpose);
    if (!row) return "expired";
    if (row.wrongTries >= MAX_WRONG_CODE_TRIES) return "dead";
    if (row.expiresAt <= now) return "expired";
    if (!sameHash(row.codeHash, keyedHash(ctx.secret, code))) {
      await repo.countWrongTry(tx, row.id);
      return "mismatch";
    }
    await repo.markCodeUsed(tx, row.id, now);
    return { ok: await apply(tx, now, row) };
  });
  if (outcome === "mismatch") throw new AppError("CodeMismatchException", "Invalid verification code provided");
  if (outcome === "expired") throw new AppError("ExpiredCodeException", "Invalid code provided, please request a code again");
  if (outcome === "dead")
    throw new AppError(
      "LimitExceededException",
      "Too many wrong tries for this code; request a new one",
      undefined,
      DEAD_CODE_RETRY_SECONDS,
    );
  return outcome.ok;
}

/** Confirms an unconfirmed account, or applies a claim's details to an account that was never signed in. */
export async function confirmSignUp(ctx: Ctx, email: string, code: string, meta: RequestMeta) {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) throw new AppError("UserNotFoundException", "User does not exist");
  if (user.status === "CONFIRMED") return {};
  const claimed = await redeemCode(ctx, user.id, "signUp", code, async (tx, now, row) => {
    const confirmed = { status: "CONFIRMED", emailVerified: true };
    const claim = row.pending ? { ...row.pending, temporaryPasswordExpiresAt: null, failedSignIns: 0, lockedUntil: null } : {};
    await repo.updateUser(tx, user.id, { ...claim, ...confirmed }, now);
    // A confirmed sign-up no longer counts against the IP it is confirmed from.
    await releaseLimitEvent(tx, signUpIpKey(meta.ip), "oldest", later(now, -HOUR));
    return row.pending !== null;
  });
  if (claimed) ctx.sessions.forgetUser(user.id);
  audit(ctx, claimed ? "confirm_sign_up_claim" : "confirm_sign_up", meta, user.id);
  return {};
}

async function limitCodeMailsTo(tx: Tx, scope: string, email: string, now: Date) {
  await hitLimit(tx, `${scope}:account:${email}`, CODE_MAILS_PER_HOUR, HOUR, now);
}

async function limitCodeMails(tx: Tx, scope: string, email: string, meta: RequestMeta, now: Date) {
  await hitLimit(tx, `${scope}:ip:${meta.ip}`, CODE_MAILS_PER_HOUR, HOUR, now);
  await limitCodeMailsTo(tx, scope, email, now);
}

/**
 * Mails a new sign-up code to an unconfirmed account or to a claim in progress (which keeps its details).
 * Answers the same for unknown and already confirmed addresses, so it tells nobody who has an account.
 */
export async function resendCode(ctx: Ctx, email: string, meta: RequestMeta) {
  const now = ctx.clock.now();
  // The limit is counted even when the request then fails, so it runs in its own transaction.
  await inTx(ctx, (tx) => limitCodeMails(tx, "resend", email, meta, now));
  await inTx(ctx, async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user || user.status === "CONFIRMED") return;
    // A claim's details go with the new code even once its code has expired: without them the code would
    // confirm the account with the details of whoever signed it up first.
    const pending = (await repo.latestCode(tx, user.id, "signUp"))?.pending ?? null;
    if (user.status === "UNCONFIRMED" || pending) await sendCode(ctx, tx, user, "signUp", now, pending);
  });
  ctx.nudgeJobs();
  return {};
}

// ---------------------------------------------------------------- sign-in and sessions

export interface IssuedSession {
  result: SignInSuccess;
  refreshToken: string;
}

async function openSession(ctx: Ctx, tx: Tx, user: repo.UserRow, now: Date): Promise<IssuedSession> {
  const secret = randomSecret();
  const session = await repo.insertSession(tx, user.id, keyedHash(ctx.secret, secret), later(now, SESSION_SECONDS));
  const accessToken = await signToken(ctx.secret, "access", { sub: user.id, sid: session.id }, now, ACCESS_TOKEN_SECONDS);
  return {
    result: { accessToken, expiresIn: ACCESS_TOKEN_SECONDS, user: presentProfile(user) },
    refreshToken: `${session.id}.${secret}`,
  };
}

export type SignInOutcome = { kind: "session"; session: IssuedSession } | { kind: "challenge"; result: SignInResult };

export async function signIn(ctx: Ctx, email: string, password: string, meta: RequestMeta): Promise<SignInOutcome> {
  const now = ctx.clock.now();
  // As with the account's lockout, each try counts as a failure of its IP before any hashing and is taken
  // back when the password was right; over the limit the IP is refused before it costs a hash.
  const ipKey = `sign-in:ip:${meta.ip}`;
  try {
    await inTx(ctx, (tx) => hitLimit(tx, ipKey, SIGN_IN_FAILURES_PER_IP, SIGN_IN_FAILURE_WINDOW_SECONDS, now));
  } catch (err) {
    if (err instanceof AppError) audit(ctx, "sign_in_ip_limited", meta);
    throw err;
  }
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) {
    await ctx.hasher.verifyNobody(password);
    audit(ctx, "sign_in_failed", meta, undefined, { reason: "unknown user" });
    throw new AppError("UserNotFoundException", "User does not exist");
  }
  // Each try counts as a failure before the slow password check and is taken back on success: tries that
  // arrive at once then queue on the row, so no burst gets past the lockout with more than 5 guesses.
  const attempt = await inTx(ctx, async (tx) => {
    const row = await repo.findUserForUpdate(tx, user.id);
    if (!row) throw new AppError("UserNotFoundException", "User does not exist");
    if (row.lockedUntil && row.lockedUntil > now) return { locked: true as const, lockedUntil: row.lockedUntil };
    const failures = row.failedSignIns + 1;
    const lock = lockSeconds(failures);
    await repo.updateUser(tx, user.id, { failedSignIns: failures, lockedUntil: lock ? later(now, lock) : null }, now);
    return { locked: false as const, failures, lock };
  });
  if (attempt.locked) {
    audit(ctx, "sign_in_locked", meta, user.id);
    throw new AppError(
      "LimitExceededException",
      "Password attempts exceeded",
      undefined,
      (attempt.lockedUntil.getTime() - now.getTime()) / 1000,
    );
  }
  if (!(await ctx.hasher.verify(password, user.passwordHash))) {
    audit(ctx, attempt.lock ? "lockout" : "sign_in_failed", meta, user.id, {
      failures: attempt.failures,
      lockSeconds: attempt.lock,
    });
    throw new AppError("NotAuthorizedException", "Incorrect username or password");
  }
  await repo.updateUser(ctx.db, user.id, { failedSignIns: 0, lockedUntil: null }, now);
  await releaseLimitEvent(ctx.db, ipKey, "newest", later(now, -SIGN_IN_FAILURE_WINDOW_SECONDS));
  if (user.status === "UNCONFIRMED") throw new AppError("UserNotConfirmedException", "User is not confirmed");
  if (user.status === "FORCE_CHANGE_PASSWORD") {
    if (!user.temporaryPasswordExpiresAt || user.temporaryPasswordExpiresAt <= now) {
      audit(ctx, "sign_in_failed", meta, user.id, { reason: "temporary password expired" });
      throw new AppError("NotAuthorizedException", "Temporary password has expired");
    }
    const session = await signToken(ctx.secret, "new-password", { sub: user.id }, now, CHALLENGE_SECONDS);
    audit(ctx, "new_password_required", meta, user.id);
    return { kind: "challenge", result: { challenge: "NEW_PASSWORD_REQUIRED", session } };
  }
  const session = await inTx(ctx, (tx) => openSession(ctx, tx, user, now));
  audit(ctx, "sign_in", meta, user.id);
  return { kind: "session", session };
}

export async function completeNewPassword(ctx: Ctx, sessionToken: string, newPassword: string, meta: RequestMeta) {
  const now = ctx.clock.now();
  const claims = await readToken(ctx.secret, "new-password", sessionToken, now);
  const user = claims ? await repo.findUserById(ctx.db, claims.sub) : undefined;
  if (user?.status !== "FORCE_CHANGE_PASSWORD")
    throw new AppError("NotAuthorizedException", "Invalid session for the user, session is expired");
  checkPassword(newPassword);
  const passwordHash = await ctx.hasher.hash(newPassword);
  const session = await inTx(ctx, async (tx) => {
    const updated = await repo.updateUser(
      tx,
      user.id,
      { passwordHash, status: "CONFIRMED", emailVerified: true, temporaryPasswordExpiresAt: null },
      now,
    );
    return openSession(ctx, tx, updated, now);
  });
  audit(ctx, "new_password", meta, user.id);
  return session;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** randomSecret() and keyedHash() both give 32 bytes in base64url. */
const REFRESH_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** `<session id>.<secret>`, or null for anything else: nothing malformed reaches the database. */
function parseRefreshToken(token: string | undefined) {
  const [sid, secret, ...rest] = (token ?? "").split(".");
  if (rest.length || !UUID.test(sid) || !REFRESH_SECRET.test(secret ?? "")) return null;
  return { sid, secret };
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findSession>>>;

const isLive = (session: SessionRow | undefined, now: Date): session is SessionRow =>
  !!session && !session.revokedAt && session.expiresAt > now;

/**
 * Rotates the refresh token. The successor of a secret is derived from it with the server's key, so every
 * use of one secret gets the same successor, and only its holder can compute it. A secret presented again
 * within the grace after its rotation (a second tab refreshing at the same moment) gets that successor once
 * more; presented later, it was copied: the whole session is revoked, so the thief and the owner both have
 * to sign in again.
 */
export async function refresh(ctx: Ctx, token: string | undefined, meta: RequestMeta): Promise<IssuedSession> {
  const parsed = parseRefreshToken(token);
  if (!parsed) throw new AppError("Unauthorized", "No valid refresh token");
  const now = ctx.clock.now();
  const presented = keyedHash(ctx.secret, parsed.secret);
  const successor = keyedHash(ctx.secret, `next:${parsed.secret}`);
  const successorHash = keyedHash(ctx.secret, successor);
  let session = await repo.findSession(ctx.db, parsed.sid);
  let rotated = false;
  if (isLive(session, now) && sameHash(presented, session.refreshHash)) {
    rotated = await repo.rotateSession(ctx.db, session.id, presented, successorHash, now);
    // Lost to a concurrent refresh with the same secret: it rotated to the same successor.
    if (!rotated) session = await repo.findSession(ctx.db, parsed.sid);
  }
  if (!isLive(session, now)) throw new AppError("Unauthorized", "Session ended");
  const inGrace =
    !!session.previousHash &&
    !!session.rotatedAt &&
    sameHash(presented, session.previousHash) &&
    sameHash(successorHash, session.refreshHash) &&
    now.getTime() - session.rotatedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000;
  if (!rotated && !inGrace) {
    await repo.revokeSession(ctx.db, session.id, "refresh token reuse", now);
    ctx.sessions.forgetSession(session.id);
    audit(ctx, "refresh_reuse", meta, session.userId, { sessionId: session.id });
    throw new AppError("Unauthorized", "Refresh token reuse");
  }
  const user = await repo.findUserById(ctx.db, session.userId);
  if (!user) throw new AppError("Unauthorized", "Session ended");
  const accessToken = await signToken(ctx.secret, "access", { sub: user.id, sid: session.id }, now, ACCESS_TOKEN_SECONDS);
  return {
    result: { accessToken, expiresIn: ACCESS_TOKEN_SECONDS, user: presentProfile(user) },
    refreshToken: `${session.id}.${successor}`,
  };
}

export async function signOut(
  ctx: Ctx,
  refreshToken: string | undefined,
  accessSessionId: string | undefined,
  meta: RequestMeta,
) {
  const sid = parseRefreshToken(refreshToken)?.sid ?? accessSessionId;
  if (!sid) return;
  const now = ctx.clock.now();
  const session = await repo.findSession(ctx.db, sid);
  if (!session) return;
  await repo.revokeSession(ctx.db, sid, "sign-out", now);
  ctx.sessions.forgetSession(sid);
  audit(ctx, "sign_out", meta, session.userId);
}

/** The user of a live session behind an access token; null for anything else. */
export async function authenticate(ctx: Ctx, accessToken: string) {
  const now = ctx.clock.now();
  const cached = ctx.sessions.get(accessToken, now.getTime());
  if (cached) return cached;
  const claims = await readToken(ctx.secret, "access", accessToken, now);
  if (!claims?.sid) return null;
  const user = await repo.findActiveSessionUser(ctx.db, claims.sid, claims.sub, now);
  if (!user) return null;
  ctx.sessions.set(accessToken, user, claims.sid, now.getTime(), claims.expiresAt);
  return { user, sessionId: claims.sid };
}

// ---------------------------------------------------------------- forgotten password

export async function forgotPassword(ctx: Ctx, email: string, meta: RequestMeta) {
  const now = ctx.clock.now();
  await inTx(ctx, async (tx) => {
    await hitLimit(tx, `forgot:ip:${meta.ip}`, RESETS_PER_IP_PER_HOUR, HOUR, now);
    await limitCodeMailsTo(tx, "forgot", email, now);
  });
  await inTx(ctx, async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user) throw new AppError("UserNotFoundException", "User does not exist");
    // An invited user who never signed in has no verified address yet; the reset code will verify it.
    if (!user.emailVerified && user.status !== "FORCE_CHANGE_PASSWORD")
      throw new AppError("InvalidParameterException", "Cannot reset password for the user as there is no verified email");
    await sendCode(ctx, tx, user, "reset", now);
    audit(ctx, "reset_requested", meta, user.id);
  });
  ctx.nudgeJobs();
  return {};
}

/** No user has this id: an unknown address looks for its codes under it and finds none. */
const NOBODY = "00000000-0000-0000-0000-000000000000";

export async function confirmForgotPassword(ctx: Ctx, email: string, code: string, newPassword: string, meta: RequestMeta) {
  checkPassword(newPassword);
  const user = await repo.findUserByEmail(ctx.db, email);
  // Hashed before the code is spent, so a failure on the way leaves the code usable for another try. An
  // unknown address does the same work and gets the answer of an account without a code (ExpiredCode), so
  // neither the answer nor its time tells who has an account.
  const passwordHash = await ctx.hasher.hash(newPassword);
  await redeemCode(ctx, user?.id ?? NOBODY, "reset", code, async (tx, now) => {
    if (!user) return;
    await repo.updateUser(
      tx,
      user.id,
      {
        passwordHash,
        failedSignIns: 0,
        lockedUntil: null,
        status: "CONFIRMED",
        emailVerified: true,
        temporaryPasswordExpiresAt: null,
      },
      now,
    );
    await repo.revokeAllSessions(tx, user.id, "password reset", now);
  });
  if (!user) return {};
  ctx.sessions.forgetUser(user.id);
  audit(ctx, "password_reset", meta, user.id);
  return {};
}

// ---------------------------------------------------------------- profile and other users

export async function updateProfile(ctx: Ctx, user: repo.UserRow, body: UpdateProfileBody): Promise<Profile> {
  const updated = await repo.updateUser(
    ctx.db,
    user.id,
    {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      ...(body.language ? { language: body.language } : {}),
    },
    ctx.clock.now(),
  );
  ctx.sessions.forgetUser(user.id);
  return presentProfile(updated);
}

export async function lookupUser(ctx: Ctx, email: string): Promise<UserLookup> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) throw new AppError("UserNotFoundException", "User does not exist");
  return presentLookup(user);
}

/**
 * The invitation's wording: what the person was added as, and where. Without a saved event or group (a new
 * one in a wizard) it stays general; the mail that tells of the addition goes when that is saved.
 */
function invitationKind(target: InvitationTarget | undefined, type: string | undefined): MailKind {
  if (!target) return "invitation";
  if (target.kind === "group") return "invitationGroup";
  return type === TEAM_LEADER ? "invitationTeamLeader" : "invitationEvent";
}

/**
 * A contact person or team leader added by someone else: invited by mail with a temporary password. `target`
 * is the event or group they are added to, already checked to be the inviter's to change.
 */
export async function inviteUser(
  ctx: Ctx,
  inviter: repo.UserRow,
  body: NewUserBody,
  meta: RequestMeta,
  target?: InvitationTarget,
): Promise<UserLookup> {
  const password = temporaryPassword();
  const passwordHash = await ctx.hasher.hash(password);
  const now = ctx.clock.now();
  const user = await inTx(ctx, async (tx) => {
    const created = await repo.insertUser(tx, {
      email: body.email,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phoneNumber,
      language: inviter.language,
      status: "FORCE_CHANGE_PASSWORD",
      temporaryPasswordExpiresAt: later(now, TEMPORARY_PASSWORD_SECONDS),
      createdBy: inviter.id,
    });
    if (!created) throw new AppError("UsernameExistsException", "An account with the given email already exists");
    await queueMail(tx, now, created.email, invitationKind(target, body.type), created.language as Language, {
      firstName: created.firstName,
      inviter: fullName(inviter),
      email: created.email,
      password,
      url: new URL("/login", ctx.config.PUBLIC_URL).toString(),
      name: target?.name ?? "",
      date: target?.date ?? "",
    });
    return created;
  });
  ctx.nudgeJobs();
  audit(ctx, "user_invited", meta, user.id, {
    by: inviter.id,
    type: body.type,
    ...(target ? { [target.kind]: target.id } : {}),
  });
  return presentLookup(user);
}
