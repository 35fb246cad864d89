import type { Client } from "@assay/client";
import type { Judge } from "@assay/protocol";
import { type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import {
  CITING_GOAL,
  insertFinishedRun,
  labelTraces,
  optimizationBehavior,
  VAGUE_GOAL,
} from "@assay/test-kit/judge-optimization-fixtures.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addFakeModel, startDashboardService } from "./support/dashboard-service.ts";

/**
 * Judge optimization in Chromium against a real service (SQLite, or PostgreSQL with
 * DATABASE_URL): a judge with 40 labels, a fake judge model whose verdicts follow its goal and a
 * fake optimizer model (ASSAY_OPTIMIZER_MODEL) proposing goals. A budget is chosen with its
 * estimate, the run followed live to its held-out verdict; one run finds the better goal (Apply,
 * confirmed, gives the judge version 2), another only goals as good as the original (Apply is
 * disabled and the page says the new goal is not measurably better).
 */

let service: TestService;
let judgeFake: FakeModelServer;
let optimizerFake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let tenant: Tenant;
/** What the fake optimizer proposes next. */
let nextGoal: () => string = () => CITING_GOAL;
const WAIT = { timeout: 10_000 };

beforeAll(async () => {
  [judgeFake, optimizerFake, browser] = await Promise.all([
    // Some latency, so the page sees the run going on.
    startFakeModelServer({ latencyMs: 3, behavior: optimizationBehavior(() => "unused") }),
    startFakeModelServer({ latencyMs: 3, behavior: optimizationBehavior(() => nextGoal()) }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService({
    ASSAY_OPTIMIZER_MODEL: "fake/optimizer",
    ASSAY_JOB_POLL_INTERVAL_MS: "50",
  }));
  tenant = await tenantOf(service);
  await addFakeModel(client, "fake/judge", judgeFake);
  await addFakeModel(client, "fake/optimizer", optimizerFake);

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await judgeFake?.close();
  await optimizerFake?.close();
});

let judges = 0;
async function labeledJudge(labels = 40): Promise<Judge> {
  const judge = await client.judges.create({
    name: `Support answers ${++judges}`,
    evaluation_goal: VAGUE_GOAL,
    model_id: "fake/judge",
  });
  if (labels > 0) await labelTraces(service, tenant, judge.id, labels);
  return judge;
}

/** Starts an optimization of `judge` from its page with `budget`; answers the run's id. */
async function startFromPage(judge: Judge, budget: "light" | "medium"): Promise<string> {
  await page.goto(`${ui}/judges/${judge.id}/optimize`);
  await page.getByRole("heading", { name: `Optimize ${judge.name}` }).waitFor(WAIT);
  await page.getByRole("radio", { name: new RegExp(`^${budget}`) }).check();
  const expected = await client.judgeOptimizations.estimate(judge.id, budget);
  await page
    .getByTestId("judge-calls")
    .filter({ hasText: new RegExp(`^${expected.judge_calls}$`) })
    .waitFor(WAIT);
  expect(await page.getByTestId("optimizer-calls").textContent()).toBe(
    String(expected.optimizer_calls),
  );
  const start = page.getByRole("button", { name: "Start optimization" });
  await expect.poll(() => start.isEnabled(), WAIT).toBe(true);
  await start.click();
  await page.waitForURL(/\/ui\/optimizations\/[0-9a-f-]+$/, WAIT);
  return page.url().split("/").at(-1) as string;
}

/** Waits for the page to show the finished run's verdict (polling, no reload). */
async function waitForVerdict(): Promise<string> {
  const outcome = page.getByTestId("outcome");
  await outcome.waitFor({ timeout: 30_000 });
  return (await outcome.textContent()) ?? "";
}

describe("judge optimization in Chromium", () => {
  it("shows the estimate for each budget and refuses to start with too few labels", async () => {
    const judge = await labeledJudge(0);
    await page.goto(`${ui}/judges/${judge.id}/optimize`);
    await page.getByText("This judge has 0 labels").waitFor(WAIT);
    const light = await client.judgeOptimizations.estimate(judge.id, "light");
    await page.getByRole("radio", { name: /^light/ }).check();
    await page
      .getByTestId("judge-calls")
      .filter({ hasText: new RegExp(`^${light.judge_calls}$`) })
      .waitFor(WAIT);
    expect(await page.getByTestId("estimated-cost").textContent()).toContain("$0");
    // Every budget shows its calls beside its name, as the API estimates them.
    for (const budget of ["light", "medium", "heavy"] as const) {
      const e = await client.judgeOptimizations.estimate(judge.id, budget);
      await page
        .locator(`.budget-figures[data-budget="${budget}"]`)
        .filter({ hasText: `≤ ${e.judge_calls + e.optimizer_calls} calls · $0` })
        .waitFor(WAIT);
    }
    expect(await page.getByRole("button", { name: "Start optimization" }).isDisabled()).toBe(true);
    await screenshot(page, "optimize-01-too-few-labels");
  });

  it("says before starting when too few labels could ever show a goal is better", async () => {
    const judge = await labeledJudge(12);
    await page.goto(`${ui}/judges/${judge.id}/optimize`);
    const note = page.getByTestId("few-labels");
    await note.waitFor(WAIT);
    expect(await note.textContent()).toContain("With 12 labels about 4 are kept aside");
    // Start waits for the estimate, then goes: few labels are a warning, not a refusal.
    await expect
      .poll(() => page.getByRole("button", { name: "Start optimization" }).isDisabled(), WAIT)
      .toBe(false);
    const enough = await labeledJudge(40);
    await page.goto(`${ui}/judges/${enough.id}/optimize`);
    await page.getByTestId("estimate").getByText("Judge calls").waitFor(WAIT);
    expect(await page.getByTestId("few-labels").count()).toBe(0);
  });

  it("follows a run that finds a strictly better goal, and applies it as version 2", async () => {
    const judge = await labeledJudge();
    nextGoal = () => CITING_GOAL;
    const before = optimizerFake.stats().requests;
    await page.goto(`${ui}/judges/${judge.id}/optimize`);
    await page.getByTestId("estimate").getByText("Judge calls").waitFor(WAIT);
    await screenshot(page, "optimize-02-start");
    const id = await startFromPage(judge, "light");

    // The log grows on the page while the run goes on, then the verdict appears.
    await page.locator(".step-log li", { hasText: /^baseline: training accuracy/ }).waitFor(WAIT);
    const verdict = await waitForVerdict();
    expect(verdict).toMatch(
      /^The optimized goal is better beyond noise: held-out accuracy .* → 100\.0%/,
    );
    // The paired test on the held-out labels decided it, and the page says so with its p.
    expect(verdict).toMatch(
      /; \d+ labels gained, 0 lost \(McNemar exact p (= 0\.0\d\d|< 0\.001)\)\.$/,
    );
    expect(await page.getByTestId("run-status").textContent()).toBe("success");
    const run = await client.judgeOptimizations.get(id);
    expect(run.assay?.improved).toBe(true);
    expect(run.assay?.held_out_test?.p_value).toBeLessThan(0.05);
    expect(await page.getByTestId("held-out-test").textContent()).toContain("McNemar exact p");
    // The optimizer's calls went to the optimizer model, not the judge's.
    expect(optimizerFake.stats().requests - before).toBe(run.assay?.optimizer_calls);
    await expect
      .poll(() => page.locator(".step-log li").count())
      .toBe(run.logs?.split("\n").filter(Boolean).length);

    // The dumbbell: two dots inside the plot area, where their accuracies put them.
    const baseline = run.assay?.baseline.held_out;
    const best = run.assay?.best?.held_out;
    await checkDumbbell([baseline?.accuracy ?? -1, best?.accuracy ?? -1]);

    // The figures table: held-out accuracy with its interval and κ, both goals.
    const optimizedRow = page.locator('tr[data-goal="optimized goal"]');
    expect(await optimizedRow.locator("td").first().textContent()).toContain("100.0%");
    // κ = 1 on 12 held-out labels is not certainty: its interval reaches down to 0.52.
    expect(await optimizedRow.locator("td").nth(1).textContent()).toBe("1.00 [0.52, 1.00]");

    // The goal's word diff: the old goal's words struck, the new one's added.
    const diff = page.getByTestId("goal-diff");
    const added = (await diff.locator("ins").allTextContents()).join("");
    expect(added).toContain("must cite its source");
    expect(added).toContain("'Source:'");
    expect(await diff.locator("del").count()).toBeGreaterThan(0);
    await screenshot(page, "optimize-03-better");

    // Apply asks first, then gives the judge a new version.
    await page.getByRole("button", { name: "Apply optimized goal…" }).click();
    await page.getByText("(version 1 → 2)").waitFor(WAIT);
    expect((await client.judges.get(judge.id)).version).toBe(1);
    // The question has the focus: the keyboard confirms.
    await expect.poll(() => page.locator(":focus").textContent()).toBe("Yes, apply");
    await page.keyboard.press("Enter");
    const applied = page.getByTestId("applied");
    await applied.getByText("optimized goal as version 2").waitFor(WAIT);
    expect(await applied.getByRole("link").getAttribute("href")).toBe(`/ui/judges/${judge.id}`);
    const after = await client.judges.get(judge.id);
    expect(after).toMatchObject({ version: 2, evaluation_goal: CITING_GOAL });
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "optimize-04-applied-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Read again later, the run says it was applied and which version it made.
    await page.reload();
    await page.getByTestId("applied").getByText("version 2").first().waitFor(WAIT);
  });

  it("says plainly when the optimized goal is not measurably better, and offers no Apply", async () => {
    const judge = await labeledJudge();
    let take = 0;
    // Rewrites that judge as the original does: as good, never better.
    nextGoal = () => `Judge whether the answer is long and detailed enough (take ${++take}).`;
    await startFromPage(judge, "light");
    const verdict = await waitForVerdict();
    expect(verdict).toMatch(/^The optimized goal is not measurably better: held-out accuracy/);
    expect(verdict).toContain("agrees with no more labels than the original");
    expect(verdict).toContain("there is nothing to apply");
    expect(
      await page.getByRole("button", { name: "Apply optimized goal", exact: true }).isDisabled(),
    ).toBe(true);
    expect(await page.getByTestId("apply-off").textContent()).toContain(
      "Nothing to apply: the judge keeps its goal.",
    );
    expect(
      await page
        .getByText("Unchanged: no candidate was measurably better than the original goal")
        .count(),
    ).toBe(1);
    await checkDumbbell(undefined);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "optimize-05-within-noise-dark");
    await page.emulateMedia({ colorScheme: "light" });
    expect((await client.judges.get(judge.id)).version).toBe(1);

    // The judge's optimize page lists both kinds of earlier run.
    await page.goto(`${ui}/judges/${judge.id}/optimize`);
    await page.locator(".past-runs li", { hasText: "light · success" }).waitFor(WAIT);
  });

  it("keeps Apply off for a gain within noise, with the paired test's p", async () => {
    const judge = await labeledJudge(0);
    // 9 of 12 against 6 of 12: +25 points, but 3 labels gained and none lost is a coin landing
    // the same way three times (McNemar exact p = 2/2³ = 0.25).
    const split = (agreements: number, count: number, low: number, high: number) => ({
      count,
      accuracy: agreements / count,
      accuracy_interval: { low, high },
      kappa: null,
      kappa_interval: null,
      kappa_undefined_reason: "every verdict is pass",
    });
    const id = await insertFinishedRun(
      service,
      tenant,
      { ...judge, version: 1 },
      {
        stats: {
          rounds: 1,
          candidates_per_round: 3,
          training_count: 28,
          held_out_count: 12,
          baseline: { training: split(14, 28, 0.33, 0.67), held_out: split(6, 12, 0.25, 0.75) },
          best: { training: split(21, 28, 0.57, 0.87), held_out: split(9, 12, 0.47, 0.91) },
          held_out_test: {
            only_best_agrees: 3,
            only_baseline_agrees: 0,
            p_value: 0.25,
            method: "mcnemar_exact",
          },
          improved: false,
          judge_calls: 108,
          optimizer_calls: 2,
        },
        logs: "not measurably better: +25.0 points of held-out accuracy (3 held-out labels gained, 0 lost, McNemar exact p = 0.25), within noise on 12 labels; apply keeps the original goal",
      },
    );
    await page.goto(`${ui}/optimizations/${id}`);
    const verdict = await waitForVerdict();
    expect(verdict).toBe(
      "The optimized goal is not measurably better: held-out accuracy 50.0% [25.0%, 75.0%] → 75.0% [47.0%, 91.0%] on 12 held-out labels; 3 labels gained, 0 lost (McNemar exact p = 0.25). A gain this size is within noise on 12 held-out labels, so the judge keeps its goal; label more traces for a surer answer.",
    );
    expect(
      await page.getByRole("button", { name: "Apply optimized goal", exact: true }).isDisabled(),
    ).toBe(true);
    expect(await page.getByTestId("apply-off").textContent()).toBe(
      " Not measurably better (McNemar exact p = 0.25): the judge keeps its goal.",
    );
    expect(await page.getByTestId("held-out-test").textContent()).toContain(
      "3 labels gained, 0 lost (McNemar exact p = 0.25)",
    );
    // κ undefined says why, on screen.
    expect(await page.getByTestId("kappa-undefined").first().textContent()).toBe(
      "undefined (every verdict is pass)",
    );
    await screenshot(page, "optimize-06-gain-within-noise");
  });

  it("ran without script errors", () => {
    expect(pageErrors).toEqual([]);
  });
});

/**
 * The dumbbell's two dots lie inside the plot area (between the margins), in order original then
 * optimized, at the x their accuracy gives (`accuracies`; skipped when undefined).
 */
async function checkDumbbell(accuracies: [number, number] | undefined): Promise<void> {
  const svg = page.locator("figure.dumbbell svg").first();
  await svg.waitFor(WAIT);
  const box = await svg.boundingBox();
  const dots = page.locator('figure.dumbbell g[aria-label="dot"] circle');
  expect(await dots.count()).toBe(2);
  if (!box) throw new Error("no chart");
  // The chart's margins (accuracy-dumbbell.tsx): left 110, right 28, top 16, bottom 40 of 640×150.
  const scale = box.width / 640;
  const left = box.x + 110 * scale;
  const right = box.x + (640 - 28) * scale;
  const centers: { x: number; y: number }[] = [];
  for (let i = 0; i < 2; i++) {
    const dot = await dots.nth(i).boundingBox();
    if (!dot) throw new Error("a dot is not drawn");
    const center = { x: dot.x + dot.width / 2, y: dot.y + dot.height / 2 };
    expect(center.x).toBeGreaterThanOrEqual(left - 0.5);
    expect(center.x).toBeLessThanOrEqual(right + 0.5);
    expect(center.y).toBeGreaterThan(box.y + 16 * scale);
    expect(center.y).toBeLessThan(box.y + box.height - 40 * scale);
    centers.push(center);
    if (accuracies)
      expect(Math.abs(center.x - (left + accuracies[i]! * (right - left)))).toBeLessThan(1.5);
  }
  // Original goal on the first row, optimized on the second.
  expect(centers[0]!.y).toBeLessThan(centers[1]!.y);
}
