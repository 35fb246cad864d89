import { readFileSync } from "node:fs";
import type { Client, Evaluation } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import {
  addFakeModel,
  addNumericBenchmark,
  startDashboardService,
} from "./support/dashboard-service.ts";
import { parseCsv } from "./support/parse-csv.ts";

/**
 * The results view in Chromium against a real service (SQLite or PostgreSQL, DATABASE_URL): an
 * evaluation of 300 arithmetic prompts on a fake model that gets 3 in 4 right, answers one in ten
 * with a 500, and is wrong otherwise. Rows arrive page by page as the table scrolls; filters,
 * keys, the panel, links and exports are used as a person would.
 */

const N = 300;
/** Q<id> (position id − 1): every tenth gets a 500; else id ≡ 3 (mod 4) is answered wrong. */
const isError = (id: number) => id % 10 === 0;
const isWrong = (id: number) => !isError(id) && id % 4 === 3;
const ERRORS = 30;
const FAILED = 105; // 75 wrong + 30 errors
/** A prompt far longer than its table cell; it passes (262 ≢ 3 mod 4, not a tenth). */
const LONG_ID = 262;
const LONG_TAIL = `${"Some context that goes on. ".repeat(80)}END-OF-LONG-PROMPT`;

let service: TestService;
let model: FakeModelServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let evaluation: Evaluation;
let view: string;
let client: Client;
const questions: string[] = [];
/** Pages of GET /results the page asked for (`outcome|search|page`). */
const requested: string[] = [];

beforeAll(async () => {
  [model, browser] = await Promise.all([
    startFakeModelServer({
      behavior: (request) => {
        const id = Number(/Q(\d+):/.exec(request.lastUserMessage)?.[1]);
        if (isError(id)) return { status: 500, body: { error: "the fake model is down" } };
        return arithmeticBehavior(request);
      },
    }),
    launchChromium(),
  ]);
  ({ service, client } = await startDashboardService({ ASSAY_MODEL_MAX_ATTEMPTS: "1" }));
  const fake = await addFakeModel(client, "fake/sometimes", model);
  const rows = Array.from({ length: N }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 7);
    const input =
      item.id === LONG_ID
        ? `${item.question}
${LONG_TAIL}`
        : item.question;
    questions.push(input);
    return { input, truth: item.answer, subset: i < 150 ? "early" : "late" };
  });
  const benchmark = await addNumericBenchmark(client, "Sums 300", rows);
  if (!fake || !benchmark) throw new Error("the model or the benchmark was not created");
  const created = await client.evaluations.create(fake, benchmark, { concurrency: 16 });
  evaluation = await client.evaluations.waitForCompletion(created, { intervalMs: 200 });
  view = `${service.origin}/ui/evaluations/${evaluation.id}/results`;

  ({ context, page, pageErrors } = await signedInPage(
    browser,
    `${service.origin}/ui`,
    service.apiKey,
    {
      viewport: { width: 1280, height: 720 },
      acceptDownloads: true,
      watch: (p) =>
        p.on("request", (request) => {
          const url = new URL(request.url());
          if (!url.pathname.startsWith("/api/") || !url.pathname.endsWith("/results")) return;
          const q = url.searchParams;
          requested.push(`${q.get("outcome") ?? ""}|${q.get("search") ?? ""}|${q.get("page")}`);
        }),
    },
  ));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await model?.close();
});

