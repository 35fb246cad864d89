import type { Sandbox } from "../sandbox/sandbox.ts";
import type { SandboxExit } from "../sandbox/sandbox-limits.ts";
import type { CompleteFn } from "./judge-prompt.ts";

/**
 * The shape every scorer shares. Scorers are pure: the same input always gives the same result,
 * so a re-run of a sample (after a worker restart) scores it the same way.
 */
export interface ScoreInput {
  /** The model's answer text. */
  response: string;
  /** The benchmark's canonical answer. */
  truth: string;
  /** The prompt text sent to the model (the judge reads it). */
  prompt: string;
  /** The benchmark's extraction pattern; null or absent when it has none. */
  regexPattern?: string | null;
  /** Multiple choice: the option texts in letter order, when known. */
  options?: readonly string[] | null;
  /** The benchmark author's grading instructions (model-graded scorers read them). */
  instructions?: string | null;
}

export interface ScoreResult {
  /** 0..1 */
  score: number;
  passed: boolean;
  /** Short (≤ 200 chars): what was extracted and what it was compared with. */
  reason: string;
  /** The answer the scorer took from the response; null when it found none. */
  extracted?: string | null;
  /**
   * Counts a benchmark's further figures are computed from (IFEval's instructions followed,
   * SimpleQA's grade), summed over a run's answers when it ends (BenchmarkDefinition.figures).
   * Stored with the result beside its metrics, so each answer shows its own.
   */
  details?: Record<string, number>;
  /** What running the answer's code did; only scorers that run it (python_tests) set it. */
  execution?: ScoreExecution;
}

/**
 * One run of an answer's code, stored and shown with its result: what the one-line `reason`
 * cannot hold (the whole traceback, what the program printed). Built by `recordExecution`.
 */
export interface ScoreExecution {
  exit: SandboxExit;
  /** Each stream bounded (MAX_EXECUTION_OUTPUT), its end kept after a leading "…". */
  stdout: string;
  stderr: string;
  /** Wall time of the sandboxed run, rounded. */
  duration_ms: number;
}

export type SyncScorer = (input: ScoreInput) => ScoreResult;

/**
 * What a scorer is handed besides the texts it grades. A model-graded scorer finds its judge
 * here: the run's judge model behind `complete(messages)`, so the scorer never knows which model
 * or gateway answers it (tests pass a scripted function).
 */
export interface ScoreContext {
  /** The run's judge; present when the run's scorer or a metric needs one (see needsJudge). */
  judge?: CompleteFn;
  /** The code sandbox; present when the run's scorer runs the answer's code (python_tests). */
  sandbox?: Sandbox;
}

/** Any registered scorer: pure ones ignore the context, model-graded ones call its judge. */
export type Scorer = (
  input: ScoreInput,
  context: ScoreContext,
) => ScoreResult | Promise<ScoreResult>;

export const MAX_REASON_LENGTH = 200;

/** Reasons are stored with every result row and shown in tables, so they stay one short line. */
export function clipReason(reason: string): string {
  const line = reason.replace(/\s+/g, " ").trim();
  return line.length <= MAX_REASON_LENGTH ? line : `${line.slice(0, MAX_REASON_LENGTH - 1)}…`;
}

/** Quotes a value inside a reason, shortened so that two of them fit in one reason. */
export function quote(value: string, max = 60): string {
  const line = value.replace(/\s+/g, " ");
  return JSON.stringify(line.length <= max ? line : `${line.slice(0, max - 1)}…`);
}

export function verdict(passed: boolean, reason: string, extracted: string | null): ScoreResult {
  return { score: passed ? 1 : 0, passed, reason: clipReason(reason), extracted };
}
