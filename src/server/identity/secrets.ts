import { createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt at OWASP's parameters (N=2^17, r=8, p=1). The parameters are stored in the
 * hash, so a later change of cost still verifies old hashes. Each hash takes 128 MiB and a core for a
 * moment: at most `concurrency` run at once, the rest wait, so sign-ins never starve the rest of the API.
 */
export class PasswordHasher {
  private running = 0;
  private waiting: Array<() => void> = [];
  private readonly dummy: Promise<string>;

  constructor(
    private readonly logN: number,
    private readonly concurrency: number,
  ) {
    this.dummy = this.hash(randomBytes(16).toString("hex"));
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const N = 2 ** this.logN;
    const key = await this.derive(password, salt, N, 8, 1);
    return `scrypt$${N}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split("$");
    if (scheme !== "scrypt" || !salt || !key) return false;
    const expected = Buffer.from(key, "base64");
    const actual = await this.derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
  async verifyNobody(password: string): Promise<false> {
    await this.verify(password, await this.dummy);
    return false;
  }

  private async derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
    await this.acquire();
    try {
      return await new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, 64, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      );
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
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
