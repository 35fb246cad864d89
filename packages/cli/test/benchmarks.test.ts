import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Benchmark, BenchmarkPrompt, CustomBenchmark } from "@assay/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runApiCli, useTestService } from "./support/api-cli.ts";
import type { CliResult } from "./support/cli.ts";

/** `assay benchmarks …`: user commands over the SDK, against a real service. */

const service = useTestService();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Enough rows that `--all` needs two pages of 100. */
const ROWS = 150;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-cli-benchmarks-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeDataset(name: string, lines: string[]): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `${lines.join("\n")}\n`);
  return path;
}

/** Runs `assay benchmarks <args>` and checks it succeeded. */
async function benchmarks(args: string[]): Promise<CliResult> {
  const result = await runApiCli(service(), ["benchmarks", ...args]);
  expect(result, result.stderr).toMatchObject({ code: 0 });
  return result;
}

async function json<T>(args: string[]): Promise<T> {
  return JSON.parse((await benchmarks([...args, "--json"])).stdout) as T;
}

describe("assay benchmarks", () => {
  it("creates a benchmark from a JSONL file, then lists, shows and pages through its prompts", async () => {
    const file = await writeDataset(
      "arithmetic.jsonl",
      Array.from({ length: ROWS }, (_, i) =>
        JSON.stringify({ id: `q${i + 1}`, input: `What is ${i} + 1?`, truth: String(i + 1) }),
      ),
    );
    const created = await benchmarks([
      "create",
      "--name",
      "Arithmetic",
      "--file",
      file,
      "--description",
      "sums",
      "--scoring-metric",
      "numeric",
      "--system-prompt",
      "Answer with a number.",
    ]);
    expect(created.stdout).toMatch(new RegExp(UUID.source.replace("$", "\\n$")));
    expect(created.stderr).toBe("created benchmark Arithmetic\n");
    const id = created.stdout.trim();

    const listed = await json<Benchmark[]>(["list", "--type", "custom"]);
    expect(listed.map((b) => [b.id, b.key, b.prompt_count])).toEqual([[id, "arithmetic", ROWS]]);
    const table = (await benchmarks(["list", "--name", "arith"])).stdout;
    expect(table).toMatch(/│ id\s+│ key\s+│ name\s+│ type\s+│ prompts │ scorer\s+│/);
    expect(table).toMatch(
      new RegExp(`│ ${id} │ arithmetic │ Arithmetic │ custom │ ${ROWS} +│ numeric │`),
    );

    expect(await json<CustomBenchmark>(["show", "arithmetic"])).toMatchObject({
      id,
      key: "arithmetic",
      name: "Arithmetic",
      description: "sums",
      scoring_metric: "numeric",
      system_prompt: "Answer with a number.",
      prompt_count: ROWS,
    });
    const shown = (await benchmarks(["show", id])).stdout;
    expect(shown).toMatch(/scoring metric\s*│ numeric/);
    expect(shown).toMatch(/system prompt\s*│ Answer with a number\./);

    // One page, by key, as JSON: the SDK's answer.
    const page = await json<{ prompts: BenchmarkPrompt[]; count: number }>([
      "prompts",
      "arithmetic",
      "--page",
      "2",
      "--page-size",
      "2",
    ]);
    expect(page).toEqual({
      prompts: [
        { id: "q3", input: "What is 2 + 1?", truth: "3", subset: null },
        { id: "q4", input: "What is 3 + 1?", truth: "4", subset: null },
      ],
      count: ROWS,
    });

    const pageTable = (await benchmarks(["prompts", id, "--page-size", "3"])).stdout;
    expect(pageTable).toMatch(/│ q1 +│ What is 0 \+ 1\? +│ 1 +│ +│/);
    expect(pageTable).not.toContain("q4");
    expect(pageTable).toMatch(new RegExp(`\\n3 of ${ROWS} prompts \\(page 1\\)\\n$`));

    const found = await json<{ prompts: BenchmarkPrompt[]; count: number }>([
      "prompts",
      id,
      "--search",
      "truth",
      "--value",
      "150",
    ]);
    expect(found).toEqual({
      prompts: [{ id: "q150", input: "What is 149 + 1?", truth: "150", subset: null }],
      count: 1,
    });

    const all = await json<{ prompts: BenchmarkPrompt[]; count: number }>(["prompts", id, "--all"]);
    expect(all.count).toBe(ROWS);
    expect(all.prompts.map((p) => p.id)).toEqual(
      Array.from({ length: ROWS }, (_, i) => `q${i + 1}`),
    );
  });

  it("refuses a bad dataset, naming its bad lines, and creates nothing", async () => {
    const file = await writeDataset("broken.jsonl", [
      JSON.stringify({ input: "ok", truth: "1" }),
      JSON.stringify({ input: "no truth" }),
      JSON.stringify({ input: "ok", truth: "2" }),
      "{not json",
    ]);
    const result = await runApiCli(service(), [
      "benchmarks",
      "create",
      "--name",
      "Broken",
      "--file",
      file,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^assay: .*line 2: .*line 4: /);

    const listed = await json<Benchmark[]>(["list", "--name", "broken"]);
    expect(listed).toEqual([]);

    const missing = await runApiCli(service(), [
      "benchmarks",
      "create",
      "--name",
      "Missing",
      "--file",
      join(dir, "nope.jsonl"),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("nope.jsonl");
  });

  it("checks prompt options and reports unknown benchmarks", async () => {
    const mixed = await runApiCli(service(), [
      "benchmarks",
      "prompts",
      "x",
      "--all",
      "--page",
      "2",
    ]);
    expect(mixed).toMatchObject({
      code: 1,
      stderr: "assay: --all lists every prompt: leave out --page, --page-size and --search\n",
    });
    const half = await runApiCli(service(), ["benchmarks", "prompts", "x", "--search", "input"]);
    expect(half).toMatchObject({
      code: 1,
      stderr: "assay: --search and --value go together: --search input --value <text>\n",
    });
    const unknown = await runApiCli(service(), ["benchmarks", "prompts", "no-such-benchmark"]);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: "assay: no benchmark with key no-such-benchmark in this project\n",
    });
  });
});
