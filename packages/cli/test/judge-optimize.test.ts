import type { Judge, JudgeOptimizationRun } from "@assay/client";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import {
  CITING_GOAL,
  labelTraces,
  optimizationBehavior,
  VAGUE_GOAL,
} from "@assay/test-kit/judge-optimization-fixtures.ts";
import { createJudge } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";

/**
 * `assay judge optimize` against a real service with workers, a fake judge whose verdicts follow
 * its goal, and a fake optimizer (@assay/test-kit/judge-optimization-fixtures.ts).
 */

const service = useTestService({ workers: true });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let fake: FakeModelServer;
let tenant: Tenant;
let nextGoal: () => string = () => CITING_GOAL;
let judges = 0;

beforeAll(async () => {
  fake = await startFakeModelServer({ behavior: optimizationBehavior(() => nextGoal()) });
  tenant = await tenantOf(service());
  await createModel(service(), tenant, fake.url, "fake/optimizing-judge");
});
afterAll(async () => {
  await fake?.close();
});

async function labeledJudge(labels: number): Promise<Judge> {
  const judge = await createJudge(service(), tenant, {
    name: `Support ${++judges}`,
    evaluation_goal: VAGUE_GOAL,
    model_id: "fake/optimizing-judge",
  });
  await labelTraces(service(), tenant, judge.id, labels);
  return judge as Judge;
}

async function optimize(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["judge", "optimize", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

const getJudge = async (id: string) =>
  (
    await service().call<{ data: Judge }>(
      "GET",
      `/organizations/${tenant.org}/projects/${tenant.project}/judges/${id}`,
    )
  ).body.data;

describe("assay judge optimize", () => {
  it("estimates without starting anything", async () => {
    const judge = await labeledJudge(40);
    const result = await optimize([
      "--judge",
      judge.id,
      "--budget",
      "light",
      "--estimate",
      "--json",
    ]);
    expect(JSON.parse(result.stdout)).toEqual({
      estimated_cost: 0,
      annotation_count: 40,
      budget: "light",
      judge_calls: 4 * 28 + 24,
      optimizer_calls: 2,
    });
    const text = await optimize(["--judge", judge.id, "--estimate"]);
    expect(text.stdout).toBe(
      "budget medium: about $0.0000 for 388 judge calls and 9 optimizer calls over 40 labels\n",
    );
  });

  it("waits with the steps as progress, prints baseline against optimized, and applies", async () => {
    const judge = await labeledJudge(40);
    nextGoal = () => CITING_GOAL;
    const result = await optimize(["--judge", judge.id, "--wait", "--apply", "--interval", "0.1"]);
    // Progress: the run's steps, one line each, on stderr.
    expect(result.stderr).toMatch(/^split: 28 labels \(14 pass, 14 fail\) for training/m);
    expect(result.stderr).toMatch(/^baseline: training accuracy/m);
    expect(result.stderr).toMatch(/^round 1\/3: candidate 1\/4 training accuracy 1\.00/m);
    expect(result.stderr).toMatch(/^improved: \+/m);

    expect(result.stdout).toMatch(/│ budget\s+│ medium: 3 rounds × 4 candidates/);
    expect(result.stdout).toMatch(/│ labels\s+│ 12 held out, 28 for training/);
    expect(result.stdout).toMatch(
      /│ baseline\s+│ accuracy \d+\.\d% \(95% CI \d+\.\d%–\d+\.\d%\), κ -?\d\.\d\d \(95% CI/,
    );
    expect(result.stdout).toMatch(
      /│ optimized\s+│ accuracy 100\.0% \(95% CI \d+\.\d%–100\.0%\), κ 1\.00 \(95% CI 0\.52–1\.00\)/,
    );
    expect(result.stdout).toMatch(
      /│ improved\s+│ yes \(\+\d+\.\d held-out points; \d+ gained, 0 lost; McNemar exact p (= 0\.0\d\d|< 0\.001)\)/,
    );
    expect(result.stdout).toContain(CITING_GOAL);
    expect(result.stdout).toMatch(/^applied: The judge has the optimized goal as version 2/m);
    expect(await getJudge(judge.id)).toMatchObject({ version: 2, evaluation_goal: CITING_GOAL });
  });

  it("starts a run without waiting, then follows it by id; a run that did not improve is not applied", async () => {
    // 80 labels: the original goal then agrees with some held-out label in all but ~1 in 44,000
    // seeded splits (with 40, none in 1 in 185), so the inverse judge, which agrees with none, is
    // worse.
    const judge = await labeledJudge(80);
    let take = 0;
    nextGoal = () => `Pass the inverse of what looks right (take ${++take}).`;
    const started = await optimize(["--judge", judge.id, "--budget", "light"]);
    const runId = started.stdout.trim();
    expect(runId).toMatch(UUID);
    expect(started.stderr).toContain(`assay judge optimize --run ${runId}`);

    const followed = await optimize(["--run", runId, "--apply", "--interval", "0.1", "--json"]);
    const report = JSON.parse(followed.stdout) as { run: JudgeOptimizationRun; applied: unknown };
    expect(report.run).toMatchObject({ id: runId, status: "success", optimized_goal: VAGUE_GOAL });
    expect(report.run.assay?.improved).toBe(false);
    expect(report.applied).toBeNull();
    const text = await optimize(["--run", runId]);
    expect(text.stdout).toMatch(
      /│ improved\s+│ no \(-\d+\.\d held-out points; 0 gained, \d+ lost;/,
    );
    expect(text.stdout).toContain(
      "not applied: no candidate was measurably better than the original goal",
    );
    expect(await getJudge(judge.id)).toMatchObject({ version: 1, evaluation_goal: VAGUE_GOAL });
  });

  it("says why it cannot start, and what options go together", async () => {
    const judge = await labeledJudge(3);
    const few = await optimize(["--judge", judge.id], 1);
    expect(few.stderr).toMatch(/the judge has 3 annotations; an optimization needs at least 10/);
    const budget = await optimize(["--judge", judge.id, "--budget", "high"], 1);
    expect(budget.stderr).toMatch(/Allowed choices are light, medium, heavy/);
    const neither = await optimize([], 1);
    expect(neither.stderr).toContain(
      "give --judge to start an optimization, or --run to follow one",
    );
    const apply = await optimize(["--judge", judge.id, "--apply"], 1);
    expect(apply.stderr).toContain("--apply, --interval and --timeout go with --wait");
  });
});
