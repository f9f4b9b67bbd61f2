import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { PASSWORD, uniqueEmail } from "../helpers/factories.ts";
import { codeIn, SmtpSink } from "../helpers/smtp-sink.ts";

export interface Product {
  url: string;
  sink: SmtpSink;
  app: TestApp;
  stop(): Promise<void>;
}

/** The built product on a fresh database, listening on a free port, with mail going to a real SMTP sink. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const app = await createTestApp({ smtpUrl, env, webRoot: inject("webRoot") });
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
  /** Leave the cookie notice up (it is agreed away by default so it does not cover the page). */
  showCookieNotice?: boolean;
}

/** A page in a new browser context (own cookies and storage). */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.language === "en" ? "en-GB" : "sv-SE",
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

/** A confirmed account made through the real API and the mailed code; returns its credentials. */
export async function createAccount(product: Product, overrides: Record<string, string> = {}) {
  const body = {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: "Karin",
    lastName: "Lindqvist",
    countryCode: "+46",
    phone: "0701234567",
    ...overrides,
  };
  const post = (path: string, data: unknown) =>
    fetch(`${product.url}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(data),
    });
  const res = await post("/auth/sign-up", body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${await res.text()}`);
  const mail = await product.sink.waitFor(body.email);
  const ok = await post("/auth/confirm-sign-up", { email: body.email, code: codeIn(mail) });
  if (!ok.ok) throw new Error(`confirm failed: ${await ok.text()}`);
  return body;
}

/** Signs in through the login page and waits until the app has left it. */
export async function signIn(page: Page, product: Product, email: string, password: string) {
  await page.goto(`${product.url}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}
