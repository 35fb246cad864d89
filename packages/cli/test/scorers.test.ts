import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CustomBenchmark, Scorer, ScorerPage } from "@assay/client";
import { describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import { ROWS, useEvaluationFixture } from "./support/evaluation-setup.ts";
import { useFakeJudge } from "./support/fake-judge.ts";

/** `assay scorers …`, and a custom benchmark graded by a scorer, against a real service. */

const service = useTestService({ workers: true });
const fakeJudge = useFakeJudge(service);
const fixture = useEvaluationFixture(service);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const RUBRIC = "Pass responses that answer the question asked.";

async function cli(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), args);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

async function json<T>(args: string[]): Promise<T> {
  return JSON.parse((await cli([...args, "--json"])).stdout) as T;
}

describe("assay scorers", () => {
  it("creates, shows, lists, updates and deletes a scorer", async () => {
    const { modelId, modelKey } = fakeJudge();
    const created = await cli([
      "scorers",
      "create",
      "--name",
      "Answers",
      "--model",
      modelKey,
      "--prompt",
      RUBRIC,
    ]);
    const id = created.stdout.trim();
    expect(id).toMatch(UUID);
    expect(created.stderr).toBe("created scorer Answers (model: Fake judge)\n");

    expect(await json<Scorer>(["scorers", "show", id])).toMatchObject({
      id,
      name: "Answers",
      model_id: modelId,
      prompt: RUBRIC,
    });
    const shown = (await cli(["scorers", "show", id])).stdout;
    expect(shown).toContain(`Fake judge (${modelId})`);
    const listed = (await cli(["scorers", "list"])).stdout;
    expect(listed).toContain("Answers");
    expect(listed).toContain("1 of 1 scorers (page 1 of 1)");
    expect((await json<ScorerPage>(["scorers", "list"])).totalCount).toBe(1);

    const updated = await cli(["scorers", "update", id, "--description", "checks answers"]);
    expect(updated.stdout).toBe(`updated ${id}\n`);
    expect((await json<Scorer>(["scorers", "show", id])).description).toBe("checks answers");

    expect((await cli(["scorers", "delete", id])).stdout).toBe(`deleted ${id}\n`);
    const gone = await cli(["scorers", "show", id], 1);
    expect(gone.stderr).toContain(`no scorer with id ${id} in this project`);
  });

  it("refuses an update with nothing to change, and a short prompt naming the field", async () => {
    const nothing = await cli(["scorers", "update", "00000000-0000-4000-8000-000000000000"], 1);
    expect(nothing.stderr).toContain("nothing to change");
    const short = await cli(
      [
        "scorers",
        "create",
        "--name",
        "Short",
        "--model",
        fakeJudge().modelKey,
        "--prompt",
        "short",
      ],
      1,
    );
    expect(short.stderr).toContain("body.prompt");
  });

  it("grades a custom benchmark's results with its scorers and reports them beside the accuracy", async () => {
    const scorerId = (
      await cli([
        "scorers",
        "create",
        "--name",
        "Answered",
        "--model",
        fakeJudge().modelKey,
        "--prompt",
        RUBRIC,
      ])
    ).stdout.trim();
    const file = join(mkdtempSync(join(tmpdir(), "assay-scorers-")), "sums.jsonl");
    writeFileSync(
      file,
      ROWS.slice(0, 4)
        .map((r) => JSON.stringify(r))
        .join("\n"),
    );
    const benchmarkId = (
      await cli([
        "benchmarks",
        "create",
        "--name",
        "Graded sums",
        "--file",
        file,
        "--scoring-metric",
        "numeric",
        "--scorers",
        scorerId,
      ])
    ).stdout.trim();
    const benchmark = await json<CustomBenchmark>(["benchmarks", "show", benchmarkId]);
    expect(benchmark.custom_scorers).toEqual([scorerId]);

    const run = await cli([
      "eval",
      "run",
      "--model",
      fixture().fastModelKey,
      "--benchmark",
      benchmarkId,
      "--wait",
    ]);
    // The fake judge passes every response with 0.9: graded scores, so Student's t; four equal
    // grades are not certainty, so the interval reaches as far as a share q = z²/(4 + z²) of
    // unseen grades could move the mean: 0.9 − 0.9q to 0.9 + 0.1q.
    expect(run.stdout).toMatch(
      /scorer Answered\s+│ 90\.0% over 4 responses, 95% CI 45\.9%–94\.9% \(Student's t\)/,
    );
  });
});
