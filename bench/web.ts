// `npm run bench:web`: builds the product, starts the built server on a temporary database and a free port,
// and loads every public page in headless Chromium as a first-time visitor (empty cache, nothing stored),
// in Swedish and in English. For each it weighs ALL the JavaScript the page fetches until the network is
// idle, the chunks loaded once the browser is idle included (gzip -9), beside the 170 KB budget, and how
// much of it came before the load event. The start page's paint timings are measured as well. Prints a
// verdict line and exits non-zero when a public page is over budget.
//
// `BENCH_SKIP_BUILD=1` reuses an existing build; `BENCH_RUNS` sets the number of loads for the timings (5).
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";

const BUDGET_KB = 170;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** The public routes (see src/client/app/router.tsx). */
const PUBLIC_ROUTES = [
  "/",
  "/how-it-works-volunteer",
  "/how-it-works-organizer",
  "/faq",
  "/about",
  "/privacy-policy",
  "/contact",
  "/terms",
  // The pages a volunteer or guardian opens from a link on their phone, as first-time visitors (a link that
  // names nothing loads the same code as one that works).
  "/self-registration/Lunds%20BK/00000000-0000-4000-8000-000000000000/x",
  "/guardian-consent?token=x",
  "/volunteer-removal?token=x",
];
const LANGUAGES = ["sv", "en"];
/** The network counts as idle once no request has been in flight for this long. */
const QUIET_MS = 1500;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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

/** A fresh browser context (empty cache) in `lang`, as a first-time visitor: no consent, no session. */
async function freshPage(browser: Browser, lang: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Scripts for the page are strings: this file is type-checked for Node, without the DOM's types.
  await context.addInitScript({ content: `localStorage.setItem("bemanna.language", ${JSON.stringify(lang)});` });
  return { context, page: await context.newPage() };
}

interface Weight {
  /** gzip -9 bytes of every script fetched until the network was idle. */
  allBytes: number;
  allScripts: number;
  /** …of those, the ones that had arrived by the load event. */
  loadBytes: number;
  loadScripts: number;
}

/** Loads `url` and weighs every script it fetches until no request has been in flight for QUIET_MS. */
async function weighPage(browser: Browser, url: string, lang: string): Promise<Weight> {
  const { context, page } = await freshPage(browser, lang);
  const scripts: Array<{ bytes: Promise<number> }> = [];
  // A request is over when Chromium reports its body read (the app reads or drops every answer's body).
  const inFlight = new Set<unknown>();
  let lastActivity = Date.now();
  const settle = (request: unknown) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on("request", (request) => {
    inFlight.add(request);
    lastActivity = Date.now();
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", (res) => {
    if (res.request().resourceType() === "script")
      scripts.push({ bytes: res.body().then((b) => gzipSync(b, { level: 9 }).length) });
  });
  await page.goto(url, { waitUntil: "load" });
  const atLoad = scripts.length;
  await page.locator("main h1").waitFor();
  // Idle-loaded chunks (requestIdleCallback) start after the page is shown: wait until nothing moves.
  while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) await new Promise((r) => setTimeout(r, 100));
  const sizes = await Promise.all(scripts.map((s) => s.bytes));
  await context.close();
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  return {
    allBytes: sum(sizes),
    allScripts: sizes.length,
    loadBytes: sum(sizes.slice(0, atLoad)),
    loadScripts: atLoad,
  };
}

/** Loads `url` and reads the paint timings the browser recorded. */
async function paintTimings(browser: Browser, url: string, lang: string): Promise<{ fcp: number; lcp: number }> {
  const { context, page } = await freshPage(browser, lang);
  await page.goto(url, { waitUntil: "load" });
  await page.locator("main h1").waitFor();
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
  await context.close();
  return timings;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) execSync("npm run build", { stdio: "inherit" });
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
  const budget = BUDGET_KB * 1024;
  const weights: Array<{ route: string; lang: string } & Weight> = [];
  try {
    await weighPage(browser, `${url}/`, "sv"); // warms the server's file cache, not the browser's
    for (const route of PUBLIC_ROUTES)
      for (const lang of LANGUAGES) weights.push({ route, lang, ...(await weighPage(browser, `${url}${route}`, lang)) });

    console.log(
      `\nJavaScript per public page, first visit with an empty cache, everything fetched until the network is idle` +
        ` (no request for ${QUIET_MS} ms; idle-loaded chunks included), gzip -9`,
    );
    console.table(
      weights.map((w) => ({
        page: `${w.route} (${w.lang})`,
        "until idle KB": kb(w.allBytes),
        "budget KB": BUDGET_KB,
        verdict: w.allBytes <= budget ? "ok" : "OVER",
        files: w.allScripts,
        "by load event KB": kb(w.loadBytes),
        "files by load": w.loadScripts,
      })),
    );

    const table = [];
    for (const lang of LANGUAGES) {
      const runs: Array<{ fcp: number; lcp: number }> = [];
      for (let i = 0; i < RUNS; i++) runs.push(await paintTimings(browser, `${url}/`, lang));
      table.push({
        page: `/ (${lang})`,
        "FCP ms (median)": Math.round(median(runs.map((r) => r.fcp))),
        "LCP ms (median)": Math.round(median(runs.map((r) => r.lcp))),
        "LCP ms (max)": Math.round(Math.max(...runs.map((r) => r.lcp))),
      });
    }
    console.log(`\nStart page in headless Chromium, 1280x900, empty cache, no throttling, ${RUNS} loads per language`);
    console.table(table);
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const heaviest = weights.reduce((a, b) => (b.allBytes > a.allBytes ? b : a));
  const over = weights.filter((w) => w.allBytes > budget);
  if (over.length > 0) {
    console.error(
      `VERDICT: OVER the ${BUDGET_KB} KB budget on ${over.map((w) => `${w.route} (${w.lang}) ${kb(w.allBytes)} KB`).join(", ")}`,
    );
    process.exitCode = 1;
  } else
    console.log(
      `VERDICT: every public page within ${BUDGET_KB} KB gzip until idle; heaviest ${heaviest.route} (${heaviest.lang}) ${kb(heaviest.allBytes)} KB`,
    );
}

await main();
