import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Evaluation, Result } from "@assay/client";
import { gsm8kAnswers, gsm8kBehavior, importGsm8k } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { WORKSPACE_NODE_FLAGS } from "@assay/test-kit/workspace-node.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEnv, runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";
import {
  finishedEvaluation,
  ROWS,
  useEvaluationFixture,
  WRONG,
} from "./support/evaluation-setup.ts";

/** `assay results`: an evaluation's per-prompt results as a table, JSON and CSV. */

const service = useTestService({ workers: true });
const fixture = useEvaluationFixture(service);

let evaluation: Evaluation;
beforeAll(async () => {
  evaluation = await finishedEvaluation(fixture());
});

async function results(args: string[], code = 0): Promise<CliResult> {
  const result = await runApiCli(service(), ["results", ...args]);
  expect(result, result.stderr).toMatchObject({ code });
  return result;
}

/** A strict RFC 4180 reader: records end in CRLF; quoted fields may hold anything. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i++;
        } else if (text[i] === '"') {
          i++;
          break;
        } else if (i >= text.length) {
          throw new Error("unterminated quote");
        } else field += text[i];
      }
    } else if (text[i] === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (text.startsWith("\r\n", i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 2;
    } else {
      field += text[i];
      i++;
    }
  }
  if (field !== "" || record.length > 0) throw new Error("last record without CRLF");
  return records;
}

describe("assay results", () => {
  it("prints a table of every result in benchmark order", async () => {
    const { stdout, stderr } = await results([evaluation.id]);
    expect(stderr).toBe("");
    expect(stdout).toMatch(
      /│ position │ subset\s+│ passed │ score │ prompt\s+│ response\s+│ truth\s+│ reason \/ error\s+│/,
    );
    expect(stdout).toMatch(/│ 0\s+│ small\s+│ yes\s+│ 1\s+│ Q1: /);
    expect(stdout).toMatch(/│ 2\s+│ small\s+│ no\s+│ 0\s+│ Q3: /);
    expect(stdout).toMatch(/^11 of 11 results$/m);
  });

  it("--failed keeps the prompts not passed; --json prints them as one array", async () => {
    const table = (await results([evaluation.id, "--failed"])).stdout;
    expect(table).toMatch(/^3 of 3 failed results$/m);
    const failed = JSON.parse(
      (await results([evaluation.id, "--failed", "--json"])).stdout,
    ) as Result[];
    expect(failed.map((r) => r.position)).toEqual(WRONG);
    expect(failed.every((r) => !r.passed)).toBe(true);

    const all = JSON.parse((await results([evaluation.id, "--json"])).stdout) as Result[];
    expect(all.map((r) => [r.position, r.subset, r.prompt, r.truth])).toEqual(
      ROWS.map((row, i) => [i, row.subset, row.input, row.truth]),
    );
  });

  it("--csv writes RFC 4180 with a header row, quoting what needs it", async () => {
    const { stdout } = await results([evaluation.id, "--csv"]);
    const records = parseCsv(stdout);
    expect(records[0]).toEqual([
      "position",
      "prompt_id",
      "subset",
      "passed",
      "score",
      "duration",
      "prompt",
      "result",
      "truth",
      "reason",
      "error",
    ]);
    const all = JSON.parse((await results([evaluation.id, "--json"])).stdout) as Result[];
    expect(records.slice(1)).toEqual(
      all.map((r) => [
        String(r.position),
        r.prompt_id,
        r.subset,
        String(r.passed),
        String(r.score),
        String(r.duration),
        r.prompt,
        r.result,
        r.truth,
        r.reason,
        r.error ?? "",
      ]),
    );
    // The prompt with a comma, quotes and a line break survives the round trip.
    expect(records[11]?.[6]).toBe(ROWS[10]?.input);
    expect(stdout).toContain('"Q11: ""Quoted"", with a comma,\nand a second line. What is 1 + 2?"');
  });

  it("--limit stops early", async () => {
    const two = JSON.parse((await results([evaluation.id, "--limit", "2", "--json"])).stdout);
    expect((two as Result[]).map((r) => r.position)).toEqual([0, 1]);
    const csv = parseCsv(
      (await results([evaluation.id, "--failed", "--limit", "1", "--csv"])).stdout,
    );
    expect(csv.map((r) => r[0])).toEqual(["position", String(WRONG[0])]);
  });

  it("refuses --json with --csv, and an unknown evaluation", async () => {
    const both = await results([evaluation.id, "--json", "--csv"], 1);
    expect(both.stderr).toContain("cannot be used with option");
    const missing = await results(["00000000-0000-4000-8000-000000000000"], 1);
    expect(missing.stderr).toBe(
      "assay: no evaluation with id 00000000-0000-4000-8000-000000000000 in this organization\n",
    );
  });
});

/** The opening every GSM8K prompt shares (server: catalog/benchmarks/gsm8k.ts). */
const GSM8K_OPENING = "Solve the following math problem. Think step by step, then give";

