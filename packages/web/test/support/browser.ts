import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

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
