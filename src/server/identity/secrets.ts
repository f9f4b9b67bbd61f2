import { createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { AppError } from "../http/errors.ts";

/**
 * Whose password a hash is for. Checks and hashes for real accounts go before the dummy checks spent on
 * unknown addresses, so a flood of sign-ins for made-up addresses cannot starve a real user's sign-in.
 */
export type HashPriority = "account" | "nobody";

interface Waiter {
  start(): void;
  refuse(error: AppError): void;
}

/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1). The parameters are stored in the
 * hash, so a later change of cost still verifies old hashes. Each hash takes 128 MiB and a core for a
 * moment: at most `concurrency` run at once and at most `maxWaiting` wait; beyond that a call fails at once
 * with ServiceUnavailable and a Retry-After instead of queueing without end. Real accounts go first: they
 * start before any waiting dummy check, take the place of the latest waiting one when the queue is full,
 * and (with two or more slots) one slot is kept free of dummy checks, so a real check never waits for them;
 * no dummy check starts while a real one runs or waits.
 */
export class PasswordHasher {
  private readonly running: Record<HashPriority, number> = { account: 0, nobody: 0 };
  private readonly queues: Record<HashPriority, Waiter[]> = { account: [], nobody: [] };
  /** A running average of one hash's time, for the Retry-After of a refused call. */
  private averageMs = 250;
  private readonly dummy: Promise<string>;

  constructor(
    private readonly logN: number,
    private readonly concurrency: number,
    private readonly maxWaiting = 32,
  ) {
    this.dummy = this.hash(randomBytes(16).toString("hex"));
  }

  /** Calls waiting for a turn (not those running). */
  get waiting(): number {
    return this.queues.account.length + this.queues.nobody.length;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const N = 2 ** this.logN;
    const key = await this.derive(password, salt, N, 8, 1, "account");
    return `scrypt$${N}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  async verify(password: string, stored: string, priority: HashPriority = "account"): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split("$");
    if (scheme !== "scrypt" || !salt || !key) return false;
    const expected = Buffer.from(key, "base64");
    const actual = await this.derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p), priority);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /**
   * Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing on a quiet
   * server; under load it gives way to the checks of real accounts.
   */
  async verifyNobody(password: string): Promise<false> {
    await this.verify(password, await this.dummy, "nobody");
    return false;
  }

  private async derive(password: string, salt: Buffer, N: number, r: number, p: number, priority: HashPriority): Promise<Buffer> {
    await this.acquire(priority);
    const started = performance.now();
    try {
      return await new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, 64, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      );
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      this.running[priority]--;
      this.startWaiting();
    }
  }

  private canStart(priority: HashPriority): boolean {
    if (this.running.account + this.running.nobody >= this.concurrency) return false;
    if (priority === "account") return true;
    // A dummy check never shares the cores with a real one: it would only slow the real sign-in down.
    const realWork = this.running.account + this.queues.account.length;
    return realWork === 0 && this.running.nobody < Math.max(1, this.concurrency - 1);
  }

  private busy(): AppError {
    // Long enough for the hashes queued now to finish.
    const seconds = ((this.waiting / this.concurrency + 1) * this.averageMs) / 1000;
    return new AppError("ServiceUnavailable", "Too many password checks at once", undefined, Math.max(1, seconds));
  }

  private acquire(priority: HashPriority): Promise<void> {
    // Nobody waits while a slot is free for them (startWaiting sees to it), so no one is passed here.
    if (this.canStart(priority)) {
      this.running[priority]++;
      return Promise.resolve();
    }
    if (this.waiting >= this.maxWaiting) {
      const displaced = priority === "account" ? this.queues.nobody.pop() : undefined;
      if (!displaced) return Promise.reject(this.busy());
      displaced.refuse(this.busy());
    }
    return new Promise((start, refuse) => this.queues[priority].push({ start, refuse }));
  }

  private startWaiting() {
    for (const priority of ["account", "nobody"] as const) {
      while (this.queues[priority].length && this.canStart(priority)) {
        this.running[priority]++;
        this.queues[priority].shift()?.start();
      }
    }
  }
}

/** A 6-digit code from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Codes and refresh secrets are stored as keyed hashes: a leaked table reveals neither. */
export function keyedHash(key: Uint8Array, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A temporary password that meets the policy: 14 characters with lower, upper and digit. */
export function temporaryPassword(): string {
  const sets = ["abcdefghijkmnopqrstuvwxyz", "ABCDEFGHJKLMNPQRSTUVWXYZ", "23456789"];
  const all = sets.join("");
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < 14) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}
