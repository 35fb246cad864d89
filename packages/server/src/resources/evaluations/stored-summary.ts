import type { BenchmarkFigureValue } from "@assay/protocol";
import {
  type OutcomeCounts,
  type OutcomeSummary,
  type RepeatSummary,
  summarizeOutcomes,
} from "../../engine/stats/index.ts";
import type { EvaluationRow } from "../../platform/db/schema.ts";

/**
 * What a finished run stores in its `stats` column: summarizeOutcomes' figures, computed once by
 * finalizeEvaluation and served as stored by every read. A run with repeats stores its accuracy,
 * interval and subsets clustered by prompt, and the repeat figures (summarizeRepeats).
 */
export type StoredSummary = Required<OutcomeSummary> &
  Partial<Pick<RepeatSummary, "interval" | "repeats">> & {
    /** The benchmark's figures besides accuracy (finalize.ts); absent when it has none. */
    figures?: BenchmarkFigureValue[];
  };

/**
 * What runs finalized before the summary was stored kept: only the parts that need the result
 * rows. Their figures are computed from these and the counters, by the same function.
 */
interface LegacyStats {
  subsets: { name: string; total: number; correct: number }[];
  metrics: Record<string, number | null>;
  top_errors: { error: string; count: number }[];
  /** Absent in runs finalized before scorers existed. */
  scorers?: OutcomeSummary["scorers"];
}

type Counters = Pick<
  EvaluationRow,
  | "done_count"
  | "correct_count"
  | "failed_count"
  | "cached_count"
  | "duration_ms_sum"
  | "prompt_tokens"
  | "completion_tokens"
  | "cost_usd"
>;

/** The parts of a summary that come from the result rows rather than the counters. */
export type ResultParts = Required<
  Pick<OutcomeCounts, "subsets" | "metrics" | "topErrors" | "scorers">
>;

/**
 * summarizeOutcomes over a run's counters and the parts gathered from its result rows. The figures
 * cover the prompts done: all of them once finished, the ones so far while running. Durations are
 * summed over answered, uncached prompts only, so those are what they average over.
 */
export function summarizeRun(row: Counters, parts: ResultParts): Required<OutcomeSummary> {
  return summarizeOutcomes({
    total: row.done_count,
    correct: row.correct_count,
    failed: row.failed_count,
    durationMsSum: row.duration_ms_sum,
    scored: Math.max(0, row.done_count - row.failed_count - row.cached_count),
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
    cost: row.cost_usd,
    ...parts,
  }) as Required<OutcomeSummary>;
}

/**
 * The figures a read serves: a finished run's stored summary as it is. A run with none stored —
 * still going, ended early (cancelled, timed out, paused), or finalized by a version that stored
 * only the parts from its result rows — gets them from its counters, through the same function.
 */
export function readSummary(row: Counters & Pick<EvaluationRow, "stats">): StoredSummary {
  const stored = row.stats === null ? undefined : (JSON.parse(row.stats) as Partial<StoredSummary>);
  if (typeof stored?.accuracy === "number") return stored as StoredSummary;
  const legacy = stored as LegacyStats | undefined;
  return summarizeRun(row, {
    subsets: legacy?.subsets ?? [],
    metrics: legacy?.metrics ?? {},
    topErrors: legacy?.top_errors ?? [],
    scorers: legacy?.scorers ?? [],
  });
}
