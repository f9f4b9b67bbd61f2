// Bundles the server into dist/server/main.js (Node 20 cannot run .ts) and copies the migrations beside it.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist/server", { recursive: true, force: true });
await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
console.log("built dist/server");
