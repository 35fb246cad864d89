import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fixtureDefinition } from "@assay/test-kit/fixture-definition.ts";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aime2024, aime2025 } from "./aime.ts";
import { arcAgi2 } from "./arc-agi-2.ts";
import { arcEasy } from "./arc-easy.ts";
import { bbh } from "./bbh.ts";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { BenchmarkDownloadError } from "./benchmark-errors.ts";
import { boolq } from "./boolq.ts";
import { downloadBenchmarkFile } from "./download-benchmark-file.ts";
import { GPQA_SHUFFLE_SEED, gpqaDiamond, gpqaOrder } from "./gpqa-diamond.ts";
import { humaneval } from "./humaneval.ts";
import { ifeval } from "./ifeval.ts";
import { math500 } from "./math-500.ts";
import { mbpp } from "./mbpp.ts";
import { mmluPro } from "./mmlu-pro.ts";
import { piqa } from "./piqa.ts";
import { readBenchmarkFile } from "./read-benchmark-file.ts";
import { simpleqa, simpleqaTopic } from "./simpleqa.ts";
import { winogrande } from "./winogrande.ts";

/**
 * The loaders of the cited benchmarks on small copies of their canonical files (checked in, made
 * by test/fixtures/benchmarks/make-fixtures.ts in each source's exact format), and their refusals
 * of records that do not fit, naming the record.
 */
const FIXTURES = resolve(import.meta.dirname, "../../../test/fixtures/benchmarks");

