import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateEvents } from "../../src/server/db/schema.ts";
import { limitsSweep } from "../../src/server/limits.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("the sweep of limit rows", () => {
  it("deletes rows older than a day, whatever their key, and keeps the rest", async () => {
    const now = app.clock.now();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await app.ctx.db.insert(rateEvents).values([
      { key: "sign-in:ip:203.0.113.1", at: hoursAgo(25) },
      { key: "sign-up:ip:203.0.113.2", at: hoursAgo(48) },
      { key: "sign-up:ip:203.0.113.3", at: hoursAgo(23) },
    ]);
    const gone = await app.ctx.db.transaction((tx) => limitsSweep.run(tx, now));
    expect(gone).toHaveLength(2);
    const left = await app.ctx.db.select({ key: rateEvents.key }).from(rateEvents);
    expect(left.map((r) => r.key)).toEqual(["sign-up:ip:203.0.113.3"]);
  });
});
