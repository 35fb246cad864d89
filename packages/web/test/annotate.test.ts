import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Client } from "@assay/client";
import type { Judge } from "@assay/protocol";
import { agreementOfTable } from "@assay/server/src/engine/stats/index.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import {
  CITING_GOAL,
  labeledRecord,
  optimizationBehavior,
  VAGUE_GOAL,
} from "@assay/test-kit/judge-optimization-fixtures.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { percent } from "../src/shared/format.ts";
import { launchChromium, screenshot, signedInPage } from "./support/browser.ts";
import { addFakeModel, startDashboardService } from "./support/dashboard-service.ts";

/**
 * The annotation workspace in Chromium against a real service on SQLite or PostgreSQL
 * (DATABASE_URL), with a fake judge endpoint. The world is the judge-optimization tests': people
 * pass an answer exactly when it cites a source ("Source:"); the judge's vague goal passes long
 * answers instead. The 12 traces are chosen so that it fails every cited answer (all short) and
 * passes 4 of the 6 uncited ones: the table [[0, 6], [4, 2]], and any held-out split of the
 * labels holds a disagreement, so the optimizer's rewrite (the citing goal) improves for sure.
 * All 12 are labelled by keyboard only in blind mode; the agreement panel follows each label;
 * a confusion cell opens its traces; labels go out as JSONL and CSV and come back in; a refused
 * file shows its lines; the labels given here are enough for a judge optimization, which is
 * applied; and its new judge version gets its own agreement.
 */

let service: TestService;
let fake: FakeModelServer;
let browser: Browser;
let page: Page;
let pageErrors: string[];
let client: Client;
let ui: string;
let judge: Judge;
let traceIds: string[];
let typeScriptRun: string;
/** Every URL the page asked for, in order. */
const requests: string[] = [];

const WAIT = { timeout: 8000 };

/** The Python SDK's test virtualenv, if `clients/python/scripts/test.sh` has made one. */
const PYTHON = (() => {
  const root = fileURLToPath(new URL("../../../clients/python/", import.meta.url));
  const venv = readdirSync(root).find((name) => /^\.venv-\d+\.\d+$/.test(name));
  const python = venv && `${root}${venv}/bin/python`;
  return python && existsSync(python) ? python : undefined;
})();
/** Labels (rows: pass, fail) against the vague judge's verdicts (columns: pass, fail). */
const TABLE: [[number, number], [number, number]] = [
  [0, 6],
  [4, 2],
];
const COUNT = 12;
/** `labeledRecord` indices: cited (all short), uncited and long (i % 4 = 3), uncited and short. */
const RECORDS = [2, 4, 6, 10, 12, 14, 3, 7, 11, 15, 1, 5];
/** What the person decides, from what the page shows: pass exactly when a source is cited. */
const personPasses = (text: string) => text.includes("Source:");

