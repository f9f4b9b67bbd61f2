import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../src/server/db/client.ts";

/**
 * Creating an embedded database runs initdb (~2 s). We migrate one once per run and every test file starts
 * from a copy of it, each with its own fresh database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openPglite(null);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const file = path.join(tmpdir(), `bemanna-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
