import type { Evaluation, Model } from "@assay/client";
import {
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percent } from "../src/shared/format.ts";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import {
  addFakeModel,
  addNumericBenchmark,
  startDashboardService,
} from "./support/dashboard-service.ts";

/**
 * The Leaderboards view in Chromium against a real service (SQLite or PostgreSQL by
 * DATABASE_URL). Three catalog models (OpenAI's, with the catalog's prices, so their runs have a
 * cost) are served by one fake endpoint, right on a known number of each benchmark's 30 prompts;
 * a custom model (no prices: cost unknown) runs one benchmark only. Every rank and frontier on the
 * page is known in advance.
 */

const PROMPTS = 30;
const BENCHMARKS = { Sums: 7, Totals: 11 } as const;
type BenchmarkName = keyof typeof BENCHMARKS;
/** How many prompts (the first ones) each model answers right, by the name it is called with. */
const RIGHT: Record<string, Partial<Record<BenchmarkName, number>>> = {
  "gpt-4o": { Sums: 29, Totals: 29 },
  "gpt-4o-mini": { Sums: 26, Totals: 8 },
  "gpt-4.1-nano": { Sums: 10, Totals: 18 },
  own: { Sums: 20 },
};
const CATALOG = ["openai/gpt-4o", "openai/gpt-4o-mini", "openai/gpt-4.1-nano"];

/** A prompt names its benchmark: the two seeds' questions may coincide. */
const promptOf = (benchmark: BenchmarkName, id: number) =>
  `[${benchmark}] ${makeArithmeticItem(id, BENCHMARKS[benchmark]).question}`;
const questions = new Map<string, { benchmark: BenchmarkName; id: number; answer: number }>();
for (const [benchmark, seed] of Object.entries(BENCHMARKS) as [BenchmarkName, number][]) {
  for (let id = 1; id <= PROMPTS; id += 1) {
    const answer = Number(makeArithmeticItem(id, seed).answer);
    questions.set(promptOf(benchmark, id), { benchmark, id, answer });
  }
}

let service: TestService;
let fake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let ui: string;
/** Model name on the page (catalog name or custom key) by the fake's model name. */
const names: Record<string, string> = {};
const modelIds: Record<string, string> = {};
/** The evaluation each cell should show, by `${model} ${benchmark}`. */
const shown = new Map<string, Evaluation>();
let olderNanoSums: Evaluation;
/** The board's slug, which its address uses. */
let spaceSlug = "";

beforeAll(async () => {
  [fake, browser] = await Promise.all([
    startFakeModelServer({
      behavior: ({ body, lastUserMessage }) => {
        const model = String(body.model);
        const q = [...questions].find(([text]) => lastUserMessage.includes(text))?.[1];
        if (!q) return { content: "I do not know.", bad: true };
        const right = q.id <= (RIGHT[model]?.[q.benchmark] ?? 0);
        return {
          content: `The answer is ${q.answer + (right ? 0 : 1)}.`,
          usage: { prompt_tokens: 100, completion_tokens: 20 },
        };
      },
    }),
    launchChromium(),
  ]);
  const started = await startDashboardService({
    ASSAY_JOB_POLL_INTERVAL_MS: "50",
    OPENAI_API_KEY: "sk-test",
    ASSAY_PROVIDER_OPENAI_BASE_URL: fake.url,
  });
  ({ service, ui } = started);
  const { client } = started;
  const catalog = service.running.deps.catalog.models;
  const models: Record<string, Model | { id: string; name: string }> = {};
  for (const key of CATALOG) {
    const entry = catalog.find((m) => m.key === key);
    if (!entry) throw new Error(`no catalog model ${key}`);
    models[entry.provider_model] = { id: entry.id, name: entry.name };
  }
  // Attached, so the form's model list offers them.
  await client.models.add(Object.values(models).map((m) => m.id));
  models.own = await addFakeModel(client, "fake/own", fake);
  for (const [model, m] of Object.entries(models)) {
    names[model] = m.name;
    modelIds[model] = m.id;
  }
  const benchmarks: Partial<Record<BenchmarkName, { id: string }>> = {};
  for (const [name, seed] of Object.entries(BENCHMARKS) as [BenchmarkName, number][]) {
    const rows = Array.from({ length: PROMPTS }, (_, i) => ({
      input: promptOf(name, i + 1),
      truth: makeArithmeticItem(i + 1, seed).answer,
    }));
    benchmarks[name] = await addNumericBenchmark(client, name, rows);
  }
  const run = async (model: string, benchmark: BenchmarkName) =>
    client.evaluations.waitForCompletion(
      // No response cache: a run answered from it records no cost.
      await client.evaluations.create(
        models[model] as { id: string },
        benchmarks[benchmark] as { id: string },
        { cache: false },
      ),
      { intervalMs: 100 },
    );
  // An older run of one pair first: the board must show the newer one and say so.
  olderNanoSums = await run("gpt-4.1-nano", "Sums");
  const pairs = Object.entries(RIGHT).flatMap(([model, right]) =>
    Object.keys(right).map((benchmark) => [model, benchmark as BenchmarkName] as const),
  );
  const runs = await Promise.all(pairs.map(([model, benchmark]) => run(model, benchmark)));
  pairs.forEach(([model, benchmark], i) => {
    shown.set(`${model} ${benchmark}`, runs[i] as Evaluation);
  });
  for (const e of [olderNanoSums, ...runs]) expect(e.status).toBe("success");

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
    path: "/leaderboards",
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await fake?.close();
});

