import { meanInterval } from "./mean-interval.ts";
import { type Interval, wilsonInterval } from "./proportion.ts";

/** One scorer's grade of one result; `score` null when its judge failed. */
export interface ScorerGrade {
  score: number | null;
  passed: boolean | null;
}

export interface ScorerFigures {
  /** Average score over the graded results; null when none was graded. */
  mean: number | null;
  ci95: Interval | null;
  /** `wilson` when every score was 0 or 1 (the mean is a pass rate), else Student's `t`. */
  interval: "wilson" | "t";
  pass_rate: number | null;
  /** Results graded. */
  n: number;
  /** Results the judge failed on. */
  failed: number;
}

/**
 * A scorer's average with its 95% interval. A pass/fail scorer (every score 0 or 1) gets the
 * Wilson interval on its pass rate, as accuracy does; a graded one (any score in between) gets
 * Student's t interval on the mean, clipped to 0–1. Failed grades are counted, never averaged.
 */
export function scorerFigures(grades: Iterable<ScorerGrade>): ScorerFigures {
  const scores: number[] = [];
  let passed = 0;
  let failed = 0;
  for (const grade of grades) {
    if (grade.score === null) {
      failed += 1;
      continue;
    }
    scores.push(grade.score);
    if (grade.passed) passed += 1;
  }
  const n = scores.length;
  const binary = scores.every((s) => s === 0 || s === 1);
  if (n === 0) return { mean: null, ci95: null, interval: "wilson", pass_rate: null, n, failed };
  const sum = scores.reduce((a, b) => a + b, 0);
  return {
    mean: sum / n,
    ci95: binary ? wilsonInterval(sum, n) : meanInterval(scores),
    interval: binary ? "wilson" : "t",
    pass_rate: passed / n,
    n,
    failed,
  };
}
