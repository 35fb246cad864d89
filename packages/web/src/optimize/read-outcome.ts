import {
  formatPValue,
  type HeldOutTest,
  type JudgeOptimizationRun,
  type SplitAgreement,
} from "@assay/protocol";
import { percent } from "../shared/format.ts";

/**
 * What a finished run means for the judge, in the words the page shows. Every verdict is the
 * server's `improved`, which a paired test decides (McNemar's exact test on the held-out labels
 * only one goal agrees with); the words only report it, with its p:
 * - `better`: the candidate agrees with more held-out labels beyond noise. Apply is offered.
 * - `noisy-gain`: it agrees with more held-out labels, but within noise: not measurably better.
 *   Apply stays off, and says why.
 * - `not-better`: it agrees with no more held-out labels than the original; nothing to apply.
 * - `nothing-to-do`: the original goal already agreed with every training label.
 * - `failed` / `running`: no verdict yet, or none at all.
 */
export type OutcomeKind =
  | "running"
  | "failed"
  | "nothing-to-do"
  | "better"
  | "noisy-gain"
  | "not-better";

export interface Outcome {
  kind: OutcomeKind;
  /** One or two sentences for a person. */
  message: string;
  /** The server says the candidate is better beyond noise: Apply gives the judge a new version. */
  applicable: boolean;
  /** Why Apply is off, when it is (beside the disabled button). */
  notApplicable?: string;
}

const figure = (s: SplitAgreement) =>
  `${percent(s.accuracy)} [${percent(s.accuracy_interval.low)}, ${percent(s.accuracy_interval.high)}]`;

/** "7 labels gained, 0 lost (McNemar exact p = 0.016)". */
export function testText(test: HeldOutTest): string {
  const gained = `${test.only_best_agrees} label${test.only_best_agrees === 1 ? "" : "s"}`;
  return `${gained} gained, ${test.only_baseline_agrees} lost (McNemar exact ${formatPValue(test.p_value)})`;
}

export function readOutcome(run: JudgeOptimizationRun): Outcome {
  if (run.status === "pending" || run.status === "in_progress")
    return { kind: "running", message: "The optimization is running.", applicable: false };
  if (run.status === "failure")
    return {
      kind: "failed",
      message: `The optimization failed: ${run.status_description || "see the log"}.`,
      applicable: false,
    };
  const stats = run.assay;
  const best = stats?.best;
  if (!stats || !best)
    return {
      kind: "nothing-to-do",
      message:
        "No candidate was needed: the original goal already agrees with every training label, so the judge keeps it.",
      applicable: false,
      notApplicable: "Nothing to apply: the judge keeps its goal.",
    };
  const baseline = stats.baseline.held_out;
  const candidate = best.held_out;
  const n = `${stats.held_out_count} held-out labels`;
  const change = `held-out accuracy ${figure(baseline)} → ${figure(candidate)} on ${n}`;
  const test = stats.held_out_test;
  // Runs recorded before the paired test carry no held_out_test; their `improved` stands.
  const evidence = test ? `; ${testText(test)}` : "";
  if (stats.improved)
    return {
      kind: "better",
      message: `The optimized goal is better beyond noise: ${change}${evidence}.`,
      applicable: true,
    };
  const gained = test
    ? test.only_best_agrees > test.only_baseline_agrees
    : candidate.accuracy > baseline.accuracy;
  if (gained)
    return {
      kind: "noisy-gain",
      message: `The optimized goal is not measurably better: ${change}${evidence}. A gain this size is within noise on ${n}, so the judge keeps its goal; label more traces for a surer answer.`,
      applicable: false,
      notApplicable: `Not measurably better${test ? ` (McNemar exact ${formatPValue(test.p_value)})` : ""}: the judge keeps its goal.`,
    };
  const worse = candidate.accuracy < baseline.accuracy;
  return {
    kind: "not-better",
    message: worse
      ? `The optimized goal is worse: ${change}${evidence}. The judge keeps its goal; there is nothing to apply.`
      : `The optimized goal is not measurably better: ${change}${evidence}; it agrees with no more labels than the original. The judge keeps its goal; there is nothing to apply.`,
    applicable: false,
    notApplicable: "Nothing to apply: the judge keeps its goal.",
  };
}
