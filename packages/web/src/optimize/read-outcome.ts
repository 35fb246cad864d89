import type { JudgeOptimizationRun, SplitAgreement } from "@assay/protocol";
import { percent } from "../shared/format.ts";

/**
 * What a finished run means for the judge, in the words the page shows:
 * - `better`: the server says the candidate beat the original on the held-out labels and the two
 *   95% intervals are apart: a real gain. Apply is offered.
 * - `noisy-gain`: the server says it beat the original, but the intervals overlap: the gain may
 *   be luck of the split. Apply is offered, with that said plainly.
 * - `not-better`: the server says no candidate beat the original; Apply has nothing to give.
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
  /** The server says the candidate is strictly better: Apply gives the judge a new version. */
  applicable: boolean;
}

/** Two intervals share at least one point. */
export function overlaps(a: SplitAgreement, b: SplitAgreement): boolean {
  return (
    a.accuracy_interval.low <= b.accuracy_interval.high &&
    b.accuracy_interval.low <= a.accuracy_interval.high
  );
}

const figure = (s: SplitAgreement) =>
  `${percent(s.accuracy)} [${percent(s.accuracy_interval.low)}, ${percent(s.accuracy_interval.high)}]`;

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
    };
  const baseline = stats.baseline.held_out;
  const candidate = best.held_out;
  const n = `${stats.held_out_count} held-out labels`;
  const apart = !overlaps(baseline, candidate);
  if (stats.improved && apart)
    return {
      kind: "better",
      message: `The optimized goal is better: held-out accuracy ${figure(baseline)} → ${figure(candidate)} on ${n}; the 95% intervals do not overlap.`,
      applicable: true,
    };
  if (stats.improved)
    return {
      kind: "noisy-gain",
      message: `The optimized goal agrees with more held-out labels (${figure(baseline)} → ${figure(candidate)}), but the gain is within noise: the 95% intervals overlap, so ${n} cannot show it is really better. Label more traces for a surer answer, or apply it knowing that.`,
      applicable: true,
    };
  const worse = candidate.accuracy < baseline.accuracy && apart;
  return {
    kind: "not-better",
    message: worse
      ? `The optimized goal is worse: held-out accuracy ${figure(baseline)} → ${figure(candidate)} on ${n}. The judge keeps its goal; there is nothing to apply.`
      : `The optimized goal is not measurably better: held-out accuracy ${figure(baseline)} → ${figure(candidate)} on ${n}; the intervals overlap and it agrees with no more labels than the original. The judge keeps its goal; there is nothing to apply.`,
    applicable: false,
  };
}
