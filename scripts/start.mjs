// `npm start`: builds what is missing or older than its sources, then serves the product.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const built = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sources = Math.max(newest("src"), statSync("package.json").mtimeMs);
if (built("dist/client/index.html") < sources || built("dist/server/main.js") < sources) {
  console.log("Building Bemanna…");
  execSync("npm run build", { stdio: "inherit" });
}
await import(path.resolve("dist/server/main.js"));