const cell = (model: string, benchmark: BenchmarkName) => {
  const e = shown.get(`${model} ${benchmark}`) as Evaluation;
  return page.locator(`tr[data-model-id="${modelIds[model]}"] td[data-evaluation-id="${e.id}"]`);
};
const rankIn = (model: string, benchmark: BenchmarkName) =>
  cell(model, benchmark).locator(".rank").textContent();
const overallRank = (model: string) =>
  page.locator(`tr[data-model-id="${modelIds[model]}"] td[data-overall] .rank`).textContent();

describe("the Leaderboards view", () => {
  it("says what a leaderboard is when there is none, from the nav", async () => {
    await expect.poll(() => page.locator(".empty").textContent()).toContain("No leaderboards yet");
    expect(await page.locator(".top-bar nav a.active").textContent()).toBe("Leaderboards");
    await screenshot(page, "leaderboards-01-empty");
  });

  it("shows the server's refusal under the field and keeps everything typed", async () => {
    await page.getByRole("button", { name: "New leaderboard" }).click();
    const form = page.locator("form.space-form");
    const name = form.getByLabel("Name");
    await name.fill("x".repeat(201));
    await form.getByLabel(/^Description/).fill("Two arithmetic benchmarks");
    for (const benchmark of Object.keys(BENCHMARKS)) {
      await form.locator(".id-checklist").nth(1).getByLabel(new RegExp(benchmark, "i")).check();
    }
    // Tags: Enter adds one, a comma-separated paste adds several, leaving the field adds the rest.
    const providers = form.getByRole("textbox", { name: "Providers" });
    await providers.fill("openai");
    await providers.press("Enter");
    await providers.fill("custom");
    await form.getByRole("button", { name: "Create leaderboard" }).click();

    const error = form.locator("#error-body-name");
    await expect.poll(() => error.textContent()).toMatch(/200/);
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.getAttribute("aria-describedby")).toBe("error-body-name");
    // Nothing typed is lost.
    expect(await name.inputValue()).toBe("x".repeat(201));
    expect(await form.getByLabel(/^Description/).inputValue()).toBe("Two arithmetic benchmarks");
    expect(await form.locator(".tag").allTextContents()).toEqual(["openai×", "custom×"]);
    for (const benchmark of Object.keys(BENCHMARKS)) {
      expect(
        await form
          .locator(".id-checklist")
          .nth(1)
          .getByLabel(new RegExp(benchmark, "i"))
          .isChecked(),
      ).toBe(true);
    }
    await screenshot(page, "leaderboards-02-refused");

    await name.fill("Arithmetic");
    await form.getByRole("button", { name: "Create leaderboard" }).click();
    await expect
      .poll(() => page.locator(".notice").textContent())
      .toContain("Created “Arithmetic”");
    const row = page.locator("table.spaces tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    spaceSlug = (await row.getAttribute("data-space-slug")) as string;
    expect(spaceSlug).toBe("arithmetic");
    expect(await row.locator(".space-slug").textContent()).toBe("arithmetic");
    // 4 models, 2 benchmarks, 7 pairs: 8 successful evaluations with the older run of one pair.
    const counts = await row.locator("td.num").allTextContents();
    expect(counts).toEqual(["4", "2", "8"]);
    expect(await row.innerText()).toContain("Two arithmetic benchmarks");
    await screenshot(page, "leaderboards-02b-list");
  });

  it("refuses a taken name under the name field", async () => {
    await page.getByRole("button", { name: "New leaderboard" }).click();
    const form = page.locator("form.space-form");
    await form.getByLabel("Name").fill("Arithmetic");
    await form.getByRole("button", { name: "Create leaderboard" }).click();
    await expect
      .poll(() => form.locator("#error-body-name").textContent())
      .toContain("already exists");
    await form.getByRole("button", { name: "Cancel" }).click();
  });

  it("lays out models × benchmarks with intervals, n, links and tied ranks", async () => {
    await page.locator("table.spaces").getByRole("link", { name: "Arithmetic" }).click();
    await page.waitForURL(`${ui}/leaderboards/${spaceSlug}`);
    await expect.poll(() => page.locator(".leaderboard-matrix tbody tr").count()).toBe(4);
    expect(await page.locator(".rule").textContent()).toContain(
      "1 + the number of models whose 95% interval lies entirely above",
    );

    for (const [key, e] of shown) {
      const [model, benchmark] = key.split(" ") as [string, BenchmarkName];
      const text = await cell(model, benchmark).innerText();
      const { low, high } = e.assay.accuracy_ci95;
      expect(text).toContain(percent(e.accuracy));
      expect(text).toContain(`[${percent(low)}, ${percent(high)}]`);
      expect(text).toContain(`n=${PROMPTS}`);
      expect(e.accuracy).toBeCloseTo((RIGHT[model]?.[benchmark] ?? 0) / PROMPTS, 10);
      expect(await cell(model, benchmark).locator("a").getAttribute("href")).toBe(
        `/ui/evaluations/${e.id}`,
      );
    }
    // Sums: 4o and mini overlap (tied first); own is below 4o only; nano below 4o and mini.
    expect(await rankIn("gpt-4o", "Sums")).toBe("=1");
    expect(await rankIn("gpt-4o-mini", "Sums")).toBe("=1");
    expect(await rankIn("own", "Sums")).toBe("2");
    expect(await rankIn("gpt-4.1-nano", "Sums")).toBe("3");
    // Totals: 4o clearly first; nano (18/30) and mini (8/30) overlap.
    expect(await rankIn("gpt-4o", "Totals")).toBe("1");
    expect(await rankIn("gpt-4.1-nano", "Totals")).toBe("=2");
    expect(await rankIn("gpt-4o-mini", "Totals")).toBe("=2");

    // The pair that ran twice shows the newer run, and says so.
    const nano = cell("gpt-4.1-nano", "Sums");
    expect(await nano.locator(".runs").textContent()).toBe("newest of 2");
    expect(await nano.locator("a").getAttribute("title")).toContain("newest of 2");
    expect(await page.locator(`td[data-evaluation-id="${olderNanoSums.id}"]`).count()).toBe(0);

    // Overall: 4o first; mini and nano tied; own has one benchmark of two and no overall rank.
    expect(await overallRank("gpt-4o")).toBe("1");
    expect(await overallRank("gpt-4o-mini")).toBe("=2");
    expect(await overallRank("gpt-4.1-nano")).toBe("=2");
    expect(await overallRank("own")).toBe("–");
    const own = page.locator(`tr[data-model-id="${modelIds.own}"] td[data-overall]`);
    expect(await own.innerText()).toContain("1 of 2 benchmarks");
    const mini = await page
      .locator(`tr[data-model-id="${modelIds["gpt-4o-mini"]}"] td[data-overall]`)
      .innerText();
    expect(mini).toContain(percent((26 + 8) / 2 / PROMPTS));
    // Rows by overall standing: complete models first.
    const rows = await page.locator(".leaderboard-matrix tbody th").allTextContents();
    expect(rows).toEqual([
      names["gpt-4o"],
      names["gpt-4o-mini"],
      names["gpt-4.1-nano"],
      "fake/own",
    ]);
  });

  it("draws accuracy against cost with the Pareto frontier, marks inside the axes", async () => {
    const chart = page.locator("figure.frontier-plot svg");
    await expect.poll(() => chart.locator("g.model-dot circle").count()).toBe(3);
    // Overall: own is not on every benchmark.
    expect(await page.locator('[data-note="incomplete"]').textContent()).toContain("fake/own");
    await assertInsideAxes(page);
    await screenshot(page, "leaderboards-03-board");

    const choose = page.getByLabel("Show");
    const sums = shown.get("gpt-4o Sums") as Evaluation;
    await choose.selectOption({ label: "Sums" });
    await page.waitForURL(`${ui}/leaderboards/${spaceSlug}?frontier=${sums.dataset_id}`);
    await expect.poll(() => chart.locator("g.model-dot circle").count()).toBe(3);
    expect(await page.locator('[data-note="cost-unknown"]').textContent()).toContain("fake/own");
    // Cheapest to dearest, each more accurate: all three are on the frontier.
    const frontierText = () => page.locator(".frontier p").first().innerText();
    expect(await frontierText()).toMatch(
      new RegExp(`${names["gpt-4.1-nano"]} .*→ ${names["gpt-4o-mini"]} .*→ ${names["gpt-4o"]} `),
    );
    await assertInsideAxes(page);

    await choose.selectOption({ label: "Totals" });
    await expect.poll(frontierText).not.toContain(names["gpt-4o-mini"]);
    // mini costs more than nano and is less accurate on Totals: off the frontier.
    expect(await frontierText()).toMatch(
      new RegExp(`${names["gpt-4.1-nano"]} .*→ ${names["gpt-4o"]} `),
    );
    expect(await chart.locator("g.frontier-label text").first().textContent()).toBe(
      "Pareto frontier",
    );
    await assertInsideAxes(page);
    await screenshot(page, "leaderboards-04-frontier-totals");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "leaderboards-05-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("opens the paired comparison of two cells picked in one column", async () => {
    const compare = page.getByRole("button", { name: /^Compare/ });
    expect(await compare.isDisabled()).toBe(true);
    await cell("gpt-4o", "Totals").getByRole("checkbox").check();
    // A pick in another column starts over there.
    await cell("own", "Sums").getByRole("checkbox").check();
    expect(await cell("gpt-4o", "Totals").getByRole("checkbox").isChecked()).toBe(false);
    await cell("gpt-4o", "Sums").getByRole("checkbox").check();
    expect(await compare.isDisabled()).toBe(false);
    await compare.click();
    const a = shown.get("own Sums") as Evaluation;
    const b = shown.get("gpt-4o Sums") as Evaluation;
    await page.waitForURL(`${ui}/compare?a=${a.id}&b=${b.id}`);
  });

  it("edits and deletes a leaderboard", async () => {
    await page.goto(`${ui}/leaderboards`);
    await page.getByRole("button", { name: "edit Arithmetic" }).click();
    const form = page.locator("form.space-form");
    expect(await form.getByLabel("Name").inputValue()).toBe("Arithmetic");
    await form.getByLabel("Visibility").selectOption("public");
    // A malformed slug is refused under its field; a good one renames the address.
    const slug = form.getByLabel("Slug");
    expect(await slug.inputValue()).toBe("arithmetic");
    await slug.fill("Sums & Totals");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => form.locator("#error-body-slug").textContent()).toContain("lowercase");
    await slug.fill("sums-and-totals");
    // Only the catalog models: the custom one drops out.
    await form.locator(".tag", { hasText: "custom" }).getByRole("button").click();
    await form.getByRole("button", { name: "Save changes" }).click();
    const row = page.locator("table.spaces tbody tr");
    await expect.poll(() => row.locator("td.num").allTextContents()).toEqual(["3", "2", "7"]);
    expect(await row.locator(".visibility").textContent()).toBe("public");
    expect(await row.getAttribute("data-space-slug")).toBe("sums-and-totals");

    await page.getByRole("button", { name: "delete Arithmetic" }).click();
    await row.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => page.locator(".empty").textContent()).toContain("No leaderboards yet");
    // The browser logs the two refusals this test asked for; nothing else went wrong.
    expect(pageErrors).toEqual([
      "console: Failed to load resource: the server responded with a status of 400 (Bad Request)",
      "console: Failed to load resource: the server responded with a status of 409 (Conflict)",
      "console: Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
  });
});