async function load(definition: BenchmarkDefinition, count: number) {
  const path = join(FIXTURES, definition.key, definition.source.filename);
  return (await readBenchmarkFile({ ...definition, prompt_count: count }, path)).prompts;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-cited-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function jsonlFile(name: string, rows: unknown[]) {
  const path = join(dir, name);
  await writeFile(path, rows.map((row) => JSON.stringify(row)).join("\n"));
  return path;
}

describe("MATH-500", () => {
  it("asks for a boxed answer, keeps the subject as subset and the level", async () => {
    const prompts = await load(math500, 4);
    expect(prompts[0]).toMatchObject({
      id: "test/precalculus/807.json",
      truth: "\\left( 3, \\frac{\\pi}{2} \\right)",
      subset: "Precalculus",
      metadata: { level: 2 },
    });
    expect(prompts[0]!.input).toMatch(/final answer in \\boxed\{\}\.\n\nConvert the point/);
    expect(new Set(prompts.map((p) => p.subset))).toEqual(
      new Set(["Precalculus", "Algebra", "Prealgebra"]),
    );
  });

  it("refuses a record without an answer, naming its line", async () => {
    const path = await jsonlFile("math.jsonl", [
      { problem: "1+1?", solution: "2", answer: "2", subject: "Algebra", level: 1, unique_id: "a" },
      { problem: "2+2?", solution: "4", subject: "Algebra", level: 1, unique_id: "b" },
    ]);
    await expect(readBenchmarkFile({ ...math500, prompt_count: 2 }, path)).rejects.toThrow(
      /^math-500: line 2: answer:/,
    );
  });
});

describe("AIME", () => {
  it("2024: integer answers as text, AIME I and II as subsets", async () => {
    const prompts = await load(aime2024, 3);
    expect(prompts.map((p) => [p.id, p.truth, p.subset])).toEqual([
      ["2024-I-1", "204", "AIME I"],
      ["2024-I-2", "25", "AIME I"],
      ["2024-II-4", "33", "AIME II"],
    ]);
  });

  it("2025: refuses an answer outside 0-999, naming its line", async () => {
    expect((await load(aime2025, 2)).map((p) => p.truth)).toEqual(["70", "588"]);
    const path = await jsonlFile("aime.jsonl", [
      { problem: "x?", answer: "70", id: "0" },
      { problem: "y?", answer: "1000", id: "1" },
    ]);
    await expect(readBenchmarkFile({ ...aime2025, prompt_count: 2 }, path)).rejects.toThrow(
      /^aime-2025: line 2: answer: must be an integer 0-999/,
    );
  });
});

describe("IFEval", () => {
  it("keeps each prompt's instructions as its truth, without nulls, the instruction count as subset", async () => {
    const prompts = await load(ifeval, 5);
    expect(prompts[0]).toMatchObject({ id: "ifeval-1000", subset: "3 instructions" });
    expect(JSON.parse(prompts[0]!.truth)).toEqual({
      instruction_id_list: [
        "punctuation:no_comma",
        "detectable_format:number_highlighted_sections",
        "length_constraints:number_words",
      ],
      kwargs: [{}, { num_highlights: 3 }, { relation: "at least", num_words: 300 }],
    });
    // The row whose kwargs list every argument name with nulls, as the Hub's conversion has them.
    expect(JSON.parse(prompts[3]!.truth).kwargs).toEqual([{}, {}]);
    expect(prompts.map((p) => p.subset)).toEqual([
      "3 instructions",
      "1 instruction",
      "1 instruction",
      "2 instructions",
      "1 instruction",
    ]);
  });

  it("refuses a row the reference would fill in at random, or cannot check, naming its line", async () => {
    const row = {
      key: 1,
      prompt: "Write.",
      instruction_id_list: ["punctuation:no_comma"],
      kwargs: [{}],
    };
    const cases: [unknown, RegExp][] = [
      [
        {
          ...row,
          instruction_id_list: ["length_constraints:number_words"],
          kwargs: [{ relation: "at least" }],
        },
        /line 2: kwargs: instruction "length_constraints:number_words" needs the argument "num_words"/,
      ],
      [
        { ...row, instruction_id_list: ["made:up"] },
        /line 2: kwargs: unknown IFEval instruction "made:up"/,
      ],
      [{ ...row, kwargs: [] }, /line 2: kwargs: needs one kwargs object per instruction/],
      [
        { ...row, instruction_id_list: ["startend:end_checker"], kwargs: [{ end_phrase: 7 }] },
        /"end_phrase" must be a string/,
      ],
    ];
    for (const [bad, error] of cases) {
      const path = await jsonlFile("ifeval.jsonl", [row, bad]);
      await expect(readBenchmarkFile({ ...ifeval, prompt_count: 2 }, path)).rejects.toThrow(error);
    }
  });
});

describe("code benchmarks (parquet)", () => {
  it("HumanEval: Inspect's instruction before the prompt; truth runs prompt, code, test, check", async () => {
    const [first] = await load(humaneval, 4);
    expect(first!.id).toBe("humaneval-0");
    expect(first!.input).toMatch(
      /^\nRead the following function signature and docstring, [\s\S]*this function\.\n\nfrom typing import List\n/,
    );
    const truth = JSON.parse(first!.truth) as { prefix: string; tests: string };
    expect(truth.prefix).toMatch(/^from typing import List\n\n\ndef running_max\(/);
    expect(truth.tests).toMatch(/def check\(candidate\):[\s\S]*\ncheck\(running_max\)$/);
  });

  it("MBPP: the task and its assertions in the prompt; truth is test_imports then test_list", async () => {
    const [first] = await load(mbpp, 3);
    expect(first!.id).toBe("mbpp-601");
    expect(first!.input).toContain(
      "## Prompt:\n```python\nWrite a function to find the area of a circle of the given radius.\n```",
    );
    expect(first!.input).toContain("## Test Case:\n```python\nassert math.isclose(circle_area(1)");
    expect(first!.input.endsWith("## Completion:\n")).toBe(true);
    expect(first!.truth.split("\n")).toEqual([
      "import math",
      "assert math.isclose(circle_area(1), 3.141592653589793, rel_tol=0.001)",
      "assert math.isclose(circle_area(2), 12.566370614359172, rel_tol=0.001)",
    ]);
  });

  it("refuse a problem without its check, a bad entry point or a test that is not an assertion", () => {
    const problem = {
      task_id: "HumanEval/7",
      prompt: "def f():\n",
      canonical_solution: "    return 1\n",
      test: "def check(candidate):\n    assert candidate() == 1\n",
      entry_point: "f",
    };
    expect(humaneval.recordSchema.safeParse(problem).success).toBe(true);
    expect(humaneval.recordSchema.safeParse({ ...problem, test: "assert f() == 1" }).success).toBe(
      false,
    );
    expect(
      humaneval.recordSchema.safeParse({ ...problem, entry_point: "f; import os" }).success,
    ).toBe(false);
    const task = { task_id: 9n, prompt: "p", code: "", test_imports: [], test_list: ["assert 1"] };
    expect(mbpp.recordSchema.safeParse(task).success).toBe(true);
    expect(mbpp.recordSchema.safeParse({ ...task, test_list: ["print(1)"] }).success).toBe(false);
    expect(mbpp.recordSchema.safeParse({ ...task, test_list: [] }).success).toBe(false);
  });
});

describe("MMLU-Pro", () => {
  it("letters up to ten options, asks for 'the answer is (X)', subsets by category", async () => {
    const prompts = await load(mmluPro, 3);
    expect(prompts.map((p) => [p.id, p.truth, p.subset])).toEqual([
      ["mmlu-pro-70", "I", "business"],
      ["mmlu-pro-71", "A", "business"],
      ["mmlu-pro-5233", "B", "math"],
    ]);
    expect(prompts[2]!.input).toContain("Options:\nA. 4\nB. 11\nC. 10");
    expect(prompts[2]!.input).toContain("J. 1\nAnswer: Let's think step by step.");
    expect(prompts[0]!.input).toContain('finish your answer with "the answer is (X)"');
  });
});

describe("two- and yes/no-option benchmarks", () => {
  it("ARC-Easy reletters numbered labels", async () => {
    expect((await load(arcEasy, 2)).map((p) => p.truth)).toEqual(["A", "B"]);
  });

  it("WinoGrande puts the two fillers as A and B", async () => {
    const prompts = await load(winogrande, 2);
    expect(prompts[0]!.input).toContain("so _ always got the harder cases.\n\nA. Sarah\nB. Maria");
    expect(prompts.map((p) => p.truth)).toEqual(["A", "A"]);
  });

  it("PIQA puts the two solutions as A and B", async () => {
    const prompts = await load(piqa, 2);
    expect(prompts[1]!.input).toContain(
      "Goal: To make a hard boiled egg\n\nA. Place the egg in boiling",
    );
    expect(prompts.map((p) => p.truth)).toEqual(["A", "A"]);
  });

  it("BoolQ asks yes (A) or no (B) about the passage", async () => {
    const prompts = await load(boolq, 2);
    expect(prompts[0]!.input).toContain(
      "Question: does ethanol take more energy make that produces?",
    );
    expect(prompts[0]!.input).toContain("A. yes\nB. no");
    expect(prompts.map((p) => p.truth)).toEqual(["B", "A"]);
  });
});

describe("GPQA Diamond (gated CSV)", () => {
  it("shuffles the options by the recorded seed, the same way every time", async () => {
    const prompts = await load(gpqaDiamond, 2);
    const order = gpqaOrder("recFixture0001");
    expect([...order].sort()).toEqual([0, 1, 2, 3]);
    expect(prompts[0]).toMatchObject({
      id: "recFixture0001",
      truth: "ABCD"[order.indexOf(0)],
      subset: "Physics",
      metadata: { shuffle_seed: GPQA_SHUFFLE_SEED, order },
    });
    expect(prompts[0]!.input).toContain(`(${prompts[0]!.truth}) The photon`);
    // A quoted field keeps its commas, quotes and newline.
    expect(prompts[1]!.input).toContain('Which base pairs with adenine in DNA, "in short"?');
    // Over many questions the correct answer lands on every letter.
    const letters = new Set(Array.from({ length: 40 }, (_, i) => gpqaOrder(`rec${i}`).indexOf(0)));
    expect(letters.size).toBe(4);
  });

  it("is never downloaded: the error says where to get the file and how to import it", async () => {
    const error = await downloadBenchmarkFile(gpqaDiamond, { dataDir: dir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BenchmarkDownloadError);
    expect((error as Error).message).toContain("is gated and never downloaded by Assay");
    expect((error as Error).message).toContain("https://huggingface.co/datasets/Idavidrein/gpqa");
    expect((error as Error).message).toContain("assay catalog import gpqa-diamond --file");
  });
});

describe("repository archives (zip)", () => {
  const zip = async (name: string, files: Record<string, string>) => {
    const path = join(dir, name);
    await writeFile(
      path,
      zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))),
    );
    return path;
  };

  it("BBH: one prompt per example, the task as subset, other files ignored", async () => {
    const prompts = await load(bbh, 3);
    expect(prompts.map((p) => [p.id, p.truth, p.subset])).toEqual([
      ["boolean_expressions-1", "False", "boolean_expressions"],
      ["boolean_expressions-2", "False", "boolean_expressions"],
      ["date_understanding-1", "(B)", "date_understanding"],
    ]);
    expect(prompts[0]!.input).toContain(
      "Q: not ( ( not not True ) ) is\nA: Let's think step by step.",
    );
  });

  it("ARC-AGI-2: one prompt per test input, evaluation tasks only, grids as JSON", async () => {
    const prompts = await load(arcAgi2, 3);
    expect(prompts.map((p) => [p.id, p.truth])).toEqual([
      ["0a1d4ef5-0", "[[0,3],[0,0]]"],
      ["0a1d4ef5-1", "[[0,0],[0,4]]"],
      ["1ae2feb7-0", "[[6],[7]]"],
    ]);
    expect(prompts[0]!.input).toContain(
      "Example 2 output:\n[[0,0],[0,2]]\n\nTest input:\n[[3,0],[0,0]]",
    );
  });

  it("refuses an archive without the benchmark's files, bad JSON and a bad task, naming the entry", async () => {
    const other = await zip("other.zip", { "repo-main/README.md": "# nothing" });
    await expect(readBenchmarkFile({ ...bbh, prompt_count: 1 }, other)).rejects.toThrow(
      /^bbh: the archive has no file matching/,
    );
    const broken = await zip("broken.zip", { "repo-main/bbh/navigate.json": "{" });
    await expect(readBenchmarkFile({ ...bbh, prompt_count: 1 }, broken)).rejects.toThrow(
      /^bbh: repo-main\/bbh\/navigate\.json: not valid JSON/,
    );
    const ragged = await zip("ragged.zip", {
      "r/data/evaluation/0a1d4ef5.json": JSON.stringify({
        train: [{ input: [[1, 2], [3]], output: [[1]] }],
        test: [{ input: [[1]], output: [[1]] }],
      }),
    });
    await expect(readBenchmarkFile({ ...arcAgi2, prompt_count: 1 }, ragged)).rejects.toThrow(
      /^arc-agi-2: r\/data\/evaluation\/0a1d4ef5\.json: content\.train\.0\.input: rows of unequal length/,
    );
    const notZip = await zip("x.zip", {});
    await writeFile(notZip, "not a zip");
    await expect(readBenchmarkFile(bbh, notZip)).rejects.toThrow(
      /^bbh: not a readable zip archive/,
    );
  });
});

