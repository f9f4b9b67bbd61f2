import { existsSync, mkdirSync } from "node:fs";
import axe from "axe-core";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { translate } from "#shared/i18n/index";
import { REFRESH_COOKIE } from "../../src/server/identity/routes.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { buildUser, PASSWORD, uniqueEmail } from "../helpers/factories.ts";
import { SmtpSink } from "../helpers/smtp-sink.ts";

export interface Product {
  url: string;
  sink: SmtpSink;
  app: TestApp;
  stop(): Promise<void>;
}

interface ProductOptions {
  env?: Record<string, string>;
  /** The folder of the web app to serve; the SPA built for this run by default. */
  webRoot?: string;
}

/** The built product on a fresh database, listening on a free port, with mail going to a real SMTP sink. */
async function startProduct(options: ProductOptions = {}): Promise<Product> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const app = await createTestApp({ smtpUrl, env: options.env ?? {}, webRoot: options.webRoot ?? inject("webRoot") });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  app.jobs.start();
  const { port } = app.server.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    sink,
    app,
    async stop() {
      await app.close();
      await sink.stop();
    },
  };
}

export interface ProductUnderTest {
  readonly product: Product;
  readonly browser: Browser;
}

/**
 * One product and one browser per test worker, shared by every e2e file the worker runs: the e2e project runs
 * with `isolate: false`, so this module lives as long as its worker, and both die with it. Files can share
 * them because each makes its own accounts, events and groups (docs/testing.md); starting them once instead
 * of once per file saves a few seconds a file.
 */
let sharedProduct: Promise<Product> | undefined;
let sharedBrowser: Promise<Browser> | undefined;

/** The browser contexts opened by the file now running, closed when it ends. */
const openContexts = new Set<BrowserContext>();

/**
 * The product and the browser for the file's tests. With options (other settings, another web root) the file
 * gets a product of its own, stopped after its tests; the browser is always the shared one. `webRoot` is
 * awaited in the same hook, so a file can build a page of its own to serve.
 */
export function setUpProduct(options: { env?: Record<string, string>; webRoot?: () => Promise<string> } = {}): ProductUnderTest {
  let product: Product | undefined;
  let browser: Browser | undefined;
  let own: Product | undefined;
  beforeAll(async () => {
    if (options.env || options.webRoot) {
      const webRoot = await options.webRoot?.();
      own = await startProduct({ env: options.env, webRoot });
      product = own;
    } else {
      sharedProduct ??= startProduct();
      product = await sharedProduct;
    }
    sharedBrowser ??= openBrowser();
    browser = await sharedBrowser;
  });
  afterAll(async () => {
    await Promise.all([...openContexts].map((c) => c.close()));
    openContexts.clear();
    await own?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the product runs only inside the file's tests");
    return value;
  };
  return {
    get product() {
      return started(product);
    },
    get browser() {
      return started(browser);
    },
  };
}

/**
 * The browser the tests drive: Chromium's headless shell, which opens a context in a third of the time and
 * CPU the full browser's new headless mode takes (a window with the browser's own UI each); Chromium itself
 * where the shell is not installed (ADR 030).
 */
const BROWSER = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ?? "/usr/bin/chromium";

async function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: BROWSER,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
  language?: "sv" | "en";
  /** The browser's own locale (what native date inputs follow); by default the one of `language`. */
  locale?: string;
  /** Leave the cookie notice up (it is agreed away by default so it does not cover the page). */
  showCookieNotice?: boolean;
  /**
   * The browser keeps `language` as the person's (the default). False: it keeps none, as on a first visit,
   * and the pages that follow the browser's language take the one of `locale`.
   */
  keepsLanguage?: boolean;
}

