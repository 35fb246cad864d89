import type { Evaluation } from "@assay/client";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import { finishedEvaluation, useEvaluationFixture, WRONG } from "./support/evaluation-setup.ts";

/**
 * `assay compare` and `assay eval publish`: the fixture's model (wrong on Q3, Q7, Q11) against one
 * right on every sum, over the API of a real service.
 */

const service = useTestService({ workers: true });
const fixture = useEvaluationFixture(service);

let perfectServer: FakeModelServer;
let reference: Evaluation;
let perfect: Evaluation;
let strangerKey: string;

beforeAll(async () => {
  perfectServer = await startFakeModelServer({
    behavior: ({ lastUserMessage }) => {
      const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(lastUserMessage) ?? [];
      return { content: `#### ${Number(a) + Number(b)}` };
    },
  });
  await fixture().client.models.createCustom({
    name: "Perfect",
    key: "fake/perfect",
    description: "",
    api_url: perfectServer.url,
    max_tokens: 64,
  });
  reference = await finishedEvaluation(fixture());
  perfect = await finishedEvaluation(fixture(), "fake/perfect");
  strangerKey = (await service().admin.create({ organization: "Stranger" })).key;
});

afterAll(async () => {
  await perfectServer?.close();
});

async function assay(args: string[], code = 0, key?: string): Promise<CliResult> {
  const result = await runApiCli(service(), args, key ? { SERVICE_API_KEY: key } : {});
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

describe("assay compare", () => {
  it("prints the counters, the paired statistics, the verdict and the disagreeing prompts", async () => {
    const { stdout, stderr } = await assay(["compare", reference.id, perfect.id]);
    expect(stderr).toBe("");
    expect(stdout).toMatch(
      /│ A \(1\)\s+│ [0-9a-f-]{36}\s+│ fake\/fast\s+│ Arithmetic\s+│ 8\s+│ 11\s+│ 72\.7%/,
    );
    expect(stdout).toMatch(
      /│ B \(2\)\s+│ [0-9a-f-]{36}\s+│ fake\/perfect\s+│ Arithmetic\s+│ 11\s+│ 11\s+│ 100\.0%/,
    );
    expect(stdout).toContain(
      "paired prompts: 11 (both right 8, only A right 0, only B right 3, both wrong 0)",
    );
    // Tango's interval and McNemar's score test, z = 3/√3 (statsmodels mcnemar(exact=False,
    // correction=False): p = 0.08326, worded as everywhere: p = 0.083; the --json document below
    // keeps every digit); the interval holds 0 as the verdict says.
    expect(stdout).toContain("B − A +27.3 points (95% CI −5.7 to +56.6, Tango score interval)");
    expect(stdout).toContain("McNemar score test (no continuity correction): p = 0.083");
    expect(stdout).toContain("verdict: no significant difference (p = 0.083)");
    for (const position of WRONG) expect(stdout).toMatch(new RegExp(`│ ${position}\\s+│ B\\s+│ Q`));
    expect(stdout).toMatch(/^3 of 3 disagreeing prompts$/m);
  });

  it("--json prints one document with the statistics and the listed prompts", async () => {
    const { stdout } = await assay(["compare", reference.id, perfect.id, "--json"]);
    const document = JSON.parse(stdout) as {
      evaluation_a: Evaluation;
      stats: { only_2_correct: number; p_value: number; method: string };
      results: { result_id_1: number; passed2: boolean }[];
      matching_count: number;
    };
    expect(document.evaluation_a.id).toBe(reference.id);
    expect(document.stats).toMatchObject({ only_2_correct: 3, method: "mcnemar_tango" });
    expect(document.stats.p_value).toBeCloseTo(0.08326451666355042, 14);
    expect(document.results.map((r) => r.result_id_1)).toEqual(WRONG);
    expect(document.matching_count).toBe(3);
  });

  it("--outcome lists other prompts, --limit caps them, --search narrows them", async () => {
    const both = await assay([
      "compare",
      reference.id,
      perfect.id,
      "--outcome",
      "both_succeed",
      "--limit",
      "2",
    ]);
    expect(both.stdout).toMatch(/^2 of 8 both_succeed prompts; 6 more: use --limit N or --all$/m);
    const all = await assay([
      "compare",
      reference.id,
      perfect.id,
      "--outcome",
      "both_succeed",
      "--all",
    ]);
    expect(all.stdout).toMatch(/^8 of 8 both_succeed prompts$/m);
    const searched = await assay(["compare", reference.id, perfect.id, "--search", "q7:"]);
    expect(searched.stdout).toMatch(/^1 of 1 disagreeing prompts$/m);
    const bad = await assay(["compare", reference.id, perfect.id, "--outcome", "sometimes"], 1);
    expect(bad.stderr).toContain("Allowed choices are all, both_succeed");
  });

  it("names the evaluation it cannot read", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const { stderr } = await assay(["compare", reference.id, missing], 1);
    expect(stderr).toContain(`evaluation B (${missing}) not found`);
  });
});

describe("assay eval publish", () => {
  it("lets another organization compare once both evaluations are public, until one is made private", async () => {
    const before = await assay(["compare", reference.id, perfect.id], 1, strangerKey);
    expect(before.stderr).toContain(`evaluation A (${reference.id}) not found`);

    const published = await assay(["eval", "publish", reference.id]);
    expect(published.stdout).toContain(`evaluation ${reference.id} is public`);
    await assay(["eval", "publish", perfect.id, "--json"]);
    const after = await assay(["compare", reference.id, perfect.id], 0, strangerKey);
    expect(after.stdout).toContain("verdict: no significant difference (p = 0.083)");

    // Only the owner may change it.
    const foreign = await assay(["eval", "publish", perfect.id, "--private"], 1, strangerKey);
    expect(foreign.stderr).toContain(`no evaluation with id ${perfect.id}`);

    const hidden = await assay(["eval", "publish", perfect.id, "--private"]);
    expect(hidden.stdout).toContain(`evaluation ${perfect.id} is private`);
    const again = await assay(["compare", reference.id, perfect.id], 1, strangerKey);
    expect(again.stderr).toContain(`evaluation B (${perfect.id}) not found`);
  });
});
