import type { Client, Evaluation } from "@assay/client";
import {
  mcnemarScorePValue,
  pairedDifferenceInterval,
} from "@assay/server/src/engine/stats/index.ts";
import { importGsm8k, writeCorrectedGsm8k } from "@assay/test-kit/evaluation-fixtures.ts";
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
 * The comparison view in Chromium against a real service (SQLite or PostgreSQL by DATABASE_URL):
 * two fake models answer a 40-prompt benchmark in two subsets, wrong on known prompts, so every
 * count on the page is known in advance.
 */

const PROMPTS = 40;
const SEED = 7;
/** A is wrong on Q1–Q12, B on Q3, Q7, Q25 and Q31. */
const WRONG_A = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
const WRONG_B = new Set([3, 7, 25, 31]);
const ONLY_A_RIGHT = [25, 31];
const ONLY_B_RIGHT = [1, 2, 4, 5, 6, 8, 9, 10, 11, 12];
const subsetOf = (id: number) => (id <= 20 ? "easy" : "hard");

/** Answers Q<id> right unless it is in `wrong`, in its own words (so the two answers differ). */
function answering(wrong: Set<number>, words: string): FakeBehavior {
  return ({ lastUserMessage }) => {
    const id = Number(/Q(\d+):/.exec(lastUserMessage)?.[1]);
    const item = makeArithmeticItem(id, SEED);
    const answer = Number(item.answer) + (wrong.has(id) ? 1 : 0);
    return { content: `${words} ${answer}.` };
  };
}

let service: TestService;
let fakes: FakeModelServer[];
let browser: Browser;
let page: Page;
let pageErrors: string[];
let evalA: Evaluation;
let evalB: Evaluation;
let evalShort: Evaluation;
let ui: string;
let client: Client;

beforeAll(async () => {
  let fakeA: FakeModelServer;
  let fakeB: FakeModelServer;
  [fakeA, fakeB, browser] = await Promise.all([
    startFakeModelServer({ behavior: answering(WRONG_A, "The sum is") }),
    startFakeModelServer({ behavior: answering(WRONG_B, "I think the total is") }),
    launchChromium(),
  ]);
  fakes = [fakeA, fakeB];
  const started = await startDashboardService({ ASSAY_JOB_POLL_INTERVAL_MS: "50" });
  ({ service, ui } = started);
  client = started.client;
  const models = [
    await addFakeModel(client, "fake/a", fakeA),
    await addFakeModel(client, "fake/b", fakeB),
  ];
  const rows = Array.from({ length: PROMPTS }, (_, i) => {
    const item = makeArithmeticItem(i + 1, SEED);
    return { input: item.question, truth: item.answer, subset: subsetOf(i + 1) };
  });
  const benchmark = await addNumericBenchmark(client, "Sums", rows);
  const [modelA, modelB] = models;
  if (!modelA || !modelB || !benchmark) throw new Error("the models or the benchmark are missing");
  const run = async (model: typeof modelA, limit?: number) =>
    client.evaluations.waitForCompletion(
      await client.evaluations.create(model, benchmark, { limit }),
      { intervalMs: 100 },
    );
  [evalA, evalB, evalShort] = await Promise.all([run(modelA), run(modelB), run(modelB, 30)]);

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1180, height: 760 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await Promise.all((fakes ?? []).map((f) => f.close()));
});

/** The headline's interval as the page should print it: signed points, one decimal. */
const points = (x: number) => {
  const s = (x * 100).toFixed(1);
  return x > 0 ? `+${s}` : `−${s.replace("-", "")}`;
};