/** A page in a new browser context (own cookies and storage). */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? (options.language === "en" ? "en-GB" : "sv-SE"),
  });
  openContexts.add(context);
  context.on("close", () => openContexts.delete(context));
  // Runs in the page before its scripts: the language of the test and, unless asked, the cookie consent.
  const language = JSON.stringify(options.language ?? "sv");
  const keep =
    options.keepsLanguage === false
      ? ""
      : `if (!localStorage.getItem("bemanna.language")) localStorage.setItem("bemanna.language", ${language});`;
  await context.addInitScript({
    content: `${keep}
${options.showCookieNotice ? "" : 'localStorage.setItem("bemanna.cookieConsent", "true");'}`,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** What axe reports of a violation, as far as a failing test shows it. */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Fails with the list of violations when axe finds any on the page as it is now. Every rule of axe runs; axe
 * is put into the page once per document, and only violations are detailed (`resultTypes`): what passed is
 * not collected node by node, which halves the time of a scan.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // A dialog still fading in has blended colours: scan what the user sees once transitions have ended.
  // (Endless ones, such as a spinner, are left alone.)
  // Polled with page.evaluate: waitForFunction evaluates a string with eval, which the product's CSP forbids.
  // Mantine starts a transition two animation frames after the state changes (pre-entering, then entering),
  // so a dialog just opened has no running animation yet: let those frames pass before looking.
  await page.evaluate(
    "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))))",
  );
  await expect
    .poll(() =>
      page.evaluate<boolean>(
        'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity)',
      ),
    )
    .toBe(true);
  if (!(await page.evaluate<boolean>("typeof window.axe === 'object'"))) await page.evaluate(axe.source);
  const violations = await page.evaluate<AxeViolation[]>(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)',
  );
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The least width and height of a target a finger or pointer hits (WCAG 2.2, 2.5.8 Target Size (Minimum)). */
export const TAP_TARGET = 24;

/**
 * Every link and button a person can tap on the page as it is now (inside `scope`, e.g. an open dialog) is at
 * least 24 × 24 px, and axe's `target-size` rule (off by default; it also checks other controls and lets a
 * small one pass with room around it) finds nothing. A link in running text is exempt, as in the criterion:
 * the sentence's line sets its height. Controls a mouse can hit but the keyboard skips (a number input's
 * steppers) count too. Returns nothing; fails with each small target, its text and its size.
 */
export async function expectTapTargets(page: Page, label = page.url(), scope = "body") {
  const small = await page.evaluate<string[]>(`(() => {
    const MIN = ${TAP_TARGET} - 0.5;
    const TARGETS = 'a[href], button, [role="button"], [role="link"], [role="tab"], summary, select';
    const words = (text) => (text.match(/\\p{L}{2,}/gu) || []).length;
    // A link in a sentence: inline, in a block whose own text, the targets' aside, has words of its own.
    const inSentence = (el) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      if (!block) return false;
      const copy = block.cloneNode(true);
      for (const t of copy.querySelectorAll(TARGETS)) t.remove();
      return words(copy.textContent || "") >= 2;
    };
    const root = document.querySelector(${JSON.stringify(scope)});
    if (!root) return ["no " + ${JSON.stringify(scope)} + " on the page"];
    const found = [];
    for (const el of root.querySelectorAll(TARGETS)) {
      if (el.closest("[inert], dialog:not([open])") || el.disabled) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility === "hidden" || box.width === 0 || box.height === 0) continue;
      // Kept off the screen until focused (the skip link).
      if (box.right <= 0 || box.bottom + window.scrollY <= 0) continue;
      if (inSentence(el)) continue;
      if (box.width < MIN || box.height < MIN) {
        const name = (el.getAttribute("aria-label") || el.textContent || el.className || el.tagName).trim().slice(0, 40);
        found.push(el.tagName.toLowerCase() + " " + JSON.stringify(name) + " " + Math.round(box.width) + "×" + Math.round(box.height));
      }
    }
    return found;
  })()`);
  if (!(await page.evaluate<boolean>("typeof window.axe === 'object'"))) await page.evaluate(axe.source);
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document.querySelector(${JSON.stringify(scope)}), { runOnly: ["target-size"], resultTypes: ["violations"] }).then((r) => r.violations)`,
  );
  const axeSmall = violations.flatMap((v) => v.nodes.map((n) => `axe ${v.id}: ${n.target.join(" ")}`));
  expect([...small, ...axeSmall], `targets under ${TAP_TARGET} × ${TAP_TARGET} px on ${label}`).toEqual([]);
}

/** The cookie notice, a region named by its button, in either language. */
const cookieNotice = (page: Page) =>
  page.getByRole("region", {
    name: new RegExp(`^(${translate("sv", "shell.cookies.agree")}|${translate("en", "shell.cookies.agree")})$`),
  });

/**
 * Whether `target`, scrolled to the bottom edge of the screen (where a person scrolling down first sees it),
 * is clear of the cookie notice: the page keeps room for the notice and stops what is scrolled to above it.
 * The page must show the notice (`showCookieNotice`).
 */
export async function clearOfCookieNotice(page: Page, target: Locator): Promise<boolean> {
  await target.evaluate((el: { scrollIntoView(options: object): void }) => el.scrollIntoView({ block: "end" }));
  const notice = cookieNotice(page);
  if (!(await notice.isVisible())) throw new Error("the cookie notice is not shown: open the page with showCookieNotice");
  const [box, over] = [await target.boundingBox(), await notice.boundingBox()];
  if (!box || !over) throw new Error("the target or the notice has no box");
  return box.y + box.height <= over.y + 0.5;
}

/**
 * Screenshots are for people to look at, not checks, and cost a tenth of a second each: taken only when
 * SCREENSHOT_DIR names a folder (`SCREENSHOT_DIR=/tmp/shots npx vitest run --project e2e`).
 */
const shotDir = process.env.SCREENSHOT_DIR;

/** Saves a screenshot of the whole page, or of what the viewport shows (a dialog scrolls inside it). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: options.fullPage ?? true });
}

/** POSTs JSON to the product's API, with a bearer token when one is given. */
export function postApi(product: Product, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${product.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** An account signed up through the real API but not yet activated; returns its credentials. */
export async function signUp(product: Product, overrides: Record<string, string> = {}) {
  const body = {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: "Karin",
    lastName: "Lindqvist",
    countryCode: "+46",
    phone: "0701234567",
    ...overrides,
  };
  const res = await postApi(product, "/auth/sign-up", body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${await res.text()}`);
  return body;
}

