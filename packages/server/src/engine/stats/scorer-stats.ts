import { tInterval } from "./mean-interval.ts";
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
 * A scorer's average with its 95% interval, one grade at a time in constant memory (a run may
 * have a million grades). A pass/fail scorer (every score 0 or 1) gets the Wilson interval on its
 * pass rate, as accuracy does; a graded one (any score in between) gets Student's t interval on
 * the mean, clipped to 0–1 and never zero-width (tInterval: equal grades still leave room for the
 * ones n grades may have missed). Failed grades are counted, never averaged. The mean and variance are
 * kept by Welford's update, which stays exact where sum-of-squares cancels.
 */
export function createScorerTally() {
  let n = 0;
  let mean = 0;
  let squares = 0;
  let sum = 0;
  let passed = 0;
  let failed = 0;
  let binary = true;
  return {
    add(grade: ScorerGrade): void {
      if (grade.score === null) {
        failed += 1;
        return;
      }
      n += 1;
      sum += grade.score;
      const delta = grade.score - mean;
      mean += delta / n;
      squares += delta * (grade.score - mean);
      if (grade.score !== 0 && grade.score !== 1) binary = false;
      if (grade.passed) passed += 1;
    },
    figures(): ScorerFigures {
      if (n === 0)
        return { mean: null, ci95: null, interval: "wilson", pass_rate: null, n, failed };
      return {
        mean: sum / n,
        ci95: binary
          ? wilsonInterval(sum, n)
          : tInterval({ n, mean, variance: n < 2 ? 0 : squares / (n - 1) }),
        interval: binary ? "wilson" : "t",
        pass_rate: passed / n,
        n,
        failed,
      };
    },
  };
}
