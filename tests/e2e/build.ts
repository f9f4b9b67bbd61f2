import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/** Builds the SPA once per run into a folder of its own, so parallel runs never serve half a build. */
export default function setup(project: TestProject) {
  const outDir = mkdtempSync(path.join(tmpdir(), "bemanna-web-"));
  execSync(`npx vite build --outDir ${outDir} --emptyOutDir --logLevel warn`, { stdio: "inherit" });
  project.provide("webRoot", outDir);
}

declare module "vitest" {
  export interface ProvidedContext {
    webRoot: string;
  }
}
