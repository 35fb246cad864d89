import type { RepeatAnswer, Result, ResultExecution, ScorerScore } from "@assay/protocol";

/** Prompts without a subset are reported (and filtered) as `default`. */
export const DEFAULT_SUBSET = "default";

/** The columns a result is read with (results joined with the prompts they answer). */
export const RESULT_COLUMNS = [
  "r.position",
  "s.prompt_id",
  "s.subset",
  "s.input_text",
  "s.truth",
  "s.repeat",
  "r.response",
  "r.duration_ms",
  "r.score",
  "r.metrics",
  "r.passed",
  "r.reason",
  "r.error",
  "r.prompt_tokens",
  "r.completion_tokens",
  "r.reasoning_tokens",
  "r.reasoning",
  "r.cached",
  "r.scorer_scores",
  "r.execution",
] as const;

/** A result as read with RESULT_COLUMNS. */
export interface ResultRow {
  position: number;
  prompt_id: string;
  subset: string | null;
  input_text: string;
  truth: string;
  repeat: number;
  response: string;
  duration_ms: number;
  score: number;
  metrics: string;
  passed: number;
  reason: string;
  error: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  reasoning: string | null;
  cached: number;
  scorer_scores: string | null;
  execution: string | null;
}

/**
 * One answer on the wire. Its `position` is its prompt's place in the benchmark (a run with
 * repeats stores prompt i's answers at i·repeats + repeat), and `repeat` says which answer it is.
 */
export function toResult(row: ResultRow, repeats: number): Result {
  return {
    subset: row.subset ?? DEFAULT_SUBSET,
    prompt: row.input_text,
    result: row.response,
    truth: row.truth,
    duration: row.duration_ms / 1000,
    score: row.score,
    metrics: {
      accuracy: row.passed,
      ...(JSON.parse(row.metrics) as Record<string, number | null>),
    },
    prompt_id: row.prompt_id,
    position: Math.floor(row.position / repeats),
    passed: row.passed === 1,
    reason: row.reason,
    error: row.error,
    tokens: {
      prompt: row.prompt_tokens,
      completion: row.completion_tokens,
      reasoning: row.reasoning_tokens,
    },
    cached: row.cached === 1,
    reasoning: row.reasoning,
    scorer_scores:
      row.scorer_scores === null
        ? {}
        : (JSON.parse(row.scorer_scores) as Record<string, ScorerScore>),
    execution: row.execution === null ? null : (JSON.parse(row.execution) as ResultExecution),
    repeat: row.repeat,
  };
}

function toRepeatAnswer(row: ResultRow): RepeatAnswer {
  return {
    repeat: row.repeat,
    result: row.response,
    score: row.score,
    passed: row.passed === 1,
    reason: row.reason,
    error: row.error,
    duration: row.duration_ms / 1000,
    reasoning: row.reasoning,
  };
}

/**
 * One row per prompt from its answers (in position order): the first answer's row, whose `score`
 * is the mean score over the answers, `metrics.accuracy` the share that passed, `passed` whether
 * all did, and `repeats` every answer. What the original client reads stays one row per prompt.
 */
export function groupByPrompt(rows: readonly ResultRow[], repeats: number): Result[] {
  const prompts: Result[] = [];
  let answers: ResultRow[] = [];
  const flush = () => {
    const first = answers[0];
    if (!first) return;
    const base = toResult(first, repeats);
    const passed = answers.filter((a) => a.passed === 1).length;
    prompts.push({
      ...base,
      score: answers.reduce((sum, a) => sum + a.score, 0) / answers.length,
      passed: passed === answers.length,
      metrics: { ...base.metrics, accuracy: passed / answers.length },
      repeats: answers.map(toRepeatAnswer),
    });
    answers = [];
  };
  for (const row of rows) {
    if (
      answers.length > 0 &&
      Math.floor(row.position / repeats) !==
        Math.floor((answers[0] as ResultRow).position / repeats)
    )
      flush();
    answers.push(row);
  }
  flush();
  return prompts;
}