/** Every dot, interval rule and the frontier line inside the frame; every label inside the SVG. */
async function assertInsideAxes(p: Page): Promise<void> {
  const problems = await p.locator("figure.frontier-plot svg").evaluate((svg) => {
    type Box = ReturnType<typeof svg.getBoundingClientRect>;
    const frame = svg.querySelector('[aria-label="frame"]');
    if (!frame) return ["no frame"];
    const f = frame.getBoundingClientRect();
    const s = svg.getBoundingClientRect();
    const out: string[] = [];
    const inside = (r: Box, box: Box, slack = 0.5) =>
      r.left >= box.left - slack &&
      r.right <= box.right + slack &&
      r.top >= box.top - slack &&
      r.bottom <= box.bottom + slack;
    const marks = svg.querySelectorAll(
      "g.model-dot circle, g.frontier-line path, [aria-label='rule'] line",
    );
    if (marks.length === 0) out.push("no marks");
    for (const mark of marks) {
      if (!inside(mark.getBoundingClientRect(), f))
        out.push(`outside the frame: ${mark.outerHTML}`);
    }
    const labels = svg.querySelectorAll("g.model-label text, g.frontier-label text");
    if (labels.length === 0) out.push("no labels");
    for (const text of labels) {
      if (!inside(text.getBoundingClientRect(), s))
        out.push(`outside the chart: ${text.textContent}`);
    }
    return out;
  });
  expect(problems).toEqual([]);
}