describe("SimpleQA (CSV, pinned by sha256)", () => {
  it("refuses a file that is not the canonical one, by its sha256", async () => {
    const path = join(FIXTURES, "simpleqa", "simple_qa_test_set.csv");
    await expect(readBenchmarkFile({ ...simpleqa, prompt_count: 4 }, path)).rejects.toThrow(
      /^simpleqa: not the canonical file: its sha256 is [0-9a-f]{64}, the canonical file's is feee3f7e/,
    );
  });

  it("takes each question's topic from the metadata's Python literal as its subset", async () => {
    const path = join(FIXTURES, "simpleqa", "simple_qa_test_set.csv");
    const unpinned = fixtureDefinition(simpleqa, 4);
    const { prompts } = await readBenchmarkFile(unpinned, path);
    expect(prompts.map((p) => [p.id, p.truth, p.subset])).toEqual([
      ["simpleqa-1", "Paris", "Geography"],
      ["simpleqa-2", "Frank Herbert", "Art"],
      ["simpleqa-3", "1923", "Science and technology"],
      ["simpleqa-4", "18", "Geography"],
    ]);
    expect(prompts[0]!.input).toBe("What is the capital of France?");
    expect(simpleqaTopic("{'topic': \"Music's history\", 'urls': []}")).toBe("Music's history");
    expect(simpleqaTopic("{'answer_type': 'Date'}")).toBeNull();
  });
});
