import type { Client, Evaluation } from "@assay/client";
import {
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import {
  addFakeModel,
  addNumericBenchmark,
  startDashboardService,
} from "./support/dashboard-service.ts";

/**
 * Prompts built from one template, as GSM8K's are: every one opens with the same long
 * instruction, and none has a subset. The results table and the benchmark's prompt browser show
 * each question without the opening they share (said once above the table, whole in the panel),
 * and no subset column that would read "default" on every row.
 */

const OPENING =
  "Solve the following math problem. Think step by step, then give the final answer " +
  'as a number on the last line, in the form "#### <number>".\n\nQuestion: ';
const N = 12;

let service: TestService;
let model: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let evaluation: Evaluation;
let benchmarkId: string;
const questions: string[] = [];

const WAIT = { timeout: 8000 };

beforeAll(async () => {
  [model, browser] = await Promise.all([startFakeModelServer(), launchChromium()]);
  ({ service, client } = await startDashboardService());
  const fake = await addFakeModel(client, "fake/adder", model);
  const rows = Array.from({ length: N }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 7);
    questions.push(item.question);
    return { input: OPENING + item.question, truth: item.answer };
  });
  const benchmark = await addNumericBenchmark(client, "Templated sums", rows);
  benchmarkId = benchmark.id;
  const created = await client.evaluations.create(fake, benchmark, { concurrency: 4 });
  evaluation = await client.evaluations.waitForCompletion(created, { intervalMs: 100 });
  ({ page, pageErrors } = await signedInPage(browser, `${service.origin}/ui`, service.apiKey, {
    viewport: { width: 1280, height: 800 },
    timeoutMs: 8000,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await model?.close();
});

describe("prompts that share an opening", () => {
  it("read as their questions in the results table, without a subset column", async () => {
    await page.goto(`${service.origin}/ui/evaluations/${evaluation.id}/results`);
    const cells = page.locator("table.results tbody tr[data-index] td.cell-prompt");
    await expect.poll(() => cells.count(), WAIT).toBe(N);
    const texts = await cells.allTextContents();
    expect(texts.map((t) => t.trim()).sort()).toEqual([...questions].sort());
    // What was taken off is said once, whole.
    const note = page.getByTestId("shared-opening");
    expect((await note.textContent())?.replace(/\s+/g, " ")).toContain(
      "Solve the following math problem. Think step by step",
    );
    const headers = await page.locator("table.results thead th").allTextContents();
    expect(headers).not.toContain("Subset");
    // The panel keeps the prompt whole.
    await cells.first().click();
    await expect
      .poll(() => page.locator("aside.result-panel").textContent(), WAIT)
      .toContain("Solve the following math problem.");
    await screenshot(page, "prompt-openings-01-results");
  });

  it("read as their questions in the benchmark's prompt browser, the whole prompt on demand", async () => {
    await page.goto(`${service.origin}/ui/benchmarks/${benchmarkId}`);
    const buttons = page.locator("table.prompts tbody tr .row-open");
    await expect.poll(() => buttons.count(), WAIT).toBe(N);
    const texts = (await buttons.allTextContents()).map((t) => t.trim());
    expect(texts.sort()).toEqual([...questions].sort());
    expect(await page.getByTestId("shared-opening").textContent()).toContain(
      "Solve the following math problem.",
    );
    const headers = await page.locator("table.prompts thead th").allTextContents();
    expect(headers).not.toContain("Subset");
    await buttons.first().click();
    const panel = page.getByRole("complementary", { name: "prompt" });
    await expect
      .poll(() => panel.textContent(), WAIT)
      .toContain("Solve the following math problem.");
    await screenshot(page, "prompt-openings-02-prompt-browser");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "prompt-openings-02b-prompt-browser-dark");
    await page.emulateMedia({ colorScheme: "light" });
    expect(pageErrors).toEqual([]);
  });
});
