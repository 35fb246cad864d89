import type { Client } from "@assay/client";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import { judgeBehavior } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { otlpExport, otlpExportContinued } from "@assay/test-kit/trace-samples.ts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addParisJudge, startDashboardService } from "./support/dashboard-service.ts";

/**
 * The trace viewer inside the annotation workspace looks as it does on the trace page: the
 * workspace is opened straight from its address, so no trace page has loaded its stylesheet
 * first. A chat whose assistant answer is one long line, and an OpenTelemetry agent run, each
 * judged so that they are in the judge's queue; their computed styles are read in Chromium.
 */

let service: TestService;
let judgeServer: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let judgeId: string;

const WAIT = { timeout: 8000 };

/** An answer of long words that must wrap inside the panel, not run past its edge. */
const LONG_ANSWER = `Paris ${"is-a-very-long-unbroken-word-that-must-wrap ".repeat(30)}`.trim();
const longChat = {
  messages: [
    { role: "user", content: "Where should I go?" },
    { role: "assistant", content: LONG_ANSWER },
  ],
};

beforeAll(async () => {
  [judgeServer, browser] = await Promise.all([
    startFakeModelServer({ behavior: judgeBehavior() }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  judgeId = await addParisJudge(client, judgeServer);
  const lines = [longChat, otlpExport, otlpExportContinued].map((r) => JSON.stringify(r));
  const uploaded = await client.traces.upload({
    data: new TextEncoder().encode(`${lines.join("\n")}\n`),
    filename: "styled.jsonl",
  });
  for (const evaluation of await client.traceEvaluations.createMany(uploaded.trace_ids, judgeId))
    await client.traceEvaluations.waitForCompletion(evaluation.id, {
      intervalMs: 50,
      timeoutMs: 30_000,
    });
  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
    timeoutMs: 8000,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await judgeServer?.close();
});

const panel = () => page.getByTestId("trace-panel");

/** A property of the element's computed style, read in the page. */
function styleOf(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((el, name) => {
    // The tests compile without the DOM's types: the page's window, as far as it is used here.
    const view = el.ownerDocument.defaultView as unknown as {
      getComputedStyle(element: unknown): Record<string, string>;
    };
    return view.getComputedStyle(el)[name] as string;
  }, property);
}

/** Moves through the queue (key `n`) until the trace on screen shows `selector`. */
async function showTraceWith(selector: string) {
  for (let step = 0; step < 3; step += 1) {
    await panel().locator(".trace-viewer").waitFor(WAIT);
    if ((await panel().locator(selector).count()) > 0) return;
    await page.keyboard.press("n");
    await page.waitForTimeout(200);
  }
  throw new Error(`no trace of the queue shows ${selector}`);
}

describe("the trace viewer in the annotation workspace", () => {
  it("draws a chat as message cards whose text wraps inside the panel", async () => {
    // A fresh load of the workspace's address: nothing else has loaded a stylesheet.
    await page.goto(`${ui}/judges/${judgeId}/annotate`);
    await showTraceWith(".chat-turn");
    const list = panel().locator(".chat-turns");
    expect(await styleOf(list, "listStyleType")).toBe("none");
    const turn = panel().locator(".chat-turn[data-role=assistant]");
    expect(await styleOf(turn, "borderLeftWidth")).toBe("4px");
    const text = turn.locator(".trace-text");
    expect(await styleOf(text, "whiteSpace")).toBe("pre-wrap");
    // Its text is the page's, not a monospace list's.
    const family = await styleOf(text, "fontFamily");
    expect(family).not.toMatch(/mono/i);
    const box = await panel().boundingBox();
    const textBox = await text.boundingBox();
    if (!box || !textBox) throw new Error("the chat is not on screen");
    expect(textBox.x + textBox.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await screenshot(page, "annotate-styles-01-chat");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "annotate-styles-01b-chat-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("draws OpenTelemetry spans with their time bars, names and durations apart", async () => {
    await showTraceWith(".span-row");
    const spans = panel().locator(".span-row");
    await expect.poll(() => spans.count(), WAIT).toBe(4);
    for (let i = 0; i < 4; i += 1) {
      const track = await spans.nth(i).locator(".span-track").boundingBox();
      const bar = await spans.nth(i).locator(".span-bar").boundingBox();
      if (!track || !bar) throw new Error(`span ${i} has no bar`);
      expect(track.width).toBeGreaterThan(50);
      expect(bar.width).toBeGreaterThan(1);
      expect(bar.height).toBeGreaterThan(5);
    }
    // The name, the bar and the duration are columns of a grid, not one run of text.
    const line = spans.first().locator(".span-line");
    expect(await styleOf(line, "display")).toBe("grid");
    const name = await spans.first().locator(".span-name").boundingBox();
    const duration = await spans.first().locator(".span-duration").boundingBox();
    if (!name || !duration) throw new Error("the root span has no name or duration");
    expect(duration.x).toBeGreaterThan(name.x + name.width + 50);
    await screenshot(page, "annotate-styles-02-spans");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "annotate-styles-02b-spans-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("keeps the chat's text inside the panel on a phone and on a wide screen", async () => {
    for (const [width, name] of [
      [390, "phone"],
      [1920, "wide"],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${ui}/judges/${judgeId}/annotate`);
      await showTraceWith(".chat-turn");
      const text = panel().locator(".chat-turn[data-role=assistant] .trace-text");
      const box = await panel().boundingBox();
      const textBox = await text.boundingBox();
      if (!box || !textBox) throw new Error("the chat is not on screen");
      expect(textBox.x + textBox.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await screenshot(page, `annotate-styles-03-chat-${name}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
