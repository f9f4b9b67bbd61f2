import { hostname } from "node:os";
import path from "node:path";
import type { Config } from "../config.ts";

/** The instance ids that apps of this process hold now (tests build several apps in one process). */
const taken = new Set<string>();

/**
 * The name under which this process holds leases on jobs and on send-out addresses (ADR 025): INSTANCE_ID,
 * or this machine's name with the port and the data folder. A restarted process has the same one, so it
 * can free at once what it held when it stopped, instead of waiting for the leases to run out; no other
 * process running at the same time has it (the embedded database's folder admits one process, and two
 * servers cannot listen on one port). A second app in the same process gets a suffix. `release` gives
 * the name back when the app closes.
 */
export function takeInstanceId(config: Pick<Config, "INSTANCE_ID" | "PORT" | "DATA_DIR">): { id: string; release(): void } {
  const base = config.INSTANCE_ID ?? `${hostname()}:${config.PORT}:${path.resolve(config.DATA_DIR)}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}#${n}`;
  taken.add(id);
  return { id, release: () => taken.delete(id) };
}