describe("the comparison view", () => {
  it("opens from the Evaluations list with two ticked", async () => {
    await expect.poll(() => page.locator("table.evaluations tbody tr").count()).toBe(3);
    const compare = page.getByRole("button", { name: /^Compare/ });
    expect(await compare.isDisabled()).toBe(true);
    const tick = (e: Evaluation) =>
      page.locator(`tr[data-evaluation-id="${e.id}"] input[type=checkbox]`).check();
    await tick(evalA);
    expect(await compare.isDisabled()).toBe(true);
    await tick(evalShort);
    await tick(evalB);
    // Three open the runs side by side; two, this view.
    expect(await compare.textContent()).toBe("Compare (3)");
    expect(await compare.isDisabled()).toBe(false);
    await page.locator(`tr[data-evaluation-id="${evalShort.id}"] input[type=checkbox]`).uncheck();
    expect(await compare.isDisabled()).toBe(false);
    await screenshot(page, "compare-01-list-selected");
    await compare.click();
    // The first ticked is A.
    await page.waitForURL(`${ui}/compare?a=${evalA.id}&b=${evalB.id}`);
    await expect.poll(() => page.locator(".verdict").textContent()).toMatch(/^B is better/);
  });

  it("heads with the paired difference, its interval, McNemar's p and a verdict", async () => {
    const counts = {
      bothCorrect: PROMPTS - WRONG_A.size - WRONG_B.size + 2,
      onlyACorrect: ONLY_A_RIGHT.length,
      onlyBCorrect: ONLY_B_RIGHT.length,
      bothWrong: 2,
    };
    const { low, high } = pairedDifferenceInterval(counts);
    // McNemar's score test: z = (10 − 2)/√12; statsmodels mcnemar(exact=False, correction=False).
    const p = mcnemarScorePValue(2, 10);
    expect(p).toBeCloseTo(0.020921335337794035, 14);
    expect(await page.locator(".verdict").textContent()).toBe(
      `B is better: +20.0 points [${points(low)}, ${points(high)}], p = 0.021`,
    );
    // The colour and the method line follow the same verdict.
    expect(await page.locator(".headline").getAttribute("data-tone")).toBe("significant");
    expect(await page.locator(".headline [data-method]").textContent()).toContain(
      "(Tango score interval, which inverts the test); McNemar score test p = 0.021",
    );
    const cell = (name: string) => page.locator(`button[data-cell="${name}"] .cell-count`);
    expect(await cell("both_right").textContent()).toBe(String(counts.bothCorrect));
    expect(await cell("only_a").textContent()).toBe("2");
    expect(await cell("only_b").textContent()).toBe("10");
    expect(await cell("both_wrong").textContent()).toBe("2");
    // Discordance 12/40: ±2 points needs 0.3·(1.96/0.02)² ≈ 2,882 prompts.
    expect(await page.locator('li[data-half-width="0.02"]').textContent()).toContain("2,882");
    expect(await page.locator(".warning").count()).toBe(0);

    // Per subset: easy has B's 10 wins (z = √10, p = 0.0016), hard A's 2 (z = −√2, p = 0.157);
    // Holm doubles the smaller (0.0031).
    const easy = await page.locator('tr[data-subset="easy"]').innerText();
    expect(easy).toContain("+50.0");
    expect(easy).toContain("0.002");
    expect(easy).toContain("0.003");
    const hard = await page.locator('tr[data-subset="hard"]').innerText();
    expect(hard).toContain("−10.0");
    expect(hard).toContain("0.16");
    expect(await page.locator(".subsets .badge").textContent()).toBe("exploratory");
    // The whiskers' marks stay inside their boxes.
    for (const svg of await page.locator(".subset-table svg.whisker").all()) {
      const inside = await svg.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll("line, circle")].every((mark) => {
          const r = mark.getBoundingClientRect();
          return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
        });
      });
      expect(inside).toBe(true);
    }
    await screenshot(page, "compare-02-headline");
  });

  it("lists exactly the prompts of a cell, with both answers and a word diff", async () => {
    await page.getByRole("button", { name: "only A right: 2 prompts" }).click();
    await page.waitForURL((url) => url.searchParams.get("cell") === "only_a");
    const items = page.locator("li.pair");
    await expect
      .poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute("data-prompt-id"))))
      .toHaveLength(2);
    const texts = await items.allInnerTexts();
    for (const [i, id] of ONLY_A_RIGHT.entries()) {
      const item = makeArithmeticItem(id, SEED);
      const text = texts[i] as string;
      expect(text).toContain(`Q${id}:`);
      expect(text).toContain(`The sum is ${item.answer}.`);
      expect(text).toContain(`I think the total is ${Number(item.answer) + 1}.`);
    }
    const first = items.first();
    expect(await first.locator("[data-side=A]").innerText()).toContain("✓ right");
    expect(await first.locator("[data-side=B]").innerText()).toContain("✗ wrong");
    const answer = makeArithmeticItem(25, SEED).answer;
    expect(await first.locator(".diff del").allTextContents()).toEqual(["The sum ", `${answer}.`]);
    expect(await first.locator(".diff ins").allTextContents()).toEqual([
      "I think the total ",
      `${Number(answer) + 1}.`,
    ]);
    await screenshot(page, "compare-03-only-a-right");

    // A shared link opens the same cell; "only B right" pages by 10.
    await page.goto(`${ui}/compare?a=${evalA.id}&b=${evalB.id}&cell=only_b`);
    await expect.poll(() => items.count()).toBe(10);
    expect(await page.locator(".disagreements h2").textContent()).toBe("Only B right: 10 prompts");

    // "Both right" (26) pages by 10, from the keyboard too; the page lives in the URL.
    await page.locator('button[data-cell="both_right"]').focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("cell") === "both_right");
    await expect.poll(() => page.locator(".pager").textContent()).toContain("page 1 of 3");
    await page.getByRole("button", { name: "Next →" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    const bothRight = Array.from({ length: PROMPTS }, (_, i) => i + 1).filter(
      (id) => !WRONG_A.has(id) && !WRONG_B.has(id),
    );
    await expect
      .poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute("data-prompt-id"))))
      .toEqual(bothRight.slice(10, 20).map(String));
  });

  it("warns when the two runs did not answer the same prompts, and explains a refusal", async () => {
    await page.goto(`${ui}/compare?a=${evalA.id}&b=${evalShort.id}`);
    await expect
      .poll(() => page.locator(".warning").textContent())
      .toContain("A answered 40 prompts, B answered 30, and only 30 pair up");
    await screenshot(page, "compare-04-different-prompts");

    await page.goto(`${ui}/compare?a=${evalA.id}&b=no-such-evaluation`);
    await expect
      .poll(() => page.locator(".compare > .error").textContent(), { timeout: 8000 })
      .toMatch(/not found/i);
    await screenshot(page, "compare-05-missing-evaluation");
  });

  it("warns when the benchmark's data was reloaded between the two runs", async () => {
    const gsm8k = await importGsm8k(service);
    const model = await client.models.getByKey("fake/a");
    const benchmark = await client.benchmarks.getById(gsm8k);
    if (!model) throw new Error("fake/a is missing");
    const run = async () =>
      client.evaluations.waitForCompletion(
        await client.evaluations.create(model, benchmark, { limit: 5 }),
        { intervalMs: 100 },
      );
    const before = await run();
    await importGsm8k(service, writeCorrectedGsm8k());
    const after = await run();

    await page.goto(`${ui}/compare?a=${before.id}&b=${after.id}`);
    await expect
      .poll(() => page.getByTestId("version-warning").textContent())
      .toContain("different versions of the benchmark's data");
    await screenshot(page, "compare-08-different-versions");
    await page.goto(`${ui}/evaluations/${before.id}`);
    await expect
      .poll(() => page.getByTestId("version-changed").textContent())
      .toContain("the catalog's data has changed since");
  });

  it("reads in dark mode too, and ran without script errors", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${ui}/compare?a=${evalA.id}&b=${evalB.id}&cell=only_a`);
    await expect.poll(() => page.locator("li.pair").count()).toBe(2);
    await screenshot(page, "compare-06-dark");
    // Without two evaluations the view says how to choose them.
    await page.goto(`${ui}/compare?a=${evalA.id}`);
    await expect
      .poll(() => page.locator(".empty").textContent())
      .toContain("Choose two evaluations");
    await screenshot(page, "compare-07-nothing-chosen");
    expect(pageErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