beforeAll(async () => {
  [fake, browser] = await Promise.all([
    startFakeModelServer({ behavior: optimizationBehavior(() => CITING_GOAL) }),
    launchChromium(),
  ]);
  ({ service, ui, client } = await startDashboardService({ ASSAY_RATE_LIMIT_ENABLED: "false" }));
  await addFakeModel(client, "fake/judge", fake);
  const records = RECORDS.map((i) => labeledRecord(i).record);
  const uploaded = await client.traces.upload({
    data: new TextEncoder().encode(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "support-answers.jsonl",
  });
  traceIds = uploaded.trace_ids;
  const created = await client.judges.create({
    name: "Support answers",
    evaluation_goal: VAGUE_GOAL,
    model_id: "fake/judge",
  });
  judge = await client.judges.get(created.id);
  await judgeAll();

  ({ page, pageErrors } = await signedInPage(browser, ui, service.apiKey, {
    viewport: { width: 1280, height: 900 },
    timeoutMs: 8000,
    watch: (p) => p.on("request", (request) => requests.push(request.url())),
  }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await fake?.close();
});

/** The judge's current version over every trace, to the end. */
async function judgeAll(): Promise<void> {
  const evaluations = await client.traceEvaluations.createMany(traceIds, judge.id);
  for (const evaluation of evaluations) {
    const done = await client.traceEvaluations.waitForCompletion(evaluation.id, {
      intervalMs: 50,
      timeoutMs: 30_000,
    });
    expect(done.traceEvaluation.status).toBe("success");
  }
}

/** The judge's trace evaluation of a trace (one each until the judge gets a new version). */
async function evaluationOf(traceId: string): Promise<string> {
  const page = await client.traceEvaluations.getMany({ judgeId: judge.id, traceId });
  return (page.traceEvaluations[0] as { id: string }).id;
}

const panel = () => page.getByTestId("trace-panel");
const hidden = () => page.getByTestId("verdict-hidden");
const verdict = () => page.getByTestId("verdict");
const progress = () => page.getByTestId("queue-progress").textContent();
const accuracyText = () => page.getByTestId("agreement-accuracy").textContent();

/** The expected figures' text as the panel writes them. */
function figuresOf(table: [[number, number], [number, number]]) {
  const f = agreementOfTable(table);
  return {
    figures: f,
    accuracy: f.accuracy === null ? "" : percent(f.accuracy),
    interval: f.accuracyInterval
      ? `[${percent(f.accuracyInterval.low)}, ${percent(f.accuracyInterval.high)}]`
      : "",
    kappa: f.kappa === null ? "undefined" : f.kappa.toFixed(2),
    kappaInterval: f.kappaInterval
      ? `[${f.kappaInterval.low.toFixed(2)}, ${f.kappaInterval.high.toFixed(2)}]`
      : "",
  };
}

/**
 * Milliseconds from the `n` keydown to the next trace on screen and painted (the frame after it
 * is in the DOM), measured in the page; `window.__move` resolves with it. A script string: the
 * test's own types have no DOM.
 */
async function armMoveTimer(fromTraceId: string): Promise<void> {
  await page.evaluate(`
    window.__move = new Promise((resolve) => {
      let start = 0;
      window.addEventListener("keydown", (e) => {
        if (e.key === "n") start = performance.now();
      }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const shown = document.querySelector("[data-testid=trace-panel]");
        if (start && shown && shown.dataset.traceId !== ${JSON.stringify(fromTraceId)} &&
            shown.querySelector(".trace-viewer")) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // Not the promise: evaluate would wait for it, and the key is pressed after.
    0`);
}

describe("the annotation workspace in Chromium", () => {
  it("names an unknown judge, and says what to do for one that judged nothing yet", async () => {
    const before = pageErrors.length;
    await page.goto(`${ui}/judges/no-such-judge/annotate`);
    await expect
      .poll(() => page.locator(".annotate-page .error").textContent(), WAIT)
      .toMatch(/judge not found/i);

    const idle = await client.judges.create({
      name: "Idle judge",
      evaluation_goal: VAGUE_GOAL,
      model_id: "fake/judge",
    });
    await page.goto(`${ui}/judges/${idle.id}/annotate`);
    const empty = page.locator(".annotate-page .empty");
    await expect.poll(() => empty.textContent(), WAIT).toContain("has not judged any trace yet");
    expect(await empty.locator("a").getAttribute("href")).toBe(`/ui/judges/${idle.id}`);
    // The browser logged the 404s of the unknown judge (the page left before any retry of
    // them); they are no error of the page.
    const notFound = pageErrors.splice(before);
    expect(notFound.length).toBeGreaterThan(0);
    expect(notFound.every((e) => e.includes("status of 404 (Not Found)"))).toBe(true);
  });

  it("opens a judge's queue in blind mode, the verdict hidden; the toggle shows it", async () => {
    await page.goto(`${ui}/judges/${judge.id}/annotate`);
    await expect.poll(progress, WAIT).toBe(`0 of ${COUNT} labelled`);
    await expect.poll(() => hidden().count(), WAIT).toBe(1);
    expect(await verdict().count()).toBe(0);
    expect(await page.getByTestId("agreement-empty").count()).toBe(1);
    await screenshot(page, "annotate-01-blind-queue");

    // Blind mode off (remembered in the URL): the verdict of an unlabelled trace shows.
    await page.getByLabel(/Blind mode/).click();
    await page.waitForURL(/blind=off/, WAIT);
    await expect.poll(() => verdict().count(), WAIT).toBe(1);
    expect(await verdict().textContent()).toMatch(/Judge's verdict: (pass|fail)/);
    await page.getByLabel(/Blind mode/).click();
    await expect.poll(() => hidden().count(), WAIT).toBe(1);
    expect(page.url()).not.toContain("blind=off");
    // Keys go to the page, not to the checkbox.
    await page.locator("h1").click();
  });

  it("shows the server's refusal of a score next to it, keeping what was typed", async () => {
    await page.keyboard.press("s");
    await page.keyboard.type("1.5");
    await page.keyboard.press("Escape");
    await page.keyboard.press("p");
    const error = page.locator("#error-body-score");
    await expect.poll(() => error.textContent(), WAIT).toMatch(/\S/);
    expect(await page.getByLabel(/Score/).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel(/Score/).inputValue()).toBe("1.5");
    // Not labelled: the verdict stays hidden.
    expect(await hidden().count()).toBe(1);
    await screenshot(page, "annotate-02-score-refused");
    await page.keyboard.press("s");
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Escape");
  });

  it("labels all 12 traces by keyboard, the verdict revealed after each label", {
    timeout: 90_000,
  }, async () => {
    const table: [[number, number], [number, number]] = [
      [0, 0],
      [0, 0],
    ];
    let commented = false;
    const moves: number[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < COUNT; i++) {
      const traceId = (await panel().getAttribute("data-trace-id")) as string;
      expect(seen.has(traceId)).toBe(false);
      seen.add(traceId);
      await expect.poll(() => panel().locator(".trace-viewer").count(), WAIT).toBe(1);
      const text = (await panel().locator(".trace-viewer").textContent()) ?? "";
      const passes = personPasses(text);

      // Blind: nothing of the judge's verdict on the page before the label.
      expect(await hidden().count()).toBe(1);
      expect(await verdict().count()).toBe(0);
      expect(await page.locator(".reasoning").count()).toBe(0);

      if (i === 2) {
        await page.keyboard.press("s");
        await page.keyboard.type("0.7");
        await page.keyboard.press("Escape");
      }
      await page.keyboard.press(passes ? "p" : "f");
      await expect.poll(() => verdict().count(), WAIT).toBe(1);
      expect(await hidden().count()).toBe(0);
      const judgeText = (await verdict().textContent()) ?? "";
      const judgePassed = /Judge's verdict: pass/.test(judgeText);
      table[passes ? 0 : 1][judgePassed ? 0 : 1] += 1;
      expect(await page.getByTestId("agreement-mark").textContent()).toBe(
        passes === judgePassed ? "✓ agrees with you" : "✗ disagrees with you",
      );
      await expect.poll(progress, WAIT).toBe(`${i + 1} of ${COUNT} labelled`);
      // The panel follows: agreements of compared, as the server counts them.
      const expected = agreementOfTable(table);
      await expect.poll(accuracyText, WAIT).toContain(`${expected.agreements} of ${expected.n}`);
      if (i === 0) {
        // One label: κ is undefined (one answer on each side), and the panel says why.
        expect(expected.kappaUndefined).toMatch(/^every label is (pass|fail) and every verdict/);
        await expect
          .poll(() => page.getByTestId("agreement-kappa").textContent(), WAIT)
          .toBe(`undefined: ${expected.kappaUndefined}`);
        await screenshot(page, "annotate-03-revealed");
      }
      if (!commented && !passes && judgePassed) {
        // A comment on the first such disagreement, once revealed: `c`, type, Esc saves it.
        commented = true;
        await page.keyboard.press("c");
        await page.keyboard.type("No source cited, however long it is.");
        await page.keyboard.press("Escape");
        await expect
          .poll(
            async () => (await client.annotations.get(await evaluationOf(traceId))).comment,
            WAIT,
          )
          .toBe("No source cited, however long it is.");
      }

      if (i < COUNT - 1) {
        const before = requests.length;
        await armMoveTimer(traceId);
        await page.keyboard.press("n");
        moves.push((await page.evaluate("window.__move")) as number);
        const next = (await panel().getAttribute("data-trace-id")) as string;
        // Prefetched: the next trace was asked for before the key, not after it.
        const asked = requests.findIndex((url) => url.endsWith(`/traces/${next}`));
        expect(asked).toBeGreaterThanOrEqual(0);
        expect(asked).toBeLessThan(before);
      }
    }
    expect(table).toEqual(TABLE);
    const sorted = [...moves].sort((a, b) => a - b);
    console.log(
      `annotate: next trace on screen after n, over ${moves.length} moves: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"})`,
    );
    expect(await page.getByRole("status").textContent()).toContain("every trace is labelled");
  });

  it("shows the server's exact agreement: accuracy and κ with their intervals", async () => {
    const want = figuresOf(TABLE);
    await expect.poll(accuracyText, WAIT).toContain("2 of 12");
    const accuracy = (await accuracyText()) ?? "";
    expect(accuracy).toContain(want.accuracy);
    expect(accuracy).toContain(want.interval);
    expect(want.accuracy).toBe("16.7%");
    const kappa = (await page.getByTestId("agreement-kappa").textContent()) ?? "";
    expect(kappa).toContain(`${want.kappa} ${want.kappaInterval}`);
    expect(want.kappa).toBe("-0.67");

    const listed = await client.annotations.listForJudge(judge.id, { pageSize: 500 });
    expect(listed.agreement).toEqual({
      annotation_count: 12,
      compared: 12,
      agreements: 2,
      accuracy: want.figures.accuracy,
      accuracy_interval: want.figures.accuracyInterval,
      kappa: want.figures.kappa,
      kappa_interval: want.figures.kappaInterval,
    });
    const commented = listed.annotations.find((a) => a.comment !== undefined);
    expect(commented).toMatchObject({
      passed: false,
      comment: "No source cited, however long it is.",
    });
    expect(listed.annotations.filter((a) => a.score === 0.7)).toHaveLength(1);
    await screenshot(page, "annotate-04-all-labelled");
  });

  it("opens a confusion cell's traces: label and comment beside verdict and reasoning", async () => {
    await page.locator("[data-cell=fail_pass]").click();
    await page.waitForURL(/cell=fail_pass/, WAIT);
    const items = page.getByTestId("cell-list").locator(".cell-item");
    await expect.poll(() => items.count(), WAIT).toBe(4);
    for (const text of await items.allTextContents()) {
      expect(text).toContain("You: fail");
      expect(text).toContain("Judge: pass");
      expect(text).toContain("It meets the goal.");
    }
    expect(await page.getByTestId("cell-list").textContent()).toContain(
      "No source cited, however long it is.",
    );
    await screenshot(page, "annotate-05-cell");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "annotate-05b-cell-dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("exports JSONL and CSV, and imports the JSONL back after the labels are gone", async () => {
    const [jsonl] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export JSONL" }).click(),
    ]);
    const exported = readFileSync((await jsonl.path()) as string, "utf8");
    const lines = exported
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(COUNT);
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(
        expect.arrayContaining(["judge_id", "passed", "trace_id"]),
      );
      expect(line.judge_id).toBe(judge.id);
    }
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const rows = readFileSync((await csv.path()) as string, "utf8")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe(
      "trace_id,judge_id,passed,score,comment,judge_passed,agrees,updated_at,created_by",
    );
    expect(rows).toHaveLength(COUNT + 1);
    // A comment with a comma is quoted (RFC 4180).
    expect(
      rows.filter((row) => row.includes(',"No source cited, however long it is.",')),
    ).toHaveLength(1);

    // Every label removed through the API, then the file imported back from the page.
    const evaluations = await client.traceEvaluations.getMany({ judgeId: judge.id, pageSize: 100 });
    for (const evaluation of evaluations.traceEvaluations)
      await client.annotations.delete(evaluation.id);
    await page.reload();
    await expect.poll(progress, WAIT).toBe(`0 of ${COUNT} labelled`);
    await page.getByTestId("import-file").setInputFiles({
      name: "labels.jsonl",
      mimeType: "application/jsonl",
      buffer: Buffer.from(exported),
    });
    await expect
      .poll(() => page.getByTestId("import-done").textContent(), WAIT)
      .toContain(`${COUNT} new, 0 replaced`);
    await expect.poll(progress, WAIT).toBe(`${COUNT} of ${COUNT} labelled`);
    await expect.poll(accuracyText, WAIT).toContain("2 of 12");
    const back = await client.annotations.listForJudge(judge.id, { pageSize: 500 });
    expect(
      back.annotations
        .map((a) => ({
          trace_id: a.trace_id,
          passed: a.passed,
          score: a.score,
          comment: a.comment,
        }))
        .sort((a, b) => a.trace_id.localeCompare(b.trace_id)),
    ).toEqual(
      lines
        .map((l) => ({
          trace_id: l.trace_id,
          passed: l.passed,
          score: l.score,
          comment: l.comment,
        }))
        .sort((a, b) => a.trace_id.localeCompare(b.trace_id)),
    );
  });

  it("shows the server's refusal of an imported file line by line; nothing is imported", async () => {
    const file = [
      JSON.stringify({ trace_id: traceIds[0], judge_id: judge.id, passed: true }),
      JSON.stringify({ trace_id: traceIds[1], judge_id: judge.id, passed: "yes" }),
      "",
      JSON.stringify({ trace_id: traceIds[2], judge_id: judge.id, passed: false, score: 2 }),
    ].join("\n");
    await page.getByTestId("import-file").setInputFiles({
      name: "bad-labels.jsonl",
      mimeType: "application/jsonl",
      buffer: Buffer.from(file),
    });
    const refusals = page.getByTestId("import-refusals");
    await expect.poll(() => refusals.locator("li").count(), WAIT).toBe(2);
    const listed = await refusals.locator("li").allTextContents();
    expect(listed[0]).toMatch(/^line 2 passed: /);
    expect(listed[1]).toMatch(/^line 4 score: /);
    expect(await refusals.textContent()).toContain(
      "bad-labels.jsonl was refused and nothing was imported",
    );
    const after = await client.annotations.listForJudge(judge.id);
    expect(after.agreement.agreements).toBe(2);
    await screenshot(page, "annotate-06-import-refused");
  });

  it("optimizes on the 12 labels, too few to show a gain beyond noise (TypeScript SDK)", async () => {
    const run = await client.judgeOptimizations.create(judge.id, "light");
    const done = await client.judgeOptimizations.waitForCompletion(run.id, {
      intervalMs: 100,
      timeoutMs: 60_000,
    });
    expect(done.status).toBe("success");
    expect(done.annotation_count).toBe(COUNT);
    // 4 of the 12 labels are held out: a goal right on all four where the original was wrong is
    // still p = 2/2⁴ = 0.125 by McNemar's exact test. Not measurably better: the goal is kept.
    expect(done.assay?.held_out_count).toBe(4);
    expect(done.assay?.held_out_test?.only_baseline_agrees).toBe(0);
    expect(done.assay?.held_out_test?.p_value).toBeGreaterThanOrEqual(0.125);
    expect(done.assay?.improved).toBe(false);
    expect(done.optimized_goal).toBe(VAGUE_GOAL);
    typeScriptRun = run.id;
  });

  // The original client's sample, after labels given in the UI: create, wait, apply. It runs
  // with the Python SDK's test environment (`clients/python/scripts/test.sh` builds it once).
  // In CI the environment must be there (scripts/test.sh builds it before these tests).
  it.skipIf(!PYTHON && !process.env.CI)(
    "optimizes and applies through the Python SDK",
    async () => {
      if (!PYTHON) throw new Error("no Python SDK environment: run clients/python/scripts/test.sh");
      const script = [
        "import json, sys",
        "from assay import Assay",
        "client = Assay(api_key=sys.argv[1], base_url=sys.argv[2])",
        "created = client.judge_optimizations.create(sys.argv[3], budget='light')",
        "run = client.judge_optimizations.wait_for_completion(created.id, interval_seconds=0.1, timeout_seconds=60)",
        "applied = client.judge_optimizations.apply(created.id)",
        "print(json.dumps({'status': run.status, 'improved': run.assay.improved, 'version': applied.new_version}))",
      ].join("\n");
      // Not execFileSync: the service runs in this process and must go on answering.
      const { stdout } = await promisify(execFile)(
        PYTHON as string,
        ["-c", script, service.apiKey, service.apiUrl, judge.id],
        { encoding: "utf8", timeout: 60_000 },
      );
      // Not measurably better on 4 held-out labels: apply keeps the goal at version 1.
      expect(JSON.parse(stdout)).toEqual({ status: "success", improved: false, version: 1 });
    },
  );

  it("gives each judge version its own agreement", async () => {
    // Without the Python SDK, the TypeScript run is applied instead: either way the judge keeps
    // version 1 (the optimization could not show its goal better), so a person gives it the citing
    // goal as version 2, which judges every trace again.
    if (!PYTHON) expect((await client.judgeOptimizations.apply(typeScriptRun)).new_version).toBe(1);
    expect((await client.judges.get(judge.id)).version).toBe(1);
    await client.judges.update(judge.id, { evaluation_goal: CITING_GOAL });
    expect((await client.judges.get(judge.id)).version).toBe(2);
    await judgeAll();
    await page.goto(`${ui}/judges/${judge.id}/annotate`);
    const versions = page.getByTestId("version-agreement").locator("tbody tr");
    await expect.poll(() => versions.count(), WAIT).toBe(2);
    const [v1, v2] = await versions.allTextContents();
    expect(v1).toMatch(/^v112/);
    expect(v1).toContain("16.7%");
    expect(v2).toMatch(/^v212/);
    expect(v2).toContain("100.0%");
    // The latest verdicts are version 2's now: every label agrees.
    await expect.poll(accuracyText, WAIT).toContain("12 of 12");
    await screenshot(page, "annotate-07-versions");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "annotate-07b-versions-dark");
    await page.emulateMedia({ colorScheme: "light" });
    // The browser logs the two refusals this test asked for (the score, the file); nothing else.
    const refused = (e: string) => e.includes("status of 400 (Bad Request)");
    expect(pageErrors.filter(refused)).toHaveLength(2);
    expect(pageErrors.filter((e) => !refused(e))).toEqual([]);
  });
});
