import type { CompleteFn } from "../../scorers/judge-prompt.ts";
import { judgeScore } from "../../scorers/llm-judge.ts";
import { clipReason } from "../../scorers/scorer.ts";

/** A custom scorer as a run grades with it: its rubric and its model behind `complete`. */
export interface GradingScorer {
  id: string;
  rubric: string;
  /** The scorer's model; an Error when it cannot be called at all (a deleted model). */
  complete: CompleteFn | Error;
}

/** One scorer's grade of one response; `score` and `passed` null when its judge failed. */
export interface ScorerGradeResult {
  score: number | null;
  passed: boolean | null;
  reason: string;
}

/**
 * Grades one response with every scorer at once, each by its own model and rubric through the
 * LLM judge (nonce-delimited texts, one repair turn). A scorer whose judge fails — its model call,
 * or two unreadable replies — gets a failed grade with the reason: that is the scorer's failure,
 * not the prompt's. Only a stop of the run (`signal`) propagates, so nothing half-graded is kept.
 */
export async function gradeWithScorers(
  input: { prompt: string; truth: string; response: string },
  scorers: readonly GradingScorer[],
  signal: AbortSignal,
): Promise<Record<string, ScorerGradeResult>> {
  const grades = await Promise.all(
    scorers.map(async (scorer): Promise<[string, ScorerGradeResult]> => {
      if (scorer.complete instanceof Error) return [scorer.id, failed(scorer.complete)];
      try {
        const verdict = await judgeScore({ ...input, rubric: scorer.rubric }, scorer.complete);
        return [
          scorer.id,
          { score: verdict.score, passed: verdict.passed, reason: verdict.reason },
        ];
      } catch (error) {
        if (signal.aborted) throw error;
        return [scorer.id, failed(error)];
      }
    }),
  );
  return Object.fromEntries(grades);
}

function failed(error: unknown): ScorerGradeResult {
  const message = error instanceof Error ? error.message : String(error);
  return { score: null, passed: null, reason: clipReason(`scorer failed: ${message}`) };
}
