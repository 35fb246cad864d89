import type { Evaluation } from "@assay/client";
import {
  holmAdjust,
  mcnemarScorePValue,
  wilsonInterval,
} from "@assay/server/src/engine/stats/index.ts";
import {
  type FakeBehavior,
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
 * The runs-side-by-side view in Chromium against a real service (SQLite, or PostgreSQL with
 * DATABASE_URL): four fake models answer a 24-prompt benchmark, each wrong on known prompts and
 * one unable to answer one, so every cell, filter and figure on the page is known in advance.
 */

const PROMPTS = 24;
const SEED = 11;
/** Each model's wrong prompts (1-based ids); C cannot answer Q12 at all (an error). */
const WRONG: Record<string, Set<number>> = {
  A: new Set([1, 2, 3, 4, 5, 6]),
  B: new Set([1, 2, 7]),
  C: new Set([1, 2, 3]),
  D: new Set([1, 2, 3, 20]),
};
const ERRORS: Record<string, Set<number>> = { C: new Set([12]) };
const LETTERS = ["A", "B", "C", "D"] as const;
const ids = Array.from({ length: PROMPTS }, (_, i) => i + 1);
const right = (letter: string, id: number) => !WRONG[letter]?.has(id) && !ERRORS[letter]?.has(id);

function answering(letter: string): FakeBehavior {
  return ({ lastUserMessage }) => {
    const id = Number(/Q(\d+):/.exec(lastUserMessage)?.[1]);
    if (ERRORS[letter]?.has(id)) return { status: 400, body: { error: { message: "refused" } } };
    const answer = Number(makeArithmeticItem(id, SEED).answer) + (WRONG[letter]?.has(id) ? 1 : 0);
    return { content: `Model ${letter} says ${answer}.` };
  };
}

let service: TestService;
let fakes: FakeModelServer[];
let browser: Browser;
let page: Page;
let pageErrors: string[];
let runs: Evaluation[];
let benchmarkId: string;
let ui: string;

beforeAll(async () => {
  [fakes, browser] = await Promise.all([
    Promise.all(LETTERS.map((l) => startFakeModelServer({ behavior: answering(l) }))),
    launchChromium(),
  ]);
  const started = await startDashboardService({ ASSAY_JOB_POLL_INTERVAL_MS: "50" });
  ({ service, ui } = started);
  const client = started.client;
  const models = [];
  for (const [i, letter] of LETTERS.entries())
    models.push(await addFakeModel(client, `fake/model-${letter.toLowerCase()}`, fakes[i]!));
  const rows = ids.map((id) => {
    const item = makeArithmeticItem(id, SEED);
    return { input: item.question, truth: item.answer, subset: id <= 12 ? "early" : "late" };
  });
  const benchmark = await addNumericBenchmark(client, "Sums for the matrix", rows);
  benchmarkId = benchmark.id;
  runs = [];
  // One after another, so the list's order (newest first) is known.
  for (const model of models)
    runs.push(
      await client.evaluations.waitForCompletion(
        await client.evaluations.create(model, benchmark),
        { intervalMs: 100 },
      ),
    );

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 800 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all((fakes ?? []).map((f) => f.close()));
});

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const rowIds = () =>
  page
    .locator("table.run-matrix tbody tr[data-prompt-id]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-prompt-id")));
/**
 * The prompt ids the page lists for a rule over the prompts' outcomes: a custom benchmark uploaded
 * without ids numbers its prompts "1", "2", …, listed in that order.
 */
const expectedIds = (keep: (rights: boolean[]) => boolean) =>
  ids.filter((id) => keep(LETTERS.map((l) => right(l, id)))).map(String);