/** Polls longer than Vitest's 1 s default: two cores are shared with other test runs. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 5_000 });

const rows = () => page.locator("table.results tbody tr[data-index]");
const row = (index: number) => page.locator(`table.results tr[data-index="${index}"]`);
const count = () => page.locator(".results-toolbar .count");
const panel = () => page.locator("aside.result-panel");

describe("the results view in Chromium", () => {
  it("ran the evaluation the test expects", () => {
    expect(evaluation.status).toBe("success");
    expect(evaluation.assay.progress).toMatchObject({ total: N, done: N, correct: N - FAILED });
    expect(evaluation.failed_prompt_count).toBe(ERRORS);
  });

  it("shows the first rows, and fetches further pages only as the table scrolls", async () => {
    await page.goto(view);
    await poll(() => count().textContent()).toBe(`${N} results`);
    await poll(() => row(0).getAttribute("data-position")).toBe("0");
    // Only what is in view (and a margin) is in the DOM; only page 1 was asked for.
    expect(await rows().count()).toBeLessThan(60);
    expect(requested).toEqual(["||1"]);
    expect(await row(0).innerText()).toContain(questions[0]?.slice(0, 30));
    await screenshot(page, "results-01-table");

    // A jump to the end asks for the last page, not for every page before it.
    await page.locator(".results-scroller").evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await poll(() => row(N - 1).getAttribute("data-position")).toBe(String(N - 1));
    expect(requested).toEqual(["||1", "||3"]);
    const last = await row(N - 1).innerText();
    expect(last).toContain("error");
    expect(last).toContain("500");
    // Back to the middle: page 2 now.
    await page.locator(".results-scroller").evaluate((el) => {
      el.scrollTop = el.scrollHeight / 2;
    });
    await poll(() => row(150).getAttribute("data-position")).toBe("150");
    expect(requested).toEqual(["||1", "||3", "||2"]);
    await screenshot(page, "results-02-scrolled");
  });

  it("filters by outcome on the server, with the filter in the URL", async () => {
    await page.getByRole("button", { name: "error", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("outcome") === "error");
    await poll(() => count().textContent()).toBe(`${ERRORS} results of ${N}`);
    await poll(() => rows().count()).toBe(ERRORS);
    const outcomes = await rows().locator(".outcome").allTextContents();
    expect(outcomes).toEqual(Array(ERRORS).fill("error"));
    const positions = await rows().evaluateAll((trs) => trs.map((tr) => tr.dataset.position));
    expect(positions).toEqual(Array.from({ length: ERRORS }, (_, i) => String((i + 1) * 10 - 1)));
    await screenshot(page, "results-03-errors");

    await page.getByRole("button", { name: "failed", exact: true }).click();
    await poll(() => count().textContent()).toBe(`${FAILED} results of ${N}`);
  });

  it("narrows with a search, combined with the outcome and subset filters", async () => {
    await page.getByRole("button", { name: "all", exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has("outcome"));
    const name = "grace";
    const matching = questions
      .map((q, i) => ({ q, id: i + 1 }))
      .filter(({ q }) => q.toLowerCase().includes(name));
    expect(matching.length).toBeGreaterThan(5);
    await page.getByLabel("Search").fill("Grace");
    await page.waitForURL((url) => url.searchParams.get("q") === "Grace");
    await poll(() => count().textContent()).toBe(`${matching.length} results of ${N}`);
    const positions = await rows().evaluateAll((trs) => trs.map((tr) => tr.dataset.position));
    // The rows in the DOM (those in view and a margin) are the first matches, in order.
    expect(positions.length).toBeGreaterThan(20);
    expect(positions).toEqual(matching.slice(0, positions.length).map(({ id }) => String(id - 1)));

    await page.getByLabel("Subset").selectOption("late");
    const late = matching.filter(({ id }) => id > 150);
    await poll(() => count().textContent()).toBe(`${late.length} results of ${N}`);
    await screenshot(page, "results-04-search");
    await page.getByLabel("Search").fill("no such text anywhere");
    await poll(() => page.locator(".empty").textContent()).toBe("No result matches these filters.");
  });

  it("moves with j/k, opens the panel with Enter, closes it with Esc", async () => {
    await page.goto(view);
    await poll(() => row(0).getAttribute("data-position")).toBe("0");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    await poll(() => row(1).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("prompt") === "1");
    await poll(() => panel().locator("h2").textContent()).toBe("Prompt #1");
    await page.keyboard.press("j");
    await page.waitForURL((url) => url.searchParams.get("prompt") === "2");
    // Q3 is answered wrong: the panel says what the scorer compared.
    const text = await panel().innerText();
    expect(text).toContain("failed");
    expect(text).toContain(questions[2]);
    expect(text).toContain(String(Number(makeArithmeticItem(3, 7).answer) + 1));
    await screenshot(page, "results-05-panel");
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.searchParams.has("prompt"));
    expect(await panel().count()).toBe(0);
    // Enter on a focused control is the control's: here a filter, not the cursor's result.
    await page.getByRole("button", { name: "passed", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("outcome") === "passed");
    expect(new URL(page.url()).searchParams.has("prompt")).toBe(false);
  });

  it("opens a linked result's panel with the whole prompt, under filters too", async () => {
    const position = LONG_ID - 1;
    // Among the passed results, #261 is on the third page of 100: the view has to find it.
    await page.goto(`${view}?outcome=passed&prompt=${position}`);
    await poll(() => panel().locator("h2").textContent()).toBe(`Prompt #${position}`);
    const prompt = await panel().locator("section", { hasText: "Prompt" }).first().innerText();
    expect(prompt).toContain(questions[position]?.split("\n")[0]);
    expect(prompt).toContain("END-OF-LONG-PROMPT");
    const selected = page.locator('table.results tr[aria-selected="true"]');
    await poll(() => selected.getAttribute("data-position")).toBe(String(position));
    // Scrolled into view: below the sticky header, above the scroller's bottom edge.
    await poll(() =>
      selected.evaluate((tr) => {
        const box = tr.getBoundingClientRect();
        const scroller = tr.closest(".results-scroller")?.getBoundingClientRect();
        const head = tr.closest("table")?.querySelector("thead")?.getBoundingClientRect();
        return Boolean(
          scroller && head && box.top >= head.bottom - 1 && box.bottom <= scroller.bottom,
        );
      }),
    ).toBe(true);
    await screenshot(page, "results-06-deep-link");

    // A link to a result the filters leave out says so.
    await page.goto(`${view}?outcome=error&prompt=${position}`);
    await poll(() => panel().textContent()).toContain(
      `Prompt #${position} is not among the results these filters keep.`,
    );
  });

  it("exports the filtered results as CSV and JSONL downloads", async () => {
    await page.goto(`${view}?outcome=failed`);
    await poll(() => count().textContent()).toBe(`${FAILED} results of ${N}`);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`results-${evaluation.id}.csv`);
    const records = parseCsv(readFileSync((await csv.path()) as string, "utf8"));
    expect(records[0]?.slice(0, 4)).toEqual(["position", "prompt_id", "subset", "outcome"]);
    expect(records).toHaveLength(FAILED + 1);
    const ids = records.slice(1).map((r) => Number(r[0]) + 1);
    expect(ids.every((id) => isError(id) || isWrong(id))).toBe(true);
    // Quoted fields with line breaks survive: the response "Let me add.\n#### …".
    expect(records.find((r) => r[3] === "failed")?.[7]).toMatch(/^Let me add\.\n#### \d+$/);

    const [jsonl] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export JSONL" }).click(),
    ]);
    const lines = readFileSync((await jsonl.path()) as string, "utf8")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(FAILED);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ passed: false, position: 2 });
  });

  it("fills in while an evaluation runs, without a reload", async () => {
    const slow = await startFakeModelServer({ latencyMs: 400, behavior: arithmeticBehavior });
    try {
      const slowModel = await addFakeModel(client, "fake/slow", slow);
      const benchmark = await client.benchmarks.getByKey("sums-300");
      if (!slowModel || !benchmark) throw new Error("the model or the benchmark is missing");
      const running = await client.evaluations.create(slowModel, benchmark, {
        limit: 16,
        concurrency: 1,
        cache: false,
      });
      await page.goto(`${service.origin}/ui/evaluations/${running.id}/results`);
      await poll(() => page.locator(".running").count()).toBe(1);
      // Part-way: some rows, the run still going (16 prompts × 400 ms, the page reads every 2 s).
      await expect.poll(() => rows().count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const early = Number((await count().textContent())?.split(" ")[0]);
      expect(early).toBeLessThan(16);
      expect(await page.locator(".running").count()).toBe(1);
      await screenshot(page, "results-09-running");
      await expect.poll(() => count().textContent(), { timeout: 15_000 }).toBe("16 results");
      await poll(() => rows().count()).toBe(16);
      await poll(() => page.locator(".running").count()).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it("reads well in dark mode, panel open", async () => {
    const dark = await browser.newContext({
      colorScheme: "dark",
      viewport: { width: 1280, height: 720 },
      storageState: await context.storageState(),
    });
    try {
      const tab = await dark.newPage();
      await tab.goto(`${view}?prompt=9`);
      await poll(() => tab.locator("aside.result-panel h2").textContent()).toBe("Prompt #9");
      expect(await tab.locator("aside.result-panel").innerText()).toContain(
        "the fake model is down",
      );
      await screenshot(tab, "results-07-dark-error");
    } finally {
      await dark.close();
    }
  });

  it("says so, once, for an evaluation that does not exist", async () => {
    // Its own tab: the browser logs the expected 404s as console errors.
    const tab = await context.newPage();
    try {
      const missing = "0f0f0f0f-0000-4000-8000-000000000000";
      await tab.goto(`${service.origin}/ui/evaluations/${missing}/results`);
      await poll(() => tab.getByRole("alert").count()).toBe(1);
      expect(await tab.getByRole("alert").textContent()).toMatch(/^\S.* not found$/);
      expect(await tab.locator("table.results, .results-toolbar").count()).toBe(0);
      expect(await tab.getByRole("link", { name: "All evaluations" }).isVisible()).toBe(true);
      await screenshot(tab, "results-08-unknown");
    } finally {
      await tab.close();
    }
  });

  it("shows a code answer's run: its exit, and the traceback naming the failed assertion", async () => {
    const coder = await startFakeModelServer({
      behavior: () => ({
        content: "```python\ndef square(x):\n    print('squaring', x)\n    return x + x\n```",
      }),
    });
    try {
      const model = await addFakeModel(client, "fake/coder", coder);
      const { benchmark_id } = await client.benchmarks.createCustom({
        name: "Squares",
        description: "Squares",
        file: new TextEncoder().encode(
          `${JSON.stringify({ input: "Write square(x).", truth: "assert square(3) == 9" })}\n`,
        ),
        filename: `squares-${crypto.randomUUID()}.jsonl`,
        scoring_metric: "python_tests",
      });
      const run = await client.evaluations.create(
        model,
        await client.benchmarks.getById(benchmark_id),
      );
      await client.evaluations.waitForCompletion(run, { intervalMs: 200 });
      await page.goto(`${service.origin}/ui/evaluations/${run.id}/results?prompt=0`);
      const execution = panel().getByTestId("execution");
      await poll(() => execution.locator("[data-exit]").textContent()).toBe("failed");
      expect(await execution.locator('[data-stream="stdout"] pre').textContent()).toBe(
        "squaring 3\n",
      );
      const stderr = execution.locator('[data-stream="stderr"] pre');
      expect(await stderr.textContent()).toMatch(/ {4}assert square\(3\) == 9\nAssertionError\n$/);
      // A long traceback scrolls inside its block instead of stretching the panel.
      expect(
        await stderr.evaluate(
          (pre) => pre.ownerDocument.defaultView?.getComputedStyle(pre).overflowY,
        ),
      ).toBe("auto");
      await screenshot(page, "results-10-execution");
    } finally {
      await coder.close();
    }
  });

  it("ran without script errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
