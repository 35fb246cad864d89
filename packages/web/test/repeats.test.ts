import { readFileSync } from "node:fs";
import type { Client, Evaluation, Result } from "@assay/client";
import { routes } from "@assay/protocol";
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
import { parseCsv } from "./support/parse-csv.ts";

/**
 * Repeats in Chromium against a real service (SQLite or PostgreSQL, DATABASE_URL): a run asked
 * for in the new-evaluation form with 4 repeats and a seed, on a fake model whose answer to each
 * prompt depends on the seed it is sent, so some prompts are flaky. The evaluation page's repeat
 * figures are checked against the API's, a flaky prompt's answers are opened side by side, the
 * exports carry the answers, and a run without repeats looks as it always did.
 */

const REPEATS = 4;
const SEED = 10;
/**
 * Prompt Q<id>'s answers under seeds SEED … SEED + 3: 1 right, 0 wrong. Right in 4, 4, 3, 4, 0,
 * 3, 1, 4, 2, 4, 0, 3 of 4: prompts by answers right [2, 1, 1, 3, 5], 5 flaky, 8 by majority.
 */
const PATTERNS = [
  "1111",
  "1111",
  "1011",
  "1111",
  "0000",
  "1101",
  "0100",
  "1111",
  "0011",
  "1111",
  "0000",
  "1110",
];
const PROMPTS = PATTERNS.length;
const rightUnder = (id: number, seed: number) => PATTERNS[id - 1]?.[seed - SEED] === "1";
const rightCount = (id: number) => [...(PATTERNS[id - 1] ?? "")].filter((c) => c === "1").length;
const FLAKY = PATTERNS.filter((p) => p.includes("0") && p.includes("1")).length;
/** Q3 (position 2): right, wrong, right, right. */
const FLAKY_POSITION = 2;

let service: TestService;
let fake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let modelId: string;
let benchmarkId: string;
let run: Evaluation;
let single: Evaluation;

const WAIT = { timeout: 5000 };
const pct = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;

