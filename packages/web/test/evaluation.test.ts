import type { Client, Evaluation } from "@assay/client";
import {
  arithmeticBehavior,
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
 * The Evaluation view in Chromium against a real service on SQLite or PostgreSQL (DATABASE_URL):
 * a finished run with subsets (headline, forest plot, histograms, reproducibility), a running one
 * followed live to its end over the event stream, and one cancelled from the page.
 */

let service: TestService;
let quick: FakeModelServer;
let slow: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let finished: Evaluation;
let slowModel: Parameters<Client["evaluations"]["create"]>[0];
let benchmark: Parameters<Client["evaluations"]["create"]>[1];
let ui: string;

/** Subset of arithmetic item `id`: 12 in "tiny" (75%), then even ids (100%) and odd ids (50%). */
const subsetOf = (id: number) => (id <= 12 ? "tiny" : id % 2 === 0 ? "even" : "odd");
const PROMPTS = 100;
const LIVE_PROMPTS = 60;
/** Page loads, lazy chunks and API reads on a busy machine: more than expect.poll's 1 s. */
const WAIT = { timeout: 5000 };

beforeAll(async () => {
  [quick, slow, browser] = await Promise.all([
    startFakeModelServer({ latencyMs: 1, behavior: arithmeticBehavior }),
    startFakeModelServer({ latencyMs: 250, behavior: arithmeticBehavior }),
    launchChromium(),
  ]);
  // Small chunks: the counters move while the live run lasts, not only at its end.
  ({ service, ui, client } = await startDashboardService({ ASSAY_EVAL_CHUNK_SIZE: "10" }));
  const quickModel = await addFakeModel(client, "fake/quick", quick);
  slowModel = await addFakeModel(client, "fake/slow", slow);
  const rows = Array.from({ length: PROMPTS }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 7);
    return { input: item.question, truth: item.answer, subset: subsetOf(i + 1) };
  });
  benchmark = await addNumericBenchmark(client, "Arithmetic by subset", rows);
  const created = await client.evaluations.create(quickModel, benchmark, { concurrency: 8 });
  finished = await client.evaluations.waitForCompletion(created, { intervalMs: 200 });

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1180, height: 900 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all([quick?.close(), slow?.close()]);
});

