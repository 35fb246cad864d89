import type { Evaluation, Result } from "@assay/client";
import {
  type FakeModelServer,
  seededArithmeticBehavior,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import { finishedEvaluation, useEvaluationFixture } from "./support/evaluation-setup.ts";

/**
 * `assay eval run --repeats`, what `eval show` says of a run with repeats, and `assay results`
 * listing its prompts with their answers or every answer, against a real service with workers.
 *
 * The model answers Q1 … Q11 under seeds 10–13 (repeat i sends seed + i): Q1, Q5 and Q9 right
 * twice (flaky), Q3, Q7 and Q11 never, the other five always. Hence, by hand: 26 of 44 answers
 * right; accuracy (5 + 3 × ½) / 11 = 59.1%; flip rate 3/11 = 27.3%; majority vote 5/11 = 45.5%
 * (2 of 4 is a tie); within-prompt variance (3 × ⅓) / 11 = 0.0909; pass@2 = (5 + 3 × ⅚) / 11 =
 * 68.2%, pass^2 = (5 + 3 × ⅙) / 11 = 50.0%; pass@4 = 8/11 = 72.7%, pass^4 = 5/11 = 45.5%;
 * histogram 3, 0, 3, 0, 5.
 */

const service = useTestService({ workers: true });
const fixture = useEvaluationFixture(service);

let seeded: FakeModelServer | undefined;
let runId: string;
let report: CliResult;

beforeAll(async () => {
  seeded = await startFakeModelServer({ latencyMs: 1, behavior: seededArithmeticBehavior });
  await fixture().client.models.createCustom({
    name: "fake/seeded",
    key: "fake/seeded",
    description: "",
    api_url: seeded.url,
    max_tokens: 64,
  });
  report = await cli([
    ...["eval", "run", "--model", "fake/seeded", "--benchmark", fixture().benchmarkKey],
    ...["--repeats", "4", "--seed", "10", "--temperature", "0.7", "--wait", "--interval", "0.2"],
  ]);
  runId = report.stdout.split("\n")[0] ?? "";
});
afterAll(() => seeded?.close());

async function cli(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), args);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

