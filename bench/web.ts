// `npm run bench:web`: builds the product, weighs the first-load JavaScript of every public page from
// the build manifest, then starts the built server on a temporary database and a free port and measures
// the start page in headless Chromium (first contentful paint, largest contentful paint). Exits non-zero
// when a public page is over the 170 KB gzip budget.
//
// First load of a page = the entry chunk and everything it imports statically, plus the page's lazy
// chunk and its static imports, plus the public texts the public routes wait for (one language).
// `BENCH_SKIP_BUILD=1` reuses an existing build; `BENCH_RUNS` sets the number of browser loads (5).
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const BUDGET_KB = 170;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLIENT_DIR = "dist/client";

/** Public routes and the page module each one loads lazily (see src/client/app/router.tsx). */
const PUBLIC_ROUTES: Record<string, string> = {
  "/": "routes/public/home.tsx",
  "/how-it-works-volunteer": "routes/public/how-it-works-volunteer.tsx",
  "/how-it-works-organizer": "routes/public/how-it-works-organizer.tsx",
  "/faq": "routes/public/faq.tsx",
  "/about": "routes/public/about.tsx",
  "/privacy-policy": "routes/public/privacy-policy.tsx",
  "/contact": "routes/public/contact.tsx",
  "/terms": "routes/public/terms.tsx",
};
/** The public texts, loaded on demand per language (src/shared/i18n/bundles.ts). */
const publicTexts = (lang: string) => `../shared/i18n/${lang}/public.json`;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk and everything it imports statically, transitively, as output file names. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function weighRoutes(manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error("no entry chunk in the build manifest");
  const entryFiles = staticClosure(manifest, entryKey);
  const entryBytes = [...entryFiles].reduce((sum, f) => sum + gzipBytes(f), 0);
  const rows = Object.entries(PUBLIC_ROUTES).map(([route, module]) => {
    const files = staticClosure(manifest, module, new Set(entryFiles));
    const code = [...files].reduce((sum, f) => sum + gzipBytes(f), 0);
    // Only the current language's texts are fetched (loadArea in src/client/app/i18n.ts).
    const sv = gzipBytes(manifest[publicTexts("sv")].file);
    const en = gzipBytes(manifest[publicTexts("en")].file);
    return { route, entry: entryBytes, page: code - entryBytes, sv: code + sv, en: code + en };
  });
  return { entryKey, entryBytes, rows };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ child: ChildProcess; url: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bemanna-bench-web-"));
  const port = await freePort();
  const child = spawn("node", ["dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      JWT_SECRET: "bench-web-secret-bench-web-secret-0123456789",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      JOBS: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { child, url, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer within 60 s");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

interface Timing {
  fcp: number;
  lcp: number;
  firstBytes: number;
  firstScripts: number;
  allBytes: number;
  allScripts: number;
}

/** Loads `url` in a fresh context (empty cache) and reads the paint timings the browser recorded. */
async function measurePage(browser: import("playwright-core").Browser, url: string, lang: string): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Scripts for the page are strings: this file is type-checked for Node, without the DOM's types.
  await context.addInitScript({
    content: `localStorage.setItem("bemanna.language", ${JSON.stringify(lang)}); localStorage.setItem("bemanna.cookieConsent", "true");`,
  });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  await page.goto(url, { waitUntil: "load" });
  await page.locator("main h1").waitFor();
  const beforeHeading = [...scripts];
  const timings = (await page.evaluate(`new Promise((resolve) => {
    let fcp = NaN;
    let lcp = NaN;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName("first-contentful-paint")) fcp = entry.startTime;
    }).observe({ type: "paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    // The buffered entries arrive within a frame or two; LCP is final once the page is quiet.
    setTimeout(() => resolve({ fcp, lcp }), 500);
  })`)) as { fcp: number; lcp: number };
  const sum = async (list: Promise<number>[]) => (await Promise.all(list)).reduce((a, b) => a + b, 0);
  const result = {
    ...timings,
    firstBytes: await sum(beforeHeading),
    firstScripts: beforeHeading.length,
    // Includes what loads once the browser is idle (the modal and notification layer).
    allBytes: await sum(scripts),
    allScripts: scripts.length,
  };
  await context.close();
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) execSync("npm run build", { stdio: "inherit" });
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, ".vite/manifest.json"), "utf8")) as Manifest;
  const { entryBytes, rows } = weighRoutes(manifest);

  console.log(`\nFirst-load JavaScript per public route (gzip -9, KB; budget ${BUDGET_KB} KB)`);
  console.log(`entry chunk + its static imports: ${kb(entryBytes)} KB`);
  console.table(
    rows.map((r) => ({
      route: r.route,
      "entry KB": kb(r.entry),
      "page chunks KB": kb(r.page),
      "total sv KB": kb(r.sv),
      "total en KB": kb(r.en),
      budget: Math.max(r.sv, r.en) <= BUDGET_KB * 1024 ? "ok" : "OVER",
    })),
  );

  const { child, url, dataDir } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const table = [];
    for (const lang of ["sv", "en"]) {
      await measurePage(browser, `${url}/`, lang); // warms the server's file cache, not the browser's
      const runs: Timing[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measurePage(browser, `${url}/`, lang));
      table.push({
        page: `/ (${lang})`,
        "FCP ms (median)": Math.round(median(runs.map((r) => r.fcp))),
        "LCP ms (median)": Math.round(median(runs.map((r) => r.lcp))),
        "LCP ms (max)": Math.round(Math.max(...runs.map((r) => r.lcp))),
        "JS until h1: files": runs[0].firstScripts,
        "JS until h1: KB gzip": kb(runs[0].firstBytes),
        "JS incl. idle: files": runs[0].allScripts,
        "JS incl. idle: KB gzip": kb(runs[0].allBytes),
      });
    }
    console.log(`\nStart page in headless Chromium, 1280x900, empty cache, no throttling, ${RUNS} loads per language`);
    console.table(table);
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const over = rows.filter((r) => Math.max(r.sv, r.en) > BUDGET_KB * 1024);
  if (over.length > 0) {
    console.error(`Over the ${BUDGET_KB} KB budget: ${over.map((r) => r.route).join(", ")}`);
    process.exitCode = 1;
  }
}

await main();
