import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { takeInstanceId } from "./instance.ts";

describe("the instance id a process holds its leases under", () => {
  const config = { INSTANCE_ID: undefined, PORT: 3000, DATA_DIR: "./data-instance-test" };

  it("is the same after a restart: the machine, the port and the data folder, or INSTANCE_ID", () => {
    const first = takeInstanceId(config);
    expect(first.id).toBe(`${hostname()}:3000:${path.resolve("./data-instance-test")}`);
    first.release();
    const again = takeInstanceId(config);
    expect(again.id).toBe(first.id);
    again.release();
    const named = takeInstanceId({ ...config, INSTANCE_ID: "web-2" });
    expect(named.id).toBe("web-2");
    named.release();
  });

  it("differs for a second app running in the same process, and between ports", () => {
    const a = takeInstanceId(config);
    const b = takeInstanceId(config);
    const c = takeInstanceId({ ...config, PORT: 3001 });
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect(b.id).toBe(`${a.id}#2`);
    for (const x of [a, b, c]) x.release();
  });
});
