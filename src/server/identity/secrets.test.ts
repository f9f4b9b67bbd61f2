import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors.ts";
import { PasswordHasher } from "./secrets.ts";

/** Slow enough (some 50–150 ms) that the order in which hashes start shows in the order they end. */
const LOG_N = 14;

async function ready(logN = LOG_N, concurrency = 2, maxWaiting = 2) {
  const hasher = new PasswordHasher(logN, concurrency, maxWaiting);
  const stored = await hasher.hash("Funktionar1");
  // The dummy hash is made at start; from here on a dummy check queues as soon as it is called.
  await hasher.verifyNobody("warm");
  return { hasher, stored };
}

/** Lets every pending promise step run, so the calls made so far have taken their place in the queue. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Settles a call and records when it ended, and how. */
function track(order: string[], name: string, call: Promise<unknown>) {
  return call.then(
    () => void order.push(name),
    (err: unknown) => {
      order.push(`${name}:${err instanceof AppError ? err.code : String(err)}`);
      return err;
    },
  );
}

describe("PasswordHasher", () => {
  it("checks a password and spends a full check on nobody", async () => {
    const { hasher, stored } = await ready(10);
    expect(await hasher.verify("Funktionar1", stored)).toBe(true);
    expect(await hasher.verify("Fel1234567", stored)).toBe(false);
    expect(await hasher.verifyNobody("Funktionar1")).toBe(false);
  });

  it("starts a dummy check at once on a quiet server, as a real one", async () => {
    const { hasher } = await ready();
    const nobody = hasher.verifyNobody("Gissning1");
    await settle();
    expect(hasher.waiting).toBe(0);
    await nobody;
  });

  it("keeps one slot of two free of dummy checks, so a real check never waits for them", async () => {
    const { hasher, stored } = await ready();
    const dummies = [hasher.verifyNobody("a"), hasher.verifyNobody("b")];
    await settle();
    // One dummy runs, the other waits for the dummies' slot …
    expect(hasher.waiting).toBe(1);
    const real = hasher.verify("Funktionar1", stored);
    await settle();
    // … and the real check starts in the kept slot without waiting.
    expect(hasher.waiting).toBe(1);
    expect(await real).toBe(true);
    await Promise.all(dummies);
  });

  it("starts no dummy check beside a real one, though a slot is free", async () => {
    const { hasher, stored } = await ready();
    const real = hasher.verify("Funktionar1", stored);
    const dummy = hasher.verifyNobody("a");
    await settle();
    expect(hasher.waiting).toBe(1);
    expect(await real).toBe(true);
    await settle();
    expect(hasher.waiting).toBe(0);
    await dummy;
  });

  it("lets a real check go before every waiting dummy check", async () => {
    const { hasher, stored } = await ready(LOG_N, 1, 10);
    const order: string[] = [];
    const calls = [
      track(order, "nobody 1", hasher.verifyNobody("a")),
      track(order, "nobody 2", hasher.verifyNobody("b")),
      track(order, "nobody 3", hasher.verifyNobody("c")),
    ];
    await settle();
    calls.push(track(order, "real", hasher.verify("Funktionar1", stored)));
    await Promise.all(calls);
    // The first dummy was already running; the real check comes right after it.
    expect(order).toEqual(["nobody 1", "real", "nobody 2", "nobody 3"]);
  });

  it("refuses beyond the queue with ServiceUnavailable and a Retry-After; a real check displaces the latest dummy", async () => {
    const { hasher, stored } = await ready(LOG_N, 1, 2);
    const order: string[] = [];
    const calls = [
      track(order, "nobody 1", hasher.verifyNobody("a")),
      track(order, "nobody 2", hasher.verifyNobody("b")),
      track(order, "nobody 3", hasher.verifyNobody("c")),
    ];
    await settle();
    expect(hasher.waiting).toBe(2);
    const refused = await hasher.verifyNobody("d").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("ServiceUnavailable");
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThanOrEqual(1);

    calls.push(track(order, "real", hasher.verify("Funktionar1", stored)));
    await settle();
    expect(hasher.waiting).toBe(2);
    await Promise.all(calls);
    expect(order).toEqual(["nobody 3:ServiceUnavailable", "nobody 1", "real", "nobody 2"]);

    // Real checks are refused too once the queue holds nothing but real checks.
    const real = [hasher.hash("x"), hasher.hash("y"), hasher.hash("z")];
    await settle();
    await expect(hasher.hash("w")).rejects.toMatchObject({ code: "ServiceUnavailable" });
    await Promise.all(real);
    expect(hasher.waiting).toBe(0);
  });
});
