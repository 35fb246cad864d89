import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";

/** Debian's Chromium (`apt-get install -y chromium`); Playwright downloads no browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const SCREENSHOT_DIR = fileURLToPath(new URL("../screenshots", import.meta.url));

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` ` +
        "(.ci/run does), or set CHROMIUM_PATH",
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
}

/** Writes `test/screenshots/<name>.png` (gitignored): look at them, a DOM test cannot. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Script errors and console errors of a page, except the ones a signed-out page expects (the
 * browser logs every 401 it receives as "Failed to load resource").
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (
      /Failed to load resource: the server responded with a status of (401|403)/.test(
        message.text(),
      )
    )
      return;
    errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Fills the sign-in form with an API key and submits it (the page must show the form). */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  /** What the page logged as an error or threw, from its first load on. */
  pageErrors: string[];
}

/**
 * Where most browser tests start: a new context (`options`: its viewport, colour scheme…) with
 * one page, its errors collected, signed in with `key` from the dashboard's address `path` (the
 * app sends the visitor to sign in and back). `watch` attaches listeners before the first load.
 */
export async function signedInPage(
  browser: Browser,
  ui: string,
  key: string,
  options: BrowserContextOptions & {
    path?: string;
    /** A step that cannot happen fails by name, well before the test's own timeout. */
    timeoutMs?: number;
    watch?: (page: Page) => void;
  } = {},
): Promise<SignedInPage> {
  const { path = "/evaluations", timeoutMs, watch, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  if (timeoutMs !== undefined) page.setDefaultTimeout(timeoutMs);
  const pageErrors = collectPageErrors(page);
  watch?.(page);
  await page.goto(`${ui}${path}`);
  await signIn(page, key);
  await page.waitForURL(`${ui}${path}`);
  // The top bar is drawn once the session is read: a test may look at it (or its menu) at once.
  await page.locator("header.top-bar").waitFor();
  return { context, page, pageErrors };
}
