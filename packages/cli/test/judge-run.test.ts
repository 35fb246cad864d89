import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TraceEvaluation, TraceEvaluationResult } from "@assay/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import {
  FAIL_MARKER,
  FAIL_REASONING,
  PASS_REASONING,
  traceLine,
  UNJUDGEABLE_MARKER,
  useFakeJudge,
} from "./support/fake-judge.ts";

/** `assay judge run`: a judge over traces, against a real service with workers and a fake judge. */

const service = useTestService({ workers: true });
const fakeJudge = useFakeJudge(service);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let dir: string;
let judgeId: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-cli-judge-run-"));
  const { client, modelId } = fakeJudge();
  const judge = await client.judges.create({
    name: "Correctness",
    evaluation_goal: "The assistant's answer is correct and complete.",
    model_id: modelId,
  });
  judgeId = judge.id;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeTraces(name: string, lines: string[]): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `${lines.join("\n")}\n`);
  return path;
}

async function judgeRun(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["judge", "run", "--judge", judgeId, ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

interface RunReport {
  judge_id: string;
  total: number;
  finished: number;
  passed: number;
  failed: number;
  errors: number;
  evaluations: { trace_evaluation: TraceEvaluation; result: TraceEvaluationResult | null }[];
}

describe("assay judge run", () => {
  it("uploads a file, judges every trace, waits with progress and prints verdicts and the pass rate", async () => {
    const file = await writeTraces("answers.jsonl", [
      traceLine("What is 2 + 2?", "4"),
      traceLine("What is the capital of France?", `Berlin ${FAIL_MARKER}`),
      traceLine("What is 3 + 3?", "6"),
    ]);
    const run = await judgeRun(["--traces", file, "--wait", "--interval", "0.2"]);
    expect(run.stderr).toContain(`uploaded 3 traces from ${file}\n`);
    expect(run.stderr).toContain("judging 3 traces with Correctness\n");
    // Not a terminal: plain progress lines, the last one when all are judged.
    expect(run.stderr).toMatch(/^judged 3\/3: 2 passed, 1 failed, 0 errors$/m);
    expect(run.stderr).not.toContain("\x1b[");

    expect(run.stdout).toMatch(/│ trace\s+│ status\s+│ verdict │ score │ reasoning\s+│/);
    expect(run.stdout).toMatch(
      new RegExp(`│ success\\s+│ pass\\s+│ 0\\.90\\s+│ ${PASS_REASONING}`),
    );
    expect(run.stdout).toMatch(
      new RegExp(`│ success\\s+│ fail\\s+│ 0\\.10\\s+│ ${FAIL_REASONING}`),
    );
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe("passed 2 of 3 (66.7%)");

    // The verdicts are also on the traces.
    const { client } = fakeJudge();
    const listed = await client.traces.getMany({ source: "answers.jsonl", judgeId });
    expect(listed.traces.map((t) => t.last_evaluations[0]?.passed).sort()).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("judges trace ids without waiting: prints the evaluations' ids", async () => {
    const { client } = fakeJudge();
    const { trace_ids } = await client.traces.upload({
      data: new TextEncoder().encode(
        [traceLine("Hi?", "Hello!"), traceLine("Bye?", "Goodbye!")].join("\n"),
      ),
      filename: "by-id.jsonl",
    });
    const run = await judgeRun(["--traces", trace_ids.join(",")]);
    const ids = run.stdout.trim().split("\n");
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(run.stderr).toContain("started 2 trace evaluations with judge Correctness (version 1)");
    expect(run.stderr).toContain(`assay traces list --judge ${judgeId}`);
    for (const [i, id] of ids.entries()) {
      const { traceEvaluation, result } = await client.traceEvaluations.waitForCompletion(id, {
        intervalMs: 100,
        timeoutMs: 25_000,
      });
      expect(traceEvaluation).toMatchObject({ trace_id: trace_ids[i], status: "success" });
      expect(result).toMatchObject({ passed: true, score: 0.9 });
    }
  });

  it("--wait --json prints the report; an evaluation that ends failure makes it exit 1", async () => {
    const file = await writeTraces("mixed.jsonl", [
      traceLine("Q1", "fine"),
      traceLine("Q2", `no ${UNJUDGEABLE_MARKER}`),
    ]);
    const run = await judgeRun(["--traces", file, "--wait", "--interval", "0.2", "--json"], 1);
    const report = JSON.parse(run.stdout) as RunReport;
    expect(report).toMatchObject({
      judge_id: judgeId,
      total: 2,
      finished: 2,
      passed: 1,
      failed: 0,
      errors: 1,
    });
    expect(report.evaluations.map((e) => [e.trace_evaluation.status, e.result?.passed])).toEqual([
      ["success", true],
      ["failure", undefined],
    ]);
    expect(report.evaluations[1]?.result).toBeNull();
    expect(run.stderr).toMatch(/assay: 1 of 2 trace evaluations ended failure \(.+\)\n$/);
  });

  it("refuses an unknown judge before uploading, and --interval without --wait", async () => {
    const file = await writeTraces("never.jsonl", [traceLine("Q", "A")]);
    const unknown = await runApiCli(service(), [
      "judge",
      "run",
      "--judge",
      "00000000-0000-4000-8000-000000000000",
      "--traces",
      file,
    ]);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toBe(
      "assay: no judge with id 00000000-0000-4000-8000-000000000000 in this project\n",
    );
    const { client } = fakeJudge();
    expect(await client.traces.getSources()).not.toContain("never.jsonl");
    const lonely = await judgeRun(["--traces", file, "--interval", "1"], 1);
    expect(lonely.stderr).toBe("assay: --interval and --timeout go with --wait\n");
  });
});
