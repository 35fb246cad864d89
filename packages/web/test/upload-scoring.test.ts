import type { Client, CustomBenchmark, Model } from "@assay/client";
import {
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addFakeModel, startDashboardService } from "./support/dashboard-service.ts";

/**
 * Uploading a dataset from the dashboard chooses what the CLI's `benchmarks create` does: the
 * scorer (exact match unless changed, said before the upload and after it), a system prompt and
 * the project's custom scorers. A GSM8K-style file left on exact match scores its reasoning
 * answers 0: the run's page says why, and which scorer reads the final number.
 */

const N = 12;
const jsonl = Array.from({ length: N }, (_, i) => {
  const item = makeArithmeticItem(i + 1, 5);
  return JSON.stringify({ input: item.question, truth: item.answer });
}).join("\n");

let service: TestService;
let model: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let fake: Model;
let scorerId: string;

const WAIT = { timeout: 8000 };

beforeAll(async () => {
  // The fake model reasons, then gives its answer after "####", as GSM8K asks.
  [model, browser] = await Promise.all([startFakeModelServer(), launchChromium()]);
  ({ service, client } = await startDashboardService());
  fake = await addFakeModel(client, "fake/reasoner", model);
  scorerId = (
    await client.scorers.create({
      name: "Polite",
      model_id: fake.id,
      prompt: "Pass answers that are polite and on topic, fail the others.",
    })
  ).id;
  ({ page, pageErrors } = await signedInPage(browser, `${service.origin}/ui`, service.apiKey, {
    viewport: { width: 1280, height: 900 },
    timeoutMs: 8000,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await model?.close();
});

const form = () => page.getByRole("form", { name: "Upload a custom benchmark" });

async function upload(name: string, choose: () => Promise<void>): Promise<CustomBenchmark> {
  await page.goto(`${service.origin}/ui/benchmarks`);
  await page.getByRole("button", { name: "Upload a dataset" }).click();
  await form().getByLabel("Name").fill(name);
  await form().getByLabel("Description").fill(name);
  await form()
    .locator('input[type="file"]')
    .setInputFiles({ name: `${name}.jsonl`, mimeType: "", buffer: Buffer.from(jsonl) });
  await choose();
  await form().getByRole("button", { name: "Upload and create" }).click();
  await expect.poll(() => form().locator(".notice").textContent(), WAIT).toContain("created");
  const key = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const created = await client.benchmarks.getByKey(key);
  if (!created || !("scoring_metric" in created)) throw new Error(`${name} was not created`);
  return created;
}

describe("uploading a dataset in Chromium", () => {
  it("chooses the scorer, a system prompt and custom scorers, as the CLI does", async () => {
    const benchmark = await upload("Sums numeric", async () => {
      const scoring = form().getByLabel("Scorer");
      // Exact match unless changed, and the form says what it compares.
      expect(await scoring.inputValue()).toBe("exact_match");
      expect(await form().getByTestId("scorer-help").textContent()).toMatch(/whole answer/i);
      await scoring.selectOption("numeric");
      expect(await form().getByTestId("scorer-help").textContent()).toMatch(/number/i);
      await form().getByLabel("System prompt").fill("Answer after ####.");
      await form()
        .getByRole("checkbox", { name: /Polite/ })
        .check();
      await screenshot(page, "upload-scoring-01-form");
    });
    expect(benchmark.scoring_metric).toBe("numeric");
    expect(benchmark.system_prompt).toBe("Answer after ####.");
    expect(benchmark.custom_scorers).toEqual([scorerId]);
    // After the upload the form says what the benchmark is scored with.
    expect(await form().locator(".notice").textContent()).toContain("numeric");
  });

  it("warns on a run near 0% with a scorer that compares whole answers", async () => {
    const benchmark = await upload("Sums exact", async () => {});
    expect(benchmark.scoring_metric).toBe("exact_match");
    const created = await client.evaluations.create(fake, benchmark, { concurrency: 4 });
    const done = await client.evaluations.waitForCompletion(created, { intervalMs: 100 });
    expect(done.assay.progress.correct).toBe(0);
    await page.goto(`${service.origin}/ui/evaluations/${done.id}`);
    const warning = page.getByTestId("scorer-warning");
    await expect.poll(() => warning.textContent(), WAIT).toContain("exact_match");
    expect(await warning.textContent()).toContain("numeric");
    await screenshot(page, "upload-scoring-02-warning");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "upload-scoring-02b-warning-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // A run scored by numeric, right on 3 in 4 prompts, has no warning.
    const numeric = await client.benchmarks.getByKey("sums-numeric");
    if (!numeric) throw new Error("the numeric benchmark is gone");
    const fine = await client.evaluations.create(fake, numeric, { concurrency: 4 });
    const fineDone = await client.evaluations.waitForCompletion(fine, { intervalMs: 100 });
    await page.goto(`${service.origin}/ui/evaluations/${fineDone.id}`);
    await page.getByTestId("accuracy").waitFor(WAIT);
    expect(await page.getByTestId("scorer-warning").count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