describe("the Evaluation view in Chromium", () => {
  it("opens from the list: headline, forest plot inside its axes, histograms, the facts", async () => {
    expect(finished.status).toBe("success");
    await page
      .locator(`tr[data-evaluation-id="${finished.id}"]`)
      .getByRole("link", { name: "fake/quick" })
      .click();
    await page.waitForURL(`${ui}/evaluations/${finished.id}`);

    const { correct, total } = finished.assay.progress;
    expect([correct, total]).toEqual([75, PROMPTS]); // 9 of 12 + 44 of 44 + 22 of 44
    const { low, high } = finished.assay.accuracy_ci95;
    await expect.poll(() => page.getByTestId("accuracy").textContent(), WAIT).toBe("75.0%");
    expect(await page.getByTestId("ci").textContent()).toBe(
      `95% CI [${(low * 100).toFixed(1)}%, ${(high * 100).toFixed(1)}%]`,
    );
    expect(await page.getByTestId("counts").textContent()).toContain("75/100 correct");
    expect(await page.locator(".progress").count()).toBe(0);

    // The forest plot: one dot per subset, sorted by estimate, each labelled with its n.
    const forest = page.locator("figure.forest svg");
    await expect.poll(() => forest.locator("circle").count(), WAIT).toBe(3);
    const geometry = await forest.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const dots = [...svg.querySelectorAll("circle")].map((c) => c.getBoundingClientRect());
      const labels = [...svg.querySelectorAll("[aria-label='y-axis tick label'] text")].map(
        (t) => t.textContent,
      );
      return { box, dots, labels };
    });
    expect(geometry.labels).toEqual(["even  n=44", "tiny  n=12 *", "odd  n=44"]);
    for (const dot of geometry.dots) {
      expect(dot.left).toBeGreaterThanOrEqual(geometry.box.left);
      expect(dot.right).toBeLessThanOrEqual(geometry.box.right);
      expect(dot.top).toBeGreaterThanOrEqual(geometry.box.top);
      expect(dot.bottom).toBeLessThanOrEqual(geometry.box.bottom);
    }
    // Sorted top to bottom by estimate (100%, 75%, 50%): x decreases as y increases.
    const xs = [...geometry.dots].sort((a, b) => a.top - b.top).map((d) => d.left);
    expect(xs[0]).toBeGreaterThan(xs[1] as number);
    expect(xs[1]).toBeGreaterThan(xs[2] as number);
    expect(await page.locator(".evaluation").textContent()).toContain(
      "1 subset with n < 30 (grey, hollow)",
    );

    // Latency and tokens per prompt from the results API; no prices for a custom model.
    await expect.poll(() => page.locator("figure.histogram svg").count(), WAIT).toBe(1);
    expect(await page.locator("figure.histogram").getAttribute("aria-label")).toBe(
      "histogram of latency (s)",
    );
    // The fake model reports the same usage for every prompt: a sentence, not a single bar.
    expect(await page.locator(".histogram-constant").textContent()).toMatch(
      /^tokens per prompt: \d+ for all 100 prompts$/,
    );
    expect(await page.locator(".evaluation").textContent()).toContain(
      "No cost histogram: the model has no prices in the catalog.",
    );

    const facts = await page.getByTestId("reproducibility").innerText();
    expect(facts).toContain("numeric");
    expect(facts).toContain("concurrency 8 · limit none · cache on");
    expect(facts).toContain("max_tokens 64");
    expect(facts).toContain(quick.url);

    const results = page.getByRole("link", { name: /Results, prompt by prompt/ });
    expect(await results.getAttribute("href")).toBe(`/ui/evaluations/${finished.id}/results`);
    const compare = page.getByRole("link", { name: /Compare with another run/ });
    expect(await compare.getAttribute("href")).toBe(`/ui/compare?a=${finished.id}`);
    await screenshot(page, "evaluation-01-finished");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "evaluation-02-finished-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("follows a running evaluation live to its end, without a reload", async () => {
    // 60 prompts at 250 ms, 4 at a time: about 4 s of running.
    const running = await client.evaluations.create(slowModel, benchmark, {
      limit: LIVE_PROMPTS,
      concurrency: 4,
    });
    await page.goto(`${ui}/evaluations/${running.id}`);
    // A mark on the page's window: still there at the end means no reload happened.
    await page.evaluate('window.marker = "same page"');
    const progress = page.getByTestId("progress-text");
    // Seen part way: some prompts done, not all, with an interim interval.
    await expect
      .poll(
        async () => {
          const match = /^(\d+)\/(\d+) done$/.exec((await progress.textContent()) ?? "");
          const done = Number(match?.[1]);
          return match?.[2] === String(LIVE_PROMPTS) && done > 0 && done < LIVE_PROMPTS;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await page.locator(".headline .interim").count()).toBe(1);
    expect(await page.getByTestId("ci").textContent()).toMatch(/^95% CI \[\d+\.\d%, \d+\.\d%\]$/);
    await screenshot(page, "evaluation-03-running");

    await expect
      .poll(() => page.locator(".page-head .status").textContent(), { timeout: 15_000 })
      .toBe("success");
    const final = await client.evaluations.getById(running.id);
    await expect
      .poll(() => page.getByTestId("counts").textContent(), WAIT)
      .toContain(`${final.assay.progress.correct}/${LIVE_PROMPTS} correct`);
    expect(await page.locator(".progress").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Cancel evaluation" }).count()).toBe(0);
    expect(await page.evaluate("window.marker")).toBe("same page");
  });

  it("cancels a running evaluation after confirming", async () => {
    // 100 prompts at 250 ms, one at a time: long enough to be cancelled midway.
    const running = await client.evaluations.create(slowModel, benchmark, { concurrency: 1 });
    await page.goto(`${ui}/evaluations/${running.id}`);
    const cancel = page.getByRole("button", { name: "Cancel evaluation" });
    await cancel.waitFor();
    // Midway: once a prompt is done (cancelled before any, the page has no counts to compare).
    await expect
      .poll(async () => (await client.evaluations.getById(running.id)).assay.progress.done, WAIT)
      .toBeGreaterThan(0);
    // Dismissing the confirmation changes nothing.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await cancel.click();
    expect((await client.evaluations.getById(running.id)).status).not.toBe("cancelled");

    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await cancel.click();
    await expect
      .poll(() => page.locator(".page-head .status").textContent(), WAIT)
      .toBe("cancelled");
    expect(question).toContain("Cancel this evaluation?");
    const cancelled = await client.evaluations.getById(running.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.assay.progress.done).toBeLessThan(PROMPTS);
    // The accuracy of a cancelled run is over the prompts done, and says so.
    await expect
      .poll(async () => {
        const { correct, done } = (await client.evaluations.getById(running.id)).assay.progress;
        const shown = await page.getByTestId("counts").textContent();
        return shown?.includes(`${correct}/${done} correct of ${PROMPTS} prompts`) || shown;
      }, WAIT)
      .toBe(true);
    expect(await cancel.count()).toBe(0);
    await screenshot(page, "evaluation-04-cancelled");
  });

  it("says so for an unknown evaluation", async () => {
    await page.goto(`${ui}/evaluations/00000000-0000-0000-0000-000000000000`);
    // The API's message alone: no "Error code: 404 - … (HTTP 404)" around it.
    await expect
      .poll(() => page.getByRole("alert").textContent(), WAIT)
      .toMatch(/^\S.* not found$/);
  });

  it("ran without script errors or CSP violations", () => {
    expect(pageErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