describe("assay eval run --repeats", () => {
  it("asks each prompt N times and the report says what repeats add", async () => {
    const out = report.stdout;
    expect(out).toMatch(/│ status\s+│ success\s+│/);
    expect(out).toMatch(
      /│ accuracy\s+│ 59\.1% \(26\/44\), 95% CI \d+\.\d%–\d+\.\d% clustered by prompt, standard error \d+\.\d%\s+│/,
    );
    expect(out).toMatch(/│ prompts\s+│ 44\/44 done\s+│/);
    expect(out).toMatch(/│ repeats\s+│ 4 per prompt, 11 prompts with every repeat answered\s+│/);
    expect(out).toMatch(/│ flip rate\s+│ 27\.3% \(3 of 11 prompts answered right and wrong\)\s+│/);
    expect(out).toMatch(
      /│ majority vote\s+│ 45\.5% \(5 of 11 prompts right in most repeats; a tie is no majority\)\s+│/,
    );
    expect(out).toMatch(/│ within-prompt variance\s+│ 0\.0909 \(/);
    expect(out).toMatch(/│ sampling\s+│ temperature 0\.7 · seed 10\s+│/);
    // Subsets: prompts and answers apart, the clustered interval, the flip rate.
    expect(out).toMatch(
      /│ subset\s+│ prompts │ answers │ correct │ accuracy │ 95% CI \(clustered\)\s+│ flip rate │/,
    );
    expect(out).toMatch(/│ small\s+│ 6\s+│ 24\s+│ 16\s+│ 66\.7%\s+│ [^│]+│ 33\.3%\s+│/);
    expect(out).toMatch(/│ large\s+│ 5\s+│ 20\s+│ 10\s+│ 50\.0%\s+│ [^│]+│ 20\.0%\s+│/);
    // pass@k and pass^k for k = 1, 2, 4.
    expect(out).toMatch(/│ k │ pass@k \(any of k right\) │ pass\^k \(all k right\) │/);
    expect(out).toMatch(/│ 1 │ 59\.1%\s+│ 59\.1%\s+│/);
    expect(out).toMatch(/│ 2 │ 68\.2%\s+│ 50\.0%\s+│/);
    expect(out).toMatch(/│ 4 │ 72\.7%\s+│ 45\.5%\s+│/);
    expect(out).not.toMatch(/│ 3 │ \d/);
    expect(out).toContain(
      [
        "prompts by answers right (of 4):",
        "  0/4 │██████████████            3",
        "  1/4 │                          0",
        "  2/4 │██████████████            3",
        "  3/4 │                          0",
        "  4/4 │████████████████████████  5",
      ].join("\n"),
    );
    // eval show prints the same report.
    const shown = await cli(["eval", "show", runId]);
    expect(shown.stdout).toBe(out.slice(out.indexOf("\n") + 1));
  });

  it("refuses a count outside 1–32 naming the flag, before any request", async () => {
    const runs = async () => (await fixture().client.evaluations.getMany()).totalCount;
    const before = await runs();
    for (const value of ["0", "33", "1.5", "four"]) {
      const refused = await cli(
        ["eval", "run", "--model", "fake/seeded", "--benchmark", "arithmetic", "--repeats", value],
        1,
      );
      expect(refused.stderr).toContain(
        `option '--repeats <n>' argument '${value}' is invalid. must be a whole number from 1 to 32`,
      );
    }
    expect(await runs()).toBe(before);
  });

  it("a run without repeats reports as before: no repeat figures, Wilson's interval", async () => {
    const plain = await finishedEvaluation(fixture());
    const shown = (await cli(["eval", "show", plain.id])).stdout;
    expect(shown).toMatch(/│ accuracy\s+│ 72\.7% \(8\/11\), 95% CI [\d.]+%–[\d.]+%, standard/);
    for (const absent of ["repeats", "flip rate", "majority vote", "pass@k", "answers right"]) {
      expect(shown).not.toContain(absent);
    }
    expect(shown).toMatch(/│ subset\s+│ n\s+│ correct │ accuracy │ 95% CI\s+│/);
  });
});

describe("assay results of a run with repeats", () => {
  it("lists one row per prompt with its answers side by side", async () => {
    const { stdout } = await cli(["results", runId]);
    expect(stdout).toMatch(/│ position │ subset\s+│ passed │ answers\s+│ score │ prompt/);
    expect(stdout).toMatch(/│ 0\s+│ small\s+│ no\s+│ ✓✗✓✗ 2\/4 │ 0\.50\s+│ Q1: /);
    expect(stdout).toMatch(/│ 1\s+│ small\s+│ yes\s+│ ✓✓✓✓ 4\/4 │ 1\s+│ Q2: /);
    expect(stdout).toMatch(/│ 2\s+│ small\s+│ no\s+│ ✗✗✗✗ 0\/4 │ 0\s+│ Q3: /);
    expect(stdout).toMatch(/^11 of 11 results$/m);
  });

  it("--outcome flaky keeps the prompts whose answers disagree", async () => {
    const table = await cli(["results", runId, "--outcome", "flaky"]);
    expect(table.stdout).toMatch(/^3 of 3 flaky results$/m);
    const json = JSON.parse((await cli(["results", runId, "--outcome", "flaky", "--json"])).stdout);
    expect((json as Result[]).map((r) => [r.position, r.score])).toEqual([
      [0, 0.5],
      [4, 0.5],
      [8, 0.5],
    ]);
    const both = await cli(["results", runId, "--failed", "--outcome", "passed"], 1);
    expect(both.stderr).toContain("cannot be used with option");
    // Flaky describes a prompt, not an answer (the service would list every answer).
    const perAnswer = await cli(["results", runId, "--outcome", "flaky", "--repeats", "each"], 1);
    expect(perAnswer.stderr).toBe(
      "assay: --outcome flaky keeps prompts, not answers: leave out --repeats each (a flaky prompt's answers are shown side by side, and in --json under `repeats`)\n",
    );
    const unknown = await cli(["results", runId, "--outcome", "sometimes"], 1);
    expect(unknown.stderr).toContain("Allowed choices are passed, failed, error, flaky");
  });

  it("--repeats each lists every answer, and CSV gets a repeat column", async () => {
    const table = await cli(["results", runId, "--repeats", "each", "--limit", "5"]);
    // Five answers of one subset: no subset column.
    expect(table.stdout).toMatch(/│ position │ repeat │ passed │ score │ prompt/);
    expect(table.stdout).toMatch(/│ 0\s+│ 1\s+│ no\s+│ 0\s+│ Q1: /);
    expect(table.stdout).toMatch(/^5 of 44 answers; 39 more: use --limit N or --all$/m);

    const csv = (await cli(["results", runId, "--repeats", "each", "--csv"])).stdout;
    const records = csv.split("\r\n").filter((line) => /^\d|^position/.test(line));
    expect(records[0]).toBe(
      "position,repeat,prompt_id,subset,passed,score,duration,prompt,result,truth,reason,error",
    );
    expect(records.slice(1, 6).map((r) => r.split(",").slice(0, 2).join(","))).toEqual([
      "0,0",
      "0,1",
      "0,2",
      "0,3",
      "1,0",
    ]);
    expect(records).toHaveLength(1 + 44);
    // By prompt (the default), the CSV is the one a run without repeats has.
    const byPrompt = (await cli(["results", runId, "--csv"])).stdout;
    expect(byPrompt.split("\r\n")[0]).toBe(
      "position,prompt_id,subset,passed,score,duration,prompt,result,truth,reason,error",
    );

    const json = JSON.parse((await cli(["results", runId, "--repeats", "each", "--json"])).stdout);
    expect((json as Result[]).filter((r) => r.passed)).toHaveLength(26);
    expect((json as Result[]).every((r) => r.repeats === undefined)).toBe(true);
  });

  it("results show prints a prompt's answers, each on a line", async () => {
    const { stdout } = await cli(["results", "show", runId, "0"]);
    expect(stdout).toMatch(/│ answers\s+│ ✓✗✓✗ 2\/4 \(the score is their mean\)\s+│/);
    expect(stdout).toMatch(/│ score\s+│ 0\.50\s+│/);
    expect(stdout).toContain("\n── response (repeat 0) ──\nLet me add.\n");
    expect(stdout).toMatch(/\n── 4 answers ──\n0 ✓ 1 · .+\n1 ✗ 0 · .+\n2 ✓ 1 · .+\n3 ✗ 0 · .+\n/);
  });

  it("a run without repeats has no answers column", async () => {
    const plain: Evaluation = await finishedEvaluation(fixture());
    const { stdout } = await cli(["results", plain.id]);
    expect(stdout).toMatch(/│ position │ subset\s+│ passed │ score │ prompt/);
    const flaky = await cli(["results", plain.id, "--outcome", "flaky"]);
    expect(flaky.stdout).toBe("no flaky results\n");
  });
});
