import { type Interval, wilsonInterval } from "./proportion.ts";

/** One prompt asked several times: how many of its answers there are and how many were right. */
export interface PromptTally {
  answers: number;
  correct: number;
}

/** The accuracy of a run with repeats, with its error clustered by prompt. */
export interface ClusteredAccuracy {
  /** The mean of per-prompt means (every prompt weighs the same, whatever its answers). */
  accuracy: number;
  /** The standard error of that mean with the prompts as clusters: √(Σ(x̄ᵢ − x̄)² / (n(n − 1))). */
  stderr: number;
  /**
   * Wilson's interval at the effective sample size N / deff, where deff, the design effect, is the
   * clustered variance over the variance the answers would have if independent (Kish 1965),
   * bounded to [1, R]: never narrower than independent answers, never wider than one answer per
   * prompt. At an accuracy of 0 or 1, or with one prompt, the spread says nothing and deff is R (the
   * prompts alone). So the interval is never zero-width, stays inside [0, 1], and with one answer per prompt it is
   * exactly Wilson's interval on the pass rate.
   */
  ci95: Interval;
  /** Prompts: the clusters. */
  prompts: number;
}

/** The repeat figures beyond the mean (`RepeatStats` on the wire, without `repeats`/`prompts`). */
export interface RepeatFigures {
  within_prompt_variance: number | null;
  flip_rate: number | null;
  majority_vote: number | null;
  pass_at_k: { k: number; pass_at_k: number; pass_hat_k: number }[];
  pass_count_histogram: number[];
}

function check(tally: PromptTally): void {
  const { answers, correct } = tally;
  if (!Number.isInteger(answers) || !Number.isInteger(correct) || answers < 1 || correct < 0)
    throw new RangeError(`a prompt needs ≥ 1 answer and ≥ 0 correct (got ${correct}/${answers})`);
  if (correct > answers) throw new RangeError(`correct ${correct} exceed answers ${answers}`);
}

/**
 * The accuracy over prompts asked `repeats` times each, clustered by prompt (Miller 2024,
 * "Adding Error Bars to Evals", §2.2: the repeats of one prompt are not independent draws).
 * With no prompts: accuracy 0, the whole range as interval.
 */
export function clusteredAccuracy(
  tallies: readonly PromptTally[],
  repeats: number,
): ClusteredAccuracy {
  const n = tallies.length;
  let answers = 0;
  let sum = 0;
  for (const t of tallies) {
    check(t);
    answers += t.answers;
    sum += t.correct / t.answers;
  }
  if (n === 0) return { accuracy: 0, stderr: 0, ci95: { low: 0, high: 1 }, prompts: 0 };
  const mean = sum / n;
  let squares = 0;
  for (const t of tallies) squares += (t.correct / t.answers - mean) ** 2;
  const stderr = n < 2 ? 0 : Math.sqrt(squares / (n * (n - 1)));
  const independent = (mean * (1 - mean)) / answers;
  // One prompt's spread across prompts is unknown, as is any at accuracy 0 or 1: assume the worst.
  const deff =
    n < 2 || independent === 0
      ? repeats
      : Math.min(repeats, Math.max(1, (stderr * stderr) / independent));
  const effective = answers / deff;
  return { accuracy: mean, stderr, ci95: wilsonInterval(mean * effective, effective), prompts: n };
}

/**
 * Chen et al. 2021's unbiased pass@k for one prompt with n answers of which c are right:
 * 1 − C(n − c, k) / C(n, k), as the numerically stable product of their Figure 3.
 */
export function passAtK(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  let none = 1;
  for (let i = n - c + 1; i <= n; i += 1) none *= 1 - k / i;
  return 1 - none;
}

/** pass^k (τ-bench, Yao et al. 2024): the chance that k answers drawn without replacement are all right, C(c, k) / C(n, k). */
export function passHatK(n: number, c: number, k: number): number {
  if (c < k) return 0;
  let all = 1;
  for (let i = 0; i < k; i += 1) all *= (c - i) / (n - i);
  return all;
}

/**
 * Per-prompt reducers and consistency over prompts asked `repeats` times. pass@k and pass^k are
 * given for every k up to `repeats` and averaged over the prompts with at least k answers; the
 * within-prompt variance (n − 1 denominator) over the prompts with two answers or more.
 */
export function repeatFigures(tallies: readonly PromptTally[], repeats: number): RepeatFigures {
  for (const t of tallies) check(t);
  const n = tallies.length;
  const histogram = Array.from({ length: repeats + 1 }, () => 0);
  let flips = 0;
  let majority = 0;
  let variance = 0;
  let varied = 0;
  for (const { answers, correct } of tallies) {
    histogram[Math.min(correct, repeats)]! += 1;
    if (correct > 0 && correct < answers) flips += 1;
    if (correct * 2 > answers) majority += 1;
    if (answers >= 2) {
      variance += (correct * (answers - correct)) / (answers * (answers - 1));
      varied += 1;
    }
  }
  const passAt = [];
  for (let k = 1; k <= repeats; k += 1) {
    let at = 0;
    let hat = 0;
    let counted = 0;
    for (const { answers, correct } of tallies) {
      if (answers < k) continue;
      at += passAtK(answers, correct, k);
      hat += passHatK(answers, correct, k);
      counted += 1;
    }
    if (counted > 0) passAt.push({ k, pass_at_k: at / counted, pass_hat_k: hat / counted });
  }
  return {
    within_prompt_variance: varied === 0 ? null : variance / varied,
    flip_rate: n === 0 ? null : flips / n,
    majority_vote: n === 0 ? null : majority / n,
    pass_at_k: passAt,
    pass_count_histogram: histogram,
  };
}
