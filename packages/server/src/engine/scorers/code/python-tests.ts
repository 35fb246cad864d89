import { z } from "zod";
import type { Sandbox } from "../../sandbox/sandbox.ts";
import type { SandboxRun } from "../../sandbox/sandbox-limits.ts";
import { clipReason, type ScoreInput, type ScoreResult } from "../scorer.ts";
import { stripReasoning } from "../strip-reasoning.ts";
import { extractCode } from "./extract-code.ts";

/**
 * `python_tests`: the answer's code (extractCode) run with the prompt's own tests in the code
 * sandbox; it passes when the program exits 0. A prompt's truth is either the tests (Python
 * source: assertions, or a `check` call) run after the code, or, for a benchmark whose prompt
 * is code the answer continues (HumanEval), `{"prefix": …, "tests": …}`: the prefix goes first.
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
  const run = await sandbox.run(pythonTestsProgram(code, input.truth));
  const passed = run.exit === "passed";
  return {
    score: passed ? 1 : 0,
    passed,
    reason: clipReason(describe(run)),
    extracted: code,
  };
}

/** The exit reason, and for a failure the error it printed last (the failed assertion). */
function describe(run: SandboxRun): string {
  if (run.exit === "passed") return "the tests passed";
  const last = run.stderr.trim().split("\n").at(-1) ?? "";
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