beforeAll(async () => {
  [fake, browser] = await Promise.all([
    startFakeModelServer({
      behavior: (request) => {
        const id = Number(/Q(\d+):/.exec(request.lastUserMessage)?.[1] ?? 0);
        const seed = Number(request.body.seed ?? -1);
        const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(request.lastUserMessage) ?? [];
        const answer = rightUnder(id, seed) ? Number(a) + Number(b) : Number(a) - Number(b);
        // Odd prompts think aloud (in <think> tags, which the request profile reads apart).
        const thought =
          id % 2 === 1 ? `<think>Seed ${seed}: ${a} and ${b}, then the sum.</think>` : "";
        return { content: `${thought}The answer is ${answer}.` };
      },
    }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService());
  modelId = (await addFakeModel(client, "fake/sampled", fake)).id;
  const rows = PATTERNS.map((_, i) => {
    const item = makeArithmeticItem(i + 1, 5);
    return { input: item.question, truth: item.answer, subset: (i + 1) % 2 ? "odd" : "even" };
  });
  const benchmark = await addNumericBenchmark(client, "Twelve sums", rows);
  benchmarkId = benchmark.id;
  const model = await client.models.getById(modelId);
  single = await client.evaluations.waitForCompletion(
    await client.evaluations.create(model, benchmark, { seed: SEED, temperature: 0.7 }),
    { intervalMs: 200 },
  );

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await fake?.close();
});

/** The geometry of a chart's marks against its SVG box: a mark outside is a broken chart. */
async function marksInside(figure: string, marks: string) {
  return page.locator(`${figure} svg`).evaluate((svg, selector) => {
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll(selector)].map((m) => {
      const r = m.getBoundingClientRect();
      return (
        r.left >= box.left - 0.5 &&
        r.right <= box.right + 0.5 &&
        r.top >= box.top - 0.5 &&
        r.bottom <= box.bottom + 0.5
      );
    });
  }, marks);
}

describe("repeats in Chromium", () => {
  it("asks for repeats in the new-evaluation form, beside the sampling options", async () => {
    await page.goto(`${ui}/evaluations/new?model=${modelId}&benchmark=${benchmarkId}`);
    await expect.poll(() => page.getByLabel("Model").inputValue(), WAIT).toBe(modelId);
    const sampling = page.getByTestId("sampling");
    expect(await sampling.innerText()).toContain("repeat i uses seed + i");
    await page.getByLabel("Temperature").fill("0.7");
    await page.getByLabel("Seed").fill(String(SEED));
    await page.getByLabel("Repeats").fill(String(REPEATS));
    await screenshot(page, "repeats-01-form");
    fake.reset();
    await page.getByRole("button", { name: "Start evaluation" }).click();
    await page.waitForURL(new RegExp(`${ui}/evaluations/[0-9a-f-]{36}$`));
    const id = page.url().split("/").pop() as string;
    run = await client.evaluations.waitForCompletion(id, { intervalMs: 200 });
    expect(run.status).toBe("success");
    expect(run.assay.options).toMatchObject({ repeats: REPEATS, seed: SEED, temperature: 0.7 });
    expect(fake.stats().requests).toBe(PROMPTS * REPEATS);
    expect(run.assay.repeats?.pass_count_histogram).toEqual([2, 1, 1, 3, 5]);
  });

  it("shows the repeat figures the API computed, with the interval clustered by prompt", async () => {
    const stats = run.assay.repeats;
    if (!stats) throw new Error("no repeat figures");
    await expect
      .poll(() => page.locator(".page-head .status").textContent(), { timeout: 15_000 })
      .toBe("success");
    await expect
      .poll(() => page.getByTestId("accuracy").textContent(), WAIT)
      .toBe(pct(run.accuracy));
    const { low, high } = run.assay.accuracy_ci95;
    expect(await page.getByTestId("ci").textContent()).toBe(`95% CI [${pct(low)}, ${pct(high)}]`);
    expect(await page.getByTestId("ci").getAttribute("title")).toBe(
      "95% interval clustered by prompt",
    );
    const { correct, done } = run.assay.progress;
    const counts = await page.getByTestId("counts").textContent();
    expect(counts).toContain(`${correct}/${done} answers correct`);
    expect(counts).toContain(`${PROMPTS} prompts × ${REPEATS} repeats`);
    expect(counts).toContain(
      `standard error ${pct(run.assay.accuracy_stderr, 2)} (clustered by prompt)`,
    );
    expect(await page.getByTestId("interval-note").textContent()).toContain(
      `the ${REPEATS} answers of one prompt are not independent`,
    );

    expect(await page.getByTestId("repeats").textContent()).toBe(String(REPEATS));
    expect(await page.getByTestId("flip-rate").textContent()).toBe(pct(stats.flip_rate ?? 0));
    expect(stats.flip_rate).toBeCloseTo(FLAKY / PROMPTS, 12);
    expect(await page.getByTestId("majority-vote").textContent()).toBe(
      pct(stats.majority_vote ?? 0),
    );
    expect(await page.getByTestId("within-variance").textContent()).toBe(
      (stats.within_prompt_variance ?? 0).toFixed(3),
    );
    const facts = await page.getByTestId("repeat-facts").innerText();
    expect(facts).toContain(`${FLAKY} of ${PROMPTS} prompts got both right and wrong answers`);
    expect(facts).toContain(`8 of ${PROMPTS} prompts right in most of their answers`);

    // pass@k and pass^k: the table is the API's, the chart has a dot per k and series inside.
    const table = await page
      .getByTestId("pass-at-k")
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)),
      );
    expect(table).toEqual(
      stats.pass_at_k.map((p) => [String(p.k), pct(p.pass_at_k), pct(p.pass_hat_k)]),
    );
    expect(stats.pass_at_k[0]?.pass_at_k).toBeCloseTo(run.accuracy, 12);
    await expect
      .poll(() => page.locator("figure.pass-at-k svg circle").count(), WAIT)
      .toBe(2 * REPEATS);
    expect(new Set(await marksInside("figure.pass-at-k", "circle, text"))).toEqual(new Set([true]));

    // Per-prompt pass rates: a bar per count of right answers, labelled with its prompts.
    const bars = page.locator("figure.pass-counts svg");
    await expect.poll(() => bars.locator("rect").count(), WAIT).toBe(REPEATS + 1);
    expect(new Set(await marksInside("figure.pass-counts", "rect"))).toEqual(new Set([true]));
    const labels = await bars
      .locator("g[aria-label='text'] text")
      .evaluateAll((texts) => texts.map((t) => t.textContent));
    expect(labels).toEqual(stats.pass_count_histogram.filter((n) => n > 0).map(String));
    expect(await bars.innerHTML()).toContain(`right in c of ${REPEATS} repeats`);

    // Subsets: prompts (n) and flip rate, from the API.
    const subsets = page.getByTestId("subsets");
    for (const s of run.assay.subsets) {
      const cells = await subsets
        .locator(`tr[data-subset="${s.name}"] td`)
        .evaluateAll((tds) => tds.map((td) => td.textContent));
      expect(cells).toEqual([
        s.name,
        String(s.prompts),
        `${s.correct}/${s.total}`,
        pct(s.accuracy),
        `[${pct(s.ci95.low)}, ${pct(s.ci95.high)}]`,
        pct(s.flip_rate ?? 0),
      ]);
    }
    const forestLabels = await page
      .locator("figure.forest svg [aria-label='y-axis tick label'] text")
      .evaluateAll((texts) => texts.map((t) => t.textContent));
    expect(forestLabels.sort()).toEqual(["even  n=6 *", "odd  n=6 *"]);
    expect(await page.locator("figure.forest svg").innerHTML()).toContain(
      "95% interval clustered by prompt",
    );

    // The histograms count answers; the record has the repeats and the seeds they sent.
    await expect
      .poll(() => page.locator(".evaluation").innerText(), WAIT)
      .toContain(`All ${PROMPTS * REPEATS} answers.`);
    const record = await page.getByTestId("reproducibility").innerText();
    expect(record).toContain(`repeats ${REPEATS}`);
    expect(record).toContain("(repeat i sent seed + i)");
    expect(record).toContain(`0 of ${PROMPTS * REPEATS} answers done`);

    await screenshot(page, "repeats-02-evaluation-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "repeats-03-evaluation-390");
    const overflow = await page.evaluate<number>(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("lists prompts with their answers, keeps the flaky ones, and opens one side by side", async () => {
    const api = await client.results.getById(run.id, { pageSize: 100 });
    const flaky = await client.results.getById(run.id, { outcome: "flaky" });
    expect(flaky.totalCount).toBe(FLAKY);

    // From the evaluation page's flip rate to the flaky prompts.
    await page.getByRole("link", { name: "see them →" }).click();
    await page.waitForURL(/outcome=flaky/);
    const status = page.locator(".results-toolbar [role=status]");
    await expect
      .poll(() => status.textContent(), WAIT)
      .toBe(`${FLAKY} of ${PROMPTS} prompts (× ${REPEATS} answers)`);
    expect(
      await page
        .getByRole("button", { name: "flaky (answers disagree)" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    const strips = async () =>
      page
        .locator("tr[data-position]")
        .evaluateAll((rows) =>
          rows.map((r) => [
            Number(r.getAttribute("data-position")),
            r.querySelector(".answer-strip .marks")?.textContent,
            r.querySelector(".answer-strip .count")?.textContent,
          ]),
        );
    await expect.poll(strips, WAIT).toHaveLength(FLAKY);
    const marks = (r: Result) =>
      (r.repeats ?? []).map((a) => (a.error ? "!" : a.passed ? "✓" : "✗")).join("");
    expect(await strips()).toEqual(
      flaky.results.map((r) => [
        r.position,
        marks(r),
        `${(r.repeats ?? []).filter((a) => a.passed).length}/${REPEATS}`,
      ]),
    );
    expect(await strips()).toContainEqual([FLAKY_POSITION, "✓✗✓✓", "3/4"]);

    // Every prompt's strip says what its pattern does.
    await page.getByRole("button", { name: "all", exact: true }).click();
    await expect.poll(strips, WAIT).toHaveLength(PROMPTS);
    for (const [position, , count] of await strips()) {
      expect(count).toBe(`${rightCount((position as number) + 1)}/${REPEATS}`);
    }
    expect(api.results.map((r) => r.repeats?.length)).toEqual(Array(PROMPTS).fill(REPEATS));

    // The flaky prompt's panel: four answers side by side, each as the API has it.
    await page.locator(`tr[data-position="${FLAKY_POSITION}"]`).click();
    const panel = page.locator("aside.result-panel");
    await expect
      .poll(() => panel.locator("h2").textContent(), WAIT)
      .toBe(`Prompt #${FLAKY_POSITION}`);
    const answers = api.results[FLAKY_POSITION]?.repeats ?? [];
    const cards = panel.locator(".answer-card");
    expect(await cards.count()).toBe(REPEATS);
    for (const [i, a] of answers.entries()) {
      const card = cards.nth(i);
      expect(await card.getAttribute("class")).toContain(
        a.passed ? "answer-passed" : "answer-failed",
      );
      const text = await card.innerText();
      expect(text).toContain(`Answer ${i + 1}`);
      expect(text).toContain(a.result);
      expect(text).toContain(a.reason);
      // Q3 is odd: it thought aloud, under the seed of its repeat.
      expect(a.reasoning).toMatch(new RegExp(`^Seed ${SEED + i}: \\d+ and \\d+, then the sum\\.$`));
      expect(await card.getByTestId("reasoning").locator("pre").innerText()).toBe(a.reasoning);
    }
    const head = await panel.locator(".facts").innerText();
    expect(head).toContain("flaky");
    expect(head).toContain("3/4");
    // Side by side at a laptop's width: the cards share rows.
    const tops = await cards.evaluateAll((list) => list.map((c) => c.getBoundingClientRect().top));
    expect(new Set(tops).size).toBeLessThan(REPEATS);
    await screenshot(page, "repeats-04-panel-1440");

    // A phone: the panel covers the table and the answers stack, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(
        () =>
          page.evaluate("getComputedStyle(document.querySelector('aside.result-panel')).position"),
        WAIT,
      )
      .toBe("fixed");
    const widths = await cards.evaluateAll((list) =>
      list.map((c) => c.getBoundingClientRect().right),
    );
    for (const right of widths) expect(right).toBeLessThanOrEqual(390);
    const stackedTops = await cards.evaluateAll((list) =>
      list.map((c) => c.getBoundingClientRect().top),
    );
    expect(new Set(stackedTops).size).toBe(REPEATS);
    await screenshot(page, "repeats-05-panel-390");
    // Closed, the table is back, its answers column still in view.
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.count(), WAIT).toBe(0);
    // The table renders again once the panel has gone: waited for, not read at once.
    await expect
      .poll(() => page.locator("tr[data-position] .answer-strip").first().isVisible(), WAIT)
      .toBe(true);
    await screenshot(page, "repeats-06-results-390");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("exports one CSV row per answer, and JSONL prompts with their answers nested", async () => {
    await page.goto(`${ui}/evaluations/${run.id}/results?outcome=flaky`);
    const status = page.locator(".results-toolbar [role=status]");
    await expect.poll(() => status.textContent(), WAIT).toContain(`${FLAKY} of ${PROMPTS}`);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const [header, ...records] = parseCsv(readFileSync((await csv.path()) as string, "utf8"));
    expect(header?.slice(0, 5)).toEqual(["position", "repeat", "prompt_id", "subset", "outcome"]);
    expect(records).toHaveLength(FLAKY * REPEATS);
    const column = (name: string) => (header ?? []).indexOf(name);
    const each = await client.request(routes.listResults, {
      query: { evaluation_id: run.id, page_size: 500, repeats: "each" },
    });
    for (const record of records) {
      const position = Number(record[column("position")]);
      const repeat = Number(record[column("repeat")]);
      const answer = each.results.find((r) => r.position === position && r.repeat === repeat);
      expect(record[column("outcome")]).toBe(answer?.passed ? "passed" : "failed");
      expect(record[column("response")]).toBe(answer?.result);
      expect(record[column("prompt_tokens")]).toBe(String(answer?.tokens.prompt));
      expect(rightUnder(position + 1, SEED + repeat)).toBe(answer?.passed);
    }

    const [jsonl] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export JSONL" }).click(),
    ]);
    const lines = readFileSync((await jsonl.path()) as string, "utf8")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(FLAKY);
    for (const line of lines) {
      const prompt = JSON.parse(line) as Result;
      expect(prompt.repeats?.map((a) => a.repeat)).toEqual([0, 1, 2, 3]);
    }
  });

  it("compares two runs with repeats by their per-prompt means, saying how", async () => {
    const model = await client.models.getById(modelId);
    const benchmark = await client.benchmarks.getById(benchmarkId);
    // Seeds 12 … 15: the patterns' last two answers, then wrong ones: at most 2 of 4 right.
    const other = await client.evaluations.waitForCompletion(
      await client.evaluations.create(model, benchmark, {
        seed: SEED + 2,
        temperature: 0.7,
        repeats: REPEATS,
      }),
      { intervalMs: 200 },
    );
    const comparison = await client.public.comparisons.compare(run.id, other.id);
    const stats = comparison.stats;
    expect(stats.method).toBe("paired_t");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ui}/compare?a=${run.id}&b=${other.id}`);
    const verdict = page.locator(".verdict");
    await expect
      .poll(() => verdict.textContent(), WAIT)
      .toContain(stats.significant ? "A is better" : "no detectable difference");
    const method = page.locator("[data-method]");
    expect(await method.getAttribute("data-method")).toBe("paired_t");
    expect(await method.textContent()).toContain("paired t interval on per-prompt means");
    await screenshot(page, "repeats-07-compare-1440");
  });

  it("shows a run without repeats as before: no repeat figures, no flaky filter", async () => {
    expect(single.assay.options.repeats).toBe(1);
    expect(single.assay.accuracy_interval).toBe("wilson");
    await page.goto(`${ui}/evaluations/${single.id}`);
    await expect
      .poll(() => page.getByTestId("accuracy").textContent(), WAIT)
      .toBe(pct(single.accuracy));
    expect(await page.getByTestId("ci").getAttribute("title")).toBe("95% Wilson interval");
    expect(await page.getByTestId("counts").textContent()).toContain(
      `${single.assay.progress.correct}/${PROMPTS} correct`,
    );
    expect(await page.getByRole("heading", { name: "Repeats" }).count()).toBe(0);
    expect(await page.getByTestId("interval-note").count()).toBe(0);
    expect(await page.getByTestId("subsets").count()).toBe(0);
    expect(await page.getByTestId("reproducibility").innerText()).not.toContain("repeats");

    await page.goto(`${ui}/evaluations/${single.id}/results`);
    const status = page.locator(".results-toolbar [role=status]");
    await expect.poll(() => status.textContent(), WAIT).toBe(`${PROMPTS} results`);
    const outcomes = await page.locator("fieldset.segmented button").allTextContents();
    expect(outcomes).toEqual(["all", "passed", "failed", "error"]);
    expect(await page.locator("th", { hasText: "Answers" }).count()).toBe(0);
  });

  it("ran without script errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
