import type { SandboxRun } from "../../sandbox/sandbox-limits.ts";
import type { ScoreExecution } from "../scorer.ts";

/**
 * Characters kept of each stream. The sandbox lets a program print up to 64 KiB, and every result
 * row stores its execution: a bound keeps a benchmark of failing programs from storing megabytes.
 */
export const MAX_EXECUTION_OUTPUT = 4096;

/**
 * A sandboxed run of `program` as stored with its result: its exit, its output bounded, its wall
 * time. The traceback's frames get their source lines first (see withSourceLines).
 */
export function recordExecution(run: SandboxRun, program: string): ScoreExecution {
  return {
    exit: run.exit,
    stdout: keepEnd(run.stdout),
    stderr: keepEnd(withSourceLines(run.stderr, program)),
    duration_ms: Math.round(run.durationMs),
  };
}

/** A traceback frame of the program: Python read it from stdin (bubblewrap.ts). */
const STDIN_FRAME = /^( *)File "<stdin>", line (\d+), in .*$/gm;

/**
 * Python prints no source line under a frame of a program read from stdin (it has no file to read
 * it from), so a failed `assert` would show only as a line number: each frame gets its line, as
 * Python prints it for a file, so the traceback names the assertion that failed. (A SyntaxError
 * prints its own line, and its frame has no `, in …`: it is left as it is.)
 */
function withSourceLines(stderr: string, program: string): string {
  const lines = program.split("\n");
  return stderr.replace(STDIN_FRAME, (frame, indent: string, line: string) => {
    const source = lines[Number(line) - 1]?.trim();
    return source ? `${frame}\n${indent}  ${source}` : frame;
  });
}

/** The program's line the traceback's innermost frame names, as `line N: source`; null without. */
export function failingLine(stderr: string, program: string): string | null {
  const line = Number([...stderr.matchAll(STDIN_FRAME)].at(-1)?.[2]);
  const source = program.split("\n")[line - 1]?.trim();
  return source ? `line ${line}: ${source}` : null;
}

/**
 * The end of a long stream, after a leading "…". The end, because that is what explains how the
 * program stopped: a traceback's last line names the failed assertion (or the error), and what it
 * printed last is what it was doing when a limit stopped it.
 */
function keepEnd(text: string): string {
  if (text.length <= MAX_EXECUTION_OUTPUT) return text;
  let from = text.length - (MAX_EXECUTION_OUTPUT - 1);
  // Never start on the second half of a surrogate pair: that would be an unpaired half.
  const first = text.charCodeAt(from);
  if (first >= 0xdc00 && first <= 0xdfff) from++;
  return `…${text.slice(from)}`;
}