describe("assay results on a real benchmark (GSM8K, 30 prompts)", () => {
  let gsm8k: Evaluation;
  let model: FakeModelServer | undefined;
  beforeAll(async () => {
    model = await startFakeModelServer({ latencyMs: 1, behavior: gsm8kBehavior() });
    const { client } = fixture();
    await client.models.createCustom({
      name: "fake/gsm8k",
      key: "fake/gsm8k",
      description: "",
      api_url: model.url,
      max_tokens: 64,
    });
    await importGsm8k(service());
    const created = await client.evaluations.create(
      (await client.models.getByKey("fake/gsm8k"))!,
      (await client.benchmarks.getByKey("gsm8k"))!,
      { limit: 30 },
    );
    gsm8k = await client.evaluations.waitForCompletion(created, {
      intervalMs: 100,
      timeoutMs: 25_000,
    });
  });
  afterAll(() => model?.close());

  it("shows each question, not the template's opening, 20 rows in 120 columns", async () => {
    const { stdout } = await results([gsm8k.id]);
    const lines = stdout.trimEnd().split("\n");
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(120);
    expect(lines[0]).toMatch(
      new RegExp(`^prompts without the opening they share: "${GSM8K_OPENING}`),
    );
    expect(lines[0]).toMatch(/…$/);
    // Each row's prompt cell starts with its own question.
    const questions = gsm8kAnswers()
      .slice(0, 20)
      .map((a) => a.question);
    const rows = lines.filter((l) => /^│ \d+ /.test(l));
    expect(rows).toHaveLength(20);
    // One subset: no subset column.
    expect(lines[2]).toMatch(
      /^│ position │ passed │ score │ prompt\s+│ response\s+│ truth │ reason/,
    );
    rows.forEach((row, i) => {
      const cell = row.split("│")[4]?.trim() as string;
      expect(questions[i]?.replace(/\s+/g, " ").startsWith(cell.replace(/…$/, ""))).toBe(true);
    });
    expect(lines.at(-1)).toBe("20 of 30 results; 10 more: use --limit N or --all");

    const all = await results([gsm8k.id, "--all"]);
    expect(all.stdout).toMatch(/^30 of 30 results$/m);
    // JSON and CSV stay whole: every result, every prompt as sent.
    const json = JSON.parse((await results([gsm8k.id, "--json"])).stdout) as Result[];
    expect(json).toHaveLength(30);
    expect(json[0]?.prompt.startsWith(GSM8K_OPENING)).toBe(true);
    const both = await results([gsm8k.id, "--all", "--limit", "5"], 1);
    expect(both.stderr).toContain("cannot be used with option");
  });

  it("results show prints one result whole, by position or prompt id", async () => {
    const json = JSON.parse((await results([gsm8k.id, "--json"])).stdout) as Result[];
    const third = json[3] as Result; // wrong: the fake misses every fourth question
    const byPosition = await results(["show", gsm8k.id, "3"]);
    expect(byPosition.stdout).toMatch(new RegExp(`│ evaluation\\s+│ ${gsm8k.id}`));
    expect(byPosition.stdout).toMatch(/│ position\s+│ 3 \(prompt gsm8k-4, subset default\)/);
    expect(byPosition.stdout).toMatch(/│ passed\s+│ no\s+│/);
    expect(byPosition.stdout).toMatch(/│ score\s+│ 0\s+│/);
    expect(byPosition.stdout).toMatch(/│ reason\s+│ pattern "\d+" = \d+ differs from truth \d+/);
    expect(byPosition.stdout).toContain(`│ ${third.reason}`);
    expect(byPosition.stdout).toMatch(/│ tokens\s+│ \d+ \(prompt \d+, completion \d+\)/);
    expect(byPosition.stdout).toMatch(/│ duration\s+│ \d+ ms/);
    expect(byPosition.stdout).toContain(`\n── prompt ──\n${third.prompt}\n`);
    expect(byPosition.stdout).toContain(`\n── truth ──\n${third.truth}\n`);
    expect(byPosition.stdout).toContain(`\n── response ──\n${third.result}\n`);

    const byId = await results(["show", gsm8k.id, third.prompt_id]);
    expect(byId.stdout).toBe(byPosition.stdout);
    const asJson = JSON.parse((await results(["show", gsm8k.id, "3", "--json"])).stdout);
    expect(asJson).toEqual(third);

    const missing = await results(["show", gsm8k.id, "999"], 1);
    expect(missing.stderr).toBe(
      `assay: evaluation ${gsm8k.id} has no result at position 999 (yet)\n`,
    );
    const unknown = await results(["show", gsm8k.id, "gsm8k-999"], 1);
    expect(unknown.stderr).toContain("has no result for prompt gsm8k-999");
  });

  it("exits quietly when what reads its output stops reading (| head)", async () => {
    const entry = fileURLToPath(new URL("../bin/assay.js", import.meta.url));
    for (const format of ["--all", "--csv", "--json"]) {
      const child = spawn(
        process.execPath,
        [...WORKSPACE_NODE_FLAGS, entry, "results", gsm8k.id, format],
        {
          env: { PATH: process.env.PATH, ...apiEnv(service()) },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      // The reading end is gone before anything is written: every write meets EPIPE.
      child.stdout.destroy();
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
      });
      const code = await new Promise((resolve) => child.once("close", resolve));
      expect({ format, code, stderr }).toEqual({ format, code: 0, stderr: "" });
    }
  });
});