describe("runs side by side", () => {
  it("opens from the Evaluations list with four ticked, in the order ticked", async () => {
    await expect.poll(() => page.locator("table.evaluations tbody tr").count()).toBe(4);
    for (const run of runs)
      await page.locator(`tr[data-evaluation-id="${run.id}"] input[type=checkbox]`).check();
    const compare = page.getByRole("button", { name: /^Compare/ });
    expect(await compare.textContent()).toBe("Compare (4)");
    await compare.click();
    await page.waitForURL((url) => url.pathname === "/ui/compare/many");
    expect(new URL(page.url()).searchParams.get("runs")).toBe(runs.map((r) => r.id).join(","));
    await expect.poll(rowIds).toHaveLength(PROMPTS);
  });

  it("heads each run's column with its model and its accuracy with a Wilson interval", async () => {
    const heads = page.locator("th.run-head");
    expect(await heads.count()).toBe(4);
    for (const [i, letter] of LETTERS.entries()) {
      const passed = ids.filter((id) => right(letter, id)).length;
      const { low, high } = wilsonInterval(passed, PROMPTS);
      const head = heads.nth(i);
      expect(await head.locator(".run-letter").textContent()).toBe(letter);
      // The head shows the name without its vendor; the link's title has it whole.
      const model = head.locator(".run-model");
      expect(await model.textContent()).toBe(`model-${letter.toLowerCase()}`);
      expect(await model.getAttribute("title")).toContain(`fake/model-${letter.toLowerCase()}`);
      expect(await head.locator(".accuracy").textContent()).toBe(
        `${percent(passed / PROMPTS)} [${percent(low)}, ${percent(high)}]`,
      );
    }
    expect(await heads.nth(2).innerText()).toContain("20 right, 1 error");
    await screenshot(page, "run-matrix-01-laptop");
  });

  it("shows each cell's outcome with words, and its answer on a click", async () => {
    // Q12: C errored, the others right; Q3: A, C and D wrong.
    const cells = (n: number) =>
      page
        .locator("table.run-matrix tbody tr[data-prompt-id]")
        .nth(n - 1)
        .locator("button.outcome");
    expect(await cells(12).evaluateAll((els) => els.map((e) => e.textContent))).toEqual([
      "✓",
      "✓",
      "!",
      "✓",
    ]);
    expect(
      await cells(3).evaluateAll((els) => els.map((e) => e.getAttribute("data-outcome"))),
    ).toEqual(["fail", "pass", "fail", "fail"]);
    expect(await cells(3).nth(0).getAttribute("aria-label")).toBe(
      "A fake/model-a: wrong; show the answer",
    );
    await cells(3).nth(0).click();
    const detail = page.locator(".answer-detail");
    await expect.poll(() => detail.count()).toBe(1);
    const item = makeArithmeticItem(3, SEED);
    // The answer is read when the cell opens.
    await expect
      .poll(() => detail.getByTestId("answer").textContent())
      .toBe(`Model A says ${Number(item.answer) + 1}.`);
    expect(await detail.innerText()).toContain("✗ wrong");
    expect(await detail.innerText()).toContain(item.answer);
    await screenshot(page, "run-matrix-02-answer-open");
    // The error's cell says why there is no answer.
    await cells(12).nth(2).click();
    await expect.poll(() => page.locator(".answer-detail .error-text").count()).toBe(1);
    expect(await page.locator(".answer-detail").innerText()).toContain("error (no answer)");
    await page.getByRole("button", { name: "close the answer" }).click();
    await expect.poll(() => detail.count()).toBe(0);
  });

  it("filters: where the runs disagree, where all fail, where one run alone fails or passes", async () => {
    const position = () => page.getByTestId("page-position").textContent();
    await page.getByRole("button", { name: "where the runs disagree" }).click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "disagree");
    const disagree = expectedIds((r) => r.some(Boolean) && !r.every(Boolean));
    await expect.poll(rowIds).toEqual(disagree);
    expect(await position()).toContain(`of ${disagree.length} prompts`);

    await page.getByRole("button", { name: "where every run fails" }).click();
    await expect.poll(rowIds).toEqual(["1", "2"]);

    await page.getByRole("button", { name: "where one run alone fails" }).click();
    await page.waitForURL((url) => url.searchParams.get("run") === runs[0]?.id);
    await expect.poll(rowIds).toEqual(["4", "5", "6"]);
    await page.selectOption('select[name="run"]', runs[2]?.id as string);
    await page.waitForURL((url) => url.searchParams.get("run") === runs[2]?.id);
    await expect.poll(rowIds).toEqual(["12"]);

    await page.getByRole("button", { name: "where one run alone passes" }).click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "alone_passes");
    await expect
      .poll(() => page.locator(".empty").textContent())
      .toBe("No prompt matches this filter.");
    await page.selectOption('select[name="run"]', runs[1]?.id as string);
    await expect.poll(rowIds).toEqual(["3"]);

    // A shared link opens the same filter.
    await page.goto(
      `${ui}/compare/many?runs=${runs.map((r) => r.id).join(",")}&filter=alone_fails&run=${runs[3]?.id}`,
    );
    await expect.poll(rowIds).toEqual(["20"]);
  });

  it("lists every pair with McNemar's p and the Holm-adjusted p", async () => {
    await page.goto(`${ui}/compare/many?runs=${runs.map((r) => r.id).join(",")}`);
    const pairs = page.locator("table.pairs-table tbody tr");
    await expect.poll(() => pairs.count()).toBe(6);
    expect(await page.locator("table.pairs-table thead").innerText()).toContain("Holm-adjusted p");
    const order: [number, number][] = [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ];
    const raw = order.map(([i, j]) => {
      const a = LETTERS[i] as string;
      const b = LETTERS[j] as string;
      const onlyA = ids.filter((id) => right(a, id) && !right(b, id)).length;
      const onlyB = ids.filter((id) => !right(a, id) && right(b, id)).length;
      return mcnemarScorePValue(onlyA, onlyB);
    });
    const holm = holmAdjust(raw);
    const digits = (p: number) => (p >= 0.1 ? p.toFixed(2) : p.toFixed(3));
    for (const [k, [i, j]] of order.entries()) {
      const row = pairs.nth(k);
      expect(await row.getAttribute("data-pair")).toBe(`${LETTERS[i]}${LETTERS[j]}`);
      expect(await row.locator("td.holm").textContent()).toBe(digits(holm[k] as number));
    }
    expect(await page.locator(".matrix-pairs p").textContent()).toContain(
      "Holm-adjusted over all 6 pairs",
    );
    await screenshot(page, "run-matrix-03-pairs");
  });

  it("fits a phone and a wide screen", async () => {
    const url = `${ui}/compare/many?runs=${runs.map((r) => r.id).join(",")}&filter=disagree`;
    for (const [name, width] of [
      ["phone", 390],
      ["wide", 1920],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await expect.poll(() => page.locator("th.run-head").count()).toBe(4);
      // The page itself never scrolls sideways: the matrix does, in its box.
      const overflow = await page
        .locator("html")
        .evaluate((html) => html.scrollWidth - html.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.locator("button.outcome").first().click();
      await expect.poll(() => page.locator(".answer-detail").count()).toBe(1);
      await screenshot(page, `run-matrix-04-${name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("lists a benchmark's evaluations, and compares them from there", async () => {
    await page.goto(`${ui}/benchmarks/${benchmarkId}`);
    const rows = page.locator("table.run-history-table tbody tr");
    await expect.poll(() => rows.count()).toBe(4);
    // Newest first: D, C, B, A.
    expect(
      await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-evaluation-id"))),
    ).toEqual([...runs].reverse().map((r) => r.id));
    expect(await rows.nth(0).innerText()).toContain("fake/model-d");
    await screenshot(page, "run-matrix-05-benchmark-page");
    await page.getByRole("button", { name: "Compare these (the newest 4 successful)" }).click();
    await page.waitForURL((url) => url.pathname === "/ui/compare/many");
    expect(new URL(page.url()).searchParams.get("runs")).toBe(
      [...runs]
        .reverse()
        .map((r) => r.id)
        .join(","),
    );
    await expect.poll(() => page.locator("th.run-head").count()).toBe(4);

    // Two ticked open the two-run comparison.
    await page.goto(`${ui}/benchmarks/${benchmarkId}`);
    await expect.poll(() => rows.count()).toBe(4);
    await rows.nth(3).getByRole("checkbox").check();
    await rows.nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Compare the 2 ticked" }).click();
    await page.waitForURL(`${ui}/compare?a=${runs[0]?.id}&b=${runs[2]?.id}`);
  });

  it("shows a model's history of runs", async () => {
    await page.goto(`${ui}/models/${runs[1]?.model_id}`);
    const rows = page.locator("table.run-history-table tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain("Sums for the matrix");
    const { low, high } = wilsonInterval(21, PROMPTS);
    expect(await rows.first().locator(".accuracy").textContent()).toBe(
      `${percent(21 / PROMPTS)} [${percent(low)}, ${percent(high)}]`,
    );
    await screenshot(page, "run-matrix-06-model-history");
    await rows.first().getByRole("link").click();
    await page.waitForURL(`${ui}/evaluations/${runs[1]?.id}`);
  });

  it("reads in dark mode, refuses runs of different benchmarks, and logged no errors", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${ui}/compare/many?runs=${runs.map((r) => r.id).join(",")}`);
    await expect.poll(rowIds).toHaveLength(PROMPTS);
    await page.locator("button.outcome").nth(8).click();
    await screenshot(page, "run-matrix-07-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${ui}/compare/many?runs=${runs[0]?.id},no-such-run`);
    await expect
      .poll(() => page.locator(".run-matrix-view .error").textContent(), { timeout: 8000 })
      .toMatch(/not found/i);
    await page.goto(`${ui}/compare/many?runs=${runs[0]?.id}`);
    await expect.poll(() => page.locator(".empty").textContent()).toContain("Choose 2 to 10");
    expect(pageErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