/** A user someone else added as a contact: created through POST /api/user, with the temporary password mailed. */
export async function inviteUser(product: Product): Promise<{ email: string; temporaryPassword: string }> {
  const { token } = await buildUser(product.app);
  const email = uniqueEmail("invited");
  const created = await postApi(
    product,
    "/user",
    { email, firstName: "Nils", lastName: "Holmberg", phoneNumber: "+46709998877", type: "event" },
    token,
  );
  expect(created.status).toBe(201);
  const mail = await product.sink.waitFor(email);
  const temporaryPassword = /lösenordet: (\S+)|password: (\S+)/.exec(mail.text);
  if (!temporaryPassword) throw new Error(`no temporary password in ${mail.text}`);
  return { email, temporaryPassword: temporaryPassword[1] ?? temporaryPassword[2] };
}

/** Pages load their code and texts on first visit; on a busy machine that can take a few seconds. */
export const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** The page has its title and nothing is loading any more: what a person sees once it has come. */
export async function settled(page: Page) {
  await poll(() => page.locator("main h1").first().isVisible()).toBe(true);
  await poll(() => page.locator("main .mantine-Loader-root:visible").count()).toBe(0);
}

/** A text input by its name attribute. */
export const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** Any form control by its name attribute (inputs, selects, text areas, the date pickers' inputs). */
export const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** Nothing on the page is wider than the screen: no sideways scrolling. */
export const fitsWidth = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth <= document.documentElement.clientWidth");

/**
 * Signs the page's browser context in as `account`, with a session of its own, as the login page would leave
 * it (the refresh cookie), without loading that page: the app takes the session on the next page it loads.
 * A test of the login page itself signs in through it (signIn).
 */
export async function signInAs(page: Page, product: Product, account: { email: string; password: string }) {
  const res = await product.app.server.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    payload: { email: account.email, password: account.password },
  });
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const { hostname } = new URL(product.url);
  await page
    .context()
    .addCookies([
      { name: cookie.name, value: cookie.value, domain: hostname, path: cookie.path ?? "/", httpOnly: true, sameSite: "Strict" },
    ]);
}

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(page: Page, product: Product, email: string, password: string) {
  await page.goto(`${product.url}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/**
 * The text drawn at the middle of what `locator` finds: its own when nothing lies over it (an option list,
 * a calendar, a banner), else the text of what covers it.
 */
export async function textInSight(locator: Locator): Promise<string> {
  // Measured and looked up in one step in the page: a box read before a scroll names another element after it.
  return locator.evaluate(
    (el: {
      getBoundingClientRect(): { x: number; y: number; width: number; height: number };
      ownerDocument: { elementFromPoint(x: number, y: number): { textContent: string | null } | null };
    }) => {
      const r = el.getBoundingClientRect();
      return el.ownerDocument.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.textContent ?? "";
    },
  );
}
