import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { PASSWORD, uniqueEmail } from "../helpers/factories.ts";
import { codeIn, SmtpSink } from "../helpers/smtp-sink.ts";

export interface Product {
  url: string;
  sink: SmtpSink;
  app: TestApp;
  stop(): Promise<void>;
}

export interface ProductOptions {
  env?: Record<string, string>;
  /** The folder of the web app to serve; the SPA built for this run by default. */
  webRoot?: string;
}

/** The built product on a fresh database, listening on a free port, with mail going to a real SMTP sink. */
export async function startProduct(options: ProductOptions = {}): Promise<Product> {
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
 * Starts the product and a browser before the file's tests and closes both after them. The fields of the
 * returned object can be read once the tests run. `webRoot` is awaited in the same hook, so a file can build
 * a page of its own to serve.
 */
export function setUpProduct(options: { env?: Record<string, string>; webRoot?: () => Promise<string> } = {}): ProductUnderTest {
  let product: Product | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const webRoot = await options.webRoot?.();
    product = await startProduct({ env: options.env, webRoot });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
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

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
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
}

/** A page in a new browser context (own cookies and storage). */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.locale ?? (options.language === "en" ? "en-GB" : "sv-SE"),
  });
  // Runs in the page before its scripts: the language of the test and, unless asked, the cookie consent.
  const language = JSON.stringify(options.language ?? "sv");
  await context.addInitScript({
    content: `if (!localStorage.getItem("bemanna.language")) localStorage.setItem("bemanna.language", ${language});
${options.showCookieNotice ? "" : 'localStorage.setItem("bemanna.cookieConsent", "true");'}`,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Fails with the list of violations when axe finds any on the page as it is now. */
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
  const result = await new AxeBuilder({ page }).analyze();
  const summary = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const shotDir = process.env.SCREENSHOT_DIR ?? "/tmp/bemanna-shots";

/** Saves a full-page screenshot to look at (SCREENSHOT_DIR, default /tmp/bemanna-shots). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });
}

/** POSTs JSON to the product's API, with a bearer token when one is given. */
export function postApi(product: Product, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${product.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Calls the product's API as `token`, JSON in and out; fails the test on any answer but 2xx. */
export async function callApi<T = Record<string, unknown>>(
  product: Product,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${product.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An access token for the account, signed in through the API. */
export async function apiToken(product: Product, email: string, password: string): Promise<string> {
  const res = await postApi(product, "/auth/sign-in", { email, password });
  if (!res.ok) throw new Error(`sign-in failed: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
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

/** A confirmed account made through the real API and the mailed code; returns its credentials. */
export async function createAccount(product: Product, overrides: Record<string, string> = {}) {
  const body = await signUp(product, overrides);
  const mail = await product.sink.waitFor(body.email);
  const ok = await postApi(product, "/auth/confirm-sign-up", { email: body.email, code: codeIn(mail) });
  if (!ok.ok) throw new Error(`confirm failed: ${await ok.text()}`);
  return body;
}

/** A user someone else added as a contact: created through POST /api/user, with the temporary password mailed. */
export async function inviteUser(product: Product): Promise<{ email: string; temporaryPassword: string }> {
  const inviter = await createAccount(product);
  const token = await apiToken(product, inviter.email, inviter.password);
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

/** A text input by its name attribute. */
export const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** Any form control by its name attribute (inputs, selects, text areas, the date pickers' inputs). */
export const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** Nothing on the page is wider than the screen: no sideways scrolling. */
export const fitsWidth = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth <= document.documentElement.clientWidth");

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(page: Page, product: Product, email: string, password: string) {
  await page.goto(`${product.url}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}
