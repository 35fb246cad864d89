import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Evaluation, GateReport } from "@assay/client";
import { GATE_BENCHMARK_KEY, GATE_PROMPTS, useGateFixture } from "@assay/test-kit/gate-models.ts";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";

/**
 * `assay eval gate` against a real service with workers: exit 0 when the run passes or cannot
 * be told apart, 1 when its interval shows it worse, 2 when the gate cannot decide.
 */

const service = useTestService({ workers: true });
const fixture = useGateFixture(service);
const outputDir = mkdtempSync(join(tmpdir(), "assay-gate-"));

async function gateCli(args: string[], code: number): Promise<CliResult> {
  const result = await runApiCli(service(), ["eval", "gate", ...args]);
  expect(result, `${result.stdout}\n${result.stderr}`).toMatchObject({ code });
  return result;
}

let baseline: Evaluation;
beforeAll(async () => {
  baseline = await fixture().run("fake/baseline");
  expect(baseline.accuracy).toBe(0.75);
}, 40_000);

describe("assay eval gate against a baseline", () => {
  it("fails (exit 1) a model confidently worse than the baseline by more than the margin", async () => {
    const { stdout } = await gateCli(
      [
        "--model",
        "fake/bad",
        "--benchmark",
        GATE_BENCHMARK_KEY,
        "--baseline",
        baseline.id,
        "--margin",
        "0.02",
      ],
      1,
    );
    // 25% against 75% on 40 paired prompts: −50 points, the whole interval below −2 points.
    expect(stdout).toMatch(
      /^gate FAIL: fake\/bad on gate-arithmetic \([0-9a-f-]{36}\): −50\.0 pts vs baseline, 95% CI \[−\d+\.\d pts, −\d+\.\d pts\] over 40 paired prompts: worse than the baseline by more than 2\.0 pts\n$/,
    );
  });

  it("passes (exit 0) a model confidently not worse, and writes a JSON report", async () => {
    const output = join(outputDir, "pass.json");
    const { stdout } = await gateCli(
      [
        "--model",
        "fake/good",
        "--benchmark",
        GATE_BENCHMARK_KEY,
        "--baseline",
        baseline.id,
        "--margin",
        "0.02",
        "--report",
        "json",
        "--output",
        output,
      ],
      0,
    );
    expect(stdout).toMatch(
      /^gate PASS: fake\/good on gate-arithmetic .*\+25\.0 pts vs baseline.*not worse than the baseline/,
    );
    const report = JSON.parse(readFileSync(output, "utf8")) as GateReport;
    expect(report).toMatchObject({ verdict: "pass", passed: true, confidence: 0.95 });
    expect(report.evaluation).toMatchObject({
      model: "fake/good",
      accuracy: 1,
      prompts: GATE_PROMPTS,
    });
    const [check] = report.checks;
    expect(check).toMatchObject({
      kind: "baseline",
      baseline_id: baseline.id,
      margin: 0.02,
      pairs: GATE_PROMPTS,
      method: "mcnemar_tango",
    });
    expect(check?.kind === "baseline" && check.difference).toBeCloseTo(0.25, 10);
    expect(check?.interval.low).toBeGreaterThanOrEqual(-0.02);
  });

  it("an equal model is inconclusive at a small margin: passes, or exit 1 with --fail-on-inconclusive", async () => {
    const again = await fixture().run("fake/baseline");
    const args = ["--evaluation", again.id, "--baseline", baseline.id, "--margin", "0.02"];
    const passing = await gateCli(args, 0);
    // No prompt differs, but 40 prompts cannot rule out a 2-point drop.
    expect(passing.stdout).toMatch(
      /^gate INCONCLUSIVE \(passing\): .*\+0\.0 pts vs baseline.*straddles −2\.0 pts/,
    );
    const failing = await gateCli([...args, "--fail-on-inconclusive"], 1);
    expect(failing.stdout).toMatch(/^gate INCONCLUSIVE \(failing: --fail-on-inconclusive\)/);
  });
});

describe("assay eval gate on a threshold", () => {
  it("--min-accuracy fails only when the whole interval is below it, and writes valid JUnit", async () => {
    const bad = await fixture().run("fake/bad");
    const output = join(outputDir, "fail.xml");
    const { stdout } = await gateCli(
      ["--evaluation", bad.id, "--min-accuracy", "0.7", "--report", "junit", "--output", output],
      1,
    );
    expect(stdout).toMatch(
      /^gate FAIL: .*accuracy 25\.0%, 95% CI \[\d+\.\d%, \d+\.\d%\]: below 70\.0% even at its upper bound/,
    );
    const xml = readFileSync(output, "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    expect(parsed.testsuites).toMatchObject({ tests: "1", failures: "1", errors: "0" });
    const suite = parsed.testsuites.testsuite;
    expect(suite).toMatchObject({ name: "fake/bad on gate-arithmetic", tests: "1", failures: "1" });
    expect(suite.testcase).toMatchObject({
      classname: "assay.gate",
      name: "accuracy at least 0.7",
    });
    expect(suite.testcase.failure.type).toBe("fail");
    expect(suite.testcase.failure.message).toContain("below 70.0% even at its upper bound");
  });

  it("a straddling interval passes by default; JUnit to stdout keeps the verdict on stderr", async () => {
    const good = await fixture().run("fake/good");
    // 40/40 right: Wilson's lower bound is about 91%, so 0.95 is inside the interval.
    const { stdout, stderr } = await gateCli(
      ["--evaluation", good.id, "--min-accuracy", "0.95", "--report", "junit"],
      0,
    );
    expect(stderr).toMatch(/gate INCONCLUSIVE \(passing\): .*straddles 95\.0%/);
    expect(XMLValidator.validate(stdout)).toBe(true);
    expect(stdout).toContain("<system-out>inconclusive: accuracy 100.0%");
    await gateCli(["--evaluation", good.id, "--min-accuracy", "0.8"], 0);
  });
});

describe("assay eval gate cannot decide: exit 2", () => {
  it("usage errors, an unknown baseline and an unsupported confidence are exit 2, with a JSON error report", async () => {
    const missing = await gateCli(["--min-accuracy", "0.7"], 2);
    expect(missing.stderr).toContain(
      "give --model and --benchmark (to start a run), or --evaluation <id>",
    );
    const noCriterion = await gateCli(["--evaluation", baseline.id], 2);
    expect(noCriterion.stderr).toContain("a gate needs a baseline");
    const badValue = await gateCli(["--evaluation", baseline.id, "--margin", "two"], 2);
    expect(badValue.stderr).toContain("must be a number from 0 to 1");
    const unknownOption = await gateCli(["--evaluation", baseline.id, "--treshold", "0.7"], 2);
    expect(unknownOption.stderr).toContain("unknown option");
    const confidence = await gateCli(
      ["--evaluation", baseline.id, "--min-accuracy", "0.5", "--confidence", "0.9"],
      2,
    );
    expect(confidence.stderr).toContain("confidence must be 0.95");
    const output = join(outputDir, "error.json");
    const unknown = await gateCli(
      [
        "--model",
        "fake/good",
        "--benchmark",
        GATE_BENCHMARK_KEY,
        "--baseline",
        "00000000-0000-4000-8000-000000000000",
        "--report",
        "json",
        "--output",
        output,
      ],
      2,
    );
    expect(unknown.stderr).toContain(
      "no baseline evaluation with id 00000000-0000-4000-8000-000000000000",
    );
    expect(JSON.parse(readFileSync(output, "utf8"))).toMatchObject({
      verdict: "error",
      passed: false,
    });
  });
});
