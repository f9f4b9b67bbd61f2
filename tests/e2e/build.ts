import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Builds the SPA once per run into a folder of its own, so parallel runs never serve half a build, and removes
 * it after the run. The build is the production one: vitest sets NODE_ENV to "test", which would otherwise
 * reach vite and give React's development build, two to three times slower in the browser and not what ships.
 */
export default function setup(project: TestProject) {
  const outDir = mkdtempSync(path.join(tmpdir(), "bemanna-web-"));
  execSync(`npx vite build --outDir ${outDir} --emptyOutDir --logLevel warn`, {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  project.provide("webRoot", outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    webRoot: string;
  }
}
