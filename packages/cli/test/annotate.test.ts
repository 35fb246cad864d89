import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Agreement, JudgeAnnotationPage } from "@assay/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import { FAIL_MARKER, traceLine, useFakeJudge } from "./support/fake-judge.ts";

/** `assay annotate …`: labels imported from a file, listed, and the judges' agreement. */

const service = useTestService({ workers: true });
const fakeJudge = useFakeJudge(service);

let dir: string;
let judgeId: string;
/** Judged pass, judged fail, not judged. */
let traces: [string, string, string];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-cli-annotate-"));
  const { client, modelId } = fakeJudge();
  judgeId = (
    await client.judges.create({
      name: "Correctness",
      evaluation_goal: "The assistant's answer is correct and complete.",
      model_id: modelId,
    })
  ).id;
  const { trace_ids } = await client.traces.upload({
    data: new TextEncoder().encode(
      [
        traceLine("What is 2 + 2?", "4"),
        traceLine("What is 3 + 3?", `7 ${FAIL_MARKER}`),
        traceLine("What is 4 + 4?", "8"),
      ].join("\n"),
    ),
    filename: "labeled.jsonl",
  });
  traces = trace_ids as [string, string, string];
  for (const traceId of traces.slice(0, 2)) {
    const created = await client.traceEvaluations.create(traceId, judgeId);
    await client.traceEvaluations.waitForCompletion(created, {
      intervalMs: 100,
      timeoutMs: 25_000,
    });
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function labels(name: string, lines: unknown[]): Promise<string> {
  const path = join(dir, name);
  await writeFile(
    path,
    `${lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n")}\n`,
  );
  return path;
}

async function annotate(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["annotate", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

const label = (traceId: string, passed: boolean, extra: Record<string, unknown> = {}) => ({
  trace_id: traceId,
  judge_id: judgeId,
  passed,
  ...extra,
});

describe("assay annotate", () => {
  it("refuses a file with bad lines, naming each, and imports nothing", async () => {
    const file = await labels("bad.jsonl", [
      label(traces[0], true),
      "{oops",
      { trace_id: traces[1], judge_id: judgeId },
    ]);
    const run = await annotate(["import", file], 1);
    expect(run.stderr).toBe(
      `assay: 2 invalid annotations in ${file}:\n  line 2: not valid JSON (${jsonError("{oops")})\n  line 3: passed: is required\n`,
    );
    const { client } = fakeJudge();
    expect((await client.judges.get(judgeId)).annotation_count).toBe(0);
  });

  it("imports labels, queues evaluations that are missing, and prints the agreement", async () => {
    const first = await labels("first.jsonl", [
      label(traces[0], true),
      label(traces[1], true, { comment: "7 is close enough" }),
      label(traces[2], true),
    ]);
    const json = await annotate(["import", first, "--json"]);
    const report = JSON.parse(json.stdout) as {
      created: number;
      updated: number;
      trace_evaluations_created: number;
      judges: { id: string; name: string; agreement: Agreement }[];
    };
    expect(report).toMatchObject({ created: 3, updated: 0, trace_evaluations_created: 1 });
    expect(report.judges).toEqual([
      {
        id: judgeId,
        name: "Correctness",
        agreement: expect.objectContaining({ annotation_count: 3 }),
      },
    ]);

    // Relabeling replaces; the judge failed the second trace, so now all compared labels agree.
    const second = await labels("second.jsonl", [label(traces[1], false)]);
    const run = await annotate(["import", second]);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`imported 1 label from ${second}: 0 new, 1 replaced`);
    expect(lines[1]).toMatch(
      /^Correctness: accuracy 100\.0% \(95% CI \d+\.\d%–100\.0%\), κ (1\.00 \(95% CI .+\)|undefined \(every (label|verdict) .+\)), over [23] of 3 labels$/,
    );
    expect(lines).toHaveLength(2);
  });

  it("lists a judge's labels beside its verdicts, and shows the agreement on the judge", async () => {
    const listed = await annotate(["list", "--judge", judgeId]);
    expect(listed.stdout).toMatch(
      /│ trace\s+│ label │ judge │ agrees │ score │ comment\s+│ by\s+│ updated/,
    );
    expect(listed.stdout).toMatch(new RegExp(`│ ${traces[1]} │ fail\\s+│ fail\\s+│ yes`));
    expect(listed.stdout).toMatch(/^3 of 3 labels \(page 1 of 1\)$/m);
    expect(listed.stdout.trimEnd().split("\n").at(-1)).toMatch(/^accuracy 100\.0%/);

    const page = JSON.parse(
      (await annotate(["list", "--judge", judgeId, "--page-size", "1", "--json"])).stdout,
    ) as JudgeAnnotationPage;
    expect(page).toMatchObject({ count: 1, totalCount: 3, pagination: { totalPages: 3 } });
    expect(page.annotations[0]).toMatchObject({ trace_id: traces[1], passed: false });

    const shown = await runApiCli(service(), ["judges", "show", judgeId]);
    expect(shown.stdout).toMatch(/│ agreement\s+│ accuracy 100\.0%/);

    const unknown = await annotate(["list", "--judge", "no-such-judge"], 1);
    expect(unknown.stderr).toBe("assay: no judge with id no-such-judge in this project\n");
  });
});

/** What this Node.js says about a JSON syntax error. */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  return "";
}
