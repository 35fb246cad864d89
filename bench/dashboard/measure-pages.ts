// One measured visit to each view, in a Chromium context signed in to the service. Times come from
// the page itself (bench/dashboard/page-probe.js: ms since the navigation started, or since the
// input event), so the bench's own round trips to the browser are not in them; the resource timing
// of what it fetched says how much of a figure is the server's.
import { resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { collectPageErrors } from "../../packages/web/test/support/browser.ts";

const PROBE = resolve(import.meta.dirname, "page-probe.js");
const TIMEOUT_MS = 30_000;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A fresh context (empty HTTP cache: a first visit) with the session cookie and the probe. */
export async function newVisitor(browser: Browser, signedIn: StorageState) {
  const context = await browser.newContext({
    storageState: signedIn,
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript({ path: PROBE });
  return context;
}

/** A request the page made: when it started, how long the server took to answer, its end. */
export interface Fetched {
  path: string;
  query: string;
  startMs: number;
  /** requestStart → responseStart: the server's time plus one loopback hop. */
  serverMs: number;
  endMs: number;
}

export interface Visit {
  page: Page;
  /** The shell's HTML received, ms after navigation start. */
  shellMs: number;
  /** The last script of the first load received. */
  scriptsMs: number;
  /** Every file and API call the page fetched so far. */
  fetched: () => Promise<Fetched[]>;
  /** Script errors and console errors: a measured page must have none. */
  errors: string[];
}

/** Opens `url` in a new page of `context` and returns at once (the probe measures from here). */
export async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(url, { waitUntil: "commit", timeout: TIMEOUT_MS });
  await page.waitForLoadState("load", { timeout: TIMEOUT_MS });
  const timing = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const scripts = performance.getEntriesByType("resource")
      .filter((e) => e.initiatorType === "script" || e.name.endsWith(".js"));
    return {
      shellMs: nav.responseEnd,
      scriptsMs: Math.max(0, ...scripts.map((e) => e.responseEnd)),
    };
  })()`)) as { shellMs: number; scriptsMs: number };
  return {
    page,
    ...timing,
    errors,
    fetched: async () =>
      (await page.evaluate(`performance.getEntriesByType("resource")
        .map((e) => ({
          path: new URL(e.name).pathname,
          query: new URL(e.name).search,
          startMs: e.startTime,
          serverMs: e.responseStart - e.requestStart,
          endMs: e.responseEnd,
        }))`)) as Fetched[],
  };
}

/** What page-probe.js puts on the page's window (the bench has no DOM types). */
interface ProbeWindow {
  __bench?: { marks: Record<string, number>; urlMark(part: string): number | undefined };
}

/**
 * Waits for `read` (run in the page) to answer a number, and answers it. A function, not a string:
 * Playwright evaluates a string predicate with eval, which the dashboard's CSP forbids.
 */
async function waitForNumber(
  page: Page,
  read: (arg: string) => number | undefined,
  arg: string,
): Promise<number> {
  const handle = await page.waitForFunction(read, arg, { timeout: TIMEOUT_MS });
  return (await handle.jsonValue()) as number;
}

/** The probe's mark `name`, once it is set (ms since navigation start). */
export function mark(page: Page, name: string): Promise<number> {
  return waitForNumber(page, (n) => (globalThis as ProbeWindow).__bench?.marks[n], name);
}

/** When the app first put a URL containing `part` into the history. */
export function urlMark(page: Page, part: string): Promise<number> {
  return waitForNumber(page, (p) => (globalThis as ProbeWindow).__bench?.urlMark(p), part);
}

/** Arms a watch of the probe (a check of page-probe.js with its argument). */
export async function watch(page: Page, name: string, check: string, arg: object): Promise<void> {
  await page.evaluate(
    `window.__bench.watch(${JSON.stringify(name)}, ${JSON.stringify(check)}, ${JSON.stringify(arg)})`,
  );
}

export async function lastInput(page: Page): Promise<number> {
  return (await page.evaluate("window.__bench.lastInput()")) as number;
}
