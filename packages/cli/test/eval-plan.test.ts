import type { CustomModel, EvaluationPlan } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import { useEvaluationFixture } from "./support/evaluation-setup.ts";

/**
 * `assay eval run --dry-run` (the planner) and `--max-cost` (a run's budget), against a real
 * service with workers. `fake/priced` is the fast fake endpoint with prices of its own: it
 * reports 30 prompt and 12 completion tokens a call, at $0.001 and $0.002 a token, $0.054 a call.
 * `fake/metered` costs the same but answers in 60 ms, so a run is still going when the results
 * written so far (batched every 200 ms) reach its budget.
 */

const service = useTestService({ workers: true });
const fixture = useEvaluationFixture(service);

async function evalCli(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["eval", "run", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

const on = (model: string) => ["--model", model, "--benchmark", fixture().benchmarkKey];

let metered: FakeModelServer | undefined;
beforeAll(async () => {
  const { client, fastModelKey } = fixture();
  const fast = (await client.models.getByKey(fastModelKey)) as CustomModel;
  metered = await startFakeModelServer({ latencyMs: 60, behavior: arithmeticBehavior });
  for (const [key, url] of [
    ["fake/priced", fast.api_url],
    ["fake/metered", metered.url],
  ] as const)
    await client.models.createCustom({
      name: key,
      key,
      description: "",
      api_url: url,
      max_tokens: 64,
      cost_per_input_token: "0.001",
      cost_per_output_token: "0.002",
    });
});
afterAll(async () => {
  await metered?.close();
});

describe("assay eval run --dry-run", () => {
  it("prints the plan with its reasons, starts nothing and exits 0", async () => {
    const { client, fastModelKey } = fixture();
    const before = (await client.evaluations.getMany()).totalCount;
    const run = await evalCli([...on(fastModelKey), "--repeats", "2", "--dry-run"]);
    expect(run.stdout).toMatch(/│ calls\s+│ 22 \(11 prompts × 2 repeats\)\s+│/);
    expect(run.stdout).toMatch(
      /│ completion tokens\s+│ 1,408 \(64 an answer, assumed; at most 1,408\)/,
    );
    expect(run.stdout).toMatch(/│ cost\s+│ unknown \(no prices for this model\)\s+│/);
    expect(run.stdout).toMatch(/│ budget\s+│ none\s+│/);
    expect(run.stdout).toMatch(
      /│ 95% interval\s+│ at most ±\d+\.\d points \(clustered by prompt; worst case\)\s+│/,
    );
    expect(run.stdout).toContain("all 11 prompts, asked 2 times each");
    expect(run.stdout).toContain("No cost estimate: the model has no prices");
    expect(run.stdout).toMatch(/At most ±\d+\.\d points, as little as ±\d+\.\d points/);
    expect(run.stderr).toBe("dry run: nothing was started\n");
    expect((await client.evaluations.getMany()).totalCount).toBe(before);
  });

  it("--json prints the plan, with the cost from the model's prices and the budget", async () => {
    const run = await evalCli([...on("fake/priced"), "--max-cost", "$0.50", "--dry-run", "--json"]);
    const plan = JSON.parse(run.stdout) as EvaluationPlan;
    expect(plan).toMatchObject({
      model_key: "fake/priced",
      prompts: 11,
      calls: 11,
      cost: { price_source: "model", max_cost_usd: 0.5 },
    });
    expect(plan.cost.usd).toBeCloseTo(plan.tokens.prompt * 0.001 + 11 * 64 * 0.002, 10);
  });

  it("refuses what the run would be refused, naming the option", async () => {
    const unpriced = await evalCli(
      [...on(fixture().fastModelKey), "--max-cost", "1", "--dry-run"],
      1,
    );
    expect(unpriced.stderr).toContain(
      "the service refused the run: --max-cost: the model has no prices; a budget cannot be enforced",
    );
    const tooMany = await evalCli([...on("fake/priced"), "--repeats", "33", "--dry-run"], 1);
    expect(tooMany.stderr).toContain("must be a whole number from 1 to 32");
    const free = await evalCli([...on("fake/priced"), "--max-cost", "0", "--dry-run"], 1);
    expect(free.stderr).toContain("must be an amount of US dollars above 0");
    const both = await evalCli([...on("fake/priced"), "--dry-run", "--wait"], 1);
    expect(both.stderr).toBe("assay: --dry-run starts nothing to --wait for\n");
  });
});

describe("assay eval run --max-cost", () => {
  it("stops the run at its budget: a failure that says so, exit 1", async () => {
    const run = await evalCli(
      [
        ...on("fake/metered"),
        ...["--max-cost", "0.1", "--concurrency", "1", "--no-cache", "--wait", "--interval", "0.1"],
      ],
      1,
    );
    expect(run.stdout).toMatch(
      /│ status\s+│ failure: stopped at its budget: \$0\.\d\d spent of \$0\.10/,
    );
    expect(run.stdout).toMatch(
      /│ options\s+│ concurrency 1, limit none, cache off, budget \$0\.10/,
    );
    expect(run.stderr).toMatch(
      /ended failure: stopped at its budget: \$0\.\d\d spent of \$0\.10$/m,
    );
  });
});
