import { z } from "zod";
import type { Sandbox } from "../../sandbox/sandbox.ts";
import type { SandboxRun } from "../../sandbox/sandbox-limits.ts";
import { clipReason, type ScoreInput, type ScoreResult } from "../scorer.ts";
import { stripReasoning } from "../strip-reasoning.ts";
import { extractCode } from "./extract-code.ts";
import { failingLine, recordExecution } from "./record-execution.ts";

/**
 * `python_tests`: the answer's code (extractCode) run with the prompt's own tests in the code
 * sandbox; it passes when the program exits 0. A prompt's truth is either the tests (Python
 * source: assertions, or a `check` call) run after the code, or, for a benchmark whose prompt
 * is code the answer continues (HumanEval), `{"prefix": …, "tests": …}`: the prefix goes first.
 * Its result carries the run (`execution`): exit reason, bounded stdout and stderr, duration.
 */
const StructuredTruth = z.object({ prefix: z.string().default(""), tests: z.string() });

export function pythonTestsProgram(code: string, truth: string): string {
  const structured = parseStructured(truth);
  return structured === null
    ? `${code}\n\n${truth}\n`
    : `${structured.prefix}${code}\n${structured.tests}\n`;
}

function parseStructured(truth: string): z.infer<typeof StructuredTruth> | null {
  if (!truth.trimStart().startsWith("{")) return null;
  try {
    const parsed = StructuredTruth.safeParse(JSON.parse(truth));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function pythonTests(input: ScoreInput, sandbox: Sandbox): Promise<ScoreResult> {
  const code = extractCode(stripReasoning(input.response));
  const program = pythonTestsProgram(code, input.truth);
  const run = await sandbox.run(program);
  const passed = run.exit === "passed";
  return {
    score: passed ? 1 : 0,
    passed,
    reason: clipReason(describe(run, program)),
    extracted: code,
    // The reason holds one line; the traceback and what the program printed are kept here.
    execution: recordExecution(run, program),
  };
}

/**
 * The exit reason, and for a failure the error it printed last and the line of the program that
 * raised it: `the tests failed: AssertionError (line 9: assert square(3) == 9)`.
 */
function describe(run: SandboxRun, program: string): string {
  if (run.exit === "passed") return "the tests passed";
  const error = run.stderr.trim().split("\n").at(-1) ?? "";
  const at = failingLine(run.stderr, program);
  const last = at === null || error === "" ? error : `${error} (${at})`;
  const why: Record<SandboxRun["exit"], string> = {
    passed: "",
    failed: "the tests failed",
    timeout: "stopped at its time limit",
    memory: "ran out of memory",
    output_limit: "printed past its output limit",
    crashed: `crashed${run.signal ? ` (${run.signal})` : ""}`,
  };
  return last === "" ? why[run.exit] : `${why[run.exit]}: ${last}`;
}
